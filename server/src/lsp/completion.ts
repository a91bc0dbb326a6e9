// Completion, by where the cursor is on its line:
// - first word of a top-level line: statement keywords, and players (`Alice draws 1 card`);
// - first word inside a card block: card keys; after `type`: supertypes, card
//   types, and after the dash subtypes; after `color`: colors; after `owner`: players;
// - inside a `text` line or a `resolve "…"`: effect phrase templates (snippets), keywords;
// - after event keywords, `targeting`, `choosing`, `expect`: declared names, aliases, players;
//   after `under` / `by`: players; `move X to`: zones; `end`: labels and `turn`;
// - after `expect X:` (or `;`): facts, then the values a fact takes.

import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Position, type Range } from 'vscode-languageserver';
import {
  ARTIFACT_TYPES,
  BATTLE_TYPES,
  CARD_TYPES,
  CREATURE_TYPES,
  ENCHANTMENT_TYPES,
  KEYWORDS,
  LAND_TYPES,
  PLANESWALKER_TYPES,
  SPELL_TYPES,
  SUPERTYPES,
} from '../rules/vocabulary';
import { CARD_KEYS, FACT_KEYWORDS, STATEMENT_KEYWORDS, ZONES } from '../syntax/parser';
import type { ParsedDocument } from './documents';
import { DEFAULT_PLAYERS, namesOf } from './names';
import { clampedPosition, range } from './positions';

export const COLORS = ['white', 'blue', 'black', 'red', 'green'];

/** Effect phrase templates (spec section 5), as snippets, with the layer or rule each one exercises. */
export const PHRASES: { label: string; snippet: string; detail: string }[] = [
  { label: 'Creatures you control get +N/+N', snippet: 'Creatures you control get +${1:1}/+${2:1}.', detail: 'layer 7c (613.4c)' },
  { label: 'Enchanted creature gets +N/+N', snippet: 'Enchanted creature gets +${1:2}/+${2:2}.', detail: 'layer 7c (613.4c)' },
  { label: 'Target creature gets +N/+N until end of turn', snippet: 'Target creature gets +${1:3}/+${2:3} until end of turn.', detail: 'layer 7c, locked set (611.2c)' },
  { label: '… gets +N/+N for each …', snippet: '${1:This creature} gets +${2:1}/+${3:1} for each ${4:Forest you control}.', detail: 'layer 7c' },
  { label: '… has base power and toughness N/N', snippet: '${1:Enchanted creature} has base power and toughness ${2:0}/${3:1}.', detail: 'layer 7b (613.4b)' },
  { label: 'Target creature becomes N/N until end of turn', snippet: 'Target creature becomes ${1:0}/${2:1} until end of turn.', detail: 'layer 7b (613.4b)' },
  { label: "This creature's power and toughness are each equal to …", snippet: "This creature's power and toughness are each equal to the number of ${1:creature cards in your graveyard}.", detail: 'layer 7a, CDA (604.3)' },
  { label: "Switch target creature's power and toughness", snippet: "Switch target creature's power and toughness until end of turn.", detail: 'layer 7d (613.4d)' },
  { label: '… have / has ABILITY', snippet: '${1:Creatures you control} have ${2:flying}.', detail: 'layer 6 (613.1f)' },
  { label: '… lose all abilities', snippet: '${1:All creatures} lose all abilities.', detail: 'layer 6 (613.1f)' },
  { label: "… can't have or gain ABILITY", snippet: "${1:Creatures} can't have or gain ${2:flying}.", detail: 'layer 6 (613.1f)' },
  { label: '… is COLOR', snippet: '${1:Enchanted creature} is ${2|white,blue,black,red,green|}.', detail: 'layer 5 (613.1e)' },
  { label: '… becomes the color of your choice', snippet: '${1:Target creature} becomes the color of your choice until end of turn.', detail: 'layer 5 (613.1e)' },
  { label: '… in addition to their other types', snippet: '${1:All permanents} are ${2:artifacts} in addition to their other types.', detail: 'layer 4 (613.1d)' },
  { label: '… becomes an N/N creature that’s still a land', snippet: "Until end of turn, target land becomes a ${1:3}/${2:3} creature that's still a land.", detail: 'layers 4 and 7b (613.6)' },
  { label: 'Nonbasic lands are LAND-TYPE', snippet: 'Nonbasic lands are ${1:Mountains}.', detail: 'layer 4 (305.7)' },
  { label: 'Gain control of target creature', snippet: 'Gain control of target creature until end of turn.', detail: 'layer 2 (613.1b)' },
  { label: 'Change the text … color word', snippet: 'Change the text of target spell or permanent by replacing all instances of one color word with another.', detail: 'layer 3 (612)' },
  { label: '… enter as a copy of …', snippet: 'You may have this creature enter as a copy of any creature on the battlefield.', detail: 'layer 1a (707), 616.1c' },
  { label: 'As long as …, …', snippet: 'As long as ${1:you control an artifact}, ${2:this creature gets +1/+1}.', detail: 'condition (611.3a)' },
  { label: '… enters tapped', snippet: '${1:This land} enters tapped.', detail: 'replacement (614.12)' },
  { label: 'If … would …, … instead', snippet: 'If ${1:a card} would be put into a graveyard from anywhere, ${2:exile it} instead.', detail: 'replacement (614, 616.1)' },
  { label: 'Prevent all damage …', snippet: 'Prevent all damage that would be dealt to ${1:target creature} this turn.', detail: 'prevention (615)' },
  { label: 'Your maximum hand size is reduced by …', snippet: 'Your maximum hand size is reduced by ${1:one}.', detail: 'rules (613.11)' },
  { label: 'You have hexproof', snippet: 'You have ${1:hexproof}.', detail: 'players (613.10)' },
];

