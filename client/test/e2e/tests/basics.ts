// The editor and the extension: VS Code runs, loads Layerlens from the
// repository, gives `.layers` files the `layers` language and activates.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readControl } from '../control';
import { extension, LANGUAGE_ID, openEditor, until } from '../helpers';
import { GOOD } from '../fixtures';
import { log, test } from '../runner';

const COMMANDS = ['layerlens.runScenario', 'layerlens.runAll', 'layerlens.showTrace', 'layerlens.restartServer'];

test('VS Code runs and reports its version', async () => {
  log(`    VS Code ${vscode.version} (${vscode.env.appName}, ${vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop'} UI, remote ${vscode.env.remoteName ?? 'none'})`);
  assert.match(vscode.version, /^1\.\d+\.\d+/);
  const [, minor] = vscode.version.split('.').map(Number);
  assert.ok((minor ?? 0) >= 90, `the extension declares engines.vscode ^1.90.0; this is ${vscode.version}`);
});

test('the Layerlens extension is loaded from the repository', async () => {
  const ext = extension();
  assert.equal(ext.extensionUri.fsPath, readControl().repo);
  assert.equal(ext.packageJSON.name, 'layerlens');
});

test('a .layers file gets the language id "layers" and activates the extension', async () => {
  const editor = await openEditor(GOOD);
  assert.equal(editor.document.languageId, LANGUAGE_ID);
  const ext = extension();
  // activationEvents: onLanguage:layers. activate() also surfaces an activation error.
  await ext.activate();
  await until(async () => ext.isActive, (a) => a, 'the extension becomes active', 15_000);
});

test('every Layerlens command is registered', async () => {
  const all = await vscode.commands.getCommands(true);
  const missing = COMMANDS.filter((c) => !all.includes(c));
  assert.deepEqual(missing, [], `missing commands: ${missing.join(', ')}`);
});
