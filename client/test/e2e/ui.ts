// The suite's half of the suite↔browser bridge (scripts/e2e/bridge.mjs):
// what only the page shows (the status bar item, test result icons in the
// gutter, screenshots) is asked of the harness through files in the bridge
// folder, since the extension host cannot see the page.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readControl } from './control';
import { withTimeout } from './runner';

/** `frames`: look in every frame of the page (webviews such as the layer trace are nested iframes). */
export type UiRequest =
  | { kind: 'screenshot'; name: string; waitFor: string[]; frames?: boolean }
  | { kind: 'text'; selector: string; pattern: string; timeoutMs?: number; frames?: boolean }
  | { kind: 'count'; selector: string; equals: number; timeoutMs?: number; frames?: boolean }
  | { kind: 'select'; selector: string; value: string; timeoutMs?: number; frames?: boolean }
  | { kind: 'measure'; selector: string; timeoutMs?: number; frames?: boolean }
  | { kind: 'pointer'; action: 'click' | 'hover'; selector: string; pattern?: string; timeoutMs?: number };

export interface UiAnswer {
  ok: boolean;
  texts?: string[];
  count?: number;
  /** `measure`: each element's width, its document's viewport and scroll widths, in CSS pixels. */
  boxes?: { width: number; viewport: number; scroll: number }[];
  file?: string;
  missing?: string[];
  error?: string;
}

let next = 0;

export async function askPage(req: UiRequest): Promise<UiAnswer> {
  const dir = readControl().bridge;
  mkdirSync(dir, { recursive: true });
  // Zero-padded so the harness answers in order.
  const id = `${Date.now()}-${String(next++).padStart(4, '0')}`;
  writeFileSync(join(dir, `req-${id}.json`), JSON.stringify(req));
  const resFile = join(dir, `res-${id}.json`);
  const limit = ('timeoutMs' in req && req.timeoutMs ? req.timeoutMs : 15_000) + 45_000;
  // The harness answers through the file system; a short poll is all there is.
  await withTimeout(
    (async () => {
      while (!existsSync(resFile)) await new Promise((r) => setTimeout(r, 100));
    })(),
    limit,
    `the harness answering ${JSON.stringify(req)}`,
  );
  return JSON.parse(readFileSync(resFile, 'utf8')) as UiAnswer;
}

/** Where VS Code draws status bar entries (the extension's item is one of them). */
export const STATUS_ITEMS = '.statusbar-item';
/** Test result icons in the editor's glyph margin. */
export const GUTTER_PASSED = '.monaco-editor .glyph-margin-widgets .codicon-testing-passed-icon';
export const GUTTER_FAILED = '.monaco-editor .glyph-margin-widgets .codicon-testing-failed-icon';
