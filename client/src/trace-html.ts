// The layer-trace webview's HTML. Pure: everything shown is escaped here, the
// page loads nothing but its own script (CSP `default-src 'none'`; the style
// block, the script bundle and the data block carry a fresh nonce per render),
// and the pictures are drawn by that script from the data block.

import { randomBytes } from 'node:crypto';
import { escapeHtml } from './html-escape';
import type { TraceCharacteristic, TraceObject, TraceResult, TraceStep } from './protocol';

export interface RenderOptions {
  nonce: string;
  /** Name of the object to scroll to and highlight (case-insensitive; label, name or alias). */
  focus?: string;
  /** Show only the focused object (chosen in the Object picker). */
  only?: boolean;
  /** Scroll to the focused object (a fresh Show Layer Trace); otherwise the page keeps the reader's place. */
  scrollToFocus?: boolean;
  /** The webview URI of dist/trace-view.js, which draws the pictures and runs the pickers. */
  scriptUri?: string;
}

/** 128 random bits, hex (a valid CSP nonce and safe inside an attribute). */
export function makeNonce(): string {
  return randomBytes(16).toString('hex');
}


export { escapeHtml };

export function contentSecurityPolicy(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';`;
}

/** Below this view width the step tables are shown as labelled blocks (the seven columns need about 600 px). */
export const NARROW_VIEW_PX = 640;

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 1rem 2rem; max-width: none; }
h1 { font-size: 1.3em; margin: 0.75rem 0 0.25rem; }
h2 { font-size: 1.1em; margin: 0; }
.meta { color: var(--vscode-descriptionForeground); margin: 0 0 0.75rem; }
.toolbar { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; padding: 0.5rem 0; background: var(--vscode-editor-background); border-bottom: 1px solid var(--vscode-panel-border); }
.toolbar label { display: flex; align-items: center; gap: 0.4rem; white-space: nowrap; min-width: 0; }
.toolbar select { min-width: 0; max-width: 100%; }
.toolbar .hint { color: var(--vscode-descriptionForeground); }
select { max-width: 40rem; padding: 0.15rem 0.3rem; color: var(--vscode-dropdown-foreground); background: var(--vscode-dropdown-background); border: 1px solid var(--vscode-dropdown-border, transparent); font-family: inherit; font-size: inherit; }
select:focus { outline: 1px solid var(--vscode-focusBorder); }
nav { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; margin: 0.25rem 0 1rem; }
a { color: var(--vscode-textLink-foreground); text-decoration: none; }
a:hover { text-decoration: underline; }
.warning { color: var(--vscode-editorWarning-foreground); }
section.object { border: 1px solid var(--vscode-panel-border); border-radius: 4px; padding: 0.5rem 0.75rem; margin: 0 0 1rem; }
section.object.focus { outline: 2px solid var(--vscode-focusBorder); }
section.object[hidden] { display: none; }
.summary { color: var(--vscode-descriptionForeground); margin: 0.25rem 0 0.5rem; }
details { margin: 0.25rem 0; }
summary { cursor: pointer; }
.value { font-family: var(--vscode-editor-font-family); }
.unchanged { color: var(--vscode-descriptionForeground); font-style: italic; }
table { border-collapse: collapse; width: 100%; table-layout: auto; margin: 0.25rem 0 0.5rem; font-size: 0.95em; }
th, td { text-align: left; vertical-align: top; padding: 0.2rem 0.5rem; border-bottom: 1px solid var(--vscode-panel-border); overflow-wrap: break-word; }
th { font-weight: 600; color: var(--vscode-descriptionForeground); white-space: nowrap; }
td.layer, td.ts { white-space: nowrap; }
td.before, td.after { font-family: var(--vscode-editor-font-family); }
/* A view too narrow for seven columns (a side-by-side split on a laptop): each step
   becomes a block of labelled lines, so nothing is cut and the page never scrolls sideways. */
