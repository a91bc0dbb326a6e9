// The engine's internal, mutable game state. Only the timeline mutates it;
// the layer system reads it and produces computed characteristics. Nothing
// here is exported to the CLI or the server: they see `results.ts` views.

import type { ObjectDecl, Range } from '../syntax/ast';
import type { Ability, Action, Color, Duration, EffectSpec, ObjectStatus, ReplacementSpec, Zone } from '../effects/ir';
import type { Timestamp } from './results';

/** An ability as one object has it: printed, copied, granted, from a counter or a land type. */
export interface AbilityInstance {
  /** Identity across recomputations: `ogre/0` (printed 0), `e12/ogre/0` (granted by effect e12). */
  key: string;
  text: string;
  ability: Ability;
  origin: 'printed' | 'granted' | 'copied' | 'counter' | 'land-type' | 'face';
  grantedBy?: string;
  /** 613.7a: the timestamp of the effect that granted it. */
  grantTimestamp?: number;
  range?: Range;
}

/** Printed characteristics (the card as declared), before any layer. */
export interface Printed {
  name: string;
  manaCost: string | null;
  manaValue: number;
  colors: Color[];
  supertypes: string[];
  types: string[];
  subtypes: string[];
  abilities: AbilityInstance[];
  power: number | null;
  toughness: number | null;
  /** `*` printed: defined by a CDA (208.2). */
  powerStar: boolean;
  toughnessStar: boolean;
}

/** Copiable values (707.2): what a copy effect copies. Same shape as printed values. */
export type CopiableValues = Printed;

export interface GameObject {
  readonly id: string;
  readonly decl: ObjectDecl;
  readonly declIndex: number;
  readonly copyIndex?: number;
  readonly isToken: boolean;
  /** 114: an emblem in the command zone; its abilities work there (114.4). */
  readonly emblem?: boolean;
  readonly printed: Printed;
  readonly zone: Zone | null;
  /** 400.7: increments each time the object changes zones; effects locked to an old incarnation stop. */
  readonly incarnation: number;
  readonly owner: string;
  /** Who controls it before layer 2 (the owner, or `under PLAYER` as it entered). */
  readonly baseController: string;
  readonly tapped: boolean;
  readonly faceDown: boolean;
  readonly attachedTo?: string;
  readonly counters: ReadonlyMap<string, number>;
  /** 613.7c: each kind of counter's timestamp. */
  readonly counterTimestamps: ReadonlyMap<string, number>;
  readonly timestamp: number;
  /** Answers to `As ~ enters, choose …` (614.12a), in order. */
  readonly entryChoices: readonly string[];
  readonly damage: number;
  readonly deathtouchDamage: boolean;
  /** `attacking`, `blocking` (until `end turn`), `monstrous` (701.37b), `renowned` (702.112b): given by events. */
  readonly designations: readonly ObjectStatus[];
  /**
   * The version of its state: a new one from every `edit`, kept by copies.
   * Two objects with the same stamp are in the same state (see `edit`).
   */
  readonly stamp: number;
}

/** A GameObject as `edit` hands it out for a change: every field writable. */
export type EditableObject = {
  -readonly [K in keyof GameObject]: GameObject[K] extends ReadonlyMap<infer A, infer B> ? Map<A, B> : GameObject[K] extends readonly (infer E)[] ? E[] : GameObject[K];
};

let stamps = 0;

/**
 * The id of the object each stamp was given to, from stamp `logFrom` on ('' for
 * a stamp no edit took): what changed since a stamp, without looking at every
 * object (a long timeline's objects are mostly resolved spells' stand-ins that
 * never change again). Any game's edits are here, so a reader looks only at
 * its own objects of these ids, and compares their stamps as before. The
 * oldest half is dropped past LOG_MAX; a reader from before it looks at every
 * object.
 */
let editLog: string[] = [];
let logFrom = 1;
const LOG_MAX = 1 << 17;

function logged(id: string): number {
  if (editLog.length >= LOG_MAX) {
    editLog = editLog.slice(LOG_MAX / 2);
    logFrom += LOG_MAX / 2;
  }
  editLog.push(id);
  return ++stamps;
}

/** A stamp no object has had. */
export function newStamp(): number {
  return logged('');
}

/** The last stamp given: what `editedSince` reads from. */
export function lastStamp(): number {
  return stamps;
}

/**
 * The ids of the objects edited after `stamp` (an id once per edit, in any
 * game), or undefined when the log no longer goes back that far.
 */
export function editedSince(stamp: number): readonly string[] | undefined {
  if (stamp + 1 < logFrom) return undefined;
  return editLog.slice(stamp + 1 - logFrom);
}

/** Where a reader of one game's list of objects last looked: the last stamp then, and the list's length. */
export interface LookedAt {
  stampAt: number;
  length: number;
}

