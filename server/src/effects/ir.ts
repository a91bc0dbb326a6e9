// The typed representation of abilities and effects (spec sections 3 and 5).
// Oracle text compiles to these values once; the engine, the trace and the
// hover read them. Nothing here knows about a particular game state: every
// reference to an object, player, number or choice is symbolic and is bound
// by the engine when the effect is created or applied.

export type Color = 'white' | 'blue' | 'black' | 'red' | 'green';
export const COLORS: readonly Color[] = ['white', 'blue', 'black', 'red', 'green'];

export type Zone = 'battlefield' | 'graveyard' | 'hand' | 'library' | 'exile' | 'stack' | 'command';

/** Layers and sublayers of 613.1–613.4, then players (613.10) and rules (613.11). */
export type Layer = '1a' | '1b' | '2' | '3' | '4' | '5' | '6' | '7a' | '7b' | '7c' | '7d' | 'player' | 'rules';
export const LAYER_ORDER: readonly Layer[] = ['1a', '1b', '2', '3', '4', '5', '6', '7a', '7b', '7c', '7d', 'player', 'rules'];

/** A value that is either written in the text or taken from a `choosing` answer. */
export type Chosen<T> = { kind: 'fixed'; value: T } | { kind: 'choice'; index: number };

// ---------------------------------------------------------------------------
// References

/** An object the text names. Bound by the engine against the source object and the event. */
export type ObjectRef =
  /** `this`, `~`, `this creature`, `this permanent`, the card's own name or its legendary short name. */
  | { kind: 'self' }
  /** Another declared object named in the text (its name or alias). */
  | { kind: 'named'; name: string }
  /** `enchanted creature`, `equipped creature`, `fortified land`: what the source is attached to. */
  | { kind: 'attached'; via: 'enchanted' | 'equipped' | 'fortified'; noun: string }
  /** The N-th (0-based) `target …` phrase of the ability, bound by `targeting`. */
  | { kind: 'target'; index: number; noun: string }
  /** `it`, `that creature`, `that card`: the object of the previous clause of the same ability. */
  | { kind: 'it' }
  /** The object chosen for the N-th (0-based) choice (e.g. `choosing staff` for a copy). */
  | { kind: 'chosen'; index: number }
  /** In replacement effects: the object the event is about (`it` in `exile it instead`). */
  | { kind: 'event-object' };

export type PlayerRef =
  /** The controller of the source (for resolving text: the player doing it, `by PLAYER`). */
  | { kind: 'you' }
  | { kind: 'opponents' }
  | { kind: 'each-player' }
  | { kind: 'named'; name: string }
  | { kind: 'owner-of'; object: ObjectRef }
  | { kind: 'controller-of'; object: ObjectRef }
  | { kind: 'target-player'; index: number }
  | { kind: 'chosen-player'; index: number };

/** A set of objects described by properties (spec section 5, "A selector"). All listed constraints must hold. */
export interface Filter {
  /** Card types that must all be present (`artifact creatures` → ['Artifact', 'Creature']). Capitalised. */
  types: string[];
  /** At least one of these subtypes (`Goblins` → ['Goblin']). Capitalised. May hold choice refs via `chosenSubtype`. */
  subtypes: string[];
  supertypes: string[];
  notTypes: string[];
  notSubtypes: string[];
  notSupertypes: string[];
  /** All of these colors. */
  colors: Color[];
  notColors: Color[];
  colorless?: boolean;
  multicolored?: boolean;
  token?: boolean;
  tapped?: boolean;
  /** `you control`, `your opponents control`, `an opponent controls`, `PLAYER controls`. */
  controller?: PlayerRef;
  owner?: PlayerRef;
  /** `other`: excludes the source object. */
  other?: boolean;
  /** `cards in graveyards` → ['graveyard']; default ['battlefield']. `cards that aren't on the battlefield` → every zone but battlefield. */
  zones: Zone[];
  /** `creature cards` (not permanents): true when the noun is `card(s)`; `spells` likewise. */
  noun: 'permanent' | 'card' | 'spell' | 'object';
  /** A subtype taken from a choice (`Basic lands of the first chosen type`). */
  chosenSubtype?: number;
  /** Several filters joined by `and`/`or` (`All cards that aren't on the battlefield, spells, and permanents`). */
  anyOf?: Filter[];
  /** `creatures with flying`: keyword names (lower case) the object must all have (702). */
  withKeywords?: string[];
  /** `creatures without flying`: keyword names (lower case) the object must have none of. */
  withoutKeywords?: string[];
}

