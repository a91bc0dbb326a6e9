// The language features VS Code asks the server for, through the same
// commands the editor uses: hover, code lenses, completion.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { hoverText, openEditor, positionOf, safeJson, until } from '../helpers';
import { GOOD, SAMPLE, writeScratch } from '../fixtures';
import { log, test } from '../runner';

const PT = /[*\d]+\/[*\d]+/;

function lensTitles(lenses: readonly vscode.CodeLens[] | undefined): string[] {
  return (lenses ?? []).map((l) => l.command?.title ?? '').filter(Boolean);
}

/** Lenses with their commands resolved (itemResolveCount), as the editor would show them. */
function codeLenses(uri: vscode.Uri): Thenable<vscode.CodeLens[] | undefined> {
  return vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200);
}

test('hover on an object name shows its power/toughness', async () => {
  const editor = await openEditor(GOOD);
  const doc = editor.document;
  // `ogre` in `enter ogre`: the alias of Gray Ogre.
  const pos = positionOf(doc, /^enter ogre\b/, 'ogre');
  const hovers = await until(
    () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos),
    (hs) => PT.test(hoverText(hs ?? [])),
    'a hover with a power/toughness on "ogre"',
  );
  const text = hoverText(hovers);
  log(`    hover: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
  assert.match(text, /ogre/i, 'the hover names the object');
  assert.match(text, /\b[23]\/[25]\b/, 'the hover shows a P/T Gray Ogre has (2/2 when it enters, 3/5 at the end)');
});

/** Layers in the order of rule 613.1 (and 613.4 for layer 7). */
const LAYER_ORDER = ['1a', '1b', '2', '3', '4', '5', '6', '7a', '7b', '7c', '7d'];

test('a hover on a complex board leads with the answer, then the effects in layer order, without internal ids (issue 10, item 4)', async () => {
  const editor = await openEditor(SAMPLE);
  const doc = editor.document;
  // Lord of Atlantis under Turn to Frog: four effects in four layers.
  const pos = positionOf(doc, /^expect lord: pt 1\/1/, 'lord');
  const hovers = await until(
    () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos),
    (hs) => /1\/1/.test(hoverText(hs ?? [])),
    'the hover of Lord of Atlantis under Turn to Frog',
  );
  const text = hoverText(hovers);
  const [answer] = text.split('\n');
  assert.match(answer ?? '', /^\*\*Lord of Atlantis\*\* \(`lord`\): \*\*1\/1 · Creature — Frog · blue\*\*$/, 'the first line is the answer');
  const why = text.indexOf('why:');
  const table = text.indexOf('| layer |');
  assert.ok(why > 0 && table > why, 'the effects that explain it come before the full table');
  assert.doesNotMatch(text, /\b\w+\/\d+#\d+\b/, 'no internal effect ids such as lord/0#0');
  const layers = [...text.slice(table).matchAll(/^\| (\d[a-d]?) \|/gm)].map((m) => m[1]!);
  assert.ok(layers.length >= 3, `layers in the table: ${layers.join(', ')}`);
  const ranks = layers.map((l) => LAYER_ORDER.indexOf(l));
  assert.deepEqual([...ranks].sort((a, b) => a - b), ranks, `layers in rule order: ${layers.join(', ')}`);
  log(`    ${answer}; table layers ${layers.join(', ')}`);
});

test('code lenses show final power/toughness above cards', async () => {
  const editor = await openEditor(SAMPLE);
  const doc = editor.document;
  const lenses = (await until(() => codeLenses(doc.uri), (ls) => lensTitles(ls).some((t) => PT.test(t)), 'a code lens with a P/T title')) ?? [];
  const titles = lensTitles(lenses);
  log(`    ${lenses.length} lenses, e.g. ${titles.slice(0, 4).map((t) => JSON.stringify(t)).join(', ')}`);
  // Lord of Atlantis is 2/2 at the end of the scenario (Turn to Frog has ended).
  const lordLine = positionOf(doc, /^card "Lord of Atlantis"/, 'Lord').line;
  const onLord = lenses.filter((l) => l.range.start.line === lordLine).map((l) => l.command?.title ?? '');
  assert.ok(onLord.some((t) => /2\/2/.test(t)), `lenses on the Lord of Atlantis line: ${safeJson(onLord)}; all: ${safeJson(titles)}`);
  for (const l of lenses) assert.ok(l.command, `unresolved lens at line ${l.range.start.line + 1}`);
});

/**
 * Items from the language server: not the extension's snippets
 * (snippets/layers.json) and not VS Code's word-based suggestions (Text).
 */
function serverItems(l: vscode.CompletionList | undefined): vscode.CompletionItem[] {
  return (l?.items ?? []).filter((i) => i.kind !== vscode.CompletionItemKind.Snippet && i.kind !== vscode.CompletionItemKind.Text);
}

test('completion at the start of a statement offers keywords from the server', async () => {
  const uri = writeScratch();
  const editor = await openEditor(uri);
  const doc = editor.document;
  const pos = new vscode.Position(doc.lineCount - 1, 0);
  const list = await until(
    () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos),
    (l) => serverItems(l).some((i) => label(i) === 'expect'),
    'a completion list with the keyword "expect" (not only the snippet)',
  );
  const items = serverItems(list);
  const labels = items.map(label);
  log(`    ${labels.length} server items: ${labels.slice(0, 12).join(', ')}…`);
  for (const kw of ['expect', 'enter', 'card']) assert.ok(labels.includes(kw), `"${kw}" is offered; got ${labels.join(', ')}`);
});

test('layerlens.codeLens.enable=false removes the lenses, true brings them back', async () => {
  const editor = await openEditor(SAMPLE);
  const uri = editor.document.uri;
  const config = vscode.workspace.getConfiguration('layerlens');
  await until(() => codeLenses(uri), (ls) => lensTitles(ls).length > 0, 'lenses before the setting changes');
  try {
    await config.update('codeLens.enable', false, vscode.ConfigurationTarget.Global);
    await until(() => codeLenses(uri), (ls) => lensTitles(ls).length === 0, 'no lenses with codeLens.enable=false');
  } finally {
    await config.update('codeLens.enable', undefined, vscode.ConfigurationTarget.Global);
  }
  await until(() => codeLenses(uri), (ls) => lensTitles(ls).some((t) => PT.test(t)), 'lenses again with the default setting');
});

function label(i: vscode.CompletionItem): string {
  return typeof i.label === 'string' ? i.label : i.label.label;
}