/** 122.1b keyword counters, and the P/T counters. */
const COUNTERS = ['+1/+1', '-1/-1', 'flying', 'first strike', 'double strike', 'deathtouch', 'haste', 'hexproof', 'indestructible', 'lifelink', 'menace', 'reach', 'trample', 'vigilance', 'shield', 'stun'];

const ALL_SUBTYPES = [...CREATURE_TYPES, ...LAND_TYPES, ...ARTIFACT_TYPES, ...ENCHANTMENT_TYPES, ...PLANESWALKER_TYPES, ...SPELL_TYPES, ...BATTLE_TYPES];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plain = (snippet: string) => snippet.replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
const BARE = /^[A-Za-z][A-Za-z0-9_'-]*$/;
const written = (name: string) => (BARE.test(name) ? name : `"${name}"`);

interface Ctx {
  doc: ParsedDocument;
  /** Text of the line before the cursor. */
  before: string;
  /** The range of the word (or open quoted name) being typed, which an item replaces. */
  word: Range;
}

function item(ctx: Ctx, label: string, kind: CompletionItemKind, detail?: string, sortText?: string): CompletionItem {
  return { label, kind, ...(detail ? { detail } : {}), ...(sortText ? { sortText } : {}), textEdit: { range: ctx.word, newText: label }, filterText: label };
}

const items = (ctx: Ctx, labels: readonly string[], kind: CompletionItemKind, detail?: string, sort?: string) => labels.map((l) => item(ctx, l, kind, detail, sort ? `${sort}${l}` : undefined));

function players(doc: ParsedDocument): string[] {
  const declared = doc.file.players?.players.map((p) => p.text) ?? [];
  return declared.length ? declared : DEFAULT_PLAYERS;
}

/** Declared names and aliases, as they are written (quoted when not a bare word), with `#k` for copies. */
function nameItems(ctx: Ctx): CompletionItem[] {
  const out: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const d of ctx.doc.file.objects) {
    const kind = d.kind === 'token' ? CompletionItemKind.Struct : CompletionItemKind.Class;
    const detail = `${d.kind}${d.typeLine ? ` · ${d.typeLine.value.text}` : ''}`;
    for (const ref of [d.alias, d.name]) {
      if (!ref || seen.has(ref.text.toLowerCase())) continue;
      seen.add(ref.text.toLowerCase());
      const label = written(ref.text);
      out.push({ ...item(ctx, label, kind, ref === d.alias ? `${d.name.text} (${detail})` : detail, `1${label}`) });
      const n = d.copies?.value ?? 1;
      for (let k = 1; n > 1 && k <= Math.min(n, 9); k++) out.push(item(ctx, `${label}#${k}`, kind, `copy ${k} of ${n}`, `2${label}#${k}`));
    }
  }
  return out;
}

const playerItems = (ctx: Ctx) => items(ctx, players(ctx.doc), CompletionItemKind.Value, 'player', '3');

function labelItems(ctx: Ctx): CompletionItem[] {
  const labels = new Set<string>();
  for (const n of namesOf(ctx.doc)) if (n.kind === 'label' && n.role === 'declaration') labels.add(n.text);
  return items(ctx, [...labels], CompletionItemKind.Reference, 'effect label (as …)', '1');
}

