// The status bar item and the Test Results as the page shows them (issue 10,
// items 8 and 10): the item has an icon and a label, a click runs the file
// and shows its report, and a failed expectation in Test Results carries the
// expected and actual values.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openEditor, waitForDiagnostics } from '../helpers';
import { GOOD, writeFailingCopy } from '../fixtures';
import { log, test } from '../runner';
import { askPage, GUTTER_FAILED } from '../ui';

/** Our item: the status bar entry drawn with the layers icon. */
export const LAYERLENS_ITEM = '.statusbar-item:has(.codicon-layers)';
/** The Layerlens output channel's text in the panel. */
const PANEL_TEXT = '.part.panel .view-lines';

test('the status bar item has the layers icon, and clicking it runs the file and shows the report', async () => {
  await vscode.commands.executeCommand('workbench.action.closePanel');
  await openEditor(GOOD);
  const item = await askPage({ kind: 'text', selector: LAYERLENS_ITEM, pattern: '^Layerlens ✓ \\d+ ✗ 0$' });
  assert.ok(item.ok, `an item with the layers icon reading "Layerlens ✓ n ✗ 0": ${JSON.stringify(item.texts)}`);
  const click = await askPage({ kind: 'pointer', action: 'click', selector: LAYERLENS_ITEM, pattern: '^Layerlens' });
  assert.ok(click.ok, `clicked the item: ${JSON.stringify(click.texts)}`);
  // Run Current File and Show Report writes the command line's report, ending in its summary.
  const report = await askPage({ kind: 'text', selector: PANEL_TEXT, pattern: '✓ \\d+ passed, 0 failed, 0 errors' });
  assert.ok(report.ok, `the report in the panel: ${JSON.stringify(report.texts)}`);
  log(`    clicked "${item.texts?.find((t) => t.startsWith('Layerlens'))}": the report ends "${report.texts?.join(' ').match(/✓ \d+ passed[^✓]*/)?.[0]}"`);
  await vscode.commands.executeCommand('workbench.action.closePanel');
});

test('a failed expectation in Test Results says what was expected and what is', async () => {
  await vscode.commands.executeCommand('workbench.action.closePanel');
  const { uri, line } = writeFailingCopy();
  const editor = await openEditor(uri);
  // The gutter draws icons only for visible lines.
  editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.InCenter);
  // Analysed, so the extension is active and the file's tests exist.
  await waitForDiagnostics(uri, (ds) => ds.some((d) => d.severity === vscode.DiagnosticSeverity.Error), 'the failing expectation');
  await vscode.commands.executeCommand('testing.runCurrentFile');
  // The gutter's ✗ says the run's results are drawn.
  const gutter = await askPage({ kind: 'count', selector: GUTTER_FAILED, equals: 1, timeoutMs: 20_000 });
  assert.ok(gutter.ok, `failed icons in the gutter: ${gutter.count}`);
  await vscode.commands.executeCommand('testing.showMostRecentOutput');
  const shown = await askPage({ kind: 'text', selector: '.part.panel', pattern: 'expected pt 9/9, but it is pt 3/5', timeoutMs: 20_000 });
  assert.ok(shown.ok, `the Test Results panel: ${JSON.stringify(shown.texts?.map((t) => t.slice(0, 600)))}`);
  await vscode.commands.executeCommand('workbench.action.closePanel');
});

test('Open Language Reference shows the packaged reference as a Markdown preview', async () => {
  assert.equal(await vscode.commands.executeCommand('layerlens.openReference'), true, 'the reference exists in the extension');
  const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label));
  const deadline = Date.now() + 20_000;
  while (!tabs().some((l) => /Preview README\.md/.test(l)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  assert.ok(tabs().some((l) => /Preview README\.md/.test(l)), `a preview tab: ${JSON.stringify(tabs())}`);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});