export type Selector =
  | { kind: 'object'; ref: ObjectRef }
  | { kind: 'filter'; filter: Filter }
  | { kind: 'player'; player: PlayerRef };

// ---------------------------------------------------------------------------
// Numbers

export type Expr =
  | { kind: 'const'; value: number }
  /** `X`, from `choosing X=N`. */
  | { kind: 'x' }
  /**
   * `the number of FILTER` (filter.noun says cards or permanents; filter.zones where).
   * `distinctCardTypes`: `the number of card types among FILTER` — count the card types (205.2a) the matching objects have between them, not the objects.
   * `plus`: added to the count (`that number plus 1`).
   */
  | { kind: 'count'; filter: Filter; distinctCardTypes?: boolean; plus?: number }
  /** `its mana value`, `its power`: of the affected object unless `of` is given. */
  | { kind: 'stat'; stat: 'mana-value' | 'power' | 'toughness'; of?: ObjectRef }
  /** `+1/+1 for each …`: factor × count. */
  | { kind: 'times'; factor: number; expr: Expr }
  | { kind: 'neg'; expr: Expr }
  /** `that much`, `that many`: the amount of the event being replaced. */
  | { kind: 'event-amount' };

// ---------------------------------------------------------------------------
// Conditions and durations

export type Condition =
  /** `as long as enchanted permanent is a creature`: the object matches the filter. */
  | { kind: 'object-is'; object: ObjectRef; filter: Filter }
  /** `for as long as you control this creature`. */
  | { kind: 'controls'; player: PlayerRef; object: ObjectRef }
  /** `as long as you control N or more FILTER` (metalcraft and friends); `count` compares with `atLeast`. */
  | { kind: 'count-at-least'; filter: Filter; atLeast: number }
  /** `as long as it's your turn`. */
  | { kind: 'your-turn' }
  /** `for as long as ~ remains on the battlefield` / `remains tapped`. */
  | { kind: 'on-battlefield'; object: ObjectRef }
  | { kind: 'tapped'; object: ObjectRef }
  | { kind: 'not'; condition: Condition }
  | { kind: 'all'; conditions: Condition[] };

export type Duration =
  | { kind: 'end-of-turn' }
  /** No duration written: until the game ends (611.2a). */
  | { kind: 'forever' }
  /** 611.2b: `for as long as …`. */
  | { kind: 'as-long-as'; condition: Condition };

// ---------------------------------------------------------------------------
// What an effect does, by layer

export interface CopyPart {
  layer: '1a';
  kind: 'copy';
  of: ObjectRef;
  /** 707.9: `except it's an artifact in addition to its other types`, `except its name is …`. Applied as part of the copiable values. */
  except: Part[];
}

export interface ControlPart {
  layer: '2';
  kind: 'control';
  player: PlayerRef;
}

export interface TextChangePart {
  layer: '3';
  kind: 'text-change';
  /** 612: a color word or a basic land type word. */
  wordKind: 'color' | 'land-type';
  from: Chosen<string>;
  to: Chosen<string>;
}

export interface TypePart {
  layer: '4';
  kind: 'type';
  /** Replace the card types (205.1a). Subtypes that no longer correspond are dropped (205.3d). */
  setTypes?: string[];
  /** `in addition to its other types`, `that's still a land`, or `is an artifact creature` on an artifact. */
  addTypes?: string[];
  removeTypes?: string[];
  addSupertypes?: string[];
  removeSupertypes?: string[];
  /** Subtypes added (`Plant Zombie`); with `setTypes` they replace the old creature types. */
  addSubtypes?: Chosen<string>[];
  /** 305.7: a basic land type that replaces the land's land types (and removes its rules-text abilities, adds the intrinsic mana ability). */
  setLandType?: Chosen<string>;
  /** `is every creature type` / Changeling (702.73). */
  allCreatureTypes?: boolean;
  /** `loses all creature types`. */
  loseAllCreatureTypes?: boolean;
  /** `is a Treefolk`, `becomes a Frog`: the subtypes named replace the old subtypes of the same kind (205.1a). */
  replaceSubtypes?: boolean;
}

