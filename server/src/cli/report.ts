// The readable report of `layerlens run` (spec section 8): per file, the
// problems as file:line:col, a table of every object at the end of the file,
// the players, loops, each expectation ✓ or ✗, and, when replacement choices
// left the game with several outcomes (616.1), what differs between them and
// which choices lead to each.

import type { Diagnostic } from '../syntax/ast';
import type { Analysis, ObjectView, Outcome, PlayerView, WorldView } from '../engine/results';
import { abilityList, colorsOf, countersOf, location, objectLabel, objectTitle, plural, ptOf, typeLineOf, type Style } from './format';
import { append } from '../util/arrays';
import { hanging, REPORT_WIDTH, table } from './table';

export interface FileSummary {
  passed: number;
  failed: number;
  errors: number;
  warnings: number;
}

/** One column of the object or player table; `multi` cells hold one item per line. */
interface Column<T> {
  header: string;
  value(x: T, w: WorldView): string;
  multi?: boolean;
}

/** The diagnostic the engine gives a failed expectation: counted as a failure, not again as an error. */
const EXPECT_FAILED = 'expect-failed';

export function summarize(a: Analysis): FileSummary {
  return {
    passed: a.expectations.filter((e) => e.passed).length,
    failed: a.expectations.filter((e) => !e.passed).length,
    errors: a.diagnostics.filter((d) => d.severity === 'error' && d.code !== EXPECT_FAILED).length,
    warnings: a.diagnostics.filter((d) => d.severity === 'warning').length,
  };
}

function labelOf(w: WorldView, id: string): string {
  const o = w.objects.find((x) => x.id === id);
  return o ? objectLabel(o) : id;
}

/** What the table has no column for: face down (708.2), attachment, damage, an owner other than the controller, tapped. */
function notesOf(o: ObjectView, w: WorldView): string {
  const n: string[] = [];
  if (o.faceDown) n.push('face down');
  if (o.attachedTo) n.push(`attached to ${labelOf(w, o.attachedTo)}`);
  if (o.damage) n.push(`${o.damage} damage`);
  if (o.owner !== o.controller) n.push(`owned by ${o.owner}`);
  if (o.isToken) n.push('token');
  if (o.zone === 'battlefield' && o.tapped) n.push('tapped');
  // 613.11: rule effects, in the words of the ability that makes them.
  for (const r of o.rules) n.push(r);
  return n.join(', ');
}

/** A line of the report in REPORT_WIDTH columns, continued `indent` spaces in. */
const fit = (line: string, indent: number) => hanging(line, REPORT_WIDTH, indent);

const DIFFERS = '(differs by outcome)';

const OBJECT_COLUMNS: Column<ObjectView>[] = [
  { header: 'object', value: (o) => objectTitle(o) },
  { header: 'P/T', value: (o) => ptOf(o.chars) },
  { header: 'type', value: (o) => typeLineOf(o.chars) },
  { header: 'colors', value: (o) => colorsOf(o.chars) },
  { header: 'controller', value: (o) => o.controller },
  { header: 'zone', value: (o) => o.zone ?? 'nowhere' },
  { header: 'counters', value: (o) => countersOf(o) },
  { header: 'notes', value: notesOf },
  // Not a column: listed under the row, one ability per line (Oracle texts are long).
  { header: 'abilities', value: (o) => abilityList(o.chars).join('\n'), multi: true },
];

/** Columns shown only when some row has a value. */
const OPTIONAL = new Set(['counters', 'notes']);

/** The abilities under an object's row: `  · Flying`, long texts wrapped under themselves. */
function abilityLines(cell: string): string[] {
  if (!cell) return [];
  const items = cell === DIFFERS ? ['abilities differ by outcome (see the outcomes below)'] : cell.split('\n');
  return items.flatMap((a) => fit(`  · ${a}`, 4 + (a.startsWith('"') ? 1 : 0)));
}

