// The code lenses as VS Code shows them (issue 10, item 2): expectation
// lenses give the value they check at their own point of the timeline, card
// lenses say they show the end of the file, and every lens has a tooltip
// (restored by the client's middleware: vscode-languageclient drops it).

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openEditor, positionOf, safeJson, until } from '../helpers';
import { SAMPLE, writeFailingCopy } from '../fixtures';
import { log, test } from '../runner';
import { askPage } from '../ui';

function lensesOf(uri: vscode.Uri): Thenable<vscode.CodeLens[] | undefined> {
  return vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200);
}

const onLine = (ls: readonly vscode.CodeLens[], line: number) => ls.find((l) => l.range.start.line === line);

test('expectation lenses show the value at their line, card lenses the end of the file, all with tooltips', async () => {
  const editor = await openEditor(SAMPLE);
  const doc = editor.document;
  const lenses = (await until(() => lensesOf(doc.uri), (ls) => (ls ?? []).some((l) => /^✓ pt /.test(l.command?.title ?? '')), 'expectation lenses with values')) ?? [];
  log(`    ${safeJson(lenses.map((l) => `${l.range.start.line + 1}: ${l.command?.title}`))}`);

  // Merfolk of the Pearl Trident is 1/1 while Turn to Frog turns off the Lord (613.8a) and 2/2 again at the end of the file.
  const during = positionOf(doc, /^expect pearl: pt 1\/1; abilities none/, 'pearl').line;
  const atLine = onLine(lenses, during);
  assert.equal(atLine?.command?.title, '✓ pt 1/1; abilities none', 'the value the line checks, at its own point');
  const pearlCard = onLine(lenses, positionOf(doc, /^card "Merfolk of the Pearl Trident"/, 'Pearl').line);
  assert.match(pearlCard?.command?.title ?? '', /^end of file: 2\/2 · Creature — Merfolk · blue ◆$/, 'the card lens says which point it shows');

  for (const l of lenses) assert.ok(l.command?.tooltip, `lens "${l.command?.title}" at line ${l.range.start.line + 1} has a tooltip`);
  assert.match(pearlCard!.command!.tooltip!, /at the end of the file/);
  assert.match(pearlCard!.command!.tooltip!, /◆: continuous effects changed its printed characteristics/);
  assert.match(atLine!.command!.tooltip!, /^Passes: pt 1\/1; abilities none at line 31/);

  // Clicking runs the lens's command: the trace opens at that line's point of the timeline.
  assert.equal(atLine!.command!.command, 'layerlens.showTrace');
  const arg = atLine!.command!.arguments?.[0] as { uri: string; line: number; object: string };
  assert.equal(arg.line, during, 'the trace opens at the expectation, not at the end of the file');
  assert.equal(arg.object, 'Merfolk of the Pearl Trident (pearl)');
  assert.equal(await vscode.commands.executeCommand(atLine!.command!.command, ...(atLine!.command!.arguments ?? [])), true, 'the trace opened');
  // The trace view's timeline picker shows the lens's point (the first webview of a window takes a while to load).
  const picked = await askPage({ kind: 'text', selector: 'select#point', pattern: `^${during}$`, frames: true, timeoutMs: 60_000 });
  assert.ok(picked.ok, `the trace's point after clicking the lens on line ${during + 1}: ${JSON.stringify(picked.texts)}`);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('a failing expectation lens says what was expected and what is', async () => {
  const { uri, line } = writeFailingCopy();
  await openEditor(uri);
  const lenses = (await until(() => lensesOf(uri), (ls) => (ls ?? []).some((l) => l.range.start.line === line && /^✗/.test(l.command?.title ?? '')), 'the ✗ lens')) ?? [];
  const l = onLine(lenses, line)!;
  assert.equal(l.command?.title, '✗ expected pt 9/9 · is pt 3/5');
  assert.match(l.command?.tooltip ?? '', /^Fails: expected pt 9\/9, but it is pt 3\/5 at line \d+/);
});
