// `--json`: one document for all files, as spec section 8 gives it. Ranges
// and lines are zero-based, as in the Language Server Protocol.

import type { Analysis, ObjectView, PlayerView, WorldView } from '../engine/results';

export interface JsonObject {
  name: string;
  id: string;
  zone: string | null;
  controller: string;
  owner: string;
  power: number | null;
  toughness: number | null;
  colors: string[];
  supertypes: string[];
  types: string[];
  subtypes: string[];
  abilities: string[];
  counters: Record<string, number>;
  tapped: boolean;
}

export function objectJson(o: ObjectView): JsonObject {
  return {
    name: o.chars.name || o.declName,
    id: o.id,
    zone: o.zone,
    controller: o.controller,
    owner: o.owner,
    power: o.chars.power,
    toughness: o.chars.toughness,
    colors: o.chars.colors,
    supertypes: o.chars.supertypes,
    types: o.chars.types,
    subtypes: o.chars.subtypes,
    abilities: o.chars.abilities.map((a) => a.text),
    counters: o.counters,
    tapped: o.tapped,
  };
}

function playerJson(p: PlayerView) {
  return { name: p.name, life: p.life, hand: p.handSize, graveyard: p.graveyard.length, exile: p.exile.length, libraryDrawn: p.libraryDrawn, maxHandSize: p.maxHandSize, abilities: p.abilities };
}

function loopsJson(w: WorldView) {
  const byId = new Map(w.effects.map((e) => [e.id, e]));
  return w.loops.map((l) => l.map((id) => ({ effect: id, source: byId.get(id)?.sourceName ?? id, text: byId.get(id)?.text ?? '' })));
}

export function fileJson(file: string, a: Analysis) {
  const outcomes = a.final.outcomes;
  const w = outcomes[0]?.world;
  return {
    file,
    diagnostics: a.diagnostics.map((d) => ({ range: d.range, severity: d.severity, code: d.code, message: d.message })),
    expectations: a.expectations.map((e) => ({ line: e.line, text: e.text, passed: e.passed, expected: e.expected, actual: e.actual })),
    objects: w ? w.objects.filter((o) => o.zone !== null).map(objectJson) : [],
    players: w ? w.players.map(playerJson) : [],
    loops: w ? loopsJson(w) : [],
    ...(outcomes.length > 1
      ? { outcomes: outcomes.map((o) => ({ choices: o.choices, objects: o.world.objects.filter((x) => x.zone !== null).map(objectJson), players: o.world.players.map(playerJson) })) }
      : {}),
  };
}