function typeItems(ctx: Ctx, afterDash: boolean): CompletionItem[] {
  if (afterDash) return items(ctx, ALL_SUBTYPES, CompletionItemKind.TypeParameter, 'subtype (205.3)');
  return [...items(ctx, SUPERTYPES, CompletionItemKind.TypeParameter, 'supertype (205.4)', '1'), ...items(ctx, CARD_TYPES, CompletionItemKind.TypeParameter, 'card type (205.2)', '2'), item(ctx, '—', CompletionItemKind.Operator, 'subtypes follow', '3')];
}

function keywordItems(ctx: Ctx): CompletionItem[] {
  return items(ctx, Object.keys(KEYWORDS).map(capitalise), CompletionItemKind.Keyword, 'keyword ability (702)', '2');
}

/** Templates replace the text typed so far from `from` (the start of the ability text). */
function phraseItems(from: number, line: number, cursor: number): CompletionItem[] {
  const r = range(line, from, cursor);
  return PHRASES.map((x, i) => ({
    label: x.label,
    kind: CompletionItemKind.Snippet,
    detail: x.detail,
    sortText: `0${String(i).padStart(2, '0')}`,
    filterText: plain(x.snippet),
    textEdit: { range: r, newText: x.snippet },
    insertTextFormat: InsertTextFormat.Snippet,
  }));
}

