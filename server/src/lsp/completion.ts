// Completion: statements at the start of a line, card keys inside a block,
// names after event keywords and in expectations, facts after `expect X:`,
// zones, colors, types, and effect phrase templates inside `text` lines.

import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Position } from 'vscode-languageserver';
import { CARD_TYPES, SUPERTYPES } from '../rules/vocabulary';
import { CARD_KEYS, FACT_KEYWORDS, STATEMENT_KEYWORDS, ZONES } from '../syntax/parser';
import type { LayersDocument } from './document';

const COLORS = ['white', 'blue', 'black', 'red', 'green', 'colorless'];
const KEYWORDS = ['flying', 'first strike', 'double strike', 'deathtouch', 'defender', 'haste', 'hexproof', 'indestructible', 'lifelink', 'menace', 'reach', 'trample', 'vigilance', 'changeling', 'protection from'];

/** Effect phrase templates (spec section 5), as snippets. */
export const PHRASES: { label: string; snippet: string; detail: string }[] = [
  { label: 'creatures you control get +N/+N', snippet: 'Creatures you control get +${1:1}/+${2:1}.', detail: 'layer 7c' },
  { label: 'enchanted creature gets +N/+N', snippet: 'Enchanted creature gets +${1:2}/+${2:2}.', detail: 'layer 7c' },
  { label: 'has base power and toughness', snippet: '${1:Enchanted creature} has base power and toughness ${2:0}/${3:1}.', detail: 'layer 7b' },
  { label: "power and toughness are each equal to", snippet: "This creature's power and toughness are each equal to the number of ${1:creature cards in your graveyard}.", detail: 'layer 7a (CDA)' },
  { label: 'switch power and toughness', snippet: "Switch target creature's power and toughness until end of turn.", detail: 'layer 7d' },
  { label: 'has / gains ability', snippet: '${1:Creatures you control} have ${2:flying}.', detail: 'layer 6' },
  { label: 'lose all abilities', snippet: '${1:All creatures} lose all abilities.', detail: 'layer 6' },
  { label: 'is a color', snippet: '${1:Enchanted creature} is ${2:white}.', detail: 'layer 5' },
  { label: 'in addition to its other types', snippet: '${1:All permanents} are ${2:artifacts} in addition to their other types.', detail: 'layer 4' },
  { label: 'land type (305.7)', snippet: 'Nonbasic lands are ${1:Mountains}.', detail: 'layer 4' },
  { label: 'gain control', snippet: 'Gain control of target creature until end of turn.', detail: 'layer 2' },
  { label: 'text change (612)', snippet: 'Change the text of target spell or permanent by replacing all instances of one color word with another.', detail: 'layer 3' },
  { label: 'copy entry', snippet: 'You may have this creature enter as a copy of any creature on the battlefield.', detail: 'layer 1a, 616.1c' },
  { label: 'enters tapped', snippet: '${1:This land} enters tapped.', detail: '614.1c' },
  { label: 'if … would …, … instead', snippet: 'If ${1:a card} would be put into a graveyard from anywhere, ${2:exile it} instead.', detail: '614.1a' },
  { label: 'prevent all damage', snippet: 'Prevent all damage that would be dealt to ${1:target creature} this turn.', detail: '615' },
  { label: 'maximum hand size', snippet: 'Your maximum hand size is reduced by ${1:one}.', detail: '613.10' },
];

function items(labels: readonly string[], kind: CompletionItemKind, detail?: string): CompletionItem[] {
  return labels.map((label) => ({ label, kind, ...(detail ? { detail } : {}) }));
}

export function completion(doc: LayersDocument, p: Position): CompletionItem[] {
  const line = doc.lines[p.line] ?? '';
  const before = line.slice(0, p.character);
  const trimmed = before.trimStart();
  const indented = before.length > trimmed.length;
  const f = doc.analysis.file;
  const names = [...new Set(f.objects.flatMap((d) => [d.alias?.text ?? d.name.text].map((n) => (/^[A-Za-z][A-Za-z0-9_'-]*$/.test(n) ? n : `"${n}"`))))];
  const players = (f.players?.players ?? []).map((x) => x.text);
  const nameItems = () => [...items(names, CompletionItemKind.Variable, 'object'), ...items(players.length ? players : ['Alice', 'Bob'], CompletionItemKind.Value, 'player')];
  // Inside ability text: phrase templates and keywords.
  if (/^\s*text\s/.test(before)) {
    return [
      ...PHRASES.map((x) => ({ label: x.label, kind: CompletionItemKind.Snippet, detail: x.detail, insertText: x.snippet, insertTextFormat: InsertTextFormat.Snippet })),
      ...items(KEYWORDS, CompletionItemKind.Keyword, 'keyword ability'),
      ...items(COLORS, CompletionItemKind.EnumMember, 'color'),
    ];
  }
  if (/^\s*type\s/.test(before)) return [...items(SUPERTYPES, CompletionItemKind.TypeParameter, 'supertype'), ...items(CARD_TYPES, CompletionItemKind.TypeParameter, 'card type')];
  if (/^\s*colou?rs?\s/.test(before)) return items(COLORS, CompletionItemKind.EnumMember, 'color');
  if (indented && !/\s/.test(trimmed)) return items(CARD_KEYS.filter((k) => k !== 'colors'), CompletionItemKind.Property, 'card key');
  if (!/\s/.test(trimmed)) return [...items(STATEMENT_KEYWORDS, CompletionItemKind.Keyword), ...items(players.length ? players : ['Alice', 'Bob'], CompletionItemKind.Value, 'player (draws, gains, …)')];
  if (/^expect\s+\S+\s*:/.test(trimmed)) {
    const last = trimmed.split(';').pop()!.trim();
    if (/^zone\s/.test(last)) return items(ZONES, CompletionItemKind.EnumMember, 'zone');
    if (/^colou?r\s/.test(last)) return items(COLORS, CompletionItemKind.EnumMember, 'color');
    if (/^(controller|owner)\s/.test(last)) return items(players.length ? players : ['Alice', 'Bob'], CompletionItemKind.Value);
    if (/^(has|lacks)\s/.test(last)) return items(KEYWORDS, CompletionItemKind.Keyword);
    return items(FACT_KEYWORDS, CompletionItemKind.Field, 'fact');
  }
  if (/\bto\s+$/.test(before) && /^move\s/.test(trimmed)) return items(ZONES, CompletionItemKind.EnumMember, 'zone');
  return nameItems();
}
