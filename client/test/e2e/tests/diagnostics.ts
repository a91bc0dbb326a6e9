// Diagnostics from the language server, as the Problems view shows them:
// a failing `expect` is an error that says what was expected; a passing file
// has no errors; edits are re-analysed.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describeDiagnostics, openEditor, until, waitForDiagnostics, wsUri } from '../helpers';
import { GOOD, GOOD_LAST_EXPECT, SBA_SAMPLE, writeFailingCopy } from '../fixtures';
import { log, test } from '../runner';

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

/** A diagnostic's code, whichever form the client gives it. */
const codeOf = (d: vscode.Diagnostic) => String(typeof d.code === 'object' ? d.code.value : d.code);

/** Set a Layerlens setting for the duration of `fn`, then restore the default. */
async function withSetting(key: string, value: unknown, fn: () => Promise<void>): Promise<void> {
  const config = vscode.workspace.getConfiguration('layerlens');
  try {
    await config.update(key, value, vscode.ConfigurationTarget.Global);
    await fn();
  } finally {
    await config.update(key, undefined, vscode.ConfigurationTarget.Global);
  }
}

/** The file is analysed when its lenses are there (diagnostics may be empty, which has no event of its own). */
async function analysed(uri: vscode.Uri): Promise<void> {
  await until(
    () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200),
    (ls) => (ls ?? []).some((l) => /^✓/.test(l.command?.title ?? '')),
    `the lenses of ${vscode.workspace.asRelativePath(uri)}`,
  );
}

test('state-based actions are not in Problems unless layerlens.diagnostics.stateBasedActions asks (issue 10, item 9)', async () => {
  const editor = await openEditor(SBA_SAMPLE);
  const uri = editor.document.uri;
  await analysed(uri);
  assert.deepEqual(vscode.languages.getDiagnostics(uri).filter((d) => codeOf(d) === 'sba').map((d) => d.message), [], 'none by default');
  await withSetting('diagnostics.stateBasedActions', true, async () => {
    const ds = await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'sba'), 'state-based actions with the setting on');
    const sba = ds.filter((d) => codeOf(d) === 'sba');
    assert.ok(sba.every((d) => d.severity === vscode.DiagnosticSeverity.Information), describeDiagnostics(sba));
    assert.ok(sba.some((d) => /toughness 0 \(704\.5f\)/.test(d.message)), describeDiagnostics(sba));
  });
  await waitForDiagnostics(uri, (ds) => !ds.some((d) => codeOf(d) === 'sba'), 'no state-based actions once the setting is back to its default');
});

test('layerlens.diagnostics.failedExpectations=false takes a failure out of Problems; its lens and quick fix stay (issue 10, item 10)', async () => {
  const { uri, line } = writeFailingCopy();
  await openEditor(uri);
  const failedHere = (ds: readonly vscode.Diagnostic[]) => ds.some((d) => codeOf(d) === 'expect-failed' && d.range.start.line === line);
  await waitForDiagnostics(uri, failedHere, 'the failed expectation in Problems by default');
  await withSetting('diagnostics.failedExpectations', false, async () => {
    await waitForDiagnostics(uri, (ds) => !failedHere(ds), 'the failed expectation gone from Problems with the setting off');
    const lenses = await until(
      () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200),
      (ls) => (ls ?? []).some((l) => l.range.start.line === line && /^✗ expected/.test(l.command?.title ?? '')),
      'the ✗ lens on the failing line',
    );
    log(`    with the setting off: no problem on line ${line + 1}; lens "${lenses.find((l) => l.range.start.line === line)?.command?.title}"`);
    const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(line, 0, line, 0));
    assert.ok((fixes ?? []).some((a) => /^Change to/.test(a.title)), `the quick fix is still offered: ${JSON.stringify((fixes ?? []).map((a) => a.title))}`);
  });
  await waitForDiagnostics(uri, failedHere, 'the failed expectation back in Problems with the default');
});
