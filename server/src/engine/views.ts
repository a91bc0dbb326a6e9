// From the internal game to the reported views (results.ts): what the CLI,
// the hover and the expectations read.

import type { Layer } from '../effects/ir';
import type { Game } from './game';
import { appliedOf, type LayerResult } from './layers';
import type { RuleEntry } from './rules';
import type { AbilityView, EffectMarks, EffectView, ObjectView, PlayerView, TraceStep, WorldView } from './results';
import { orderedTypes, type Working } from './working';
import { STAND_IN } from './state';

export function isPhantom(id: string): boolean {
  return id.startsWith(STAND_IN);
}

function abilityViews(w: Working): AbilityView[] {
  return w.abilities.map((a) => ({ text: a.text, ability: a.ability, origin: a.origin, grantedBy: a.grantedBy, range: a.range }));
}

/** What a view computes when first read: its trace and its marks. */
interface Lazy {
  trace: () => TraceStep[];
  traced?: TraceStep[];
  marks?: () => EffectMarks;
  marked?: EffectMarks;
}

/** Each view's lazy parts, read by the getters below. */
const lazyParts = new WeakMap<object, Lazy>();

/**
 * One getter for every view, not one made per view: V8 keeps objects whose
 * accessors are the same functions in one hidden class, and turns each view
 * given a getter of its own into a dictionary (whose reads a lens or a hover
 * then pays for).
 */
const TRACE: PropertyDescriptor = {
  get(this: object): TraceStep[] {
    const lazy = lazyParts.get(this);
    return lazy ? (lazy.traced ??= lazy.trace()) : [];
  },
  enumerable: true,
  configurable: true,
};
const MARKS: PropertyDescriptor = {
  get(this: object): EffectMarks | undefined {
    const lazy = lazyParts.get(this);
    return lazy?.marks ? (lazy.marked ??= lazy.marks()) : undefined;
  },
  enumerable: false,
  configurable: true,
};

/**
 * A view whose `trace` is computed on first read: expectations and lenses
 * never need it, hovers and --trace do. `marks` (a lens's ◆), when given, is
 * read the same way and is not enumerable: no report or comparison sees it.
 */
function withLazyTrace<T extends object>(view: T, trace: () => TraceStep[], marks?: () => EffectMarks): T & { trace: TraceStep[] } {
  lazyParts.set(view, { trace, marks });
  Object.defineProperty(view, 'trace', TRACE);
  if (marks) Object.defineProperty(view, 'marks', MARKS);
  return view as T & { trace: TraceStep[] };
}

/** `can't attack or block (Pacifism)`: the rule's words and where it comes from. */
function ruleTexts(entries: readonly RuleEntry[] | undefined): string[] {
  return (entries ?? []).map((e) => `${e.description} (${e.sourceName})`);
}

export function objectView(game: Game, w: Working): ObjectView {
  const o = w.obj;
  return withLazyTrace({
    id: o.id,
    declName: o.decl.name.text,
    alias: o.decl.alias?.text,
    declRange: o.decl.range,
    isToken: o.isToken,
    zone: o.zone,
    controller: o.zone === 'battlefield' ? w.controller : o.owner,
    owner: o.owner,
    tapped: o.tapped,
    faceDown: o.faceDown,
    attachedTo: o.attachedTo,
    counters: Object.fromEntries([...o.counters].filter(([, n]) => n > 0)),
    timestamp: [o.timestamp],
    chars: {
      name: w.name,
      manaCost: w.manaCost,
      manaValue: w.manaValue,
      colors: [...w.colors],
      supertypes: [...w.supertypes],
      types: orderedTypes(w.types),
      subtypes: w.allCreatureTypes ? [...w.subtypes, 'every creature type'] : [...w.subtypes],
      abilities: abilityViews(w),
      power: w.power,
      toughness: w.toughness,
    },
    damage: o.damage,
    rules: ruleTexts(game.layers().objectRules.get(o.id)),
  }, () => game.traceOf(o.id), () => game.marksOf(o.id));
}

