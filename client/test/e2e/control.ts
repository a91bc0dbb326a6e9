// The harness (scripts/e2e/run.mjs) and the suite, which runs in VS Code's
// extension host on the same machine, talk through files: the harness writes
// control.json next to the workspace folder; the suite writes its results
// there and asks the page questions through the bridge folder (ui.ts).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';

export interface Control {
  mode: 'tests' | 'screenshots';
  /** Where the suite writes its SuiteResults JSON. */
  results: string;
  /** Folder of the suite↔browser bridge (`req-<id>.json` / `res-<id>.json`, see ui.ts). */
  bridge: string;
  /** The folder of the extension under test (the repository). */
  repo: string;
  /** Only run tests whose name contains this (LAYERLENS_E2E_GREP of the harness). */
  grep?: string;
}

export interface TestResult {
  name: string;
  passed: boolean;
  ms: number;
  error?: string;
}

export interface SuiteResults {
  vscodeVersion: string;
  total: number;
  passed: number;
  failed: number;
  tests: TestResult[];
}

/** The workspace folder's path on disk (the harness opens a folder under a temp dir). */
export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open');
  return folder.uri.fsPath;
}

export function readControl(): Control {
  const candidates = [process.env.LAYERLENS_E2E_CONTROL, join(dirname(workspaceRoot()), 'control.json')].filter((p): p is string => !!p);
  for (const p of candidates) {
    if (existsSync(p)) return JSON.parse(readFileSync(p, 'utf8')) as Control;
  }
  throw new Error(`no control.json (looked at ${candidates.join(', ')}): run the suite through scripts/e2e/run.mjs`);
}
