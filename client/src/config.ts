// One typed view of the `layerlens.*` settings. Pure: it reads through a
// `ConfigSource`, which `vscode.WorkspaceConfiguration` satisfies, so the
// parsing rules are unit-tested without an editor.

/** The part of `vscode.WorkspaceConfiguration` this wrapper needs. */
export interface ConfigSource {
  get<T>(key: string): T | undefined;
}

export type TraceLevel = 'off' | 'messages' | 'verbose';

/**
 * What the server receives as `initializationOptions`, with the same shape as
 * the `layerlens` section it later receives through
 * `workspace/didChangeConfiguration` (`{ settings: { layerlens: … } }`).
 */
export interface ServerSettings {
  codeLens: { enable: boolean };
  inlayHints: { enable: boolean };
  diagnostics: { stateBasedActions: boolean; failedExpectations: boolean };
}

export const CONFIG_SECTION = 'layerlens';

/** Keys relative to the section, with their defaults (kept equal to package.json). */
export const DEFAULTS = {
  'codeLens.enable': true,
  'inlayHints.enable': false,
  'diagnostics.stateBasedActions': false,
  'diagnostics.failedExpectations': true,
  'trace.server': 'off' as TraceLevel,
} as const;

const TRACE_LEVELS: readonly TraceLevel[] = ['off', 'messages', 'verbose'];

export class Config {
  /** `source` is called on every read: a WorkspaceConfiguration is a snapshot. */
  constructor(private readonly source: () => ConfigSource) {}

  get codeLensEnable(): boolean {
    return this.bool('codeLens.enable');
  }

  get inlayHintsEnable(): boolean {
    return this.bool('inlayHints.enable');
  }

  /** State-based actions (704) in the Problems panel; off, they are in hover and trace only. */
  get stateBasedActionsInProblems(): boolean {
    return this.bool('diagnostics.stateBasedActions');
  }

  /** Failed expectations in the Problems panel; off, each shows on its lens and, when tests run, in Test Results. */
  get failedExpectationsInProblems(): boolean {
    return this.bool('diagnostics.failedExpectations');
  }

  get traceServer(): TraceLevel {
    const v = this.read('trace.server');
    return typeof v === 'string' && (TRACE_LEVELS as readonly string[]).includes(v) ? (v as TraceLevel) : DEFAULTS['trace.server'];
  }

  serverSettings(): ServerSettings {
    return { codeLens: { enable: this.codeLensEnable }, inlayHints: { enable: this.inlayHintsEnable }, diagnostics: { stateBasedActions: this.stateBasedActionsInProblems, failedExpectations: this.failedExpectationsInProblems } };
  }

  /** True when a configuration change touches `layerlens.<key>` (or any Layerlens setting without a key). */
  static affects(e: { affectsConfiguration(section: string): boolean }, key?: keyof typeof DEFAULTS): boolean {
    return e.affectsConfiguration(key ? `${CONFIG_SECTION}.${key}` : CONFIG_SECTION);
  }

  private bool(key: 'codeLens.enable' | 'inlayHints.enable' | 'diagnostics.stateBasedActions' | 'diagnostics.failedExpectations'): boolean {
    const v = this.read(key);
    return typeof v === 'boolean' ? v : DEFAULTS[key];
  }

  /** Never throws: a broken source reads as "unset". */
  private read(key: keyof typeof DEFAULTS): unknown {
    try {
      return this.source().get<unknown>(key);
    } catch {
      return undefined;
    }
  }
}
