// The server's settings, from `initializationOptions` or the `layerlens`
// section of workspace/didChangeConfiguration. The VS Code client sends
// `{ codeLens: { enable }, inlayHints: { enable }, diagnostics: { stateBasedActions, failedExpectations } }`
// (client/src/config.ts); Neovim (docs/nvim.lua) adds `{ hover: { plainTables } }`;
// other editors may send dotted keys
// (`"codeLens.enable": false`) or the whole settings object
// (`{ layerlens: { … } }`). Anything else: defaults.

export interface Settings {
  codeLensEnable: boolean;
  inlayHintsEnable: boolean;
  /** State-based actions (704) as Problems; off: they are in the hover of their event and in the trace only. */
  stateBasedActionsInProblems: boolean;
  /** Failed expectations as Problems (the default); off: the lens and the Test Explorer show them. */
  failedExpectationsInProblems: boolean;
  /** `hover.plainTables`: hover tables as aligned text in a code block, for clients that do not draw markdown tables (Neovim). */
  hoverPlainTables: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  codeLensEnable: true,
  inlayHintsEnable: false,
  stateBasedActionsInProblems: false,
  failedExpectationsInProblems: true,
  hoverPlainTables: false,
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Settings from a raw value; keys it does not give keep their value in `base`. */
export function readSettings(raw: unknown, base: Settings = DEFAULT_SETTINGS): Settings {
  let r = isObject(raw) ? raw : {};
  if (isObject(r.layerlens)) r = r.layerlens;
  /** `section.key`, nested (`{ section: { key } }`) or dotted (`"section.key"`). */
  const flag = (section: string, key: string, fallback: boolean): boolean => {
    const s = r[section];
    if (isObject(s) && typeof s[key] === 'boolean') return s[key] as boolean;
    const dotted = r[`${section}.${key}`];
    return typeof dotted === 'boolean' ? dotted : fallback;
  };
  return {
    codeLensEnable: flag('codeLens', 'enable', base.codeLensEnable),
    inlayHintsEnable: flag('inlayHints', 'enable', base.inlayHintsEnable),
    stateBasedActionsInProblems: flag('diagnostics', 'stateBasedActions', base.stateBasedActionsInProblems),
    failedExpectationsInProblems: flag('diagnostics', 'failedExpectations', base.failedExpectationsInProblems),
    hoverPlainTables: flag('hover', 'plainTables', base.hoverPlainTables),
  };
}
