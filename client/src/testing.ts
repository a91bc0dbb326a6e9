// Test Explorer: a controller "Layerlens" where every `.layers` file is a
// test item and every `expect` line a child at its line. Children come from a
// light local scan (so they appear before any analysis) and are completed by
// the server's analysis when a run asks for it; the server decides the result.

import * as vscode from 'vscode';
import { errorText, isLayersDocument, type Ctx } from './ctx';
import type { AnalysisResult } from './protocol';
import { expectItemId, fileItemId, mergeExpectLines, outcomesFor, scanExpectLines, sortKey, type ExpectLine } from './test-items';

const EXCLUDE = '**/{node_modules,.git,dist,out,.vscode-test,.e2e}/**';

export class LayersTests implements vscode.Disposable {
  readonly controller: vscode.TestController;
  private readonly disposables: vscode.Disposable[] = [];
  /** Line of each expectation item, by item id. */
  private readonly lines = new WeakMap<vscode.TestItem, number>();

  constructor(private readonly ctx: Ctx) {
    this.controller = vscode.tests.createTestController('layerlens', 'Layerlens');
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discoverWorkspace();
      else await this.loadFile(item);
    };
    this.controller.refreshHandler = async () => {
      await this.discoverWorkspace();
    };
    this.controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, (request, token) => this.run(request, token), true);

    const w = ctx.layersWatcher;
    this.disposables.push(
      this.controller,
      w.onDidCreate((uri) => void this.loadFile(this.fileItem(uri))),
      w.onDidChange((uri) => {
        // An open document is tracked through its edits instead.
        if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) void this.loadFile(this.fileItem(uri));
      }),
      w.onDidDelete((uri) => this.controller.items.delete(fileItemId(uri.toString()))),
      vscode.workspace.onDidOpenTextDocument((d) => this.fromDocument(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.fromDocument(e.document)),
    );
    for (const d of vscode.workspace.textDocuments) this.fromDocument(d);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  // ------------------------------------------------------------------ discovery

  private async discoverWorkspace(): Promise<void> {
    const uris = await vscode.workspace.findFiles('**/*.layers', EXCLUDE);
    await Promise.all(uris.map((uri) => this.loadFile(this.fileItem(uri))));
  }

  private fileItem(uri: vscode.Uri): vscode.TestItem {
    const id = fileItemId(uri.toString());
    const existing = this.controller.items.get(id);
    if (existing) return existing;
    const item = this.controller.createTestItem(id, vscode.workspace.asRelativePath(uri), uri);
    item.canResolveChildren = true;
    this.controller.items.add(item);
    return item;
  }

  private fromDocument(doc: vscode.TextDocument): void {
    if (!isLayersDocument(doc) || doc.uri.scheme !== 'file') return;
    this.setChildren(this.fileItem(doc.uri), scanExpectLines(doc.getText()));
  }

  /** Children from the open document if there is one, else from disk. */
  private async loadFile(item: vscode.TestItem): Promise<void> {
    const uri = item.uri;
    if (!uri) return;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    let text: string;
    try {
      text = open ? open.getText() : new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
    } catch (e) {
      item.error = `Cannot read this file: ${errorText(e)}`;
      return;
    }
    item.error = undefined;
    this.setChildren(item, scanExpectLines(text));
  }

  private setChildren(file: vscode.TestItem, lines: readonly ExpectLine[]): void {
    const uri = file.uri!;
    const children: vscode.TestItem[] = [];
    for (const l of lines) {
      const id = expectItemId(uri.toString(), l.line);
      const child = file.children.get(id) ?? this.controller.createTestItem(id, l.text, uri);
      child.label = l.text;
      child.range = new vscode.Range(l.line, 0, l.line, l.text.length);
      child.sortText = sortKey(l.line);
      this.lines.set(child, l.line);
      children.push(child);
    }
    file.children.replace(children);
    file.canResolveChildren = false;
  }

  // ------------------------------------------------------------------ running

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request, 'Layerlens', true);
    try {
      const byFile = await this.collect(request);
      for (const [file, wanted] of byFile) {
        if (token.isCancellationRequested) {
          for (const t of wanted) run.skipped(t);
          continue;
        }
        await this.runFile(run, file, wanted, token);
      }
    } finally {
      run.end();
    }
  }

  /** Requested expectation items grouped by file (a file means all its expectations), minus exclusions. */
  private async collect(request: vscode.TestRunRequest): Promise<Map<vscode.TestItem, vscode.TestItem[]>> {
    const excluded = new Set((request.exclude ?? []).map((t) => t.id));
    const roots: vscode.TestItem[] = [];
    if (request.include) roots.push(...request.include);
    else {
      if (this.controller.items.size === 0) await this.discoverWorkspace();
      this.controller.items.forEach((t) => roots.push(t));
    }
    const out = new Map<vscode.TestItem, vscode.TestItem[]>();
    for (const t of roots) {
      if (excluded.has(t.id)) continue;
      const file = t.parent ?? t;
      if (!out.has(file)) out.set(file, []);
      if (t.parent) {
        out.get(file)!.push(t);
      } else {
        if (t.canResolveChildren) await this.loadFile(t);
        t.children.forEach((c) => {
          if (!excluded.has(c.id)) out.get(file)!.push(c);
        });
      }
    }
    return out;
  }

  private async runFile(run: vscode.TestRun, file: vscode.TestItem, wanted: vscode.TestItem[], token: vscode.CancellationToken): Promise<void> {
    const uri = file.uri!;
    const whole = wanted.length === file.children.size;
    for (const t of wanted) run.started(t);
    let analysis: AnalysisResult;
    try {
      const doc = await this.ctx.openDocument(uri);
      analysis = await this.ctx.analysis(uri, token);
      // The server may know expectations the scan missed: add them when the whole file runs.
      if (whole) {
        const merged = mergeExpectLines(scanExpectLines(doc.getText()), analysis);
        if (merged.length !== file.children.size) {
          this.setChildren(file, merged);
          wanted = [];
          file.children.forEach((c) => wanted.push(c));
          for (const t of wanted) run.started(t);
        }
      }
    } catch (e) {
      const msg = new vscode.TestMessage(`Layerlens could not analyse this file: ${errorText(e)}`);
      for (const t of wanted) run.errored(t, msg);
      if (wanted.length === 0) run.errored(file, msg);
      return;
    }
    const items = wanted.filter((t) => this.lines.has(t));
    const outcomes = outcomesFor(items.map((t) => this.lines.get(t)!), analysis);
    items.forEach((t, i) => {
      const o = outcomes[i]!;
      if (o.state === 'passed') run.passed(t);
      else {
        // Where failures show: Problems (live as you type, across files, with
        // the quick fix) and the line's code lens (its value, pass or fail)
        // always; Test Results only after the user runs the tests, with the
        // expected and actual values as a diff. VS Code draws that message on
        // the item's line even without a location (it falls back to the item's
        // range, which the gutter marks need), so the location is explicit.
        const msg =
          o.expected !== undefined && o.actual !== undefined
            ? vscode.TestMessage.diff(o.message ?? 'failed', o.expected, o.actual)
            : new vscode.TestMessage(o.message ?? 'failed');
        msg.location = new vscode.Location(uri, t.range ?? new vscode.Range(o.line, 0, o.line, 0));
        if (o.state === 'failed') run.failed(t, msg);
        else run.errored(t, msg);
      }
    });
    if (items.length === 0 && whole) {
      // A file without expectations: still say something about it.
      if (analysis.diagnostics > 0) run.errored(file, new vscode.TestMessage(`No expectations; the file has ${analysis.diagnostics} diagnostic(s) (see Problems).`));
      else run.passed(file);
    }
  }
}
