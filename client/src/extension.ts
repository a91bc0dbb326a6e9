// Entry point of the Layerlens extension. Thin: everything shown comes from
// the language server (dist/server.js); this file only wires the parts.

import * as vscode from 'vscode';
import * as commands from './commands';
import { Ctx } from './ctx';
import { StatusController } from './status';
import { LayersTests } from './testing';

let ctx: Ctx | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  ctx = new Ctx(context);
  context.subscriptions.push(ctx);

  ctx.registerCommand('runScenario', commands.runScenario);
  ctx.registerCommand('runAll', commands.runAll);
  ctx.registerCommand('showTrace', commands.showTrace);
  ctx.registerCommand('openReference', commands.openReference);
  ctx.registerCommand('restartServer', commands.restartServer);

  ctx.push(new StatusController(ctx));
  ctx.push(new LayersTests(ctx));

  // Do not block activation on the server: requests wait for it anyway.
  void ctx.start();
}

export async function deactivate(): Promise<void> {
  const c = ctx;
  ctx = undefined;
  await c?.stop();
}
