// Fixtures for handler tests: a scenario written inline with `|` marking the
// cursor; the text without the marker is analysed as the server would.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Position } from '../../src/syntax/ast';
import { analyseDocument, type AnalysedDocument } from '../../src/lsp/documents';

export const URI = 'file:///test.layers';

/** Remove the common indentation of a template literal (and its first empty line). */
export function dedent(s: string): string {
  const lines = s.replace(/^\n/, '').replace(/\n[ \t]*$/, '\n').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** The document, and the position of the `|` marker (removed from the text). */
export function fixture(marked: string): { doc: AnalysedDocument; at: Position } {
  const text = dedent(marked);
  const i = text.indexOf('|');
  const clean = i >= 0 ? text.slice(0, i) + text.slice(i + 1) : text;
  const before = i >= 0 ? text.slice(0, i).split('\n') : [''];
  const at = { line: before.length - 1, character: before[before.length - 1]!.length };
  return { doc: analyseDocument(URI, 1, clean), at };
}

export function analysed(text: string, version = 1): AnalysedDocument {
  return analyseDocument(URI, version, text);
}

/** Markdown of a hover, or '' when there is none. */
export function markdown(h: { contents: unknown } | null): string {
  const c = h?.contents as { value?: string } | undefined;
  return typeof c?.value === 'string' ? c.value : '';
}

/** Every `.layers` file of the public conformance corpus and of our samples, with its name. */
export function corpus(): { name: string; text: string }[] {
  const dirs = ['../shared/conformance', 'samples'];
  return dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => ({ name: `${d}/${f}`, text: readFileSync(join(d, f), 'utf8') })));
}

export function conformance(name: string): AnalysedDocument {
  return analysed(readFileSync(join('../shared/conformance', name), 'utf8'));
}