@media (max-width: ${NARROW_VIEW_PX}px) {
  table, tbody, tr, td { display: block; width: auto; }
  thead { display: none; }
  tr { border-bottom: 1px solid var(--vscode-panel-border); padding: 0.3rem 0; }
  td { border: none; padding: 0.05rem 0.5rem; }
  td::before { content: attr(data-label) ": "; color: var(--vscode-descriptionForeground); font-weight: 600; font-family: var(--vscode-font-family); }
}
.empty { color: var(--vscode-descriptionForeground); }
.picture { overflow-x: auto; margin: 0.5rem 0; }
.legend { color: var(--vscode-descriptionForeground); font-size: 0.9em; margin: 0 0 0.5rem; }
.legend .dep { color: var(--vscode-charts-blue); font-weight: 600; }
.legend .loop { color: var(--vscode-charts-orange); font-weight: 600; }
svg.layer-graph { display: block; max-width: 100%; height: auto; font-family: var(--vscode-font-family); font-size: 12px; }
svg .layer-group rect { fill: var(--vscode-sideBar-background, transparent); stroke: var(--vscode-panel-border); }
svg .layer-group text { fill: var(--vscode-descriptionForeground); font-weight: 600; }
svg .node rect { fill: var(--vscode-editorWidget-background); stroke: var(--vscode-editorWidget-border, var(--vscode-panel-border)); stroke-width: 1.5; }
svg .node.outside rect { fill: transparent; stroke: var(--vscode-descriptionForeground); stroke-dasharray: 4 3; }
svg .node.in-loop rect { stroke: var(--vscode-charts-orange); stroke-width: 2.5; }
svg .node:hover rect { stroke: var(--vscode-focusBorder); }
svg .node text { fill: var(--vscode-foreground); }
svg .node text.head, svg .node text.note { fill: var(--vscode-descriptionForeground); }
svg .node text.source { font-weight: 600; }
svg .node text.loop { fill: var(--vscode-charts-orange); font-weight: 600; }
svg .node text.change { font-family: var(--vscode-editor-font-family); }
svg .edge path { fill: none; }
svg .edge.sequence path { stroke: var(--vscode-descriptionForeground); stroke-width: 1; }
svg .edge.dependency path { stroke: var(--vscode-charts-blue); stroke-width: 2.5; }
svg .edge.dependency.in-loop path { stroke: var(--vscode-charts-orange); stroke-dasharray: 6 3; }
svg .edge path.hit { stroke: transparent !important; stroke-width: 12 !important; stroke-dasharray: none !important; }
svg .edge.dependency:hover path:not(.hit) { stroke-width: 4; }
svg .arrowhead.seq path { fill: var(--vscode-descriptionForeground); }
svg .arrowhead.dep path { fill: var(--vscode-charts-blue); }
svg .arrowhead.loop path { fill: var(--vscode-charts-orange); }
`;

function page(title: string, body: string, nonce: string, scriptUri?: string, scrollToFocus = false): string {
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
    scrollToFocus ? '<body data-scroll="focus">' : '<body>',
    body,
    // The one script: the webview bundle (dist/trace-view.js), allowed by its nonce.
    scriptUri ? `<script nonce="${n}" src="${escapeHtml(scriptUri)}"></script>` : '',
    '</body>',
    '</html>',
  ].join('\n');
}

/** The step table's columns: class, header, and the step's field. */
const COLUMNS: readonly [cls: string, header: string, field: keyof TraceStep][] = [
  ['layer', 'Layer', 'layer'],
  ['ts', 'Timestamp', 'timestamp'],
  ['source', 'Source', 'source'],
  ['effect', 'Effect', 'effect'],
  ['before', 'Before', 'before'],
  ['after', 'After', 'after'],
  ['reason', 'Why', 'reason'],
];

/** Each cell carries its header (`data-label`), which a narrow view shows in front of it. */
function stepRow(s: TraceStep): string {
  return `<tr>${COLUMNS.map(([cls, header, field]) => `<td class="${cls}" data-label="${header}">${escapeHtml(s[field])}</td>`).join('')}</tr>`;
}

function characteristic(c: TraceCharacteristic): string {
  const steps = Array.isArray(c.steps) ? c.steps : [];
  const head = `<summary><strong>${escapeHtml(c.name)}</strong>: <span class="value">${escapeHtml(c.value)}</span>${
    steps.length === 0 ? ' <span class="unchanged">(printed; no effect changed it)</span>' : ''
  }</summary>`;
  if (steps.length === 0) return `<details>${head}</details>`;
  const table =
    `<table><thead><tr>${COLUMNS.map(([, header]) => `<th>${header}</th>`).join('')}</tr></thead><tbody>` +
    steps.map(stepRow).join('') +
    '</tbody></table>';
  return `<details open>${head}${table}</details>`;
}

const NO_STEPS = 'No continuous effect changes this object at this point of the timeline: it has its printed characteristics (summarised above).';

/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
function jsonData(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function legend(o: TraceObject): string {
  const g = o.graph;
  if (!g || !Array.isArray(g.nodes) || g.nodes.length === 0) return '';
  const loops = Array.isArray(g.loops) ? g.loops : [];
  const parts = [
    'Boxes: effects, by layer (613.1); thin arrows: the order they applied to this object.',
    Array.isArray(g.edges) && g.edges.length ? '<span class="dep">Bold arrows</span>: dependencies (613.8a), from the effect applied first; hover for the reason.' : '',
    ...loops.map((l) => `<span class="loop">Dependency loop</span> in layer ${escapeHtml(l.layer)}: applied in timestamp order (613.8b), ${escapeHtml(l.order)}.`),
    g.nodes.some((n) => n.order === undefined) ? 'Dashed boxes: effects in a dependency that do not apply to this object.' : '',
  ];
  return `<p class="legend">${parts.filter(Boolean).join(' ')}</p>`;
}

function objectSection(o: TraceObject, index: number, focused: boolean, hidden: boolean): string {
  const chars = Array.isArray(o.characteristics) ? o.characteristics : [];
  const hasPicture = !!o.graph && Array.isArray(o.graph.nodes) && o.graph.nodes.length > 0;
  return (
    `<section class="object${focused ? ' focus' : ''}" id="obj-${index}" data-name="${escapeHtml(o.name)}"${hidden ? ' hidden' : ''}>` +
    `<h2>${escapeHtml(o.name)}</h2>` +
    (o.summary ? `<p class="summary">${escapeHtml(o.summary)}</p>` : '') +
    (hasPicture ? `<div class="picture" data-index="${index}"></div>${legend(o)}` : '') +
    (chars.length ? chars.map(characteristic).join('') : `<p class="empty">${NO_STEPS}</p>`) +
    '</section>'
  );
}

/** Does `name` (`Gray Ogre (ogre)`) match a focus given as label, name or alias? */
export function matchesFocus(name: string, focus: string): boolean {
  const n = name.toLowerCase();
  const f = focus.trim().toLowerCase();
  return !!f && (n === f || n.startsWith(`${f} (`) || n.endsWith(`(${f})`));
}

function timelinePicker(trace: TraceResult): string {
  const points = Array.isArray(trace.points) && trace.points.length ? trace.points : [{ line: -1, label: 'end of file' }];
  const at = trace.at?.line ?? -1;
  const options = points.map((p) => `<option value="${escapeHtml(p.line)}"${p.line === at ? ' selected' : ''}>${escapeHtml(p.line < 0 ? 'End of file' : p.label)}</option>`);
  return `<label>Timeline <select id="point" aria-label="Point of the timeline">${options.join('')}</select></label>`;
}

function objectPicker(objects: readonly TraceObject[], focusIndex: number): string {
  if (objects.length < 2) return '';
  const options = objects.map((o, i) => `<option value="${i}"${i === focusIndex ? ' selected' : ''}>${escapeHtml(o.name)}</option>`);
  return `<label>Object <select id="object" aria-label="Object"><option value="">All objects</option>${options.join('')}</select></label>`;
}

function atText(trace: TraceResult): string {
  const at = trace.at;
  return !at || at.line < 0 ? 'At the end of the file' : `Just after ${at.label}`;
}

function noObjects(trace: TraceResult): string {
  return trace.at && trace.at.line >= 0
    ? '<p class="empty">No object is in play yet at this point of the timeline: nothing has entered or been put anywhere. Pick a later point.</p>'
    : '<p class="empty">No object is in play in this scenario: add an <code>enter</code> statement to put cards on the battlefield.</p>';
}

/** The whole page for a trace. Total: missing fields render as empty. */
export function renderTraceHtml(trace: TraceResult, opts: RenderOptions): string {
  const objects = Array.isArray(trace?.objects) ? trace.objects : [];
  const focusIndex = opts.focus ? objects.findIndex((o) => matchesFocus(String(o.name ?? ''), opts.focus!)) : -1;
  // With one object chosen, the others are hidden (the Object picker shows them again).
  const only = opts.only && focusIndex >= 0;
  const title = trace?.title || 'Layer trace';
  const data = { graphs: objects.map((o) => ({ name: String(o.name ?? ''), graph: o.graph ?? null })) };
  const body = [
    `<div class="toolbar">${timelinePicker(trace ?? ({} as TraceResult))}${objectPicker(objects, only ? focusIndex : -1)}<span class="hint">(follows the cursor in the editor)</span></div>`,
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="meta">${escapeHtml(atText(trace ?? ({} as TraceResult)))} · ${objects.length} object${objects.length === 1 ? '' : 's'} in play · layers 1–7d in the order of rule 613.1</p>`,
    trace?.branched ? '<p class="warning">A replacement choice (616.1) leaves several outcomes here; this view shows the first. Run Scenario lists them all.</p>' : '',
    objects.length ? objects.map((o, i) => objectSection(o, i, i === focusIndex, !!only && i !== focusIndex)).join('\n') : noObjects(trace ?? ({} as TraceResult)),
    `<script nonce="${escapeHtml(opts.nonce)}" type="application/json" id="trace-data">${jsonData(data)}</script>`,
  ].join('\n');
  return page(title, body, opts.nonce, opts.scriptUri, opts.scrollToFocus && focusIndex >= 0);
}

/** A page with one message (loading, no file, server error), same CSP. */
export function renderMessageHtml(title: string, message: string, nonce: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p class="empty">${escapeHtml(message)}</p>`, nonce);
}
