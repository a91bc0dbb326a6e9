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
  /**
   * The N-th (0-based) `target …` phrase of the ability, bound by `targeting`.
   * `count` > 1: `up to two target creatures` binds that many `targeting` entries from `index` on
   * (0: `any number of target …`, every entry left); `upTo`: fewer may be given (115.1, 601.2c).
   */
  /**
   * `filter`: what the text says a legal target is (`target creature you control`,
   * `target creature with flying`), checked against the `targeting` answer (115.1, 608.2b);
   * `unchecked`: restriction words read but not checked by the model (`with power 4 or greater`).
   */
  /** `orPlayer`: a player is a legal target too (`target player or planeswalker`: any player; `target opponent or planeswalker`: an opponent). */
  | { kind: 'target'; index: number; noun: string; count?: number; upTo?: boolean; filter?: Filter; unchecked?: string; orPlayer?: 'any' | 'opponent' }
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
  | { kind: 'chosen-player'; index: number }
  /**
   * The player the event is about. In a replacement effect, the replaced
   * event's (`If an opponent would gain life, that player loses that much life
   * instead`). In a triggered ability, the triggering event's (`that player`
   * after `Whenever an opponent draws a card`, `defending player`, 506.2): the
   * scenario does not fire triggers, so the `resolve` event names the player
   * with `choosing PLAYER` (`what` says how the text names them); `among` says
   * who it can be (`opponents`: an opponent's event, `defending player`).
   */
  | { kind: 'event-player'; what?: string; among?: 'opponents' };

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
  /** `black or green`: at least one of these colors. */
  someColor?: Color[];
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
  /** `attacking creatures`, `blocking creatures`, `creatures that are attacking` (506.4: only during combat; set by `attack`/`block` events). */
  combat?: 'attacking' | 'blocking';
  /** `with a +1/+1 counter on it` (counter named) / `with counters on them` (any counter). */
  withCounter?: { counter?: string };
  /** `with power 2 or less`, `with mana value 4 or greater`, `with power or toughness 1 or less`: every comparison must hold. */
  stats?: StatCompare[];
  /** `that share a color with equipped creature`, `that share a creature type with it` (105.4, 205.3). */
  shares?: { quality: 'color' | 'creature-type'; with: ObjectRef };
  /** `named Scissors Lizard`, `with the chosen name` (choice index). */
  name?: Chosen<string>;
  /** `that aren't of the chosen type` (choice index): none of the object's subtypes is that one. */
  notChosenSubtype?: number;
  /** `of the chosen color` (choice index). */
  chosenColor?: number;
  /** `that's attached to a creature`: the object is attached to something matching this filter. */
  attachedTo?: Filter;
  /** `with {X} in their mana costs`: the printed mana cost has that symbol. */
  costHas?: string;
  /** `spells … that target ~`: a spell with that object among its targets (the model has no stack, so no spell matches). */
  targetsObject?: ObjectRef;
  /** `attached to target creature`: attached to that one object. */
  attachedToObject?: ObjectRef;
  /** `enchanted permanent`, `equipped creature` as an adjective (`target enchanted permanent`): an Aura / Equipment is attached to it (303.4, 301.5). */
  hasAttached?: 'enchanted' | 'equipped';
  /** `with the same name as that creature` (201.2): the name of that object. */
  sameNameAs?: ObjectRef;
}

export type CompareOp = '>=' | '<=' | '<' | '>' | '=';

