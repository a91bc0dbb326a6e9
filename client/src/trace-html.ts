// The layer-trace webview's HTML. Pure: everything shown is escaped here, the
// page loads nothing from anywhere (CSP `default-src 'none'`), and its one
// style block and one script carry a fresh nonce per render.

import { randomBytes } from 'node:crypto';
import type { TraceCharacteristic, TraceObject, TraceResult, TraceStep } from './protocol';

export interface RenderOptions {
  nonce: string;
  /** Name of the object to scroll to and highlight (case-insensitive). */
  focus?: string;
}

/** 128 random bits, hex (a valid CSP nonce and safe inside an attribute). */
export function makeNonce(): string {
  return randomBytes(16).toString('hex');
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function contentSecurityPolicy(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';`;
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 1rem 2rem; }
h1 { font-size: 1.3em; margin: 1rem 0 0.25rem; }
h2 { font-size: 1.1em; margin: 0; }
.meta { color: var(--vscode-descriptionForeground); margin: 0 0 1rem; }
nav { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; margin: 0.5rem 0 1rem; }
a { color: var(--vscode-textLink-foreground); text-decoration: none; }
a:hover { text-decoration: underline; }
input { width: 100%; max-width: 24rem; box-sizing: border-box; padding: 0.25rem 0.4rem; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, transparent); }
section.object { border: 1px solid var(--vscode-panel-border); border-radius: 4px; padding: 0.5rem 0.75rem; margin: 0 0 1rem; }
section.object.focus { outline: 2px solid var(--vscode-focusBorder); }
section.object[hidden] { display: none; }
.summary { color: var(--vscode-descriptionForeground); margin: 0.25rem 0 0.5rem; }
details { margin: 0.25rem 0; }
summary { cursor: pointer; }
.value { font-family: var(--vscode-editor-font-family); }
.unchanged { color: var(--vscode-descriptionForeground); font-style: italic; }
table { border-collapse: collapse; width: 100%; margin: 0.25rem 0 0.5rem; font-size: 0.95em; }
th, td { text-align: left; vertical-align: top; padding: 0.2rem 0.5rem; border-bottom: 1px solid var(--vscode-panel-border); }
th { font-weight: 600; }
td.layer, td.ts { white-space: nowrap; }
td.before, td.after { font-family: var(--vscode-editor-font-family); }
.empty { color: var(--vscode-descriptionForeground); }
`;

// Runs with the nonce; no inline handlers (the CSP forbids them).
const SCRIPT = `
(function () {
  const focus = document.querySelector('section.object.focus');
  if (focus) focus.scrollIntoView({ block: 'start' });
  const filter = document.getElementById('filter');
  if (!filter) return;
  filter.addEventListener('input', function () {
    const q = filter.value.trim().toLowerCase();
    for (const s of document.querySelectorAll('section.object')) {
      const name = (s.getAttribute('data-name') || '').toLowerCase();
      s.hidden = q !== '' && name.indexOf(q) < 0;
    }
  });
})();
`;

function page(title: string, body: string, nonce: string): string {
  const n = escapeHtml(nonce);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8">',
    // Single quotes stay literal in this double-quoted attribute, so the policy reads as written.
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(nonce)).replace(/&#39;/g, "'")}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `<title>${escapeHtml(title)}</title>`,
    `<style nonce="${n}">${STYLE}</style>`,
    '</head>',
    '<body>',
    body,
    `<script nonce="${n}">${SCRIPT}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

function stepRow(s: TraceStep): string {
  return (
    '<tr>' +
    `<td class="layer">${escapeHtml(s.layer)}</td>` +
    `<td class="ts">${escapeHtml(s.timestamp)}</td>` +
    `<td class="source">${escapeHtml(s.source)}</td>` +
    `<td class="effect">${escapeHtml(s.effect)}</td>` +
    `<td class="before">${escapeHtml(s.before)}</td>` +
    `<td class="after">${escapeHtml(s.after)}</td>` +
    `<td class="reason">${escapeHtml(s.reason)}</td>` +
    '</tr>'
  );
}

function characteristic(c: TraceCharacteristic): string {
  const steps = Array.isArray(c.steps) ? c.steps : [];
  const head = `<summary><strong>${escapeHtml(c.name)}</strong>: <span class="value">${escapeHtml(c.value)}</span>${
    steps.length === 0 ? ' <span class="unchanged">(printed; no effect changed it)</span>' : ''
  }</summary>`;
  if (steps.length === 0) return `<details>${head}</details>`;
  const table =
    '<table><thead><tr><th>Layer</th><th>Timestamp</th><th>Source</th><th>Effect</th><th>Before</th><th>After</th><th>Why</th></tr></thead><tbody>' +
    steps.map(stepRow).join('') +
    '</tbody></table>';
  return `<details open>${head}${table}</details>`;
}

function objectSection(o: TraceObject, index: number, focused: boolean): string {
  const chars = Array.isArray(o.characteristics) ? o.characteristics : [];
  return (
    `<section class="object${focused ? ' focus' : ''}" id="obj-${index}" data-name="${escapeHtml(o.name)}">` +
    `<h2>${escapeHtml(o.name)}</h2>` +
    (o.summary ? `<p class="summary">${escapeHtml(o.summary)}</p>` : '') +
    (chars.length ? chars.map(characteristic).join('') : '<p class="empty">No characteristics.</p>') +
    '</section>'
  );
}

/** The whole page for a trace. Total: missing fields render as empty. */
export function renderTraceHtml(trace: TraceResult, opts: RenderOptions): string {
  const objects = Array.isArray(trace?.objects) ? trace.objects : [];
  const focus = opts.focus?.trim().toLowerCase();
  const focusIndex = focus ? objects.findIndex((o) => String(o.name ?? '').toLowerCase() === focus) : -1;
  const title = trace?.title || 'Layer trace';
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="meta">${objects.length} object${objects.length === 1 ? '' : 's'} · layers 1–7 in the order of rule 613.1</p>`,
    objects.length > 1 ? '<input id="filter" type="search" placeholder="Filter objects by name" aria-label="Filter objects by name">' : '',
    objects.length > 1 ? `<nav>${objects.map((o, i) => `<a href="#obj-${i}">${escapeHtml(o.name)}</a>`).join('')}</nav>` : '',
    objects.length ? objects.map((o, i) => objectSection(o, i, i === focusIndex)).join('\n') : '<p class="empty">No objects in this scenario.</p>',
  ].join('\n');
  return page(title, body, opts.nonce);
}

/** A page with one message (loading, no file, server error), same CSP. */
export function renderMessageHtml(title: string, message: string, nonce: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p class="empty">${escapeHtml(message)}</p>`, nonce);
}
