// Screenshot mode (`node scripts/e2e/run.mjs --screenshots`): the suite sets
// each scene in VS Code, then asks the harness, which owns the browser, to
// wait for the scene's CSS selectors and save docs/images/<name>.png.

import * as vscode from 'vscode';
import { closeAllEditors, openEditor, positionOf, until, waitForDiagnostics, writeWs } from './helpers';
import { typeScenario } from './keyboard';
import { SAMPLE, writeFailingCopy } from './fixtures';
import { askPage } from './ui';

/** The extension README's first scenario (EXTENSION.md), and the line it adds next. */
export const FIRST_SCENARIO = [
  'card "Gray Ogre" as ogre',
  '  type Creature — Ogre',
  '  pt 2/2',
  'enter ogre',
  'resolve "Target creature gets +3/+3 until end of turn." targeting ogre',
  'expect ogre 2/2',
  '',
];

async function shot(name: string, waitFor: string[]): Promise<void> {
  const a = await askPage({ kind: 'screenshot', name, waitFor });
  if (!a.ok) throw new Error(`screenshot ${name}: ${a.error ?? `never visible: ${(a.missing ?? []).join(', ')}`}`);
}

/** Like shot, for elements inside a webview (nested iframes). */
async function shotInWebview(name: string, waitFor: string[]): Promise<void> {
  const a = await askPage({ kind: 'screenshot', name, waitFor, frames: true });
  if (!a.ok) throw new Error(`screenshot ${name}: ${a.error ?? `never visible: ${(a.missing ?? []).join(', ')}`}`);
}

/** 613.8b: a dependency loop the trace view's picture highlights. */
const LOOP_SAMPLE = 'samples/613-8b-blood-moon-and-life-and-limb-loop.layers';

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
  // The page shows before its script has drawn the pictures: wait for one.
  await shotInWebview('layer-trace', ['iframe.webview.ready', 'svg.layer-graph']);

  // 3b. The picture: Blood Moon and Life and Limb in a dependency loop (613.8b), on the Saproling.
  await closeAllEditors();
  const loop = await openEditor(LOOP_SAMPLE);
  const loopLine = loop.document.getText().split('\n').findIndex((l) => l.trim() === 'expect loop moon, lal');
  await vscode.commands.executeCommand('layerlens.showTrace', { uri: loop.document.uri.toString(), object: 'sap', line: loopLine });
  await shotInWebview('layer-picture', ['svg.layer-graph g.node.in-loop']);

  // 4. Test Explorer with one item per expect line, after running the file's tests.
  await closeAllEditors();
  const tests = await openEditor(SAMPLE);
  await vscode.commands.executeCommand('workbench.view.testing.focus');
  await vscode.commands.executeCommand('testing.runCurrentFile');
  await vscode.commands.executeCommand('workbench.action.closePanel');
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  tests.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
  await shot('test-explorer', ['.test-explorer .codicon-testing-passed-icon', '.monaco-editor .glyph-margin-widgets .codicon-testing-passed-icon']);

  // 5. The README's first scenario typed key by key: its lenses, and the status bar item's tooltip.
  await closeAllEditors();
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
  const first = await openEditor(writeWs('first.layers', ''));
  await typeScenario(first, FIRST_SCENARIO);
  await first.document.save();
  await until(
    () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', first.document.uri, 200),
    (ls) => (ls ?? []).some((l) => /^✗ expected/.test(l.command?.title ?? '')),
    'the ✗ lens of the first scenario',
  );
  await vscode.commands.executeCommand('hideSuggestWidget');
  const hovered = await askPage({ kind: 'pointer', action: 'hover', selector: '.statusbar-item:has(.codicon-layers)', pattern: '^Layerlens ✓ 0 ✗ 1$' });
  if (!hovered.ok) throw new Error(`the status bar item never read "Layerlens ✓ 0 ✗ 1": ${JSON.stringify(hovered.texts)}`);
  await shot('first-scenario', ['.codelens-decoration', '.workbench-hover-container >> visible=true']);
}