/**
 * The objects of `s` edited or added since the last call with the same
 * `looks` on this very list (a game's own, which only grows), or every object
 * the first time and when the log no longer reaches back: a question asked
 * after every event of a long timeline (the turn's end) reads what changed,
 * not every object. The ids the log names in other games are passed by.
 */
export function touchedSince(s: Pick<GameState, 'objects' | 'byId'>, looks: WeakMap<readonly GameObject[], LookedAt>): GameObject[] {
  const last = looks.get(s.objects);
  const ids = last && editedSince(last.stampAt);
  looks.set(s.objects, { stampAt: stamps, length: s.objects.length });
  if (!ids) return s.objects.slice();
  const out = new Set<GameObject>();
  for (const id of ids) {
    const o = s.byId.get(id);
    if (o) out.add(o);
  }
  for (let i = last.length; i < s.objects.length; i++) out.add(s.objects[i]!);
  return [...out];
}

/**
 * The write barrier: every change to an object's state goes through here,
 * at the place it is made (`edit(o).tapped = true`), and gives the object a
 * new stamp. A copy keeps its original's stamp until either is edited, so
 * freezing a state (checkpoints.ts) and the layer memo (incremental.ts) find
 * what an event changed by comparing stamps, not every field of every
 * object; the check mode compares the fields too.
 */
export function edit(o: GameObject): EditableObject {
  const e = o as EditableObject;
  e.stamp = logged(o.id);
  return e;
}

/** `o` is found in the same state as an object of stamp `stamp` (compared field by field): it takes that stamp. */
export function sameStampAs(o: GameObject, stamp: number): void {
  (o as EditableObject).stamp = stamp;
}

/** Bindings fixed when a resolved effect is created (611.2d: X is fixed on resolution). */
export interface Bindings {
  /** The player the text calls `you`. */
  you: string;
  /** Object ids bound to `target …` phrases, in order. */
  targets: string[];
  /** Player targets by index (a target that names a player). */
  targetPlayers: (string | undefined)[];
  choices: readonly string[];
  x?: number;
  /** `it` / `that creature`: the object of the previous clause. */
  it?: string;
  /** For replacement actions: the object and amount of the event being replaced. */
  eventObject?: string;
  eventAmount?: number;
  /** The player a replaced event is about (`that player`); for a resolved trigger, the triggering event's player (`defending player`), named by the event's `choosing`. */
  eventPlayer?: string;
  /** What the previous action of the same resolution did (`destroyed this way`, `the damage dealt this way`, 608.2c). */
  thisWay?: ThisWay;
}

/** The result of one action, for the words after it that say `this way`. */
export interface ThisWay {
  /** Objects that changed zones (or ceased to exist), as they were before. */
  moved: string[];
  /** Cards that left hands (discards, unnamed ones included). */
  discarded: number;
  /** Damage dealt: life lost to it, damage marked, loyalty removed. */
  damage: number;
  /** Unnamed cards put into graveyards from libraries (mill). */
  milled: number;
  /** Life lost by players (`You gain life equal to the life lost this way`, 119.3). */
  lifeLost?: number;
}

export interface ContinuousEffect {
  id: string;
  kind: 'resolved' | 'static';
  sourceId: string;
  /** The source object's incarnation when the effect was created (resolved effects). */
  sourceIncarnation: number;
  spec: EffectSpec;
  duration: Duration;
  bindings: Bindings;
  timestamp: number;
  text: string;
  range?: Range;
  label?: string;
  /** 611.2c: objects (id@incarnation) fixed when the effect began, for effects that change characteristics or control. */
  lockedSet?: string[];
  /** Copy effects (707.2c, 707.2b): the copiable values taken when the effect began. */
  copyValues?: CopiableValues;
  ended: boolean;
}

/** A replacement or prevention effect created by a resolving spell (615 shields, 611.2c's second example). */
export interface ResolvedReplacement {
  id: string;
  sourceId: string;
  spec: ReplacementSpec;
  duration: Duration;
  bindings: Bindings;
  timestamp: number;
  text: string;
  range?: Range;
  used: boolean;
  ended: boolean;
  /** 614.15: a spell's own `… instead`; chosen first (616.1a) and over when the spell finishes resolving. */
  selfReplacement?: boolean;
}

export interface PlayerState {
  name: string;
  life: number;
  /** Named objects in hand are objects with zone `hand`; drawn unnamed cards are counted here. */
  unnamedInHand: number;
  /** Unnamed cards discarded or milled. */
  unnamedInGraveyard: number;
  libraryDrawn: number;
  /** 122.1: counters on the player (experience, energy, poison), by kind. */
  counters?: Record<string, number>;
}

