// What the end-to-end tests share: opening workspace files, waiting for
// diagnostics through `onDidChangeDiagnostics` (never fixed sleeps), and
// retrying provider queries whose answer depends on the server having
// analysed the file.

import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { workspaceRoot } from './control';

export const EXTENSION_ID = 'layerlens.layerlens';
export const LANGUAGE_ID = 'layers';

/** The URI of a workspace file, by its path relative to the workspace folder. */
export function wsUri(rel: string): vscode.Uri {
  return vscode.Uri.file(join(workspaceRoot(), rel));
}

/** Write a file into the workspace (tests edit copies, never the repository). */
export function writeWs(rel: string, text: string): vscode.Uri {
  const p = join(workspaceRoot(), rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
  return vscode.Uri.file(p);
}

export function copyIntoWs(absSource: string, rel: string): vscode.Uri {
  const p = join(workspaceRoot(), rel);
  mkdirSync(dirname(p), { recursive: true });
  copyFileSync(absSource, p);
  return vscode.Uri.file(p);
}

/** Open and show a workspace file in an editor. */
export async function openEditor(rel: string | vscode.Uri): Promise<vscode.TextEditor> {
  const uri = typeof rel === 'string' ? wsUri(rel) : rel;
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc, { preview: false });
}

export function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) {
    const ids = vscode.extensions.all.map((e) => e.id).filter((id) => !id.startsWith('vscode.'));
    throw new Error(`extension ${EXTENSION_ID} is not loaded (non-builtin extensions: ${ids.join(', ') || 'none'})`);
  }
  return ext;
}

export function describeDiagnostics(ds: readonly vscode.Diagnostic[]): string {
  if (ds.length === 0) return '(no diagnostics)';
  return ds
    .map((d) => `${vscode.DiagnosticSeverity[d.severity]} line ${d.range.start.line + 1}: ${d.message}${d.source ? ` [${d.source}]` : ''}`)
    .join('\n');
}

/**
 * Resolve with the diagnostics of `uri` as soon as `accept` holds for them:
 * now, or at one of the next `onDidChangeDiagnostics` events for that URI.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (ds: readonly vscode.Diagnostic[]) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<readonly vscode.Diagnostic[]> {
  const key = uri.toString();
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const ds = vscode.languages.getDiagnostics(uri);
      if (!accept(ds)) return false;
      cleanup();
      resolve(ds);
      return true;
    };
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === key)) check();
    });
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for diagnostics of ${vscode.workspace.asRelativePath(uri)}: ${what}\nlast seen:\n${describeDiagnostics(vscode.languages.getDiagnostics(uri))}`));
    }, timeoutMs);
    function cleanup(): void {
      clearTimeout(timer);
      sub.dispose();
    }
    check();
  });
}

/**
 * Ask `query` again until `accept` holds: providers answer from the server's
 * latest analysis, which has no event of its own. Each try is a real request;
 * the pause between tries only spaces them out.
 */
export async function until<T>(query: () => Thenable<T> | Promise<T>, accept: (v: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  let pause = 100;
  for (;;) {
    try {
      last = await query();
      if (accept(last)) return last;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      const seen = lastError ? `error: ${lastError instanceof Error ? lastError.message : String(lastError)}` : `last answer: ${safeJson(last)}`;
      throw new Error(`timed out after ${timeoutMs} ms: ${what} (${seen})`);
    }
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(pause * 2, 1000);
  }
}

export function safeJson(v: unknown): string {
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 1500 ? s.slice(0, 1500) + '…' : s;
  } catch {
    return String(v);
  }
}

/** The text of a hover's contents, whatever form each part has. */
export function hoverText(hovers: readonly vscode.Hover[]): string {
  const parts: string[] = [];
  for (const h of hovers) {
    for (const c of h.contents) {
      if (typeof c === 'string') parts.push(c);
      else if (c instanceof vscode.MarkdownString) parts.push(c.value);
      else if (c && typeof c === 'object' && 'value' in c) parts.push(String((c as { value: unknown }).value));
    }
  }
  return parts.join('\n');
}

/** The position of the first `needle` on the first line that matches `lineRe`. */
export function positionOf(doc: vscode.TextDocument, lineRe: RegExp, needle: string): vscode.Position {
  for (let i = 0; i < doc.lineCount; i++) {
    const text = doc.lineAt(i).text;
    if (lineRe.test(text)) {
      const col = text.indexOf(needle);
      if (col >= 0) return new vscode.Position(i, col + Math.floor(needle.length / 2));
    }
  }
  throw new Error(`no line matching ${lineRe} containing "${needle}" in ${doc.uri.toString(true)}`);
}

/** Close every editor so a test starts from a known window. */
export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
