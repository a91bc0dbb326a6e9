// The one context object of the extension (rust-analyzer's `Ctx` in spirit):
// it owns the language client, the output channels and the status bar item,
// and everything else reaches the server through it.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { AnalysingFiles } from './analysing';
import { Config, CONFIG_SECTION } from './config';
import { restoreLensTooltips } from './middleware';
import { Notifications, Requests, type AnalysisResult, type ReportResult, type RequestMap, type RequestMethod, type TraceResult } from './protocol';
import { RestartingErrorHandler } from './restart';
import { serverExecArgv } from '../../server/src/runtime';

export const LANGUAGE_ID = 'layers';
export const REPORT_CHANNEL = 'Layerlens';
export const SERVER_CHANNEL = 'Layerlens Language Server';

export type CommandFactory = (ctx: Ctx) => (...args: any[]) => unknown;

export function isLayersDocument(doc: vscode.TextDocument | undefined): doc is vscode.TextDocument {
  return !!doc && doc.languageId === LANGUAGE_ID;
}

export class Ctx implements vscode.Disposable {
  readonly config = new Config(() => vscode.workspace.getConfiguration(CONFIG_SECTION));
  /** The command line style reports of Run Scenario / Run All. */
  readonly output: vscode.OutputChannel;
  /** Server log and, with `layerlens.trace.server`, the LSP trace. */
  readonly serverOutput: vscode.OutputChannel;
  readonly statusItem: vscode.StatusBarItem;
  /** One watcher for every .layers file, shared by every client and the Test Explorer (clients do not dispose raw watchers). */
  readonly layersWatcher: vscode.FileSystemWatcher;

  private _client: LanguageClient | undefined;
  private starting: Promise<LanguageClient | undefined> | undefined;
  /** Set when the last start failed: no automatic retries (each would spawn a process); Restart clears it. */
  private startFailed = false;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly clientChanged = new vscode.EventEmitter<LanguageClient | undefined>();
  /** Fires after the client (re)starts or stops; listeners refresh what they show. */
  readonly onDidChangeClient = this.clientChanged.event;
  /** Files whose analysis lags their text (`layerlens/analysing`), by the editor's URI string. */
  readonly analysing = new AnalysingFiles();
  private readonly analysingChanged = new vscode.EventEmitter<void>();
  /** Fires when a file starts or stops being listed in `analysing`. */
  readonly onDidChangeAnalysing = this.analysingChanged.event;
  /** Restarts a crashed server (5 times in 3 minutes), saying so each time; then stops with a Restart action. */
  private readonly crashes = new RestartingErrorHandler({
    restarting: (message) => void this.tellRestarting(message),
    stopped: (message) => void this.offerRestart(message),
  });

  constructor(readonly extension: vscode.ExtensionContext) {
    this.output = vscode.window.createOutputChannel(REPORT_CHANNEL);
    this.serverOutput = vscode.window.createOutputChannel(SERVER_CHANNEL);
    this.statusItem = vscode.window.createStatusBarItem('layerlens.status', vscode.StatusBarAlignment.Left, 0);
    this.statusItem.name = 'Layerlens';
    this.statusItem.command = 'layerlens.runScenario';
    this.layersWatcher = vscode.workspace.createFileSystemWatcher('**/*.layers');
    this.disposables.push(this.output, this.serverOutput, this.statusItem, this.clientChanged, this.analysingChanged, this.layersWatcher);
  }

  get client(): LanguageClient | undefined {
    return this._client;
  }

  /** Register `layerlens.<name>` from a command factory. */
  registerCommand(name: string, factory: CommandFactory): void {
    this.push(vscode.commands.registerCommand(`layerlens.${name}`, factory(this)));
  }

  push(d: vscode.Disposable): void {
    this.disposables.push(d);
  }

  /** Start the server once; concurrent callers share the same start. */
  start(): Promise<LanguageClient | undefined> {
    if (this._client) return Promise.resolve(this._client);
    if (this.startFailed && !this.starting) return Promise.resolve(undefined);
    this.starting ??= this.createAndStart().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const c = this._client;
    this._client = undefined;
    if (c) {
      try {
        await c.dispose(2000);
      } catch (e) {
        this.serverOutput.appendLine(`Stopping the server failed: ${errorText(e)}`);
      }
    }
    this.clientChanged.fire(undefined);
  }

  /** A new client reads the current settings into `initializationOptions`. */
  async restart(): Promise<LanguageClient | undefined> {
    await this.stop();
    this.startFailed = false;
    this.crashes.reset();
    return this.start();
  }

  /** Send a custom request, starting the server if needed. Rejects when there is no server. */
  async request<M extends RequestMethod>(method: M, uri: vscode.Uri, token?: vscode.CancellationToken, extra?: object): Promise<RequestMap[M]> {
    const client = await this.start();
    if (!client) throw new Error('the Layerlens language server is not running (see the "Layerlens Language Server" output)');
    const params = { ...extra, uri: client.code2ProtocolConverter.asUri(uri) };
    return token ? client.sendRequest<RequestMap[M]>(method, params, token) : client.sendRequest<RequestMap[M]>(method, params);
  }

