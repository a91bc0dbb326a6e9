// `--json`: one document for all files, as spec section 8 gives it, for the
// state at the end of each file. Ranges and lines are zero-based, as in the
// Language Server Protocol. With `--trace`, objects and players also carry
// their layer steps and the file its event reports.

import type { Range, Severity } from '../syntax/ast';
import type { Analysis, ObjectView, Outcome, PlayerView, TraceStep, WorldView } from '../engine/results';
import { reasonText } from './trace';
import { objectReadings, type ObjectReading } from '../present/object-readings';

export interface JsonStep {
  layer: string;
  timestamp: number[];
  source: string;
  text: string;
  line: number | null;
  description: string;
  reason: string;
  why: string;
  changes: { characteristic: string; before: string; after: string }[];
}

export interface JsonObject {
  name: string;
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
  /** Beyond the spec's keys: the id (`alias`, `alias#k`) that tells copies apart. */
  id: string;
  /** 613.11 rule effects on it (only when there are some): `can't attack or block (Pacifism)`. */
  rules?: string[];
  /** How each ability was read (issue 8): status, reasons, and what it generates, in the hover's words. */
  readings?: ObjectReading[];
  trace?: JsonStep[];
}

export interface JsonPlayer {
  name: string;
  life: number;
  hand: number;
  graveyard: number;
  exile: number;
  libraryDrawn: number;
  maxHandSize: number | null;
  abilities: string[];
  rules?: string[];
  trace?: JsonStep[];
}

export interface JsonLoopMember {
  effect: string;
  source: string;
  text: string;
}

export interface JsonFile {
  file: string;
  diagnostics: { range: Range; severity: Severity; code: string; message: string }[];
  expectations: { line: number; text: string; passed: boolean; expected: string; actual: string }[];
  objects: JsonObject[];
  players: JsonPlayer[];
  loops: JsonLoopMember[][];
  outcomes?: { choices: string[]; objects: JsonObject[]; players: JsonPlayer[]; loops: JsonLoopMember[][] }[];
  events?: { line: number; summary: string; changes: string[]; replacements: string[]; stateBasedActions: string[]; outcomes: string[][] }[];
}

function effectNamer(w: WorldView): (id: string) => string {
  const byId = new Map(w.effects.map((e) => [e.id, e.sourceName]));
  return (id) => byId.get(id) ?? id;
}

function stepJson(step: TraceStep, names: (id: string) => string): JsonStep {
  return {
    layer: step.layer,
    timestamp: [...step.timestamp],
    source: step.sourceName,
    text: step.text,
    line: step.range ? step.range.start.line : null,
    description: step.description,
    reason: step.reason.kind,
    why: reasonText(step.reason, names, step.effectId),
    changes: step.changes.map((c) => ({ characteristic: c.characteristic, before: c.before, after: c.after })),
  };
}

export function objectJson(o: ObjectView, names?: (id: string) => string): JsonObject {
  return {
    name: o.chars.name || o.declName,
    zone: o.zone,
    controller: o.controller,
    owner: o.owner,
    power: o.chars.power,
    toughness: o.chars.toughness,
    colors: [...o.chars.colors],
    supertypes: [...o.chars.supertypes],
    types: [...o.chars.types],
    subtypes: [...o.chars.subtypes],
    abilities: o.chars.abilities.map((a) => a.text),
    counters: Object.fromEntries(Object.entries(o.counters).filter(([, n]) => n > 0)),
    tapped: o.tapped,
    id: o.id,
    ...(o.rules.length ? { rules: [...o.rules] } : {}),
    ...(names ? { trace: o.trace.map((t) => stepJson(t, names)) } : {}),
  };
}

export function playerJson(p: PlayerView, names?: (id: string) => string): JsonPlayer {
  return {
    name: p.name,
    life: p.life,
    hand: p.handSize,
    graveyard: p.graveyard.length,
    exile: p.exile.length,
    libraryDrawn: p.libraryDrawn,
    maxHandSize: p.maxHandSize,
    abilities: [...p.abilities],
    ...(p.rules.length ? { rules: [...p.rules] } : {}),
    ...(names ? { trace: p.trace.map((t) => stepJson(t, names)) } : {}),
  };
}

function loopsJson(w: WorldView): JsonLoopMember[][] {
  const byId = new Map(w.effects.map((e) => [e.id, e]));
  return w.loops.map((l) => l.map((id) => ({ effect: id, source: byId.get(id)?.sourceName ?? id, text: byId.get(id)?.text ?? '' })));
}

function worldJson(w: WorldView, trace: boolean, a?: Analysis) {
  const names = trace ? effectNamer(w) : undefined;
  const withReadings = (o: ObjectView): JsonObject => {
    const j = objectJson(o, names);
    return a ? { ...j, readings: objectReadings(a, o), ...(j.trace ? { trace: j.trace } : {}) } : j;
  };
  return {
    objects: w.objects.filter((o) => o.zone !== null).map(withReadings),
    players: w.players.map((p) => playerJson(p, names)),
    loops: loopsJson(w),
  };
}

function eventsJson(a: Analysis): NonNullable<JsonFile['events']> {
  const out: NonNullable<JsonFile['events']> = [];
  for (const snap of a.snapshots) {
    const st = a.file.statements[snap.statementIndex];
    if (!st || st.kind !== 'event' || !snap.event) continue;
    const ev = snap.event;
    out.push({
      line: st.range.start.line,
      summary: ev.summary,
      changes: ev.changes,
      replacements: ev.replacements,
      stateBasedActions: ev.stateBasedActions,
      outcomes: snap.outcomes.length > 1 ? snap.outcomes.map((o: Outcome) => o.choices) : [],
    });
  }
  return out;
}

export function fileJson(file: string, a: Analysis, trace = false): JsonFile {
  const outcomes = a.final.outcomes;
  const w = outcomes[0]?.world;
  const first = w ? worldJson(w, trace, a) : { objects: [], players: [], loops: [] };
  return {
    file,
    diagnostics: a.diagnostics.map((d) => ({ range: d.range, severity: d.severity, code: d.code, message: d.message })),
    expectations: a.expectations.map((e) => ({ line: e.line, text: e.text, passed: e.passed, expected: e.expected, actual: e.actual })),
    ...first,
    ...(outcomes.length > 1 ? { outcomes: outcomes.map((o) => ({ choices: o.choices, ...worldJson(o.world, trace, a) })) } : {}),
    ...(trace ? { events: eventsJson(a) } : {}),
  };
}
