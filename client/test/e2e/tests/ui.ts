// What only the page shows, checked through the harness (ui.ts ↔
// scripts/e2e/bridge.mjs): the status bar item and the Test Explorer's
// results in the editor gutter, one per `expect` line.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openEditor } from '../helpers';
import { GOOD, writeFailingCopy } from '../fixtures';
import { log, test } from '../runner';
import { askPage, GUTTER_FAILED, GUTTER_PASSED, STATUS_ITEMS } from '../ui';

function expectLines(doc: vscode.TextDocument): number {
  return doc.getText().split('\n').filter((l) => /^\s*expect\b/.test(l)).length;
}

test('the status bar shows Layerlens ✓ passed ✗ failed for the active file', async () => {
  const good = await openEditor(GOOD);
  const n = expectLines(good.document);
  const ok = await askPage({ kind: 'text', selector: STATUS_ITEMS, pattern: `^Layerlens ✓ ${n} ✗ 0$` });
  assert.ok(ok.ok, `status bar for ${GOOD}: wanted "Layerlens ✓ ${n} ✗ 0", items: ${JSON.stringify(ok.texts)}`);

  const { uri } = writeFailingCopy();
  await openEditor(uri);
  const bad = await askPage({ kind: 'text', selector: STATUS_ITEMS, pattern: `^Layerlens ✓ ${n - 1} ✗ 1$` });
  assert.ok(bad.ok, `status bar for the broken copy: wanted "Layerlens ✓ ${n - 1} ✗ 1", items: ${JSON.stringify(bad.texts)}`);
  log(`    status bar: "Layerlens ✓ ${n} ✗ 0", then "Layerlens ✓ ${n - 1} ✗ 1"`);
});

test('running a file in the Test Explorer marks every expect line passed or failed', async () => {
  const { uri } = writeFailingCopy();
  const editor = await openEditor(uri);
  const n = expectLines(editor.document);
  editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
  await vscode.commands.executeCommand('testing.runCurrentFile');
  const failed = await askPage({ kind: 'count', selector: GUTTER_FAILED, equals: 1, timeoutMs: 20_000 });
  assert.ok(failed.ok, `failed icons in the gutter: ${failed.count}, wanted 1`);
  const passed = await askPage({ kind: 'count', selector: GUTTER_PASSED, equals: n - 1 });
  assert.ok(passed.ok, `passed icons in the gutter: ${passed.count}, wanted ${n - 1}`);
  await vscode.commands.executeCommand('workbench.action.closePanel');
});
