// Semantic tokens (full document), from the parsed file and the name index:
// statement keywords, card keys, object names (declarations marked), players,
// labels, type lines, P/T and modifiers, mana symbols, resolve text, facts
// and comments. The TextMate grammar colours the rest.

import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import type { Range } from '../syntax/ast';
import type { ParsedDocument } from './documents';
import { namesOf } from './names';
import { range } from './positions';

export const TOKEN_TYPES = ['keyword', 'variable', 'parameter', 'string', 'comment', 'number', 'property', 'type', 'label', 'enumMember'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly'] as const;

export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];
const TYPE_INDEX = Object.fromEntries(TOKEN_TYPES.map((t, i) => [t, i])) as Record<TokenType, number>;
const DECLARATION = 1;

interface Tok {
  line: number;
  start: number;
  length: number;
  type: number;
  mods: number;
}

const CARD_KEY = /^(cost|colou?rs?|type|pt|owner|text|copies)\b/i;

export function semanticTokens(doc: ParsedDocument): SemanticTokens {
  const toks: Tok[] = [];
  const f = doc.file;
  const add = (r: Range | undefined, type: TokenType, mods = 0) => {
    if (!r || r.start.line !== r.end.line || r.end.character <= r.start.character) return;
    toks.push({ line: r.start.line, start: r.start.character, length: r.end.character - r.start.character, type: TYPE_INDEX[type], mods });
  };
  // Names first: where tokens overlap, the first one added at a position wins.
  for (const n of namesOf(doc)) add(n.range, n.kind === 'player' ? 'parameter' : n.kind === 'label' ? 'label' : 'variable', n.role === 'declaration' ? DECLARATION : 0);
  for (const c of f.comments) add(c.range, 'comment');
  if (f.scenario) add(f.scenario.title.range, 'string');
  for (const st of f.statements) {
    add(st.keywordRange, 'keyword');
    if (st.kind === 'event' && st.event.kind === 'resolve') add(st.event.text.range, 'string');
    if (st.kind === 'event' && st.event.kind === 'move') add(st.event.zone.range, 'enumMember');
    if (st.kind === 'expect' && st.expect.kind === 'facts') {
      for (const fact of st.expect.facts) {
        const line = doc.lines[fact.range.start.line] ?? '';
        const word = /^[A-Za-z]+/.exec(line.slice(fact.range.start.character))?.[0];
        if (word && !/^\d/.test(fact.text)) add(range(fact.range.start.line, fact.range.start.character, fact.range.start.character + word.length), 'property');
      }
    }
  }
  for (const d of f.objects) {
    const kwStart = d.headerRange.start.character;
    add(range(d.headerRange.start.line, kwStart, kwStart + d.kind.length), 'keyword');
    // Each key word at the start of its block line.
    for (let l = d.range.start.line + 1; l <= d.range.end.line; l++) {
      const line = doc.lines[l] ?? '';
      const indent = line.length - line.trimStart().length;
      const key = CARD_KEY.exec(line.slice(indent))?.[0];
      if (key) add(range(l, indent, indent + key.length), 'property');
    }
    add(d.typeLine?.range, 'type');
    add(d.pt?.range, 'number');
    add(d.cost?.range, 'string');
    for (const t of d.texts) {
      for (const m of t.value.matchAll(/[+-]?\d+\/[+-]?\d+|\{[^}]+\}/g)) {
        const at = t.range.start.character + (m.index ?? 0);
        add(range(t.range.start.line, at, at + m[0].length), m[0].startsWith('{') ? 'string' : 'number');
      }
    }
  }
  toks.sort((a, b) => a.line - b.line || a.start - b.start);
  const data: number[] = [];
  let prevLine = 0;
  let prevStart = 0;
  let lastLine = -1;
  let lastEnd = 0;
  for (const t of toks) {
    // Tokens must not overlap: a later one that starts inside an earlier one is dropped.
    if (t.line === lastLine && t.start < lastEnd) continue;
    data.push(t.line - prevLine, t.line === prevLine ? t.start - prevStart : t.start, t.length, t.type, t.mods);
    prevLine = t.line;
    prevStart = t.start;
    lastLine = t.line;
    lastEnd = t.start + t.length;
  }
  return { data };
}