/** `power 2 or less` (stats: power), `power or toughness 1 or less` (either one), `power less than ~'s power`. */
export interface StatCompare {
  stats: ('power' | 'toughness' | 'mana-value')[];
  op: CompareOp;
  value: Expr;
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
  /** `7 minus that number`: the terms added up. */
  | { kind: 'sum'; terms: Expr[] }
  /** `that much`, `that many`: the amount of the event being replaced. */
  | { kind: 'event-amount' }
  /**
   * A number the scenario does not record and the event answers with
   * `choosing N` (`for each time it was kicked`, `for each color of mana spent
   * to cast it`): `what` says what the number is.
   */
  | { kind: 'answer'; what: string }
  /** `equal to the result`, `the chosen number`: the N-th (0-based) choice made as it entered, read as a number. */
  | { kind: 'chosen-number'; index: number }
  /** `the number of charge counters on ~`, `for each +1/+1 counter on it` (any counter when `counter` is absent); `of` absent: the affected object. */
  | { kind: 'counters'; counter?: string; of?: ObjectRef }
  /** `for each color among permanents you control` (105.2: white, blue, black, red, green; colorless is not a color). */
  | { kind: 'colors-among'; filter: Filter }
  /** `the greatest power among creatures you control` (0 when there are none). */
  | { kind: 'greatest'; stat: 'power' | 'toughness' | 'mana-value'; filter: Filter }
  /** 700.5: devotion to one or more colors: the mana symbols of those colors among the mana costs of permanents the player controls (a hybrid symbol counts once). */
  | { kind: 'devotion'; colors: Color[]; player: PlayerRef }
  /** A player's life total, or the number of cards in their hand or graveyard (with several players: the smallest, see `player-compare`). */
  | { kind: 'player-stat'; stat: PlayerStat; player: PlayerRef }
  /** 122.1: `the number of experience counters you have`, `for each experience counter you have`. */
  | { kind: 'player-counters'; counter: string; player: PlayerRef }
  /**
   * 608.2h, 611.2d: a number a resolving spell or ability read from the game,
   * fixed as it resolved (`where X is the number of Vampires you control`);
   * `per`: for a number read on each affected object (`its power`), by object id.
   */
  | { kind: 'resolved-value'; value: number; per?: Record<string, number>; was: Expr }
  /**
   * 608.2c: what the previous action did, `this way`: the objects it moved that
   * match `filter` (`for each creature destroyed this way`, `exiled`,
   * `sacrificed`, `returned`), the cards discarded or milled, or the damage dealt.
   */
  | { kind: 'this-way'; what: 'moved' | 'discarded' | 'milled' | 'damage' | 'life-lost'; filter?: Filter; verb: string };

export type PlayerStat = 'life' | 'hand' | 'graveyard';

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
  /** `there are four or more card types among cards in your graveyard`, `your devotion to black is less than five`, `it has a divinity counter on it`. */
  | { kind: 'compare'; left: Expr; op: CompareOp; right: Expr }
  /** `an opponent has 10 or less life` (any of them), `each opponent has …` (`each`), `you have no cards in hand`. */
  | { kind: 'player-compare'; player: PlayerRef; stat: PlayerStat; op: CompareOp; value: number; each?: boolean }
  /** `it's attacking`, `~ is monstrous` (701.37b), `~ is renowned` (702.112b): a designation the timeline gives. */
  | { kind: 'status'; object: ObjectRef; status: ObjectStatus }
  /** `you're the monarch` (724). */
  | { kind: 'monarch'; player: PlayerRef }
  /** `~ is in your graveyard` (the ability functions there, 113.6), `~ is on the battlefield`. */
  | { kind: 'in-zone'; object: ObjectRef; zone: Zone }
  /** `this Equipment is attached to a creature`; `it's equipped` / `it's enchanted` (something of that kind is attached to it). */
  | { kind: 'attached'; object: ObjectRef; filter: Filter }
  | { kind: 'has-attached'; object: ObjectRef; via: 'equipped' | 'enchanted' }
  | { kind: 'not'; condition: Condition }
  | { kind: 'all'; conditions: Condition[] }
  /**
   * A fact about the past the scenario does not record (`if you cast it from
   * your hand`, `if an opponent lost life this turn`), answered by the event
   * with `choosing yes` / `choosing no`; unanswered, both outcomes are explored.
   */
  | { kind: 'answer'; question: string }
  | { kind: 'any'; conditions: Condition[] };

export type ObjectStatus = 'attacking' | 'blocking' | 'monstrous' | 'renowned';

export type Duration =
  | { kind: 'end-of-turn' }
  /** No duration written: until the game ends (611.2a). */
  | { kind: 'forever' }
  /** 611.2b: `for as long as …`. */
  | { kind: 'as-long-as'; condition: Condition }
  /** `until your next turn` (ends as that player's next turn begins, 500.1), `until your next upkeep` (the same moment: the model has no steps). */
  | { kind: 'until-your-next-turn' };

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
  costDelta?: { amount: number; filter: Filter; /** `for each …` / `where X is …`: the amount is multiplied by (or is) this count. */ per?: Expr };
  /** What the engine applies where the timeline touches it (engine/rules.ts); absent: shown, with nothing in the scenario model to apply it to. */
  rule?: RuleKind;
  /** `can't attack unless you control a 1/1 creature`: the restriction is lifted while this holds. */
  unless?: Condition;
  /** `You may cast ~ from your graveyard`: the ability works in that zone (113.6). */
  functionsIn?: Zone;
}