export function worldView(game: Game): WorldView {
  const r = game.layers();
  // Object views are built when read: an expectation reads one object, a report all.
  const made = new Map<string, ObjectView>();
  const one = (w: Working): ObjectView => {
    let v = made.get(w.obj.id);
    if (!v) made.set(w.obj.id, (v = objectView(game, w)));
    return v;
  };
  let objects: ObjectView[] | undefined;
  // Players and effects too: an expectation about one object reads neither (a file checks hundreds).
  let players: PlayerView[] | undefined;
  let effects: EffectView[] | undefined;
  return {
    get objects() {
      return (objects ??= [...r.world.values()].filter((w) => !isPhantom(w.obj.id)).map(one));
    },
    objectById(id: string) {
      const w = r.world.get(id);
      return w && !isPhantom(id) ? one(w) : undefined;
    },
    objectIds() {
      return [...r.world.values()].map((w) => w.obj.id).filter((id) => !isPhantom(id));
    },
    get players() {
      return (players ??= playerViews(game, r));
    },
    playerNamed(name: string) {
      // A name that is no player's (an object's, the usual subject) builds no player view.
      const lower = name.toLowerCase();
      if (!game.state.players.some((p) => p.name.toLowerCase() === lower)) return undefined;
      return this.players.find((p) => p.name.toLowerCase() === lower);
    },
    get effects() {
      return (effects ??= effectViews(r));
    },
    dependencies: r.dependencies,
    loops: r.loops,
    activePlayer: game.active,
    turn: game.state.turn,
  };
}

/** 613.10's results for each player, with the zones they can see. */
function playerViews(game: Game, r: LayerResult): PlayerView[] {
  return game.state.players.map((p) => {
    const pc = r.players.get(p.name);
    const hand = game.state.objects.filter((o) => o.zone === 'hand' && o.owner === p.name).map((o) => o.id);
    return withLazyTrace({
      name: p.name,
      life: p.life,
      hand,
      handSize: hand.length + p.unnamedInHand,
      graveyard: [...game.state.objects.filter((o) => o.zone === 'graveyard' && o.owner === p.name).map((o) => o.id), ...Array.from({ length: p.unnamedInGraveyard }, () => 'card')],
      exile: game.state.objects.filter((o) => o.zone === 'exile' && o.owner === p.name).map((o) => o.id),
      libraryDrawn: p.libraryDrawn,
      maxHandSize: pc ? pc.maxHandSize : 7,
      abilities: pc ? [...pc.abilities] : [],
      rules: ruleTexts(r.playerRules.get(p.name)),
    }, () => game.tracedLayers().players.get(p.name)?.trace ?? []);
  });
}

/** Every effect that applied, with the layers it applied in. */
function effectViews(r: LayerResult): EffectView[] {
  const effects: EffectView[] = [];
  for (const [id, rec] of appliedOf(r)) {
    const l = rec.live;
    effects.push({
      id,
      label: l.label,
      sourceId: l.source.id,
      sourceName: l.source.printed.name,
      text: l.text,
      range: l.range,
      kind: l.kind === 'counter' ? 'counter' : l.kind === 'rule' ? 'rule' : l.kind,
      layers: [...new Set<Layer>(rec.layers)],
      cda: l.cda,
      timestamp: l.timestamp,
      affected: rec.affected,
      locked: !!l.resolved?.lockedSet,
      active: true,
    });
  }
  return effects;
}

/** A canonical text of a game's visible state: identical outcomes merge (issue: every distinct outcome, once). */
export function fingerprint(game: Game): string {
  const r = game.layers();
  const parts: string[] = [];
  for (const w of r.world.values()) {
    const o = w.obj;
    if (o.zone === null && o.incarnation === 0) continue;
    parts.push([o.id, o.zone, w.controller, o.tapped, o.faceDown, o.attachedTo ?? '', [...o.counters].join(','), o.damage, w.name, w.power, w.toughness, w.colors.join(','), w.types.join(','), w.subtypes.join(','), w.abilities.map((a) => a.text).join('|')].join(';'));
  }
  for (const p of game.state.players) parts.push([p.name, p.life, p.unnamedInHand, p.unnamedInGraveyard, p.libraryDrawn].join(';'));
  parts.push(game.state.effects.filter((e) => !e.ended).map((e) => e.id).join(','));
  return parts.join('\n');
}
