// A tiny sequential test runner for the extension host: mocha is not bundled
// and the tests share one window, so they run one after the other, each with
// a time limit, and every result is printed and collected.

import type { TestResult } from './control';

export interface TestCase {
  name: string;
  fn: () => Promise<void>;
  timeoutMs: number;
}

/** The harness echoes console lines that start with this (scripts/e2e/browser.mjs, SUITE_MARK). */
export const LOG_MARK = '[layerlens-e2e]';

/** Print to the harness's terminal (the extension host's console reaches it through the workbench). */
export function log(line: string): void {
  console.log(`${LOG_MARK} ${line}`);
}

const registry: TestCase[] = [];

/** Register a test; the order of registration is the order of running. */
export function test(name: string, fn: () => Promise<void>, timeoutMs = 60_000): void {
  registry.push({ name, fn, timeoutMs });
}

export function registeredTests(): readonly TestCase[] {
  return registry;
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack ?? e.message;
  return String(e);
}

/** Reject after `ms` with a message naming what was awaited. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export async function runTests(tests: readonly TestCase[]): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const t of tests) {
    const start = Date.now();
    try {
      await withTimeout(t.fn(), t.timeoutMs, t.name);
      const ms = Date.now() - start;
      results.push({ name: t.name, passed: true, ms });
      log(`  ✓ ${t.name} (${ms} ms)`);
    } catch (e) {
      const ms = Date.now() - start;
      results.push({ name: t.name, passed: false, ms, error: errorText(e) });
      log(`  ✗ ${t.name} (${ms} ms)`);
      log(errorText(e).split('\n').map((l) => `      ${l}`).join('\n'));
    }
  }
  return results;
}