/**
 * Rule effects the timeline applies (engine/rules.ts): `no-untap` (302.6: the
 * untap step leaves it tapped), `no-counters` (`can't have counters put on it`:
 * counter events put none), `no-activate` (`activated abilities can't be
 * activated`; `tapCostOnly`: only those with {T} in their costs).
 */
export type RuleKind = { kind: 'no-untap' } | { kind: 'no-counters' } | { kind: 'no-activate'; tapCostOnly?: boolean };

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
  /** `until`: 610.3, `exile … until ~ leaves the battlefield` (it returns under its owner's control when the source leaves). */
  | { kind: 'tap' | 'untap' | 'destroy' | 'sacrifice' | 'exile' | 'regenerate'; object: Selector; until?: 'source-leaves'; span?: TextSpan }
  /** `tapped`, `under your control`: how a card put onto the battlefield enters (`Return it to the battlefield tapped under your control`). */
  /** `counters`: `return it to the battlefield with a +1/+1 counter on it`: it enters with them (614.1c). */
  | { kind: 'move'; object: Selector; to: Zone; position?: 'top' | 'bottom' | 'shuffle'; tapped?: boolean; controller?: PlayerRef; counters?: { counter: string; amount: Expr }[]; span?: TextSpan }
  /** `remove a counter from …` (any kind): counter `*`; `ifNone`: only if it has no counter of that kind (adapt, 701.46a). */
  | { kind: 'counters'; object: Selector; counter: string; amount: Expr; remove?: boolean; ifNone?: boolean; span?: TextSpan }
  /** 701.14a: `A fights B`: each deals damage equal to its power to the other. */
  | { kind: 'fight'; object: Selector; other: Selector; span?: TextSpan }
  /** 701.12a: `Exchange control of two target permanents`: `objects` designates the two. */
  | { kind: 'exchange-control'; objects: Selector; span?: TextSpan }
  /** 701.3a: `attach ~ to it`. */
  | { kind: 'attach'; object: Selector; to: Selector; span?: TextSpan }
  /** Keyword actions on chosen objects (`choosing`): 701.27 proliferate, 701.36 populate, 701.39 bolster N. */
  | { kind: 'proliferate' | 'populate' | 'bolster'; amount?: Expr; span?: TextSpan }
  /** 701.37a: `Monstrosity N`: if this permanent isn't monstrous, put N +1/+1 counters on it and it becomes monstrous. */
  | { kind: 'monstrosity'; amount: Expr; span?: TextSpan }
  /** 122.1: counters on a player (`you get an experience counter`, `you get {E}{E}`: energy). */
  | { kind: 'player-counters'; player: PlayerRef; counter: string; amount: Expr; span?: TextSpan }
  /** 701.44a: `it explores`: the revealed card is answered with `choosing land|nonland` (the library is hidden); a land goes to the hand, otherwise a +1/+1 counter on the explorer. */
  | { kind: 'explore'; object: Selector; span?: TextSpan }
  /** 701.47a: `amass Zombies 2`: counters on an Army you control, made first (a 0/0 black `TYPE Army` token) if you control none. */
  | { kind: 'amass'; subtype: string; amount: Expr; span?: TextSpan }
  /** 114.1: `You get an emblem with "…"`: an emblem with those abilities in the command zone. */
  | { kind: 'emblem'; player: PlayerRef; abilities: string[]; span?: TextSpan }
  /** 724.1: `you become the monarch`. */
  | { kind: 'become-monarch'; player: PlayerRef; span?: TextSpan }
  /** 111.1, 701.7: `Create two 1/1 red Goblin creature tokens with haste`; `player` creates them and owns them (111.2), `controller` if they enter under another player's control. */
  | { kind: 'create-token'; token: TokenSpec; amount: Expr; player: PlayerRef; controller?: PlayerRef; tapped?: boolean; attacking?: boolean; span?: TextSpan }
  /** 701.17a: `Sacrifice a creature`, `Each opponent sacrifices a creature`: each player sacrifices `amount` permanents they control that match, of their choice (`choosing NAME`). */
  | { kind: 'sacrifice-chosen'; player: PlayerRef; filter: Filter; amount: Expr; span?: TextSpan }
  /** `Return a land you control to its owner's hand`: each player returns `amount` permanents they control that match, of their choice (`choosing NAME`). */
  | { kind: 'return-chosen'; player: PlayerRef; filter: Filter; amount: Expr; span?: TextSpan }
  /** 701.10: double a creature's power (and toughness), the counters on a permanent, or a player's life total; the amount is fixed as the action happens (608.2h). */
  | { kind: 'double'; what: 'power' | 'power-toughness' | 'counters' | 'life'; object?: Selector; player?: PlayerRef; counter?: string; duration?: Duration; span?: TextSpan }
  /** `random`: `discard a card at random` (701.9b): which card is not recorded by the model (unnamed cards go first). `wholeHand`: `discards their hand` (701.9: every card in it; `amount` is then unused). */
  | { kind: 'draw' | 'gain-life' | 'lose-life' | 'discard' | 'mill'; player: PlayerRef; amount: Expr; random?: boolean; wholeHand?: boolean; span?: TextSpan }
  /** 104.2a, 104.3a: `you win the game`, `that player loses the game`: reported; the scenario goes on. */
  | { kind: 'game-result'; player: PlayerRef; result: 'win' | 'lose'; span?: TextSpan }
  /** `For each creature destroyed this way, create a Treasure token`: the actions, that many times. */
  | { kind: 'repeat'; times: Expr; actions: Action[]; span?: TextSpan }
  /** `divided`: 601.2d, the amount is divided among the targets `to` binds, as announced with `choosing N, N, …` (one number per target, in order). */
  | { kind: 'damage'; source: ObjectRef; amount: Expr; to: Selector; divided?: boolean; span?: TextSpan }
  | { kind: 'add-mana'; mana: string; span?: TextSpan }
  /** `Choose a color.`, `Choose a creature type.` in an effect: answered with `choosing red`; later words read it as `the chosen color` (choice `value.index`). */
  | { kind: 'choose'; choice: ChoiceKind; value: { kind: 'choice'; index: number }; span?: TextSpan }
  /** `Return a card from your graveyard to your hand` (the card is the owner's choice; first one by default). */
  | { kind: 'return-from-graveyard'; player: PlayerRef; filter: Filter; to: Zone; span?: TextSpan }
  /** `Prevent all damage …`, `The next time a source of your choice would deal damage …` (615): creates a prevention effect. */
  | { kind: 'create-replacement'; replacement: ReplacementSpec; duration: Duration; span?: TextSpan }
  /** 614.15: `… instead` inside the same spell text: a replacement on that spell's own action. */
  | { kind: 'self-replacement'; replacement: ReplacementSpec; span?: TextSpan }
  /** Recognised, but not played out by the scenario model (a library search, scry, a die roll): see NotSimulated. */
  /** `object`: what the text is about (`counter target spell`), so its target's conditions are still checked. */
  | { kind: 'not-simulated'; note: NotSimulated; object?: Selector; span?: TextSpan }
  // Choices inside actions (effects/choice.ts, effects/modes.ts; engine/choice-actions.ts).
  /**
   * A yes/no choice made as the action resolves, answered with `choosing yes|no`:
   * `you may ACTIONS` (`ifDone` / `ifNot`: `If you do, …` / `If you don't, …`, 603.12 `When you do, …`);
   * `ACTIONS unless PLAYER pays COST` (`unless`: the question is whether PLAYER pays; `ifNot` holds ACTIONS).
   */
  | { kind: 'optional'; who: PlayerRef; question: string; actions: Action[]; ifDone?: Action[]; ifNot?: Action[]; unless?: boolean; span?: TextSpan }
  /** `If you control …, ACTIONS` / `if it's …` / `Otherwise, …`: checked as the action resolves (608.2c). */
  | { kind: 'if'; condition: Condition; actions: Action[]; otherwise?: Action[]; span?: TextSpan }
  /** 700.2: `Choose one —` and its modes, answered with `choosing mode N`. */
  | { kind: 'modal'; min: number; max: number; modes: Mode[]; /** `tap or untap target permanent`: one choice made as it resolves (608.2d), answered with a mode's word; the targets are the ability's, not the modes'. */ onResolution?: boolean; span?: TextSpan }
  /** 603.7: a delayed triggered ability created by the effect (`At the beginning of the next end step, sacrifice it`). */
  /** `dies-this-turn`: 603.7c, `When that creature dies this turn, …`: it triggers when `object` is put into a graveyard from the battlefield this turn. */
  | { kind: 'delayed'; when: 'next-end-step' | 'your-next-end-step' | 'next-upkeep' | 'your-next-upkeep' | 'end-of-combat' | 'dies-this-turn'; trigger: string; actions: Action[]; object?: ObjectRef; span?: TextSpan }
  /** A payment inside an effect (`you may pay {2}`): mana is not modelled, so paying it changes nothing; life is paid with `lose-life` (119.4). */
  | { kind: 'pay'; cost: string; span?: TextSpan }
  /** `As an additional cost to cast this spell, …` (601.2f-h): read and shown; costs are not paid in scenarios. */
  | { kind: 'additional-cost'; cost: string; span?: TextSpan };