const PLAYER_COLUMNS: Column<PlayerView>[] = [
  { header: 'player', value: (p, w) => p.name + (p.name === w.activePlayer ? ' (active)' : '') },
  { header: 'life', value: (p) => String(p.life) },
  { header: 'hand', value: (p) => String(p.handSize) },
  { header: 'graveyard', value: (p) => String(p.graveyard.length) },
  { header: 'exile', value: (p) => String(p.exile.length) },
  { header: 'max hand size', value: (p) => (p.maxHandSize === null ? 'none' : String(p.maxHandSize)) },
  { header: 'abilities', value: (p) => [...p.abilities, ...p.rules.map((r) => `rule: ${r}`)].join('\n') || '—', multi: true },
];


const placed = (w: WorldView) => w.objects.filter((o) => o.zone !== null);

/**
 * One table over all outcomes: a cell the outcomes agree on shows the value,
 * one they disagree on shows the alternatives joined by `or` (as an `expect`
 * with alternatives is written). `diffs[k]` lists outcome k's own values.
 */
function merged<T>(
  worlds: readonly WorldView[],
  items: (w: WorldView) => T[],
  key: (x: T) => string,
  columns: readonly Column<T>[],
  title: (x: T, w: WorldView) => string,
): { rows: string[][]; diffs: string[][] } {
  const order: string[] = [];
  const per = worlds.map((w) => new Map(items(w).map((x) => [key(x), x] as const)));
  for (const m of per) for (const k of m.keys()) if (!order.includes(k)) order.push(k);
  const diffs: string[][] = worlds.map(() => []);
  const rows = order.map((k) => {
    const first = per.findIndex((m) => m.has(k));
    const name = title(per[first]!.get(k)!, worlds[first]!);
    return columns.map((c, ci) => {
      const values = per.map((m, i) => {
        const x = m.get(k);
        return x === undefined ? '(absent)' : c.value(x, worlds[i]!);
      });
      const distinct = [...new Set(values)];
      if (distinct.length === 1) return distinct[0]!;
      values.forEach((v, i) => diffs[i]!.push(ci === 0 ? `${name}: ${v}` : `${name}: ${c.header} ${v ? v.replace(/\n/g, '; ') : '(none)'}`));
      if (c.multi) return DIFFERS;
      return distinct.map((v) => v || '(none)').join(' or ');
    });
  });
  return { rows, diffs };
}

function loopLines(worlds: readonly WorldView[], s: Style): string[] {
  const loops = new Set<string>();
  for (const w of worlds) {
    const byId = new Map(w.effects.map((e) => [e.id, e]));
    for (const l of w.loops) loops.add(l.map((id) => byId.get(id)?.sourceName ?? id).join(' ↔ '));
  }
  if (!loops.size) return [];
  return ['', s.bold('dependency loops (613.8b: their effects apply in timestamp order):'), ...[...loops].map((l) => `  ${l}`)];
}

