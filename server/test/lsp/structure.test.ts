// Outline, folding, semantic tokens and inlay hints: the handlers that
// describe the file's structure.
import assert from 'node:assert/strict';
import test from 'node:test';
import { SymbolKind } from 'vscode-languageserver';
import { foldingRanges } from '../../src/lsp/folding';
import { inlayHints } from '../../src/lsp/inlayHints';
import { LEGEND, semanticTokens } from '../../src/lsp/semanticTokens';
import { documentSymbols } from '../../src/lsp/symbols';
import { analysed, corpus, fixture } from './fixture';

const { doc } = fixture(`
  # Two comment
  # lines
  scenario "Ogre"
  players Alice, Bob
  card "Gray Ogre" as ogre
    cost {2}{R}
    type Creature — Ogre
    pt 2/2
    text Flying
  token Saproling
    color green
    type Creature — Saproling
    pt 1/1
  enter ogre, Saproling
  put a +1/+1 counter on ogre
  resolve "Target creature gets +4/+4 until end of turn." targeting ogre as pump
  expect ogre 7/7
`);

test('outline: scenario, players, cards and tokens with their keys, then events and expectations', () => {
  const syms = documentSymbols(doc);
  assert.deepEqual(
    syms.map((s) => [s.name, s.kind, s.detail, s.range.start.line, s.range.end.line, (s.children ?? []).map((c) => `${c.name} ${c.detail}`)]),
    [
      ['Ogre', SymbolKind.File, 'scenario', 2, 2, []],
      ['players', SymbolKind.Namespace, 'Alice, Bob', 3, 3, ['Alice player', 'Bob player']],
      ['Gray Ogre', SymbolKind.Class, 'card · as ogre · Creature — Ogre', 4, 8, ['cost {2}{R}', 'type Creature — Ogre', 'pt 2/2', 'text Flying']],
      ['Saproling', SymbolKind.Struct, 'token · Creature — Saproling', 9, 12, ['color green', 'type Creature — Saproling', 'pt 1/1']],
      ['enter ogre, Saproling', SymbolKind.Event, 'enter', 13, 13, []],
      ['put a +1/+1 counter on ogre', SymbolKind.Event, 'put counters', 14, 14, []],
      ['resolve "Target creature gets +4/+4 until end of turn." targeting ogre as pump', SymbolKind.Event, 'resolve', 15, 15, []],
      ['expect ogre 7/7', SymbolKind.Boolean, 'expectation', 16, 16, []],
    ],
  );
});

test('every symbol of the corpus has its selection range inside its range', () => {
  const inside = (s: ReturnType<typeof documentSymbols>[number]): boolean =>
    s.selectionRange.start.line >= s.range.start.line && s.selectionRange.end.line <= s.range.end.line && (s.children ?? []).every(inside);
  for (const { name, text } of corpus()) assert.ok(documentSymbols(analysed(text)).every(inside), name);
});

test('folding: comment runs and card blocks', () => {
  assert.deepEqual(foldingRanges(doc), [
    { startLine: 0, endLine: 1, kind: 'comment' },
    { startLine: 4, endLine: 8, kind: 'region' },
    { startLine: 9, endLine: 12, kind: 'region' },
  ]);
});

/** Decoded tokens as `line:col text=type`. */
function tokens(d: typeof doc): string[] {
  const data = semanticTokens(d).data;
  const out: string[] = [];
  let line = 0;
  let col = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i]!;
    col = data[i] ? data[i + 1]! : col + data[i + 1]!;
    out.push(`${line}:${col} ${d.lines[line]!.slice(col, col + data[i + 2]!)}=${LEGEND.tokenTypes[data[i + 3]!]}${data[i + 4] ? '+declaration' : ''}`);
  }
  return out;
}

test('semantic tokens: keywords, keys, names (declarations marked), players, labels, values, comments', () => {
  assert.deepEqual(tokens(doc), [
    '0:0 # Two comment=comment',
    '1:0 # lines=comment',
    '2:9 "Ogre"=string',
    '3:8 Alice=parameter+declaration',
    '3:15 Bob=parameter+declaration',
    '4:0 card=keyword',
    '4:5 "Gray Ogre"=variable+declaration',
    '4:20 ogre=variable+declaration',
    '5:2 cost=property',
    '5:7 {2}{R}=string',
    '6:2 type=property',
    '6:7 Creature — Ogre=type',
    '7:2 pt=property',
    '7:5 2/2=number',
    '8:2 text=property',
    '9:0 token=keyword',
    '9:6 Saproling=variable+declaration',
    '10:2 color=property',
    '11:2 type=property',
    '11:7 Creature — Saproling=type',
    '12:2 pt=property',
    '12:5 1/1=number',
    '13:0 enter=keyword',
    '13:6 ogre=variable',
    '13:12 Saproling=variable',
    '14:0 put=keyword',
    '14:23 ogre=variable',
    '15:0 resolve=keyword',
    '15:9 Target creature gets +4/+4 until end of turn.=string',
    '15:66 ogre=variable',
    '15:74 pump=label+declaration',
    '16:0 expect=keyword',
    '16:7 ogre=variable',
  ]);
});

test('semantic tokens never overlap and stay on their line, over the whole corpus', () => {
  for (const { name, text } of corpus()) {
    const d = analysed(text);
    const data = semanticTokens(d).data;
    let line = 0;
    let col = 0;
    let end = -1;
    for (let i = 0; i < data.length; i += 5) {
      if (data[i]) end = -1;
      line += data[i]!;
      col = data[i] ? data[i + 1]! : col + data[i + 1]!;
      assert.ok(col >= end, `${name}: overlap at ${line}:${col}`);
      assert.ok(col + data[i + 2]! <= d.lines[line]!.length, `${name}: past the end of line ${line}`);
      end = col + data[i + 2]!;
    }
  }
});

test('inlay hints: the timestamps each event gave (613.7), only in the range asked', () => {
  const all = { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } };
  assert.deepEqual(inlayHints(doc, all).map((h) => `${h.position.line}:${h.position.character} ${h.label}`), ['13:21 timestamps 1–2', '14:27 timestamp 3', '15:78 timestamp 4']);
  assert.deepEqual(inlayHints(doc, { start: { line: 14, character: 0 }, end: { line: 14, character: 0 } }).map((h) => h.label), ['timestamp 3']);
});

test('inlay hints: an effect that ended does not make the next event look like it reused its timestamp', () => {
  const d = analysed('card ogre\n  type Creature\n  pt 2/2\nenter ogre\nresolve "Target creature gets +1/+1 until end of turn." targeting ogre as pump\nend pump\nresolve "Target creature gets +1/+1 until end of turn." targeting ogre\n');
  assert.deepEqual(inlayHints(d, { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } }).map((h) => `${h.position.line} ${h.label}`), ['3 timestamp 1', '4 timestamp 2', '6 timestamp 3']);
});