/** One mode of a modal spell or ability (700.2). */
export interface Mode {
  text: string;
  actions: Action[];
  /** The `target …` indices (and target-player indices) read in this mode: `targeting` binds only the chosen modes' targets (601.2c). */
  targets: number[];
  targetPlayers: number[];
  span?: TextSpan;
}

/** `Activate only as a sorcery`, `Activate only once each turn`, `Activate only if …` (602.5). Checked by `activate`. */
export type ActivationRestriction =
  | { kind: 'sorcery'; text: string }
  | { kind: 'per-turn'; times: number; text: string }
  | { kind: 'your-turn'; text: string }
  | { kind: 'condition'; condition: Condition; text: string };

/** 111.3: the characteristics a token-creating effect defines; 111.4: its name. */
export interface TokenSpec {
  /** The name given (`named Koma's Coil`), the predefined token's name, or its subtypes plus `Token` (111.4). */
  name: string;
  power?: Expr;
  toughness?: Expr;
  colors: Color[];
  supertypes: string[];
  types: string[];
  subtypes: string[];
  /** Keywords and quoted abilities as written (`Flying`, `When this creature dies, …`), compiled when the token is made. */
  abilities: string[];
  /** 111.10: a predefined token (Treasure, Food, Clue, Blood, …). */
  predefined?: string;
  /** 707.2, 111.1: `a token that's a copy of target creature`: its copiable values are taken as it is created. */
  copyOf?: ObjectRef;
}

