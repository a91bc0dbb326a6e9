// End-to-end suite of the Layerlens extension, run inside a real VS Code
// (VS Code's server from code-server, in Chromium) by scripts/e2e/run.mjs.
// This module is the `extensionTestsPath`: VS Code calls run() in the
// extension host; a rejection becomes a non-zero exit code, which the
// workbench hands to the harness through `codeAutomationExit`.

import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { readControl, type SuiteResults } from './control';
import { errorText, log, registeredTests, runTests } from './runner';
import { takeScreenshots } from './screenshots';
// Registration order is running order: basics first (they activate the extension).
import './tests/basics';
import './tests/diagnostics';
import './tests/language';
import './tests/ui';
import './tests/commands';
import './tests/server';
import './tests/typing';
import './tests/lenses';
import './tests/status';
import './tests/trace';

export async function run(): Promise<void> {
  const control = readControl();
  if (control.mode === 'screenshots') {
    try {
      await takeScreenshots();
    } catch (e) {
      log(`screenshot scenes failed: ${errorText(e)}`);
      throw e;
    }
    return;
  }
  const tests = registeredTests().filter((t) => !control.grep || t.name.includes(control.grep));
  log(`Layerlens end-to-end suite: ${tests.length} tests in VS Code ${vscode.version}`);
  const results = await runTests(tests);
  const failed = results.filter((r) => !r.passed).length;
  const summary: SuiteResults = { vscodeVersion: vscode.version, total: results.length, passed: results.length - failed, failed, tests: results };
  writeFileSync(control.results, JSON.stringify(summary, null, 2));
  log(`Layerlens end-to-end suite: ${summary.passed} passed, ${failed} failed`);
  if (failed > 0 || results.length === 0) throw new Error(`${failed} of ${results.length} end-to-end tests failed`);
}
