// The Layer Trace view in the real editor: the timeline picker, following the
// cursor, and the picture (dependency arrows, 613.8a; loops, 613.8b). The
// webview's content is nested iframes, so the page is asked with `frames`.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openEditor, wsUri } from '../helpers';
import { log, test } from '../runner';
import { askPage } from '../ui';

/** 613.8a: Urborg's effect depends on Blood Moon (applying Moon removes Urborg's ability). */
const DEPENDENCY = 'samples/613-8a-blood-moon-and-urborg.layers';
const DEPENDENCY_LINE = 'expect urborg depends on moon';
const ARROW = 'svg.layer-graph g.edge.dependency[data-from="Blood Moon"][data-to="Urborg, Tomb of Yawgmoth"]';
/** 613.8b: Blood Moon and Life and Limb depend on each other; timestamp order is used. */
const LOOP = 'samples/613-8b-blood-moon-and-life-and-limb-loop.layers';
const LOOP_LINE = 'expect loop moon, lal';

function lineOf(doc: vscode.TextDocument, text: string): number {
  const i = doc.getText().split('\n').findIndex((l) => l.trim() === text);
  if (i < 0) throw new Error(`no line "${text}" in ${doc.uri.toString(true)}`);
  return i;
}

async function countIn(selector: string, equals: number, what: string): Promise<void> {
  const a = await askPage({ kind: 'count', selector, equals, frames: true, timeoutMs: 20_000 });
  assert.ok(a.ok, `${what}: ${a.count} × ${selector}, wanted ${equals}${a.error ? ` (${a.error})` : ''}`);
}

test('the trace view: picking a point of the timeline draws the dependency arrow (613.8a)', async () => {
  await closeAllEditors();
  const editor = await openEditor(DEPENDENCY);
  const line = lineOf(editor.document, DEPENDENCY_LINE);
  // At the end of the file Blood Moon is in the graveyard: no dependency to draw.
  assert.equal(await vscode.commands.executeCommand<boolean>('layerlens.showTrace', { uri: editor.document.uri.toString() }), true);
  // The first webview of a window takes a while to load.
  const loaded = await askPage({ kind: 'count', selector: 'select#point', equals: 1, frames: true, timeoutMs: 60_000 });
  assert.ok(loaded.ok, `the trace page with its timeline picker: ${loaded.count}`);
  await countIn('svg.layer-graph', 2, 'pictures at the end of the file (Urborg and Forest, each changed by Urborg)');
  await countIn(ARROW, 0, 'the dependency arrow at the end of the file');
  const picked = await askPage({ kind: 'select', selector: 'select#point', value: String(line), frames: true });
  assert.ok(picked.ok, `choosing line ${line + 1} in the timeline picker: ${picked.error}`);
  await countIn(ARROW, 1, `the dependency arrow just after line ${line + 1}`);
  const tip = await askPage({ kind: 'text', selector: `${ARROW} > title`, pattern: 'changes whether Urborg, Tomb of Yawgmoth.s effect exists', frames: true });
  assert.ok(tip.ok, `the arrow's reason on hover: ${JSON.stringify(tip.texts)}`);
  const shot = await askPage({ kind: 'screenshot', name: 'trace-dependency', waitFor: [ARROW], frames: true });
  log(`    screenshot: ${shot.file}`);
});

test('the trace view follows the cursor in the editor', async () => {
  const editor = await openEditor(DEPENDENCY);
  await vscode.commands.executeCommand('layerlens.showTrace', { uri: editor.document.uri.toString() });
  await vscode.window.showTextDocument(editor.document, { preview: false });
  const line = lineOf(editor.document, DEPENDENCY_LINE);
  const at = new vscode.Position(line, 3);
  editor.selection = new vscode.Selection(at, at);
  const shown = await askPage({ kind: 'text', selector: 'select#point', pattern: `^${line}$`, frames: true, timeoutMs: 20_000 });
  assert.ok(shown.ok, `the timeline picker after moving the cursor to line ${line + 1}: ${JSON.stringify(shown.texts)}`);
  await countIn(ARROW, 1, 'the dependency arrow at the cursor');
});

test('the trace view uses the full width of its panel (issue 10, item 3)', async () => {
  const editor = await openEditor(DEPENDENCY);
  await vscode.commands.executeCommand('layerlens.showTrace', { uri: editor.document.uri.toString() });
  // Every characteristic table, in the webview's innermost frame.
  const m = await askPage({ kind: 'measure', selector: 'table', frames: true, timeoutMs: 20_000 });
  assert.ok(m.ok && m.boxes?.length, `tables in the trace view: ${JSON.stringify(m)}`);
  for (const b of m.boxes!) {
    // The page's padding (1rem each side) and the object card's border are all that may be left over,
    assert.ok(b.width >= b.viewport - 80, `a table ${Math.round(b.width)} px wide in a view ${b.viewport} px wide`);
    // and nothing is wider than the view: cells wrap instead.
    assert.ok(b.width <= b.viewport && b.scroll <= b.viewport + 1, `a table ${Math.round(b.width)} px wide, the page ${b.scroll} px, in a view ${b.viewport} px wide`);
  }
  const shot = await askPage({ kind: 'screenshot', name: 'trace-width', waitFor: ['table'], frames: true });
  log(`    screenshot: ${shot.file}`);
  log(`    ${m.boxes!.length} tables, ${Math.round(Math.min(...m.boxes!.map((b) => b.width)))}–${Math.round(Math.max(...m.boxes!.map((b) => b.width)))} px in a view ${m.boxes![0]!.viewport} px wide`);
});

test('the trace view highlights a dependency loop and the order used (613.8b)', async () => {
  await closeAllEditors();
  const editor = await openEditor(LOOP);
  const line = lineOf(editor.document, LOOP_LINE);
  // The arguments an expectation lens sends: the file, an object and the line.
  assert.equal(await vscode.commands.executeCommand<boolean>('layerlens.showTrace', { uri: wsUri(LOOP).toString(), object: 'arbor', line }), true);
  // Dryad Arbor and the Saproling each show Blood Moon and Life and Limb's layer 4 effects in the loop.
  await countIn('svg.layer-graph g.node.in-loop', 4, 'boxes in the loop');
  await countIn('svg.layer-graph g.edge.dependency.in-loop', 4, 'loop arrows (each effect depends on the other, for each object)');
  await countIn('svg.layer-graph g.loop[data-loop-order="Blood Moon, then Life and Limb"]', 2, 'the loop with the order used');
  const shot = await askPage({ kind: 'screenshot', name: 'trace-loop', waitFor: ['svg.layer-graph g.node.in-loop'], frames: true });
  log(`    screenshot: ${shot.file}`);
});