  analysis(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<AnalysisResult> {
    return this.request(Requests.analysis, uri, token);
  }

  /** The trace just after the statement on `line` (zero-based), or at the end of the file. */
  trace(uri: vscode.Uri, line?: number, token?: vscode.CancellationToken): Promise<TraceResult> {
    return this.request(Requests.trace, uri, token, line === undefined ? undefined : { line });
  }

  report(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<ReportResult> {
    return this.request(Requests.report, uri, token);
  }

  /**
   * Make sure the server knows the document: opening it as a text document
   * sends `didOpen` (the selector matches the `layers` language).
   */
  async openDocument(uri: vscode.Uri): Promise<vscode.TextDocument> {
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== LANGUAGE_ID) return vscode.languages.setTextDocumentLanguage(doc, LANGUAGE_ID);
    return doc;
  }

  dispose(): void {
    void this.stop();
    for (const d of this.disposables.splice(0).reverse()) {
      try {
        d.dispose();
      } catch {
        // Disposing is best effort: one failure must not keep the rest alive.
      }
    }
  }

  private async createAndStart(): Promise<LanguageClient | undefined> {
    const module = this.extension.asAbsolutePath('dist/server.js');
    if (!existsSync(module)) {
      this.serverOutput.appendLine(`The Layerlens language server is missing: ${module} does not exist (run \`npm run build\`).`);
      this.startFailed = true;
      this.clientChanged.fire(undefined);
      return undefined;
    }
    // VS Code runs the server on its own runtime, whose V8 cannot take the build's code cache: the server
    // keeps one of its own in the extension's storage, written as a session ends (server/src/start.ts).
    const env = { ...process.env, LAYERLENS_CODE_CACHE_DIR: join(this.extension.globalStorageUri.fsPath, 'code-cache') };
    // The server's heap settings, which only the start can give (server/src/runtime.ts).
    const execArgv = serverExecArgv(process.versions.v8);
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc, options: { env, execArgv } },
      debug: { module, transport: TransportKind.ipc, options: { env, execArgv: [...execArgv, '--nolazy', '--inspect=6009'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: LANGUAGE_ID },
        { scheme: 'untitled', language: LANGUAGE_ID },
      ],
      // Same shape as the `layerlens` section that didChangeConfiguration carries.
      initializationOptions: this.config.serverSettings(),
      synchronize: {
        configurationSection: CONFIG_SECTION,
        fileEvents: this.layersWatcher,
      },
      outputChannel: this.serverOutput,
      traceOutputChannel: this.serverOutput,
      middleware: {
        provideCodeLenses: async (doc, token, next) => restoreLensTooltips(await next(doc, token)),
        // A long document's lenses come without their command, which each one gets when it is shown.
        resolveCodeLens: async (lens, token, next) => restoreLensTooltips([await next(lens, token)].filter((l) => !!l))?.[0] ?? lens,
      },
      errorHandler: this.crashes,
    };
    // The id `layerlens` makes the client honour `layerlens.trace.server`.
    const client = new LanguageClient('layerlens', 'Layerlens Language Server', serverOptions, clientOptions);
    // Handlers registered before start survive the client's own restarts.
    client.onNotification(Notifications.analysing, (params: unknown) => {
      if (this.analysing.update(params, (u) => client.protocol2CodeConverter.asUri(u).toString())) this.analysingChanged.fire();
    });
    // A crash, a restart after it, or a stop: what the server was analysing is gone, and what is shown must be asked again.
    client.onDidChangeState(() => {
      if (this.analysing.clear()) this.analysingChanged.fire();
      if (this._client === client) this.clientChanged.fire(client);
    });
    try {
      await client.start();
    } catch (e) {
      this.serverOutput.appendLine(`The Layerlens language server did not start (${module}): ${errorText(e)}`);
      this.startFailed = true;
      void client.dispose().catch(() => undefined);
      this.clientChanged.fire(undefined);
      return undefined;
    }
    this._client = client;
    this.clientChanged.fire(client);
    return client;
  }

  // The client also writes these messages to the server's output channel.
  private async tellRestarting(message: string): Promise<void> {
    if ((await vscode.window.showWarningMessage(message, 'Show Output')) === 'Show Output') this.serverOutput.show(true);
  }

  private async offerRestart(message: string): Promise<void> {
    const pick = await vscode.window.showErrorMessage(message, 'Restart', 'Show Output');
    if (pick === 'Restart') await vscode.commands.executeCommand('layerlens.restartServer');
    else if (pick === 'Show Output') this.serverOutput.show(true);
  }
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}
