// The readings of one object's abilities, for `run --json` and the CLI's
// `--readings`: every `text` line of its declaration as the compiler read it
// (whatever effects later did to the object), then the abilities it has now
// from elsewhere (granted, copied, a keyword counter, a basic land type).

import type { Diagnostic, ObjectDecl, Range } from '../syntax/ast';
import type { Analysis, ObjectView } from '../engine/results';
import { levelSectionLines, withLevels } from '../engine/levels';
import { compileContext, compileLine } from '../engine/objects';
import { readAbility, type AbilityReading } from './reading';

export interface ObjectReading extends AbilityReading {
  /** Where the ability comes from: `printed` (a `text` line of the declaration) or what gave it. */
  origin: string;
  /** Zero-based line of the `text` line, for printed abilities. */
  line: number | null;
}

const inside = (d: Range, r: Range) =>
  d.start.line === r.start.line && d.start.character >= r.start.character && d.end.character <= r.end.character;

function printedReadings(decl: ObjectDecl, knownNames: string[]): ObjectReading[] {
  const ctx = compileContext(decl, knownNames);
  const out: ObjectReading[] = [];
  const raw = decl.texts.map((t) => compileLine(t.value, t.range, ctx, '', 0));
  // 711.2: a level section's lines are read into its LEVEL line's ability; each still shows how it reads.
  const leveled = withLevels(decl.texts, raw);
  const inSection = levelSectionLines(decl.texts);
  for (const [i, t] of decl.texts.entries()) {
    const { abilities, diagnostics } = inSection.has(i) ? raw[i]! : leveled[i]!;
    const on = (r: Range | undefined): Diagnostic[] => diagnostics.filter((d) => (abilities.length === 1 || !r ? true : inside(d.range, r)));
    for (const a of abilities) out.push({ ...readAbility(a.ability, 'printed', on(a.range)), origin: 'printed', line: t.range.start.line });
    // Reminder text alone gives no ability; a line the compiler dropped still says why.
    if (!abilities.length && diagnostics.length) out.push({ text: t.value, kind: 'unknown', status: 'not-understood', reasons: diagnostics.map((d) => d.message), summary: 'not understood', generates: [], origin: 'printed', line: t.range.start.line });
  }
  return out;
}

/** Readings for one object of the analysis. */
export function objectReadings(a: Analysis, o: ObjectView): ObjectReading[] {
  const decl = a.file.objects.find((d) => d.range.start.line === o.declRange.start.line && d.name.text === o.declName);
  const knownNames = a.file.objects.flatMap((d) => [d.name.text, ...(d.alias ? [d.alias.text] : [])]);
  const printed = decl ? printedReadings(decl, knownNames) : [];
  const others = o.chars.abilities.filter((v) => v.origin !== 'printed').map((v): ObjectReading => ({ ...readAbility(v.ability, v.origin), origin: v.origin, line: null }));
  return [...printed, ...others];
}
