// Diagnostics from the language server, as the Problems view shows them:
// a failing `expect` is an error that says what was expected; a passing file
// has no errors; edits are re-analysed.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describeDiagnostics, openEditor, waitForDiagnostics, wsUri } from '../helpers';
import { GOOD, GOOD_LAST_EXPECT, writeFailingCopy } from '../fixtures';
import { test } from '../runner';

const isError = (d: vscode.Diagnostic) => d.severity === vscode.DiagnosticSeverity.Error;

test('a failing expect gets an error diagnostic on its line that says "expected"', async () => {
  const { uri, line } = writeFailingCopy();
  await openEditor(uri);
  const ds = await waitForDiagnostics(uri, (ds) => ds.some(isError), 'an error for the wrong expectation');
  const errors = ds.filter(isError);
  const onLine = errors.find((d) => d.range.start.line === line);
  assert.ok(onLine, `no error on line ${line + 1}; got:\n${describeDiagnostics(ds)}`);
  assert.match(onLine.message, /expected/i, `message: ${onLine.message}`);
  // The actual value the engine computed (613.4b counters, 613.4c anthem) is part of the story.
  assert.match(onLine.message, /3\/5/, `the message should name the actual 3/5: ${onLine.message}`);
});

test('a passing conformance file has no error diagnostics, and an edit is re-analysed', async () => {
  const editor = await openEditor(GOOD);
  const doc = editor.document;
  const line = doc.getText().split('\n').findIndex((l) => l.includes(GOOD_LAST_EXPECT));
  assert.ok(line >= 0, `${GOOD} has no "${GOOD_LAST_EXPECT}"`);
  const col = doc.lineAt(line).text.indexOf('3/5');
  const range = new vscode.Range(line, col, line, col + 3);

  // Break it in the editor: the server analyses the open buffer.
  const setPt = async (pt: string) => {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, range, pt);
    assert.ok(await vscode.workspace.applyEdit(edit), `the edit to ${pt} applied`);
  };
  try {
    await setPt('4/5');
    const ds = await waitForDiagnostics(doc.uri, (ds) => ds.some((d) => isError(d) && d.range.start.line === line), 'an error after the edit');
    assert.match(ds.filter(isError).map((d) => d.message).join('\n'), /expected/i);
  } finally {
    // Undo it whatever happened: later tests use this file.
    await setPt('3/5');
    await doc.save();
  }
  // The error must go away, so the clean state is a real analysis, not "not analysed yet".
  const after = await waitForDiagnostics(doc.uri, (ds) => !ds.some(isError), 'no errors after undoing the edit');
  assert.equal(after.filter(isError).length, 0, describeDiagnostics(after));
  assert.equal(vscode.languages.getDiagnostics(wsUri(GOOD)).filter(isError).length, 0);
});