export interface ColorPart {
  layer: '5';
  kind: 'color';
  /** `is white`, `becomes the color of your choice` (a choice), `is colorless` ([]), `is all colors`. */
  set?: Chosen<Color>[];
  /** `is blue in addition to its other colors`. */
  add?: Chosen<Color>[];
}

export interface AbilityPart {
  layer: '6';
  kind: 'abilities';
  /** `has flying`, `gains haste`, `have "…"`. */
  add?: Ability[];
  /** `loses flying`: keyword names (lower-case) or normalised ability texts. */
  remove?: string[];
  /** `loses all abilities`. */
  removeAll?: boolean;
  /** `can't have or gain abilities`. */
  cantHave?: boolean;
  /** `can't have or gain flying`: these keywords (or texts) can't be gained later in the layer either. */
  cantGain?: string[];
}

export interface PowerToughnessPart {
  layer: '7a' | '7b' | '7c';
  kind: 'pt';
  /** 7a and 7b set these values; 7c adds them. An absent side is unchanged. */
  power?: Expr;
  toughness?: Expr;
}

export interface SwitchPart {
  layer: '7d';
  kind: 'switch';
}

/** 613.10: effects on players. */
export interface PlayerPart {
  layer: 'player';
  kind: 'player';
  /** `hexproof`, `protection from red`, `no maximum hand size`, `shroud`. */
  gains?: string;
  /** `Your maximum hand size is reduced by one` → -1; `is increased by two` → +2. */
  handSizeDelta?: number;
  handSizeSet?: number | null;
}

/** 613.11: effects on the rules of the game (cost changes per 601.2f, attack restrictions, mana spending). */
export interface RulesPart {
  layer: 'rules';
  kind: 'rules';
  /** A short description shown in the trace, e.g. `spells you cast cost {1} less`. */
  description: string;
  costDelta?: { amount: number; filter: Filter };
}

export type Part =
  | CopyPart
  | ControlPart
  | TextChangePart
  | TypePart
  | ColorPart
  | AbilityPart
  | PowerToughnessPart
  | SwitchPart
  | PlayerPart
  | RulesPart;

/** One continuous effect: what it applies to, and its parts in their layers (613.6). */
export interface EffectSpec {
  affected: Selector;
  parts: Part[];
  /** `As long as …` on a static ability: checked whenever the effect would apply. */
  condition?: Condition;
  /** Source range of the clause, relative to the ability text (for hover/trace). */
  span?: TextSpan;
}

// ---------------------------------------------------------------------------
// One-shot actions (spells, activated and triggered abilities, replacements)

export type Action =
  | { kind: 'create-effect'; effect: EffectSpec; duration: Duration; span?: TextSpan }
  | { kind: 'tap' | 'untap' | 'destroy' | 'sacrifice' | 'exile' | 'regenerate'; object: Selector; span?: TextSpan }
  | { kind: 'move'; object: Selector; to: Zone; position?: 'top' | 'bottom' | 'shuffle'; span?: TextSpan }
  | { kind: 'counters'; object: Selector; counter: string; amount: Expr; remove?: boolean; span?: TextSpan }
  | { kind: 'draw' | 'gain-life' | 'lose-life' | 'discard' | 'mill'; player: PlayerRef; amount: Expr; span?: TextSpan }
  | { kind: 'damage'; source: ObjectRef; amount: Expr; to: Selector; span?: TextSpan }
  | { kind: 'add-mana'; mana: string; span?: TextSpan }
  /** `Return a card from your graveyard to your hand` (the card is the owner's choice; first one by default). */
  | { kind: 'return-from-graveyard'; player: PlayerRef; filter: Filter; to: Zone; span?: TextSpan }
  /** `Prevent all damage …`, `The next time a source of your choice would deal damage …` (615): creates a prevention effect. */
  | { kind: 'create-replacement'; replacement: ReplacementSpec; duration: Duration; span?: TextSpan }
  /** 614.15: `… instead` inside the same spell text: a replacement on that spell's own action. */
  | { kind: 'self-replacement'; replacement: ReplacementSpec; span?: TextSpan };

// ---------------------------------------------------------------------------
// Replacement and prevention (614, 615, 616)