/** 603.7: a delayed triggered ability created by a resolving effect, waiting for its moment. */
export interface DelayedTrigger {
  when: 'next-end-step' | 'your-next-end-step' | 'next-upkeep' | 'your-next-upkeep' | 'end-of-combat' | 'dies-this-turn';
  /** `dies-this-turn`: the object watched, as it was when the trigger was created (400.7: a new object is not it). */
  watch?: { id: string; incarnation: number };
  actions: Action[];
  source: string;
  bindings: Bindings;
  controller: string;
  text: string;
  createdTurn: number;
}

export interface GameState {
  objects: GameObject[];
  byId: Map<string, GameObject>;
  players: PlayerState[];
  effects: ContinuousEffect[];
  replacements: ResolvedReplacement[];
  nextTimestamp: number;
  nextEffectId: number;
  activePlayer: number;
  turn: number;
  /** 603.7: delayed triggered abilities waiting for their moment (engine/choice-actions.ts). */
  delayed?: DelayedTrigger[];
  /** 602.5b: activations per turn, object and ability, for `Activate only once each turn` (engine/restrictions.ts). */
  activations?: Record<string, number>;
  /** 724: the player who is the monarch, if any. */
  monarch?: string;
  /** 610.3: objects exiled `until ~ leaves the battlefield`, returned when that source (this incarnation) leaves. */
  exiledUntil?: ExiledUntil[];
  /**
   * 707.2c: the copiable values a static ability's copy effect took when it
   * first started to apply, by effect (engine/copy.ts), kept while it applies.
   */
  copyLocks?: Record<string, CopiableValues>;
}

/** 610.3a: what returns, and when: the exiled objects (as the incarnations they are in exile) and the source. */
export interface ExiledUntil {
  source: string;
  sourceIncarnation: number;
  objects: { id: string; incarnation: number }[];
  text: string;
}

/** The id prefix of a resolving spell's stand-in (analyze.ts makes them). */
export const STAND_IN = 'resolve@';

/**
 * A stand-in that never was anywhere: it has no characteristics to compute
 * (no zone, nothing printed but its name) and no filter can find it, so the
 * layer computation leaves it out of its world. A long timeline makes one
 * per `resolve` (260 of the 460 objects at the end of the 2,000-line
 * benchmark file), and each computation copied and compared them all. One
 * that some text moves (`Exile ~`) is a new object (400.7) and joins.
 */
export function outsideWorld(o: GameObject): boolean {
  return o.zone === null && o.incarnation === 0 && o.id.startsWith(STAND_IN);
}

/** Each list of effects' first effect that has not ended, as last found. */
const firstNotEnded = new WeakMap<readonly ContinuousEffect[], number>();

/**
 * Where the effects that have not ended begin in a list: every effect before
 * this place has ended. An ended effect never applies again (611.2b) and
 * effects are only ever added at the end, so the place only moves on, and
 * each list is read from where it was last time. A long timeline's list is
 * mostly pumps that ended at their turn's end, and it is read after every
 * event (the layers, durations, replacements): from here, not from the start.
 */
export function notEndedFrom(effects: readonly ContinuousEffect[]): number {
  let i = firstNotEnded.get(effects) ?? 0;
  while (i < effects.length && effects[i]!.ended) i++;
  firstNotEnded.set(effects, i);
  return i;
}

/** What namedSources reads, as read only (a frozen state's lists made arrays, engine/converge.ts). */
interface InForce {
  effects: readonly ContinuousEffect[];
  replacements: readonly ResolvedReplacement[];
  delayed?: readonly DelayedTrigger[];
  exiledUntil?: readonly ExiledUntil[];
}

/** The sources named by what is still in force: effects and replacements not ended, delayed triggers, exiles until a source leaves. */
export function namedSources(s: InForce, into = new Set<string>()): Set<string> {
  for (let i = notEndedFrom(s.effects); i < s.effects.length; i++) if (!s.effects[i]!.ended) into.add(s.effects[i]!.sourceId);
  for (const r of s.replacements) if (!r.ended) into.add(r.sourceId);
  for (const d of s.delayed ?? []) into.add(d.source);
  for (const u of s.exiledUntil ?? []) into.add(u.source);
  return into;
}

/**
 * The stand-ins of resolved spells (`resolve@N`, made for a `resolve` without
 * `from`) that are nowhere and that nothing in force names as its source (no
 * effect, replacement or delayed trigger, nothing exiled until it leaves).
 * Between two statements nothing can change them any more: no statement can
 * name them, and only what names them as its source could act on them. A
 * long timeline gathers hundreds (the 2,000-line benchmark file ends with 260
 * of its 460 objects), so a resumed run shares them instead of copying them.
 */
