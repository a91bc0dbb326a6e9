// 711: leveler cards. A `LEVEL N1-N2` or `LEVEL N3+` line starts a section
// (711.2a): the line after it is the section's power/toughness and the lines
// up to the next section are its abilities. 711.2b: the level symbol is a
// static ability: "As long as this creature has at least N1 level counters
// on it, but no more than N2 level counters on it, it has base power and
// toughness [P/T] and has [abilities]." The section's lines are read into
// that one ability; they are not abilities of the creature by themselves.

import type { Ability, Condition, Part } from '../effects/ir';
import type { Diagnostic, Located } from '../syntax/ast';
import type { AbilityInstance } from './state';

/** What one `text` line gave: its abilities and the problems found on it. */
export interface LineResult {
  abilities: AbilityInstance[];
  diagnostics: Diagnostic[];
}

/** `LEVEL 2-5`, `LEVEL 6+` (the symbol's words as the Oracle text prints them). */
const LEVEL = /^\s*level\s+(\d+)\s*(?:-|–|—)\s*(\d+)\s*$|^\s*level\s+(\d+)\s*\+\s*$/i;
const PT = /^\s*(\d+)\/(\d+)\s*$/;

interface Section {
  min: number;
  max?: number;
  /** Index of the LEVEL line among the texts. */
  at: number;
  power?: number;
  toughness?: number;
  /** Indexes of the section's ability lines. */
  lines: number[];
}

/** The level sections of a card's text lines (711.2a), or none when it has no level symbol. */
function sections(texts: readonly string[]): Section[] {
  const out: Section[] = [];
  texts.forEach((t, i) => {
    const m = LEVEL.exec(t);
    if (m) {
      out.push({ min: Number(m[1] ?? m[3]), ...(m[2] !== undefined ? { max: Number(m[2]) } : {}), at: i, lines: [] });
      return;
    }
    const s = out[out.length - 1];
    if (!s) return;
    const pt = PT.exec(t);
    if (pt && s.power === undefined && !s.lines.length) {
      s.power = Number(pt[1]);
      s.toughness = Number(pt[2]);
    } else s.lines.push(i);
  });
  return out;
}

/** 711.2b: the level symbol's static ability, holding its section's P/T and abilities. */
function levelAbility(s: Section, text: string, abilities: Ability[]): Ability {
  const count = { kind: 'counters' as const, counter: 'level', of: { kind: 'self' as const } };
  const bounds: Condition[] = [{ kind: 'compare', left: count, op: '>=', right: { kind: 'const', value: s.min } }];
  if (s.max !== undefined) bounds.push({ kind: 'compare', left: count, op: '<=', right: { kind: 'const', value: s.max } });
  const parts: Part[] = [];
  if (s.power !== undefined) parts.push({ layer: '7b', kind: 'pt', power: { kind: 'const', value: s.power }, toughness: { kind: 'const', value: s.toughness! } });
  if (abilities.length) parts.push({ layer: '6', kind: 'abilities', add: abilities });
  return {
    kind: 'static',
    text,
    cda: false,
    replacements: [],
    effects: parts.length ? [{ affected: { kind: 'object', ref: { kind: 'self' } }, parts, condition: bounds.length === 1 ? bounds[0] : { kind: 'all', conditions: bounds } }] : [],
  };
}

/**
 * Group the per-line results of a card's text (each line compiled on its
 * own) into level sections: a LEVEL line gets the section's static ability,
 * the P/T line and the section's ability lines give no ability of their own.
 */
export function withLevels(texts: readonly Located<string>[], lines: LineResult[]): LineResult[] {
  const found = sections(texts.map((t) => t.value));
  if (!found.length) return lines;
  const out = lines.map((l) => ({ ...l }));
  for (const s of found) {
    const inner = s.lines.flatMap((i) => out[i]!.abilities.map((a) => a.ability));
    for (const i of s.lines) out[i] = { abilities: [], diagnostics: out[i]!.diagnostics };
    const ptLine = s.power !== undefined ? s.at + 1 : -1;
    if (ptLine >= 0) out[ptLine] = { abilities: [], diagnostics: [] };
    const text = texts[s.at]!.value.trim();
    const key = out[s.at]!.abilities[0]?.key ?? `/level${s.at}`;
    out[s.at] = { abilities: [{ key, text, ability: levelAbility(s, text, inner), origin: 'printed', range: texts[s.at]!.range }], diagnostics: [] };
  }
  return out;
}

/** The section lines of a card's texts whose abilities live inside a level ability (for readings). */
export function levelSectionLines(texts: readonly Located<string>[]): Set<number> {
  return new Set(sections(texts.map((t) => t.value)).flatMap((s) => s.lines));
}

/** The LEVEL lines and their P/T lines (711.2a): read by this module, not by the effect compiler. */
export function levelHeaderLines(texts: readonly Located<string>[]): Set<number> {
  return new Set(sections(texts.map((t) => t.value)).flatMap((s) => (s.power !== undefined ? [s.at, s.at + 1] : [s.at])));
}
