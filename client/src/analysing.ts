// Which files the server is still analysing, from its `layerlens/analysing`
// notifications (sent when results lag the text by more than a second, and
// again when they are done). The status bar shows a quiet "analysing…" for
// the active file while it is listed. Pure, so it is unit-tested.

import type { AnalysingParams } from './protocol';

/** The notification's parameters, or undefined for anything malformed (a notification is never trusted to be well formed). */
export function readAnalysingParams(p: unknown): AnalysingParams | undefined {
  if (!p || typeof p !== 'object') return undefined;
  const { uri, busy } = p as { uri?: unknown; busy?: unknown };
  return typeof uri === 'string' && typeof busy === 'boolean' ? { uri, busy } : undefined;
}

export class AnalysingFiles {
  private readonly busy = new Set<string>();

  /**
   * Record a notification; `key` maps the server's URI to the editor's form
   * (the client's protocol converter). True when the set changed.
   */
  update(params: unknown, key: (uri: string) => string = (u) => u): boolean {
    const p = readAnalysingParams(params);
    if (!p) return false;
    const k = key(p.uri);
    if (p.busy === this.busy.has(k)) return false;
    if (p.busy) this.busy.add(k);
    else this.busy.delete(k);
    return true;
  }

  has(uri: string): boolean {
    return this.busy.has(uri);
  }

  /** The server stopped or restarted: whatever it was doing is gone. */
  clear(): boolean {
    const had = this.busy.size > 0;
    this.busy.clear();
    return had;
  }
}