export function settledStandIns(s: Pick<GameState, 'objects' | 'effects' | 'replacements' | 'delayed' | 'exiledUntil'>): Set<string> {
  const named = namedSources(s);
  const out = new Set<string>();
  for (const o of s.objects) if (o.zone === null && o.id.startsWith(STAND_IN) && !named.has(o.id)) out.add(o.id);
  return out;
}

/** A copy of an object that no later change of `o` reaches: its Maps and lists copied too. */
export function copyObject(o: GameObject): GameObject {
  return {
    ...o,
    // Most objects have no counters: an empty Map made directly, not through the iterator of another.
    counters: o.counters.size ? new Map(o.counters) : new Map<string, number>(),
    counterTimestamps: o.counterTimestamps.size ? new Map(o.counterTimestamps) : new Map<string, number>(),
    entryChoices: o.entryChoices.slice(),
    designations: o.designations.slice(),
  };
}

/**
 * A copy to change. `shareSettled` (a run resuming between two statements):
 * settled stand-ins are the very objects of `s`, not copies.
 */
export function cloneState(s: GameState, shareSettled = false): GameState {
  const settled = shareSettled ? settledStandIns(s) : undefined;
  const objects = s.objects.map((o) => (settled?.has(o.id) ? o : copyObject(o)));
  return {
    objects,
    byId: new Map(objects.map((o) => [o.id, o])),
    // An ended effect never changes again (611.2b: it never starts again; nothing writes it): shared, not copied.
    effects: s.effects.map((e) => (e.ended ? e : { ...e })),
    replacements: s.replacements.map((r) => ({ ...r })),
    ...cloneSmallState(s),
  };
}

/** Everything of a state but its objects, effects and replacements (all small), copied so that no later change of `s` reaches the copy. */
export type SmallState = Omit<GameState, 'objects' | 'byId' | 'effects' | 'replacements'>;

/**
 * `cloneState` of what is not a list of objects, effects or replacements.
 * Field by field (an optional field only when `s` has it): a checkpoint
 * takes this after every event, mostly before V8 optimises it, where
 * spreading and rest patterns cost a call into the runtime each.
 */
export function cloneSmallState(s: GameState | SmallState): SmallState {
  const out: SmallState = {
    players: s.players.map((p) => ({ ...p, ...(p.counters ? { counters: { ...p.counters } } : {}) })),
    nextTimestamp: s.nextTimestamp,
    nextEffectId: s.nextEffectId,
    activePlayer: s.activePlayer,
    turn: s.turn,
  };
  if (s.delayed) out.delayed = [...s.delayed];
  if (s.activations) out.activations = { ...s.activations };
  if (s.monarch) out.monarch = s.monarch;
  if (s.exiledUntil) out.exiledUntil = [...s.exiledUntil];
  if (s.copyLocks) out.copyLocks = { ...s.copyLocks };
  return out;
}

export function takeTimestamp(s: GameState): number {
  return s.nextTimestamp++;
}

/** Compare sortable timestamps (613.7): lexicographic, a prefix first. */
export function compareTimestamps(a: Timestamp, b: Timestamp): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export function objectKey(o: GameObject): string {
  return `${o.id}@${o.incarnation}`;
}

/**
 * A new object, every field in one order: objects made in different places
 * then share one shape, which keeps reading their fields fast (the layer
 * system compares every object's state after each event, engine/incremental.ts).
 */
export function makeObject(base: Pick<GameObject, 'id' | 'decl' | 'declIndex' | 'isToken' | 'printed'> & { copyIndex?: number; emblem?: boolean }, owner: string): GameObject {
  const f = freshState(owner);
  return {
    id: base.id, decl: base.decl, declIndex: base.declIndex, copyIndex: base.copyIndex, isToken: base.isToken, emblem: base.emblem, printed: base.printed,
    zone: f.zone, incarnation: f.incarnation, owner: f.owner, baseController: f.baseController, tapped: f.tapped, faceDown: f.faceDown, attachedTo: undefined,
    counters: f.counters, counterTimestamps: f.counterTimestamps, timestamp: f.timestamp, entryChoices: f.entryChoices, damage: f.damage,
    deathtouchDamage: f.deathtouchDamage, designations: f.designations, stamp: newStamp(),
  };
}

/** The game state of an object that is nowhere yet: no zone, no counters, not tapped (400.7 starts it over on every zone change). */
export function freshState(owner: string): Pick<GameObject, 'zone' | 'incarnation' | 'owner' | 'baseController' | 'tapped' | 'faceDown' | 'counters' | 'counterTimestamps' | 'timestamp' | 'entryChoices' | 'damage' | 'deathtouchDamage' | 'designations'> {
  return { zone: null, incarnation: 0, owner, baseController: owner, tapped: false, faceDown: false, counters: new Map(), counterTimestamps: new Map(), timestamp: 0, entryChoices: [], damage: 0, deathtouchDamage: false, designations: [] };
}
