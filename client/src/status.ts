// The status bar item for the active `.layers` file: `✓ 12 ✗ 1` from
// `layerlens/analysis`, refreshed when the file's diagnostics change or the
// active editor changes; a quiet spinning icon while the server says the
// file's analysis lags its text (`layerlens/analysing`). Clicking it runs Run
// Scenario (set up in ctx.ts).

import * as vscode from 'vscode';
import { errorText, isLayersDocument, type Ctx } from './ctx';
import type { AnalysisResult } from './protocol';
import { analysingView, busyView, errorView, statusView, type StatusView } from './status-text';

const DEBOUNCE_MS = 150;

export class StatusController implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Only the newest request may paint the item. */
  private generation = 0;
  /** The last finished analysis shown and its file, for the counts of the analysing state. */
  private last: { uri: string; analysis: AnalysisResult } | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: Ctx) {
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule(0)),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const uri = vscode.window.activeTextEditor?.document.uri.toString();
        if (uri && e.uris.some((u) => u.toString() === uri)) this.schedule();
      }),
      // A language change (plain text → layers) is a close and an open.
      vscode.workspace.onDidOpenTextDocument((d) => {
        if (d === vscode.window.activeTextEditor?.document) this.schedule(0);
      }),
      ctx.onDidChangeClient(() => this.schedule(0)),
      ctx.onDidChangeAnalysing(() => this.schedule(0)),
    );
    this.schedule(0);
  }

  /** Refresh soon; many diagnostics events in a row make one request. */
  schedule(delay = DEBOUNCE_MS): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, delay);
  }

  async refresh(): Promise<void> {
    const gen = ++this.generation;
    const doc = vscode.window.activeTextEditor?.document;
    const item = this.ctx.statusItem;
    if (!isLayersDocument(doc)) {
      item.hide();
      return;
    }
    const uri = doc.uri.toString();
    if (this.ctx.analysing.has(uri)) {
      // The server says when it is done (busy: false), which schedules the next refresh.
      this.paint(analysingView(this.last?.uri === uri ? this.last.analysis : undefined, uri));
      item.show();
      return;
    }
    if (!item.text) this.paint(busyView());
    item.show();
    let view: StatusView;
    try {
      const a = await this.ctx.analysis(doc.uri);
      if (gen === this.generation) this.last = { uri, analysis: a };
      view = statusView(a);
    } catch (e) {
      view = errorView(errorText(e));
    }
    if (gen === this.generation) this.paint(view);
  }

  private paint(v: StatusView): void {
    const item = this.ctx.statusItem;
    item.text = v.text;
    item.tooltip = v.tooltip;
    item.accessibilityInformation = { label: v.tooltip.split('\n')[0] ?? 'Layerlens' };
    item.backgroundColor =
      v.tone === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : v.tone === 'error' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
