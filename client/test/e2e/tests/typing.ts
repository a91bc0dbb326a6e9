// Typing a scenario in the real editor (issue 10, item 1): every key goes
// through VS Code's `type` command, as the keyboard's would, so the language
// configuration's on-enter and indentation rules decide each line's
// indentation. Only the words are typed; never a space of indentation.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describeDiagnostics, openEditor, safeJson, until, waitForDiagnostics, writeWs } from '../helpers';
import { typeScenario } from '../keyboard';
import { log, test } from '../runner';

/** What the file must hold after typing: the samples' two-space style. */
export const TYPED_SCENARIO = [
  'scenario "Typed top to bottom"',
  'players Alice, Bob',
  '',
  'card "Gray Ogre" as ogre',
  '  cost {2}{R}',
  '  type Creature — Ogre',
  '  pt 2/2',
  '',
  'card "Glorious Anthem" as anthem',
  '  type Enchantment',
  '  text Creatures you control get +1/+1.',
  'enter ogre, anthem',
  'expect ogre: pt 3/3',
  'card "Bad Moon" as moon',
  '  cost {1}{B}',
  '  type Enchantment',
  '  text Black creatures get +1/+1.',
  'Alice draws 1 card',
  'enter moon',
  'expect ogre: pt 3/3',
  '',
];

test('a new .layers file indents with 2 spaces', async () => {
  const editor = await openEditor(writeWs('scratch/new-file.layers', ''));
  assert.equal(editor.document.languageId, 'layers');
  assert.equal(editor.options.insertSpaces, true, 'spaces, not tabs');
  assert.equal(editor.options.tabSize, 2, 'two spaces per level, like samples/');
});

test('typing a scenario top to bottom with Enter needs no manual indent or dedent', async () => {
  const uri = writeWs('scratch/typed.layers', '');
  const editor = await openEditor(uri);
  const text = await typeScenario(editor, TYPED_SCENARIO);
  const want = TYPED_SCENARIO.join('\n');
  const got = text.split('\n');
  const wrong = TYPED_SCENARIO.map((l, i) => (got[i] === l ? '' : `line ${i + 1}: want ${JSON.stringify(l)}, got ${JSON.stringify(got[i])}`)).filter(Boolean);
  assert.equal(text, want, `the typed file differs from the scenario:\n${wrong.join('\n')}`);
  await editor.document.save();
  // And it means what it says: no error, and the expectation passes.
  const ds = await waitForDiagnostics(uri, (ds) => ds.length === 0 || ds.every((d) => d.severity !== vscode.DiagnosticSeverity.Error), 'the typed file analysed without errors');
  assert.equal(ds.filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning).length, 0, describeDiagnostics(ds));
  const lenses = await until(
    () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200),
    (ls) => (ls ?? []).some((l) => l.command?.title === '✓ pt 3/3'),
    'the expectation lenses of the typed file',
  );
  log(`    typed ${TYPED_SCENARIO.length - 1} lines; lenses ${safeJson(lenses.map((l) => l.command?.title))}`);
});
