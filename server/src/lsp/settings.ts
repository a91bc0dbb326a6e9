// The server's settings, from `initializationOptions` or the `layerlens`
// section of workspace/didChangeConfiguration (client/src/config.ts sends both
// in the same shape).

export interface Settings {
  codeLensEnable: boolean;
  inlayHintsEnable: boolean;
}

/** Analysis waits this long after the last keystroke. */
export const DEBOUNCE_MS = 200;

export function readSettings(raw: unknown): Settings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const flag = (section: string, dotted: string, fallback: boolean): boolean => {
    const s = r[section];
    if (s && typeof s === 'object' && typeof (s as Record<string, unknown>).enable === 'boolean') return (s as Record<string, boolean>).enable!;
    return typeof r[dotted] === 'boolean' ? (r[dotted] as boolean) : fallback;
  };
  return { codeLensEnable: flag('codeLens', 'codeLens.enable', true), inlayHintsEnable: flag('inlayHints', 'inlayHints.enable', false) };
}
