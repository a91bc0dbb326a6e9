// `run --readings`: after the report, how every ability of every object was
// read, in the same words as `--json` and the hover (present/reading.ts).

import type { Analysis } from '../engine/results';
import { objectReadings } from '../present/object-readings';
import type { ReadingItem } from '../present/reading';
import type { Style } from './format';

function itemLines(item: ReadingItem, indent: string): string[] {
  const head = item.layer ? `layer ${item.layer}: ${item.text}` : item.kind === 'replacement' ? `replacement: ${item.text}` : item.text;
  return [`${indent}- ${head}`, ...(item.items ?? []).flatMap((i) => itemLines(i, `${indent}  `))];
}

export function readingLines(a: Analysis, s: Style): string[] {
  const out = [s.bold('readings:')];
  for (const o of a.final.outcomes[0]?.world.objects ?? []) {
    if (o.zone === null) continue;
    const rs = objectReadings(a, o);
    if (!rs.length) continue;
    out.push(`  ${o.chars.name || o.declName} (${o.id}):`);
    for (const r of rs) {
      const status = r.status === 'simulated' ? s.green(r.status) : r.status === 'not-simulated' ? s.yellow(r.status) : s.red(r.status);
      out.push(`    ${r.line !== null ? `line ${r.line + 1}` : r.origin}: "${r.text}" — ${status}${r.reasons.length ? `: ${r.reasons.join('; ')}` : ''}`);
      out.push(`      ${r.summary}`);
      for (const item of r.generates) out.push(...itemLines(item, '      '));
    }
  }
  return out;
}
