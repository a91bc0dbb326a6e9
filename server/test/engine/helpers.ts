// Shared helpers for engine tests: run a scenario text and read its results.
import { parseLayers } from '../../src/syntax/parser';
import { analyze } from '../../src/engine/analyze';
import type { Analysis, ObjectView, PlayerView } from '../../src/engine/results';

/** Analyse scenario text; lines may be indented in the template literal (common indentation is removed). */
export function run(text: string): Analysis {
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return analyze(parseLayers(lines.map((l) => l.slice(indent)).join('\n'), 'test.layers'));
}

export function finalObject(a: Analysis, id: string): ObjectView {
  const o = a.final.outcomes[0]!.world.objects.find((x) => x.id === id);
  if (!o) throw new Error(`no object ${id}`);
  return o;
}

export function finalPlayer(a: Analysis, name: string): PlayerView {
  const p = a.final.outcomes[0]!.world.players.find((x) => x.name === name);
  if (!p) throw new Error(`no player ${name}`);
  return p;
}

export function pt(o: ObjectView): string {
  return `${o.chars.power}/${o.chars.toughness}`;
}

/** Problems worth failing a test: errors and warnings, as text. */
export function problems(a: Analysis): string[] {
  return a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}: ${d.message}`);
}

export function failedExpectations(a: Analysis): string[] {
  return a.expectations.filter((e) => !e.passed).map((e) => `line ${e.line + 1}: expected ${e.expected}, got ${e.actual}`);
}