export function stateLines(outcomes: readonly Outcome[], s: Style): string[] {
  const worlds = outcomes.map((o) => o.world);
  if (!worlds.length) return [s.dim('(no game state: the file could not be analysed)')];
  const out: string[] = [];
  const objs = merged(worlds, placed, (o) => o.id, OBJECT_COLUMNS, (o) => objectLabel(o));
  if (objs.rows.length) {
    const ab = OBJECT_COLUMNS.length - 1;
    const cols = OBJECT_COLUMNS.map((_, i) => i).filter((i) => i !== ab && (!OPTIONAL.has(OBJECT_COLUMNS[i]!.header) || objs.rows.some((r) => r[i])));
    const lines = table(cols.map((i) => OBJECT_COLUMNS[i]!.header), objs.rows.map((r) => cols.map((i) => r[i]!)), { maxWidth: REPORT_WIDTH, below: objs.rows.map((r) => abilityLines(r[ab]!)) });
    append(out, lines.map((l, i) => (i === 0 ? s.bold(l) : l)));
  } else out.push(s.dim('no object is in any zone'));
  const nowhere = worlds[0]!.objects.filter((o) => o.zone === null).map(objectLabel);
  if (nowhere.length) append(out, fit(`not in any zone: ${nowhere.join(', ')}`, 2).map(s.dim));
  out.push('');
  const players = merged(worlds, (w) => w.players, (p) => p.name, PLAYER_COLUMNS, (p) => p.name);
  append(out, table(PLAYER_COLUMNS.map((c) => c.header), players.rows, { maxWidth: REPORT_WIDTH }).map((l, i) => (i === 0 ? s.bold(l) : l)));
  append(out, loopLines(worlds, s));
  if (outcomes.length > 1) {
    // Outcomes come from open 616.1 orders, or from `you may` / modal choices with no `choosing` answer (engine/choice-actions.ts).
    const answerable = outcomes.some((o) => o.choices.some((c) => / chooses (not )?to |^modes? \d/.test(c)));
    out.push('', s.bold(`${outcomes.length} outcomes (${answerable ? 'a choice was left open: answer it with `choosing …` to keep one' : '616.1: the order of replacement effects was left to a choice'}):`));
    outcomes.forEach((o, i) => {
      append(out, fit(`  outcome ${i + 1}: ${o.choices.length ? o.choices.join('; ') : '(no choice)'}`, 4));
      const d = [...objs.diffs[i]!, ...players.diffs[i]!];
      for (const line of d) append(out, fit(`      ${line}`, 8));
      if (!d.length) out.push(s.dim('      (the same objects and players as the others)'));
    });
  }
  return out;
}

function diagnosticLine(file: string, d: Diagnostic, s: Style): string {
  const sev = d.severity === 'error' ? s.red('error') : d.severity === 'warning' ? s.yellow('warning') : s.cyan('info');
  // A message of several lines keeps its continuation indented under the location.
  // One line per problem, never wrapped: tools read `file:line:col: severity: message [code]` from a line.
  return `${location(file, d.range.start)}: ${sev}: ${d.message.replace(/\n/g, '\n    ')} [${d.code}]`;
}

export function diagnosticLines(file: string, a: Analysis, s: Style): string[] {
  return a.diagnostics
    .filter((d) => d.severity !== 'hint')
    .map((d, i) => ({ d, i }))
    .sort((x, y) => x.d.range.start.line - y.d.range.start.line || x.d.range.start.character - y.d.range.start.character || x.i - y.i)
    .map(({ d }) => diagnosticLine(file, d, s));
}

export function expectationLines(a: Analysis, s: Style): string[] {
  if (!a.expectations.length) return [];
  const out = ['', s.bold('expectations:')];
  for (const e of a.expectations) {
    if (e.passed) {
      append(out, fit(`  ${s.green('✓')} line ${e.line + 1}: ${e.text}`, 6));
      continue;
    }
    append(out, fit(`  ${s.red('✗')} line ${e.line + 1}: ${e.text}`, 6));
    const failed = e.facts.filter((f) => !f.passed);
    const pairs = failed.length > 1 ? failed : [e];
    for (const f of pairs) append(out, [...fit(`      expected ${f.expected}`, 15), ...fit(`      got      ${s.red(f.actual)}`, 15)]);
  }
  return out;
}

export function summaryLine(sum: FileSummary): string {
  return `${sum.passed} passed, ${sum.failed} failed, ${plural(sum.errors, 'error')}, ${plural(sum.warnings, 'warning')}`;
}

export function reportFile(file: string, a: Analysis, s: Style): string[] {
  const title = a.file.scenario ? ` — ${a.file.scenario.title.value}` : '';
  const out = [...fit(`${file}${title}`, 2).map(s.bold), ...diagnosticLines(file, a, s), ''];
  append(out, stateLines(a.final.outcomes, s));
  append(out, expectationLines(a, s));
  out.push('', summaryLine(summarize(a)));
  return out;
}
