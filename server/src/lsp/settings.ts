// The server's settings, from `initializationOptions` or the `layerlens`
// section of workspace/didChangeConfiguration. The VS Code client sends
// `{ codeLens: { enable }, inlayHints: { enable } }` (client/src/config.ts);
// other editors may send dotted keys (`"codeLens.enable": false`) or the
// whole settings object (`{ layerlens: { … } }`). Anything else: defaults.

export interface Settings {
  codeLensEnable: boolean;
  inlayHintsEnable: boolean;
}

export const DEFAULT_SETTINGS: Settings = { codeLensEnable: true, inlayHintsEnable: false };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Settings from a raw value; keys it does not give keep their value in `base`. */
export function readSettings(raw: unknown, base: Settings = DEFAULT_SETTINGS): Settings {
  let r = isObject(raw) ? raw : {};
  if (isObject(r.layerlens)) r = r.layerlens;
  const flag = (section: string, fallback: boolean): boolean => {
    const s = r[section];
    if (isObject(s) && typeof s.enable === 'boolean') return s.enable;
    const dotted = r[`${section}.enable`];
    return typeof dotted === 'boolean' ? dotted : fallback;
  };
  return { codeLensEnable: flag('codeLens', base.codeLensEnable), inlayHintsEnable: flag('inlayHints', base.inlayHintsEnable) };
}
