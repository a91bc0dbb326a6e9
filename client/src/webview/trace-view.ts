/// <reference lib="dom" />
// The trace view's script, bundled on its own into dist/trace-view.js and
// loaded by the page with its nonce (trace-html.ts). It draws each object's
// picture from the page's data block and sends the pickers' choices to the
// extension (trace-panel.ts), which renders the page again.

import { graphSvg } from '../trace-graph-svg';
import type { TraceGraph } from '../protocol';

/** Messages to the extension. */
export type ViewMessage = { type: 'point'; line: number } | { type: 'object'; name: string | null };

interface ViewState {
  scrollY?: number;
}

declare function acquireVsCodeApi(): { postMessage(m: ViewMessage): void; getState(): ViewState | undefined; setState(s: ViewState): void };

const vscode = acquireVsCodeApi();

interface PageData {
  graphs: { name: string; graph: TraceGraph | null }[];
}

function readData(): PageData {
  try {
    const d = JSON.parse(document.getElementById('trace-data')?.textContent ?? '{}') as Partial<PageData>;
    return { graphs: Array.isArray(d.graphs) ? d.graphs : [] };
  } catch {
    return { graphs: [] };
  }
}

function drawPictures(data: PageData): void {
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('.picture[data-index]'))) {
    const i = Number(el.dataset.index);
    const entry = data.graphs[i];
    try {
      el.innerHTML = graphSvg(entry?.graph ?? undefined, String(i), `How the effects on ${entry?.name ?? 'this object'} interact`);
    } catch (e) {
      el.textContent = `The picture could not be drawn: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
}

function showOnly(index: string): void {
  for (const s of Array.from(document.querySelectorAll<HTMLElement>('section.object'))) {
    s.hidden = index !== '' && s.id !== `obj-${index}`;
  }
}

function wirePickers(data: PageData): void {
  const point = document.getElementById('point') as HTMLSelectElement | null;
  point?.addEventListener('change', () => vscode.postMessage({ type: 'point', line: Number(point.value) }));
  const object = document.getElementById('object') as HTMLSelectElement | null;
  object?.addEventListener('change', () => {
    showOnly(object.value);
    const chosen = object.value === '' ? null : data.graphs[Number(object.value)]?.name ?? null;
    vscode.postMessage({ type: 'object', name: chosen });
  });
}

/** A new page replaces the old one at each point of the timeline: keep the reader's place unless asked to show the focus. */
function restoreScroll(): void {
  if (document.body.dataset.scroll === 'focus') document.querySelector('section.object.focus')?.scrollIntoView({ block: 'start' });
  else window.scrollTo(0, vscode.getState()?.scrollY ?? 0);
  let pending = false;
  window.addEventListener('scroll', () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      vscode.setState({ scrollY: window.scrollY });
    });
  });
}

const data = readData();
drawPictures(data);
wirePickers(data);
restoreScroll();
