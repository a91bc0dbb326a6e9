// The readable report of `layerlens run` (spec section 8): per file, the
// problems with file:line:col, a table of every object at the end of the
// file, the players, each expectation ✓ or ✗, loops, and the outcomes when
// a choice made the game branch.

import type { Analysis, Outcome, WorldView } from '../engine/results';
import { abilitiesOf, colorsOf, countersOf, objectLabel, ptOf, table, typeLineOf, type Style } from './format';

export interface FileSummary {
  passed: number;
  failed: number;
  errors: number;
  warnings: number;
}

export function summarize(a: Analysis): FileSummary {
  return {
    passed: a.expectations.filter((e) => e.passed).length,
    failed: a.expectations.filter((e) => !e.passed).length,
    errors: a.diagnostics.filter((d) => d.severity === 'error').length,
    warnings: a.diagnostics.filter((d) => d.severity === 'warning').length,
  };
}

export function objectRows(w: WorldView): string[][] {
  return w.objects
    .filter((o) => o.zone !== null)
    .map((o) => [objectLabel(o), ptOf(o.chars), typeLineOf(o.chars), colorsOf(o.chars), abilitiesOf(o.chars), o.controller, o.zone ?? '', [o.tapped ? 'tapped' : '', countersOf(o), o.faceDown ? 'face down' : ''].filter(Boolean).join(', ')]);
}

function worldLines(w: WorldView, s: Style): string[] {
  const out: string[] = [];
  const rows = objectRows(w);
  if (rows.length) out.push(...table(['object', 'P/T', 'type', 'colors', 'abilities', 'controller', 'zone', 'state'], rows).map((l, i) => (i === 0 ? s.bold(l) : l)));
  const nowhere = w.objects.filter((o) => o.zone === null).map((o) => o.id);
  if (nowhere.length) out.push(s.dim(`not in any zone: ${nowhere.join(', ')}`));
  out.push('');
  out.push(
    ...table(
      ['player', 'life', 'hand', 'graveyard', 'max hand size', 'abilities'],
      w.players.map((p) => [p.name + (p.name === w.activePlayer ? ' (active)' : ''), String(p.life), String(p.handSize), String(p.graveyard.length), p.maxHandSize === null ? 'none' : String(p.maxHandSize), p.abilities.join(', ') || '—']),
    ).map((l, i) => (i === 0 ? s.bold(l) : l)),
  );
  if (w.loops.length) {
    const byId = new Map(w.effects.map((e) => [e.id, e]));
    out.push('', s.bold('dependency loops (613.8b, applied in timestamp order):'));
    for (const l of w.loops) out.push(`  ${l.map((id) => byId.get(id)?.sourceName ?? id).join(' ↔ ')}`);
  }
  return out;
}

function outcomeHeader(o: Outcome, i: number): string {
  return `outcome ${i + 1}${o.choices.length ? `: ${o.choices.join('; ')}` : ''}`;
}

export function reportFile(file: string, a: Analysis, s: Style): string[] {
  const out: string[] = [];
  const sum = summarize(a);
  const title = a.file.scenario ? ` — ${a.file.scenario.title.value}` : '';
  out.push(s.bold(`${file}${title}`));
  for (const d of a.diagnostics) {
    if (d.severity === 'hint') continue;
    const where = `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
    const sev = d.severity === 'error' ? s.red('error') : d.severity === 'warning' ? s.yellow('warning') : s.dim('info');
    out.push(`${where}: ${sev}: ${d.message} [${d.code}]`);
  }
  out.push('');
  const outcomes = a.final.outcomes;
  if (outcomes.length === 1) out.push(...worldLines(outcomes[0]!.world, s));
  else
    outcomes.forEach((o, i) => {
      out.push(s.bold(outcomeHeader(o, i)));
      out.push(...worldLines(o.world, s).map((l) => `  ${l}`));
      out.push('');
    });
  if (a.expectations.length) {
    out.push('', s.bold('expectations:'));
    for (const e of a.expectations) {
      if (e.passed) out.push(`  ${s.green('✓')} line ${e.line + 1}: ${e.text}`);
      else out.push(`  ${s.red('✗')} line ${e.line + 1}: ${e.text}`, `      expected ${e.expected}`, `      got      ${e.actual}`);
    }
  }
  out.push('', `${sum.passed} passed, ${sum.failed} failed, ${sum.errors} error${sum.errors === 1 ? '' : 's'}, ${sum.warnings} warning${sum.warnings === 1 ? '' : 's'}`);
  return out;
}
