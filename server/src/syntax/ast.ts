// The syntax tree of a `.layers` file (spec sections 1–4 and 6).
// Every node keeps its source range so that diagnostics, hover and the trace
// can point back into the text. Positions are zero-based, as in the LSP, and
// `character` counts UTF-16 code units (what editors use).
// This module imports nothing: the engine, the CLI and the server all use it.

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface Diagnostic {
  range: Range;
  severity: Severity;
  /** Stable machine code, e.g. `syntax`, `unknown-name`, `not-understood`, `expect-failed`, `loop`, `sba`. */
  code: string;
  message: string;
  related?: { range: Range; message: string }[];
  /** Edits offered as quick fixes (did-you-mean, rewrite to actual value). */
  fixes?: { title: string; edits: TextEdit[] }[];
}

/** A word or quoted string naming a player, a declared object or an alias. */
export interface NameRef {
  /** The name as written, without quotes and without the `#k` suffix. */
  text: string;
  /** `ALIAS#k` / `"Name"#k` selects copy k (1-based) of a `copies N` declaration. */
  copyIndex?: number;
  quoted: boolean;
  range: Range;
}

export interface Located<T> {
  value: T;
  range: Range;
}

// ---------------------------------------------------------------------------
// Declarations (section 2)

export interface ScenarioDecl {
  kind: 'scenario';
  title: Located<string>;
  range: Range;
}

export interface PlayersDecl {
  kind: 'players';
  players: NameRef[];
  range: Range;
}

/** A printed power or toughness: a number, `*`, or `N+*` / `*+N` as printed. */
export interface PrintedStat {
  /** The fixed part (0 for a bare `*`). */
  base: number;
  /** True when the value contains `*` (defined by a CDA, 208.2). */
  star: boolean;
  text: string;
}

export interface TypeLineSyntax {
  supertypes: string[];
  types: string[];
  subtypes: string[];
  text: string;
}

/** One key line inside a `card` / `token` block. Unknown keys are reported by the parser and skipped. */
export interface ObjectDecl {
  kind: 'card' | 'token';
  name: NameRef;
  alias?: NameRef;
  /** From the header line to the last line of the block. */
  range: Range;
  headerRange: Range;
  cost?: Located<string>;
  /** `color …` (204 color indicator); `[]` for `color colorless`. Lower-case color words. */
  colors?: Located<string[]>;
  typeLine?: Located<TypeLineSyntax>;
  pt?: { power: PrintedStat; toughness: PrintedStat; range: Range };
  owner?: NameRef;
  /** One entry per `text` line, in order. `range` covers the ability text only (after `text `). */
  texts: Located<string>[];
  copies?: Located<number>;
}

// ---------------------------------------------------------------------------
// Events (section 4)

export type ZoneName = 'battlefield' | 'graveyard' | 'hand' | 'library' | 'exile' | 'stack' | 'command';

export interface CountSyntax {
  /** A number, or 1 for `a` / `an`. */
  value: number;
  range: Range;
}

/** Options shared by `cast`, `activate` and `resolve`. */
export interface ResolveOptions {
  targets: NameRef[];
  /** Raw choices, split on commas and `then`; interpretation depends on what the text asks. */
  choices: Located<string>[];
  /** `then`-separated sequence for replacement order (`choosing A then B`). */
  choiceOrder?: NameRef[];
  label?: NameRef;
  by?: NameRef;
}

export type EventSyntax =
  | { kind: 'enter'; objects: NameRef[]; under?: NameRef; tapped: boolean; faceDown: boolean; attachedTo?: NameRef; choices: Located<string>[]; choiceOrder?: NameRef[] }
  | ({ kind: 'cast'; object: NameRef } & ResolveOptions)
  | ({ kind: 'activate'; object: NameRef; abilityIndex?: Located<number> } & ResolveOptions)
  | ({ kind: 'resolve'; text: Located<string>; from?: NameRef } & ResolveOptions)
  | { kind: 'attach'; object: NameRef; to: NameRef }
  | { kind: 'put-counters'; count: CountSyntax; counter: Located<string>; object: NameRef; choices?: Located<string>[]; choiceOrder?: NameRef[] }
  | { kind: 'remove-counters'; count: CountSyntax; counter: Located<string>; object: NameRef }
  | { kind: 'move'; objects: NameRef[]; zone: Located<ZoneName>; choices: Located<string>[]; choiceOrder?: NameRef[] }
  | { kind: 'destroy' | 'sacrifice' | 'exile'; objects: NameRef[]; choices: Located<string>[]; choiceOrder?: NameRef[] }
  | { kind: 'draw' | 'gain-life' | 'lose-life' | 'discard'; player: NameRef; count: CountSyntax; choices: Located<string>[]; choiceOrder?: NameRef[] }
  | { kind: 'tap' | 'untap'; objects: NameRef[] }
  | { kind: 'turn-face'; object: NameRef; up: boolean }
  | { kind: 'end'; label: NameRef }
  | { kind: 'end-turn' };

// ---------------------------------------------------------------------------
// Expectations (section 6)

export type FactSyntax =
  | { kind: 'pt'; power: number; toughness: number }
  | { kind: 'power' | 'toughness'; value: number }
  | { kind: 'color'; colors: string[] }            // [] = colorless
  | { kind: 'type'; typeLine: TypeLineSyntax }
  | { kind: 'is' | 'is-not'; word: string }
  | { kind: 'abilities'; abilities: string[] }     // [] = none
  | { kind: 'has' | 'lacks'; abilities: string[] }
  | { kind: 'controller' | 'owner'; player: NameRef }
  | { kind: 'zone'; zone: ZoneName }
  | { kind: 'tapped' | 'untapped' }
  | { kind: 'counters'; counter: string; count: number }
  | { kind: 'name'; name: string }
  /** 613.11: a rule effect on the object or player, by its words (`can't attack or block`); null: none. */
  | { kind: 'rule'; text: string | null }
  | { kind: 'life' | 'hand' | 'graveyard' | 'library-drawn' | 'exile-count'; value: number }
  | { kind: 'max-hand-size'; value: number | null };  // null = none

/** One fact with its alternatives: `zone exile or library` is two alternatives. */
export interface Fact {
  alternatives: FactSyntax[];
  range: Range;
  /** Text of the fact as written (used for messages and quick fixes). */
  text: string;
}

export type ExpectSyntax =
  | { kind: 'facts'; subject: NameRef; facts: Fact[] }
  | { kind: 'loop'; objects: NameRef[] }
  | { kind: 'depends'; dependent: NameRef; on: NameRef };

// ---------------------------------------------------------------------------
// Statements and the file

export interface EventStatement {
  kind: 'event';
  event: EventSyntax;
  range: Range;
  /** Range of the leading keyword (`enter`, `cast`, … or the player name for draws). */
  keywordRange: Range;
}

export interface ExpectStatement {
  kind: 'expect';
  expect: ExpectSyntax;
  range: Range;
  keywordRange: Range;
}

export type Statement = EventStatement | ExpectStatement;

export interface Comment {
  range: Range;
  text: string;
}

export interface LayersFile {
  uri: string;
  text: string;
  scenario?: ScenarioDecl;
  players?: PlayersDecl;
  objects: ObjectDecl[];
  /** Events and expectations in file order. */
  statements: Statement[];
  comments: Comment[];
  /** Syntax diagnostics only; name resolution and effect text are checked later. */
  diagnostics: Diagnostic[];
}
