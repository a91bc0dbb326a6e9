// Arguments accepted by `layerlens.showTrace`: nothing (the active editor), a
// URI, or `{ uri, object?, line? }` from a code lens (JSON, so the URI is a
// string). `line` picks the point of the timeline: the state just after the
// statement on that zero-based line (or the last statement before it). Without
// an argument the trace opens at the cursor of the active editor; with one but
// no `line` (a card lens), at the end of the file. Either way it then follows
// the cursor (client/src/trace-panel.ts).

export interface TraceArgs {
  /** A URI string, or a plain path; undefined means the active editor. */
  uri?: string;
  /** Object to focus (name or alias as shown in the trace). */
  object?: string;
  /** Zero-based line of a statement: show the timeline just after it. */
  line?: number;
}

/** True for `scheme:…`; false for a plain path such as `/home/x/a.layers` or `C:\x\a.layers`. */
export function looksLikeUri(s: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]+:/.test(s) && !/^[A-Za-z]:[\\/]/.test(s);
}

function uriText(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  // A vscode.Uri (or anything URI-like): its toString() is the URI text.
  if (v && typeof v === 'object' && 'scheme' in v) {
    const s = String(v);
    if (s && s !== '[object Object]') return s;
    // Plain URI components (a Uri that went through JSON): rebuild the text.
    const c = v as { scheme?: unknown; authority?: unknown; path?: unknown };
    if (typeof c.scheme === 'string' && c.scheme && typeof c.path === 'string' && c.path) {
      return `${c.scheme}://${typeof c.authority === 'string' ? c.authority : ''}${c.path.startsWith('/') ? '' : '/'}${c.path}`;
    }
  }
  return undefined;
}

/** Total: anything unexpected reads as "no argument". */
export function parseTraceArgs(arg: unknown): TraceArgs {
  const direct = uriText(arg);
  if (direct) return { uri: direct };
  if (!arg || typeof arg !== 'object') return {};
  const a = arg as { uri?: unknown; object?: unknown; line?: unknown };
  const out: TraceArgs = {};
  const uri = uriText(a.uri);
  if (uri) out.uri = uri;
  if (typeof a.object === 'string' && a.object.trim()) out.object = a.object.trim();
  const line = lineOf(a.line);
  if (line !== undefined) out.line = line;
  return out;
}

/** A line number from JSON: a non-negative integer (a numeric string is accepted), else nothing. */
function lineOf(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