/**
 * Text the compiler recognised but the scenario model does not play out
 * (issue 8, answer 2): hidden information and library handling, randomness
 * with no `choosing` answer, mana spending restrictions, drafting and
 * deck-building text, the game outside one battlefield. Never used for
 * anything that changes characteristics, control, counters, damage, life,
 * zones of objects, tapped status or tokens. Each one becomes an
 * information diagnostic with code `not-simulated` on its span.
 */
export interface NotSimulated {
  /** What was recognised, e.g. `library search`, `scry 2`. */
  what: string;
  /** Why it is not played out, e.g. `libraries are not modelled`; may name the event that plays the move (`enter …`). */
  why: string;
}

// ---------------------------------------------------------------------------
// Replacement and prevention (614, 615, 616)

/** A pattern over game events that a replacement effect watches for. */
export type EventPattern =
  /** `would be put into a graveyard from anywhere` / `would die` (from the battlefield). */
  | { kind: 'to-graveyard'; object: Selector; from?: Zone; /** `would be destroyed` (701.8): only a destruction, not a sacrifice or a state-based death. */ destroyed?: boolean }
  | { kind: 'enter'; object: Selector }
  | { kind: 'draw'; player: PlayerRef }
  | { kind: 'gain-life'; player: PlayerRef }
  | { kind: 'lose-life'; player: PlayerRef }
  | { kind: 'discard'; player: PlayerRef }
  | { kind: 'damage'; source?: Selector; to?: Selector; /** `to an opponent or a permanent an opponent controls`: any of these. */ toAny?: Selector[]; combatOnly?: boolean; /** `noncombat damage`: every damage event of a scenario. */ noncombatOnly?: boolean }
  | { kind: 'counters'; object: Selector; counter?: string };

/** What an `As ~ enters, choose …` choice may be (parallel to its `choices`). */
export interface ChoiceLimit {
  /** `a color other than green`. */
  notColor?: Color;
  /** `a number between 0 and 7`, a six-sided die (1–6). */
  min?: number;
  max?: number;
  /** `choose a permanent you don't control`, `name a nonland card` (a card name: the filter is shown, not checked). */
  filter?: Filter;
  /** Shown to the user: `a six-sided die roll`, `a nonland card name`. */
  what?: string;
}

