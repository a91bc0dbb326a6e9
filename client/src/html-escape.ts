// Escaping for HTML text and attribute values. Its own module because both the
// extension (trace-html.ts) and the webview bundle (trace-graph-svg.ts) use it,
// and the webview cannot load Node's modules.

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
