// Command factories: each takes the context and returns the handler
// registered as `layerlens.<name>`. Handlers return what they produced, so
// `executeCommand` callers (end-to-end tests) can check it.

import * as vscode from 'vscode';
import { errorText, isLayersDocument, type CommandFactory } from './ctx';
import type { ReportResult } from './protocol';
import { aggregateReport, fileSection, summaryLine, type FileReport, type Totals } from './report-text';
import { looksLikeUri, parseTraceArgs } from './trace-args';
import { TracePanel } from './trace-panel';

const EXCLUDE = '**/{node_modules,.git,dist,out,.vscode-test,.e2e}/**';

export interface ScenarioRun extends ReportResult {
  uri: string;
}

/** The file a command is about: its argument (URI, path, `{ uri }`), else the active `.layers` editor. */
function targetUri(arg: unknown): vscode.Uri | undefined {
  const { uri } = parseTraceArgs(arg);
  if (uri) return looksLikeUri(uri) ? vscode.Uri.parse(uri, true) : vscode.Uri.file(uri);
  const doc = vscode.window.activeTextEditor?.document;
  return isLayersDocument(doc) ? doc.uri : undefined;
}

/** Run the active scenario: the command line's report in the "Layerlens" channel; diagnostics stay in Problems. */
export const runScenario: CommandFactory = (ctx) => async (arg?: unknown): Promise<ScenarioRun | undefined> => {
  const uri = targetUri(arg);
  if (!uri) {
    void vscode.window.showWarningMessage('Layerlens: open a .layers file to run its scenario.');
    return undefined;
  }
  const label = vscode.workspace.asRelativePath(uri);
  let report: ReportResult;
  try {
    await ctx.openDocument(uri);
    report = await ctx.report(uri);
  } catch (e) {
    ctx.output.clear();
    ctx.output.append(fileSection({ label, error: errorText(e) }));
    ctx.output.show(true);
    void vscode.window.showErrorMessage(`Layerlens: could not run ${label}: ${errorText(e)}`);
    return undefined;
  }
  ctx.output.clear();
  ctx.output.append(fileSection({ label, report }));
  ctx.output.appendLine(`${report.failed === 0 && report.errors === 0 ? '✓' : '✗'} ${summaryLine(report)}`);
  ctx.output.show(true);
  return { uri: uri.toString(), ...report };
};

/** Run every `.layers` file of the workspace, one report after the other, then the totals. */
export const runAll: CommandFactory = (ctx) => async (): Promise<Totals> => {
  const uris = (await vscode.workspace.findFiles('**/*.layers', EXCLUDE)).sort((a, b) => a.path.localeCompare(b.path));
  if (uris.length === 0) {
    void vscode.window.showInformationMessage('Layerlens: no .layers files in this workspace.');
    return { files: 0, passed: 0, failed: 0, errors: 0, unreachable: 0 };
  }
  const reports: FileReport[] = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Layerlens: running ${uris.length} scenario${uris.length === 1 ? '' : 's'}`, cancellable: true },
    async (progress, token) => {
      const out: FileReport[] = [];
      for (const uri of uris) {
        const label = vscode.workspace.asRelativePath(uri);
        if (token.isCancellationRequested) {
          out.push({ label, error: 'cancelled' });
          continue;
        }
        progress.report({ message: label, increment: 100 / uris.length });
        try {
          // Opening the document is what makes the server analyse it.
          await ctx.openDocument(uri);
          out.push({ label, report: await ctx.report(uri, token) });
        } catch (e) {
          out.push({ label, error: errorText(e) });
        }
      }
      return out;
    },
  );
  const { text, totals } = aggregateReport(reports);
  ctx.output.clear();
  ctx.output.append(text);
  ctx.output.show(true);
  const line = `Layerlens: ${summaryLine(totals)}`;
  if (totals.failed || totals.errors || totals.unreachable) void vscode.window.showWarningMessage(line);
  else void vscode.window.showInformationMessage(line);
  return totals;
};

/** Open the layer trace; `{ uri, object, line }` (from a code lens) focuses one object at one point of the timeline. */
export const showTrace: CommandFactory = (ctx) => {
  let panel: TracePanel | undefined;
  return async (arg?: unknown): Promise<boolean> => {
    const uri = targetUri(arg);
    if (!uri) {
      void vscode.window.showWarningMessage('Layerlens: open a .layers file to see its layer trace.');
      return false;
    }
    if (!panel) {
      panel = new TracePanel(ctx);
      ctx.push(panel);
    }
    try {
      await ctx.openDocument(uri);
    } catch (e) {
      void vscode.window.showErrorMessage(`Layerlens: cannot open ${uri.toString(true)}: ${errorText(e)}`);
      return false;
    }
    const args = parseTraceArgs(arg);
    // From the palette or the editor title (no argument): the point of the cursor. From a lens: its line, or the end of the file.
    const editor = vscode.window.activeTextEditor;
    const cursor = arg === undefined && editor?.document.uri.toString() === uri.toString() ? editor.selection.active.line : undefined;
    await panel.show(uri, args.object, args.line ?? cursor);
    return true;
  };
};

/** The language reference shipped in the extension (docs/reference), as a Markdown preview. */
export const openReference: CommandFactory = (ctx) => async (): Promise<boolean> => {
  const uri = vscode.Uri.joinPath(ctx.extension.extensionUri, 'docs', 'reference', 'README.md');
  try {
    await vscode.workspace.fs.stat(uri);
  } catch {
    void vscode.window.showErrorMessage(`Layerlens: the language reference is missing from this installation (${uri.toString(true)}).`);
    return false;
  }
  await vscode.commands.executeCommand('markdown.showPreview', uri);
  return true;
};

export const restartServer: CommandFactory = (ctx) => async (): Promise<boolean> => {
  const client = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Restarting the Layerlens language server' },
    () => ctx.restart(),
  );
  if (!client) {
    void vscode.window.showErrorMessage('Layerlens: the language server did not start; see the "Layerlens Language Server" output.');
    ctx.serverOutput.show(true);
    return false;
  }
  return true;
};
