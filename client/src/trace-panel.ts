// The "Layer Trace" webview: one panel, reused, showing the trace of one file
// (optionally focused on one object). Rendering lives in trace-html.ts; this
// module only moves data between the server and the panel.

import * as vscode from 'vscode';
import { errorText, type Ctx } from './ctx';
import { makeNonce, renderMessageHtml, renderTraceHtml } from './trace-html';

const VIEW_TYPE = 'layerlens.trace';
const REFRESH_MS = 300;

export class TracePanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private uri: vscode.Uri | undefined;
  private focus: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: Ctx) {
    // The trace follows edits: the server republishes diagnostics after each analysis.
    this.disposables.push(
      vscode.languages.onDidChangeDiagnostics((e) => {
        const shown = this.uri?.toString();
        if (this.panel && shown && e.uris.some((u) => u.toString() === shown)) this.schedule();
      }),
    );
  }

  /** Show the trace of `uri`, focused on `object` when given. Resolves once the page is rendered. */
  async show(uri: vscode.Uri, object?: string): Promise<void> {
    this.uri = uri;
    this.focus = object;
    const title = `Layer Trace: ${baseName(uri)}`;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        VIEW_TYPE,
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        // Scripts only run with the page's nonce; nothing is loaded from disk or network.
        { enableScripts: true, enableCommandUris: false, localResourceRoots: [], enableFindWidget: true },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.uri = undefined;
      });
      this.panel.webview.html = renderMessageHtml(title, 'Loading the layer trace…', makeNonce());
    } else {
      this.panel.title = title;
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    await this.render();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.render();
    }, REFRESH_MS);
  }

  private async render(): Promise<void> {
    const panel = this.panel;
    const uri = this.uri;
    if (!panel || !uri) return;
    const gen = ++this.generation;
    let html: string;
    try {
      const trace = await this.ctx.trace(uri);
      html = renderTraceHtml(trace, { nonce: makeNonce(), focus: this.focus });
    } catch (e) {
      html = renderMessageHtml(`Layer Trace: ${baseName(uri)}`, `The trace is not available: ${errorText(e)}`, makeNonce());
    }
    if (gen === this.generation && this.panel === panel) panel.webview.html = html;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

function baseName(uri: vscode.Uri): string {
  const p = uri.path;
  return p.slice(p.lastIndexOf('/') + 1) || p;
}
