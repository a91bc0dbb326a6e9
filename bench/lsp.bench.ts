// `npm run bench:lsp`: the bundled server over stdio on a generated
// 2,000-line scenario. Prints p50/p95 of: server time from didChange to
// publishDiagnostics (the 200 ms debounce subtracted), hover, code lens; and
// the server's resident memory. BENCHMARKS.md records the figures.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const DEBOUNCE_MS = 200;

export function scenario(lines: number): string {
  const out = ['scenario "bench: a long scenario"', 'players Alice, Bob', ''];
  out.push('card "Glorious Anthem" as anthem', '  cost {1}{W}{W}', '  type Enchantment', '  text Creatures you control get +1/+1.');
  out.push('card "Blood Moon" as moon', '  cost {2}{R}', '  type Enchantment', '  text Nonbasic lands are Mountains.');
  let i = 0;
  while (out.length < lines * 0.6) {
    out.push(`card "Bear ${i}" as b${i}`, '  cost {1}{G}', '  type Creature — Bear', '  pt 2/2');
    i++;
  }
  out.push('enter anthem, moon');
  let k = 0;
  while (out.length < lines) {
    out.push(`enter b${k % i}`, `expect b${k % i} 3/3`);
    if (k % 10 === 9) out.push(`move b${k % i} to graveyard`);
    k++;
  }
  return out.join('\n') + '\n';
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

function rssMB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function main(): Promise<void> {
  const proc = spawn(process.execPath, ['dist/server.js', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  let waiting: { version: number; resolve: (t: number) => void } | undefined;
  conn.onNotification('textDocument/publishDiagnostics', (p: { version?: number }) => {
    if (waiting && p.version === waiting.version) waiting.resolve(performance.now());
  });
  conn.onRequest('workspace/codeLens/refresh', () => null);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await conn.sendNotification('initialized', {});
  const uri = 'file:///bench.layers';
  let text = scenario(2000);
  let version = 1;
  const published = (v: number) => new Promise<number>((resolve) => (waiting = { version: v, resolve }));
  let p = published(1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'layers', version, text } });
  await p;
  const lines = text.split('\n');
  const diag: number[] = [];
  for (let i = 0; i < 30; i++) {
    // Edit one expectation near the end, as a user typing would.
    const at = lines.length - 2 - (i % 50) * 2;
    lines[at] = lines[at]!.replace(/\d+\/\d+$/, i % 2 ? '3/3' : '4/4');
    text = lines.join('\n');
    version++;
    p = published(version);
    const t0 = performance.now();
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    const t1 = await p;
    diag.push(t1 - t0 - DEBOUNCE_MS);
  }
  const hover: number[] = [];
  const lens: number[] = [];
  for (let i = 0; i < 100; i++) {
    const line = lines.length - 2 - (i % 200) * 2;
    let t0 = performance.now();
    await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: 8 } });
    hover.push(performance.now() - t0);
    t0 = performance.now();
    await conn.sendRequest('textDocument/codeLens', { textDocument: { uri } });
    lens.push(performance.now() - t0);
  }
  const rss = rssMB(proc.pid!);
  const row = (name: string, xs: number[], target: string) => `| ${name} | ${pct(xs, 50).toFixed(1)} ms | ${pct(xs, 95).toFixed(1)} ms | ${target} |`;
  console.log(`2,000-line scenario (${text.split('\n').length} lines)\n`);
  console.log('| measure | p50 | p95 | target (p95) |\n|---|---|---|---|');
  console.log(row('didChange → publishDiagnostics, server time (debounce excluded)', diag, '≤ 50 ms'));
  console.log(row('hover', hover, '≤ 10 ms'));
  console.log(row('code lens', lens, '≤ 20 ms'));
  console.log(`\nresident memory of the server: ${rss.toFixed(0)} MB (target ≤ 150 MB)`);
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  conn.dispose();
  proc.kill();
}

if (/lsp(\.bench)?\.(ts|js)$/.test(process.argv[1] ?? "")) void main();
