// Screenshot mode (`node scripts/e2e/run.mjs --screenshots`): the suite sets
// each scene in VS Code, then asks the harness, which owns the browser, to
// wait for the scene's CSS selectors and save docs/images/<name>.png.

import * as vscode from 'vscode';
import { closeAllEditors, openEditor, positionOf, until, waitForDiagnostics } from './helpers';
import { SAMPLE, writeFailingCopy } from './fixtures';
import { askPage } from './ui';

async function shot(name: string, waitFor: string[]): Promise<void> {
  const a = await askPage({ kind: 'screenshot', name, waitFor });
  if (!a.ok) throw new Error(`screenshot ${name}: ${a.error ?? `never visible: ${(a.missing ?? []).join(', ')}`}`);
}

async function lensesShown(uri: vscode.Uri): Promise<void> {
  await until(
    () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200),
    (ls) => (ls ?? []).some((l) => /\d+\/\d+/.test(l.command?.title ?? '')),
    'code lenses with P/T',
  );
}

export async function takeScreenshots(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
  await vscode.commands.executeCommand('workbench.action.closePanel');
  // The chat view in the secondary side bar says nothing about Layerlens.
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  await closeAllEditors();

  // 1. Code lenses above cards and a hover on an object name.
  const editor = await openEditor(SAMPLE);
  await lensesShown(editor.document.uri);
  // Pearl while the Lord's effect applies (613.7 timestamps): the hover opens above, over Turn to Frog's card.
  const pos = positionOf(editor.document, /^expect pearl: pt 2\/2; has islandwalk/, 'pearl');
  editor.selection = new vscode.Selection(pos, pos);
  editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
  await vscode.commands.executeCommand('editor.action.showHover');
  await shot('lenses-and-hover', ['.codelens-decoration', '.monaco-hover .markdown-hover']);

  // 2. A failing expectation in the editor and in the Problems panel.
  await vscode.commands.executeCommand('editor.action.hideHover');
  const { uri, line } = writeFailingCopy();
  const broken = await openEditor(uri);
  await waitForDiagnostics(uri, (ds) => ds.some((d) => d.severity === vscode.DiagnosticSeverity.Error), 'the failing expectation');
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  // Reveal after the panel took its share of the window, so the line stays in view.
  const at = broken.document.lineAt(line).range.end;
  broken.selection = new vscode.Selection(at, at);
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  broken.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);
  await shot('failing-expect', ['.squiggly-error', '.markers-panel .monaco-list-row']);
  await vscode.commands.executeCommand('workbench.action.closePanel');

  // 3. The layer trace panel next to the scenario.
  await closeAllEditors();
  await openEditor(SAMPLE);
  await vscode.commands.executeCommand('layerlens.showTrace');
  await shot('layer-trace', ['iframe.webview.ready']);

  // 4. Test Explorer with one item per expect line, after running the file's tests.
  await closeAllEditors();
  const tests = await openEditor(SAMPLE);
  await vscode.commands.executeCommand('workbench.view.testing.focus');
  await vscode.commands.executeCommand('testing.runCurrentFile');
  await vscode.commands.executeCommand('workbench.action.closePanel');
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  tests.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
  await shot('test-explorer', ['.test-explorer .codicon-testing-passed-icon', '.monaco-editor .glyph-margin-widgets .codicon-testing-passed-icon']);
}
