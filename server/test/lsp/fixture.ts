// `|`-marked cursor fixtures: the text with the cursor removed, and where it was.
import type { Position } from '../../src/syntax/ast';
import { analyseDocument, type LayersDocument } from '../../src/lsp/document';

export function fixture(marked: string): { doc: LayersDocument; at: Position } {
  const lines = marked.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  const text = lines.map((l) => l.slice(indent)).join('\n');
  const i = text.indexOf('|');
  const clean = i >= 0 ? text.slice(0, i) + text.slice(i + 1) : text;
  const before = i >= 0 ? text.slice(0, i).split('\n') : [''];
  const at = { line: before.length - 1, character: before[before.length - 1]!.length };
  return { doc: analyseDocument('file:///test.layers', 1, clean), at };
}

export const OGRE = `
  card "Gray Ogre" as ogre
    cost {2}{R}
    type Creature — Ogre
    pt 2/2
  card "Honor of the Pure" as honor
    cost {1}{W}
    type Enchantment
    text White creatures you control get +1/+1 until end of turn.
  enter ogre, honor
  resolve "Target creature becomes white until end of turn." targeting ogre
  expect ogre: pt 3/3; color white
`;