/**
 * `As ~ enters, you may pay 2 life. If you don't, ~ enters tapped.`: an
 * optional act as it enters (answered with `choosing yes|no`, or `pay`/`reveal`);
 * if it is not done, the replacement applies (614.12).
 */
export interface EntryOption {
  what: string;
  actions: Action[];
}

export type ReplacementSpec = ReplacementKind & {
  /** `As long as ~ is untapped, …` on the static ability: the replacement applies only while it holds. */
  condition?: Condition;
};

export type ReplacementKind =
  /**
   * `~ enters tapped`, `Permanents enter tapped`, `Creatures your opponents control enter tapped`;
   * `unless you control a Mountain` (judged before it enters); `If you don't, ~ enters tapped` after an `option`.
   */
  | { kind: 'enters-tapped'; affected: Selector; unless?: Condition; option?: EntryOption }
  /** 616.1c: `Creatures you control enter as a copy of ~`; `You may have ~ enter as a copy of any creature on the battlefield` (of: chosen). */
  | { kind: 'enters-as-copy'; affected: Selector; of: ObjectRef | { kind: 'choose'; filter: Filter }; optional: boolean; except: Part[] }
  /** 616.1b: `enters under your control`. */
  | { kind: 'enters-under-control'; affected: Selector; player: PlayerRef }
  /** `As ~ enters, choose a color / creature type / two basic land types / a player / a card name / a number`. */
  | { kind: 'as-enters-choose'; choices: ChoiceKind[]; limits?: ChoiceLimit[] }
  /**
   * `As ~ enters, remove all counters from all permanents.` (Thief of Blood):
   * done as it enters; how many were removed is kept as its next entry
   * choice, for `… for each counter removed this way`.
   */
  | { kind: 'as-enters-remove-counters'; from: Filter }
  /**
   * 702.82a Devour N: as it enters, its controller may sacrifice any number of
   * creatures (named with `choosing`); it enters with N +1/+1 counters for each.
   */
  | { kind: 'devour'; per: number; filter: Filter }
  /** `enters with N COUNTER counters`, `with X …`, `with an additional …`, `… for each …`, `… if COND`. */
  | { kind: 'enters-with-counters'; affected: Selector; counter: string; amount: Expr; condition?: Condition }
  /**
   * 614.1a counter replacements: `twice that many … are put on it instead`
   * (multiply), `that many plus one` (add). `byYou`: `If you would put …`.
   * They also apply to counters a permanent enters with (rulings on Hardened
   * Scales and Doubling Season).
   */
  | { kind: 'modify-counters'; event: Extract<EventPattern, { kind: 'counters' }>; multiply?: number; add?: number; byYou?: boolean }
  /** 614.1b: `All damage that would be dealt to you is dealt to enchanted creature instead` (Pariah). */
  | { kind: 'redirect-damage'; event: Extract<EventPattern, { kind: 'damage' }>; to: ObjectRef }
  /** `If EVENT, ACTIONS instead.` */
  | { kind: 'instead'; event: EventPattern; actions: Action[]; /** `The next time …`: applies once, then is used up (609.7-like). */ once?: boolean }
  /** Damage modification: `deals that much damage plus 2 instead`, `deals double that damage instead`. */
  | { kind: 'modify-damage'; event: EventPattern; add?: number; multiply?: number; /** `plus the result of a six-sided die roll`: added, answered with `choosing N`. */ addAnswer?: string }
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
  | { kind: 'activated'; text: string; cost: string; actions: Action[]; mana: boolean; /** 602.5: `Activate only …`. */ restrictions?: ActivationRestriction[]; span?: TextSpan }
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
  /** The diagnostic code; by default `effect-error` for errors and `not-understood` otherwise. */
  code?: 'not-simulated' | 'not-understood' | 'effect-error';
}

/** The diagnostic code of a text issue. */
export function issueCode(i: TextIssue): string {
  return i.code ?? (i.severity === 'error' ? 'effect-error' : 'not-understood');
}

/** The information issue for text that was recognised but is not played out. */
export function notSimulatedIssue(note: NotSimulated, span: TextSpan): TextIssue {
  return { start: span.start, end: span.end, severity: 'information', code: 'not-simulated', message: `not simulated: ${note.what}: ${note.why}` };
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