/** The word being typed: back over name characters, or back to an unclosed opening quote. */
function wordRange(before: string, line: number): Range {
  let inQuote = -1;
  for (let i = 0; i < before.length; i++) if (before[i] === '"') inQuote = inQuote < 0 ? i : -1;
  if (inQuote >= 0) return range(line, inQuote, before.length);
  let i = before.length;
  while (i > 0 && /[A-Za-z0-9_'#+\/-]/.test(before[i - 1]!)) i--;
  return range(line, i, before.length);
}

/** Inside a card block: the line is indented and the nearest line above with content belongs to a block. */
function inBlock(doc: ParsedDocument, line: number, indent: number): boolean {
  if (indent === 0) return false;
  for (const d of doc.file.objects) {
    if (line > d.headerRange.start.line && line <= d.range.end.line + 1 + trailingBlank(doc, d.range.end.line)) {
      const header = doc.lines[d.headerRange.start.line] ?? '';
      return indent > header.length - header.trimStart().length;
    }
  }
  return false;
}

function trailingBlank(doc: ParsedDocument, from: number): number {
  let n = 0;
  while (doc.lines[from + 1 + n] !== undefined && !doc.lines[from + 1 + n]!.trim()) n++;
  return n;
}

function factValueItems(ctx: Ctx, fact: string): CompletionItem[] | undefined {
  const f = fact.trimStart().toLowerCase();
  if (/^zone\s+(\S+\s+or\s+)?\S*$/.test(f)) return items(ctx, ZONES, CompletionItemKind.EnumMember, 'zone');
  if (/^colou?rs?\s/.test(f)) return items(ctx, [...COLORS, 'colorless'], CompletionItemKind.EnumMember, 'color');
  if (/^(controller|owner)\s+\S*$/.test(f)) return playerItems(ctx);
  if (/^(has|lacks)\s/.test(f)) return keywordItems(ctx);
  if (/^abilities\s+\S*$/.test(f)) return [item(ctx, 'none', CompletionItemKind.Constant), ...keywordItems(ctx)];
  if (/^type\s/.test(f)) return typeItems(ctx, /[—–]|--|\s-\s/.test(f));
  if (/^is( not)?\s+\S*$/.test(f)) return [...items(ctx, COLORS, CompletionItemKind.EnumMember, 'color'), ...items(ctx, [...CARD_TYPES, ...SUPERTYPES], CompletionItemKind.TypeParameter, 'type')];
  if (/^counters\s+\S*$/.test(f)) return items(ctx, COUNTERS, CompletionItemKind.EnumMember, 'counter');
  if (/^max hand size\s+\S*$/.test(f)) return [item(ctx, 'none', CompletionItemKind.Constant)];
  if (/^\S*$/.test(f)) return items(ctx, FACT_KEYWORDS, CompletionItemKind.Field, 'fact (spec section 6)');
  return undefined;
}

export function completion(doc: ParsedDocument, position: Position): CompletionItem[] {
  const p = clampedPosition(doc.lines, position);
  const lineText = doc.lines[p.line] ?? '';
  const before = lineText.slice(0, Math.min(p.character, lineText.length));
  const trimmed = before.trimStart();
  const indent = before.length - trimmed.length;
  // In a comment: nothing.
  if (/(^|\s)#(?!\d)/.test(before.replace(/"[^"]*"/g, '""'))) return [];
  const ctx: Ctx = { doc, before, word: wordRange(before, p.line) };
  const firstWord = !/\s/.test(trimmed);

  if (inBlock(doc, p.line, indent) || (indent > 0 && firstWord && /^(cost|colou?rs?|type|pt|owner|text|copies)\b/i.test(trimmed))) {
    if (firstWord) return items(ctx, CARD_KEYS.filter((k) => k !== 'colors'), CompletionItemKind.Property, 'card key');
    const key = /^(\S+)\s/.exec(trimmed)![1]!.toLowerCase();
    if (key === 'text') return [...phraseItems(indent + /^\S+\s+/.exec(trimmed)![0].length, p.line, before.length), ...keywordItems(ctx), ...items(ctx, COLORS, CompletionItemKind.EnumMember, 'color')];
    if (key === 'type') return typeItems(ctx, /[—–]|--|\s-\s/.test(trimmed.slice(5)));
    if (key === 'color' || key === 'colors') return items(ctx, [...COLORS, 'colorless'], CompletionItemKind.EnumMember, 'color (204)');
    if (key === 'owner') return playerItems(ctx);
    return [];
  }

  if (firstWord) return [...items(ctx, STATEMENT_KEYWORDS, CompletionItemKind.Keyword, 'statement', '1'), ...playerItems(ctx)];

  const kw = /^(\S+)/.exec(trimmed)![1]!.toLowerCase();
  // Inside the quoted effect text of `resolve "…`: phrase templates.
  if (kw === 'resolve') {
    const open = before.indexOf('"');
    const quotes = (before.match(/"/g) ?? []).length;
    if (open >= 0 && quotes % 2 === 1) return [...phraseItems(open + 1, p.line, before.length), ...keywordItems(ctx)];
  }
  if (kw === 'expect') {
    const rest = trimmed.slice('expect'.length);
    const colon = rest.indexOf(':');
    if (colon >= 0) {
      const facts = rest.slice(colon + 1).split(';');
      return factValueItems(ctx, facts[facts.length - 1]!) ?? [];
    }
    if (/^\s+\S*$/.test(rest)) return [item(ctx, 'loop', CompletionItemKind.Keyword, 'dependency loop (613.8b)', '0'), ...nameItems(ctx), ...playerItems(ctx)];
    if (/^\s+loop\s/i.test(rest) || /\sdepends\s+on\s+\S*$/i.test(rest)) return nameItems(ctx);
    // `expect X |`: the short P/T form, `:`, or `depends on`.
    return [item(ctx, ':', CompletionItemKind.Operator, 'facts follow'), item(ctx, 'depends on', CompletionItemKind.Keyword, '613.8a')];
  }
  if (/\b(under|by)\s+\S*$/i.test(before) || (/\bowner\s+\S*$/i.test(before) && kw !== 'expect')) return playerItems(ctx);
  if (kw === 'move' && /\sto\s+\S*$/i.test(before)) return items(ctx, ZONES, CompletionItemKind.EnumMember, 'zone');
  if (kw === 'end') return /^end\s+\S*$/i.test(trimmed) ? [item(ctx, 'turn', CompletionItemKind.Keyword, '"until end of turn" effects end', '0'), ...labelItems(ctx)] : [];
  if ((kw === 'put' || kw === 'remove') && /^(put|remove)\s+(a|an|\d+)\s+\S*$/i.test(trimmed)) return items(ctx, COUNTERS, CompletionItemKind.EnumMember, 'counter');
  if (kw === 'turn' && /^turn\s+\S+\s+\S*$/i.test(trimmed)) return items(ctx, ['face up', 'face down'], CompletionItemKind.Keyword, '613.7f');
  if (/\bchoosing\s+(\S+\s*(,|then)\s*)*\S*$/i.test(before)) return [...nameItems(ctx), ...items(ctx, COLORS, CompletionItemKind.EnumMember, 'color'), ...playerItems(ctx)];
  if (players(doc).some((x) => x.toLowerCase() === kw) && /^\S+\s+\S*$/.test(trimmed)) return items(ctx, ['draws', 'gains', 'loses', 'discards'], CompletionItemKind.Keyword);
  return [...nameItems(ctx), ...playerItems(ctx)];
}
