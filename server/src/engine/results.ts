// What the engine reports: the state of every object and player at each point
// of the timeline, with the trace of how each characteristic was reached.
// The CLI, the language server handlers and the tests read only these types.

import type { Diagnostic, LayersFile, Range } from '../syntax/ast';
import type { Ability, Color, Layer, Zone } from '../effects/ir';

/** A timestamp as a sortable tuple (613.7): `[7]`, or `[7, 1, 5]` for an ability granted at 5 to an object stamped 7 (613.7a). */
export type Timestamp = readonly number[];

export interface Characteristics {
  name: string;
  manaCost: string | null;
  manaValue: number;
  colors: Color[];
  supertypes: string[];
  types: string[];
  subtypes: string[];
  abilities: AbilityView[];
  /** null when the object has no power/toughness (208.5). */
  power: number | null;
  toughness: number | null;
}

export interface AbilityView {
  /** The ability as it reads now (after text changes), for display and comparison. */
  text: string;
  ability: Ability;
  /** Where it comes from: printed on the object, granted by an effect, copied, a keyword counter (122.1b), a basic land type (305.6). */
  origin: 'printed' | 'granted' | 'copied' | 'counter' | 'land-type' | 'face';
  /** Effect id of the granting effect, for `granted`. */
  grantedBy?: string;
  /** The declaring `text` line, where there is one. */
  range?: Range;
}

/** Why an effect was applied where it was (613.3, 613.7, 613.8). */
export type OrderReason =
  | { kind: 'cda' }
  | { kind: 'timestamp' }
  | { kind: 'counters' }
  | { kind: 'rule'; rule: string }
  | { kind: 'dependency'; on: string[]; because: string }
  | { kind: 'loop'; members: string[] };

export interface CharacteristicChange {
  characteristic: 'name' | 'power' | 'toughness' | 'colors' | 'types' | 'abilities' | 'controller' | 'text' | 'copiable' | 'face-down';
  before: string;
  after: string;
}

/** One step of an object's trace: one effect applied to it in one layer. */
export interface TraceStep {
  layer: Layer;
  effectId: string;
  timestamp: Timestamp;
  /** The object whose ability or resolution generated the effect ('' for rules such as counters). */
  sourceId: string;
  sourceName: string;
  /** The ability or effect text, and its range in the file when there is one. */
  text: string;
  range?: Range;
  /** What the effect does in this layer (`+1/+1`, `becomes white`, `loses flying`). */
  description: string;
  reason: OrderReason;
  changes: CharacteristicChange[];
}

export interface ObjectView {
  /** Stable id: the alias (or name), with `#k` for copies. */
  id: string;
  declName: string;
  alias?: string;
  /** The declaring block, for go-to-definition and hover. */
  declRange: Range;
  isToken: boolean;
  /** null while the object is nowhere (declared but not yet put anywhere). */
  zone: Zone | null;
  controller: string;
  owner: string;
  tapped: boolean;
  faceDown: boolean;
  attachedTo?: string;
  counters: Record<string, number>;
  timestamp: Timestamp;
  chars: Characteristics;
  /** Damage marked this turn (issue 3). */
  damage: number;
  /** 613.11: the rule effects that apply to it now, each as `WORDS (SOURCE)`: `can't attack or block (Pacifism)`. */
  rules: string[];
  trace: TraceStep[];
  /**
   * What the trace says for a lens's ◆, read without building the trace's
   * words (engine/object-trace.ts); not enumerable, so never in a report.
   */
  readonly marks?: EffectMarks;
}

/** Whether an effect applied to the object by dependency or in a loop (613.8), and whether any changed it. */
export interface EffectMarks {
  dependency: boolean;
  changed: boolean;
}

export interface PlayerView {
  name: string;
  life: number;
  hand: string[];
  /** Unnamed cards drawn from the library count as `card`. */
  handSize: number;
  graveyard: string[];
  exile: string[];
  libraryDrawn: number;
  maxHandSize: number | null;
  abilities: string[];
  /** 613.11: rule effects on the player (`you may play an additional land on each of your turns (Azusa)`). */
  rules: string[];
  trace: TraceStep[];
}

export interface EffectView {
  id: string;
  label?: string;
  sourceId: string;
  sourceName: string;
  text: string;
  range?: Range;
  kind: 'static' | 'resolved' | 'counter' | 'rule';
  layers: Layer[];
  cda: boolean;
  timestamp: Timestamp;
  /** Objects (ids) or players it applies to now. */
  affected: string[];
  /** Set when a resolved effect's set was locked in (611.2c). */
  locked: boolean;
  active: boolean;
}

export interface DependencyView {
  dependent: string;
  on: string;
  /** The objects whose abilities generate the two effects (an effect that ended up not applying is in no effect list). */
  dependentSource?: string;
  onSource?: string;
  layer: Layer;
  /** Human reading: `applying Mycosynth Lattice changes what March of the Machines applies to`. */
  because: string;
}

/** The full state of the game at one point of the timeline, in one outcome. */
export interface WorldView {
  objects: ObjectView[];
  /** One object's view without building the others'. */
  objectById?(id: string): ObjectView | undefined;
  /** The ids of `objects`, in the same order, without building their views. */
  objectIds?(): string[];
  /** The player of that name (any case) without building the others' views, or undefined. */
  playerNamed?(name: string): PlayerView | undefined;
  players: PlayerView[];
  effects: EffectView[];
  dependencies: DependencyView[];
  /** Each loop: the effect ids in it, in the order used (timestamp order, 613.8b). */
  loops: string[][];
  activePlayer: string;
  turn: number;
}

export interface Outcome {
  world: WorldView;
  /** The choices that lead to this outcome (`Alice applies Wardens of the Pit first`). */
  choices: string[];
}

/** What one event did (hover on an event, trace of replacements). */
export interface EventReport {
  statementIndex: number;
  summary: string;
  /** Objects whose characteristics or state changed, with a line each. */
  changes: string[];
  /** 616 steps (issue 3). */
  replacements: string[];
  /** State-based actions performed after the event (704.5f …). */
  stateBasedActions: string[];
  /** Choices that could not be made as written (a modal answer that is not legal), shown as warnings on the event. */
  warnings?: string[];
}

export interface Snapshot {
  statementIndex: number;
  outcomes: Outcome[];
  event?: EventReport;
}

export interface FactResult {
  text: string;
  range: Range;
  passed: boolean;
  expected: string;
  actual: string;
  /** The fact's text rewritten to the actual value, for the quick fix. */
  fix?: string;
}

export interface ExpectationResult {
  statementIndex: number;
  /** Zero-based line. */
  line: number;
  range: Range;
  text: string;
  passed: boolean;
  expected: string;
  actual: string;
  facts: FactResult[];
}

export interface Analysis {
  file: LayersFile;
  /** Syntax, names, effect text, loops, failed expectations, state-based actions: everything to show. */
  diagnostics: Diagnostic[];
  /** One per statement (`file.statements[i]`): the state after that statement. */
  snapshots: Snapshot[];
  /** The state before the first statement (objects declared, nowhere). */
  initial: Snapshot;
  expectations: ExpectationResult[];
  /** The state at the end of the file. */
  final: Snapshot;
}