/** A pattern over game events that a replacement effect watches for. */
export type EventPattern =
  /** `would be put into a graveyard from anywhere` / `would die` (from the battlefield). */
  | { kind: 'to-graveyard'; object: Selector; from?: Zone }
  | { kind: 'enter'; object: Selector }
  | { kind: 'draw'; player: PlayerRef }
  | { kind: 'gain-life'; player: PlayerRef }
  | { kind: 'lose-life'; player: PlayerRef }
  | { kind: 'discard'; player: PlayerRef }
  | { kind: 'damage'; source?: Selector; to?: Selector; /** `to an opponent or a permanent an opponent controls`: any of these. */ toAny?: Selector[]; combatOnly?: boolean }
  | { kind: 'counters'; object: Selector; counter?: string };

export type ReplacementSpec =
  /** `~ enters tapped`, `Permanents enter tapped`, `Creatures your opponents control enter tapped`. */
  | { kind: 'enters-tapped'; affected: Selector }
  /** 616.1c: `Creatures you control enter as a copy of ~`; `You may have ~ enter as a copy of any creature on the battlefield` (of: chosen). */
  | { kind: 'enters-as-copy'; affected: Selector; of: ObjectRef | { kind: 'choose'; filter: Filter }; optional: boolean; except: Part[] }
  /** 616.1b: `enters under your control`. */
  | { kind: 'enters-under-control'; affected: Selector; player: PlayerRef }
  /** `As ~ enters, choose a color / creature type / two basic land types / a player / a card name / a number`. */
  | { kind: 'as-enters-choose'; choices: ChoiceKind[] }
  /** `enters with N COUNTER counters`. */
  | { kind: 'enters-with-counters'; affected: Selector; counter: string; amount: Expr }
  /** `If EVENT, ACTIONS instead.` */
  | { kind: 'instead'; event: EventPattern; actions: Action[]; /** `The next time …`: applies once, then is used up (609.7-like). */ once?: boolean }
  /** Damage modification: `deals that much damage plus 2 instead`, `deals double that damage instead`. */
  | { kind: 'modify-damage'; event: EventPattern; add?: number; multiply?: number }
  /** `put that many -1/-1 counters on it instead` (damage becomes counters). */
  | { kind: 'damage-to-counters'; event: EventPattern; counter: string }
  /** 615: `Prevent all damage …` / `Prevent the next N damage …`; `shield` for one-time `The next time …` (609.7). */
  | { kind: 'prevent'; event: EventPattern; amount?: number; shield?: boolean; chooseSource?: boolean };

export type ChoiceKind = 'color' | 'creature-type' | 'basic-land-type' | 'player' | 'card-name' | 'number' | 'object' | 'opponent';

// ---------------------------------------------------------------------------
// Abilities

/** Character offsets into the ability text as written on the `text` line. */
export interface TextSpan {
  start: number;
  end: number;
}

export type Ability =
  /** One keyword (702). A `Flying, haste` line compiles to two. */
  | { kind: 'keyword'; text: string; keyword: string; parameter?: string; /** `protection from the color of your choice`: the parameter is this choice. */ parameterChosen?: Chosen<string>; enchantFilter?: Filter; span?: TextSpan }
  /** A static ability (604): its continuous effects, or its replacement effects (614). */
  | { kind: 'static'; text: string; effects: EffectSpec[]; replacements: ReplacementSpec[]; cda: boolean; span?: TextSpan }
  | { kind: 'activated'; text: string; cost: string; actions: Action[]; mana: boolean; span?: TextSpan }
  | { kind: 'triggered'; text: string; trigger: string; actions: Action[]; span?: TextSpan }
  /** Instant and sorcery text: what `cast` does. */
  | { kind: 'spell'; text: string; actions: Action[]; span?: TextSpan }
  /** Understood to be an ability, but not what it does (a warning was issued). */
  | { kind: 'unknown'; text: string; span?: TextSpan };

/** A problem in the text, with offsets into the ability text as written. */
export interface TextIssue {
  start: number;
  end: number;
  severity: 'error' | 'warning' | 'information';
  message: string;
}

export interface CompileContext {
  /** The card's name (for `~`, its own name and, if legendary, its short name). */
  cardName: string;
  legendary: boolean;
  /** All declared names and aliases, for `named` references. */
  knownNames: readonly string[];
  /** Instants and sorceries compile to a `spell`. */
  isSpell: boolean;
}

export interface CompiledLine {
  /** One or more abilities (a keyword list gives several; reminder-only text gives none). */
  abilities: Ability[];
  issues: TextIssue[];
}
