// The "Layer Trace" webview: one panel, reused, showing the trace of one file
// at one point of the timeline (optionally focused on one object). It follows
// the cursor in the editor and the active editor; the page's pickers choose a
// point or an object. Rendering lives in trace-html.ts (page) and
// webview/trace-view.ts (pictures, pickers); this module only moves data
// between the server, the editors and the panel.

import * as vscode from 'vscode';
import { errorText, isLayersDocument, type Ctx } from './ctx';
import type { TimelinePoint } from './protocol';
import { makeNonce, renderMessageHtml, renderTraceHtml } from './trace-html';
import { pointAt } from './trace-points';
import type { ViewMessage } from './webview/trace-view';

const VIEW_TYPE = 'layerlens.trace';
const REFRESH_MS = 300;

/** What the panel shows: a file, a point of its timeline (undefined: end of file), an object. */
export interface TraceView {
  uri: vscode.Uri;
  line?: number;
  focus?: string;
  /** Only the focused object (chosen in the page's Object picker). */
  only?: boolean;
}

export class TracePanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private view: TraceView | undefined;
  /** The points of the file shown, from the last answer: the cursor re-renders only when it changes point. */
  private points: TimelinePoint[] = [];
  private shownLine: number | undefined;
  /** Scroll to the focused object on the next render only (later renders keep the reader's place). */
  private scrollToFocus = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: Ctx) {
    this.disposables.push(
      // The trace follows edits: the server republishes diagnostics after each analysis.
      vscode.languages.onDidChangeDiagnostics((e) => {
        const shown = this.view?.uri.toString();
        if (this.panel && shown && e.uris.some((u) => u.toString() === shown)) this.schedule();
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => this.followCursor(e.textEditor)),
      vscode.window.onDidChangeActiveTextEditor((e) => this.followEditor(e)),
    );
  }

  /** Show the trace of `uri` at `line` (undefined: end of file), focused on `object` when given. Resolves once rendered. */
  async show(uri: vscode.Uri, object?: string, line?: number): Promise<void> {
    // An object named by a lens is shown alone; the page's Object picker shows the others again.
    this.view = { uri, line, focus: object, only: !!object };
    this.scrollToFocus = !!object;
    const title = titleOf(uri);
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        VIEW_TYPE,
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        // Scripts run only with the page's nonce; the one file it may load is our own bundle in dist/.
        {
          enableScripts: true,
          enableCommandUris: false,
          localResourceRoots: [vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'dist')],
          enableFindWidget: true,
          retainContextWhenHidden: false,
        },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.view = undefined;
      });
      this.panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(m));
      this.panel.webview.html = renderMessageHtml(title, 'Loading the layer trace…', makeNonce());
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    await this.render();
  }

  private onMessage(m: unknown): void {
    const msg = m as Partial<ViewMessage> | null;
    if (!this.view || !msg || typeof msg !== 'object') return;
    if (msg.type === 'point' && typeof msg.line === 'number') {
      this.view.line = msg.line >= 0 ? msg.line : undefined;
      void this.render();
    } else if (msg.type === 'object') {
      // The page already shows the choice; remember it for the next render.
      this.view.focus = typeof msg.name === 'string' ? msg.name : undefined;
      this.view.only = typeof msg.name === 'string';
    }
  }

  /** The cursor moved in the file shown: show the point of the statement it is on. */
  private followCursor(editor: vscode.TextEditor): void {
    if (!this.panel || !this.view || editor.document.uri.toString() !== this.view.uri.toString()) return;
    const line = editor.selection.active.line;
    if (this.points.length && pointAt(this.points, line).line === (this.shownLine ?? -1)) return;
    this.view.line = line;
    this.schedule();
  }

  /** Another .layers file became active: show its trace at its cursor. */
  private followEditor(editor: vscode.TextEditor | undefined): void {
    if (!this.panel || !editor || !isLayersDocument(editor.document)) return;
    if (editor.document.uri.toString() === this.view?.uri.toString()) return;
    this.view = { uri: editor.document.uri, line: editor.selection.active.line };
    this.points = [];
    this.schedule();
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
    const view = this.view;
    if (!panel || !view) return;
    const gen = ++this.generation;
    const title = titleOf(view.uri);
    let html: string;
    try {
      const trace = await this.ctx.trace(view.uri, view.line);
      if (gen !== this.generation || this.panel !== panel) return;
      this.points = trace.points ?? [];
      this.shownLine = trace.at?.line;
      const scriptUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'dist', 'trace-view.js')).toString();
      html = renderTraceHtml(trace, { nonce: makeNonce(), focus: view.focus, only: view.only, scrollToFocus: this.scrollToFocus, scriptUri });
      this.scrollToFocus = false;
    } catch (e) {
      html = renderMessageHtml(title, `The trace is not available: ${errorText(e)}`, makeNonce());
    }
    if (gen === this.generation && this.panel === panel) {
      panel.title = title;
      panel.webview.html = html;
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

function titleOf(uri: vscode.Uri): string {
  const p = uri.path;
  return `Layer Trace: ${p.slice(p.lastIndexOf('/') + 1) || p}`;
}
