// From declarations (spec section 2) to game objects with printed values:
// names and aliases, `copies N`, mana value and colors from the cost (202),
// the type line, printed P/T, and each `text` line compiled to abilities.

import type { Diagnostic, LayersFile, NameRef, ObjectDecl, Range } from '../syntax/ast';
import type { Ability, Color, CompileContext, CompiledLine, TextIssue } from '../effects/ir';
import { issueCode } from '../effects/ir';
import { compileAbilityText } from '../effects/compile';
import { withLevels, type LineResult } from './levels';
import { makeObject, type AbilityInstance, type GameObject, type Printed } from './state';
import { suggest } from '../syntax/suggest';
import { append } from '../util/arrays';

const SYMBOL_COLOR: Record<string, Color> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' };
const COLOR_ORDER: Color[] = ['white', 'blue', 'black', 'red', 'green'];

/** 202.3: mana value; 202.2: colors from the mana symbols. */
export function readCost(cost: string | undefined): { manaValue: number; colors: Color[] } {
  if (!cost) return { manaValue: 0, colors: [] };
  let mv = 0;
  const colors = new Set<Color>();
  for (const m of cost.matchAll(/\{([^}]*)\}/g)) {
    const sym = m[1]!.toUpperCase();
    if (/^\d+$/.test(sym)) mv += Number(sym);
    else if (sym === 'X' || sym === 'Y' || sym === 'Z') mv += 0;
    else {
      const parts = sym.split('/');
      // 202.3f: a hybrid symbol counts its largest component; {2/W} counts 2.
      const numeric = parts.find((p) => /^\d+$/.test(p));
      mv += numeric ? Number(numeric) : 1;
      for (const p of parts) if (SYMBOL_COLOR[p]) colors.add(SYMBOL_COLOR[p]!);
    }
  }
  return { manaValue: mv, colors: COLOR_ORDER.filter((c) => colors.has(c)) };
}

export function offsetRange(r: Range, start: number, end: number): Range {
  // Ability text sits on one line: offsets are characters from the text's start.
  const len = r.end.character - r.start.character;
  const s = Math.max(0, Math.min(start, len));
  const e = Math.max(s, Math.min(end, len));
  return { start: { line: r.start.line, character: r.start.character + s }, end: { line: r.start.line, character: r.start.character + e } };
}

export interface BuiltObjects {
  objects: GameObject[];
  diagnostics: Diagnostic[];
  /** Lower-case name or alias → object ids (several for `copies`). */
  names: Map<string, string[]>;
}

export function compileContext(decl: ObjectDecl, knownNames: readonly string[]): CompileContext {
  const types = decl.typeLine?.value.types.map((t) => t.toLowerCase()) ?? [];
  return {
    cardName: decl.name.text,
    legendary: decl.typeLine?.value.supertypes.some((s) => s.toLowerCase() === 'legendary') ?? false,
    knownNames,
    isSpell: types.includes('instant') || types.includes('sorcery'),
  };
}

function issueToDiagnostic(issue: TextIssue, range: Range): Diagnostic {
  return {
    range: offsetRange(range, issue.start, issue.end),
    severity: issue.severity,
    code: issueCode(issue),
    message: issue.message,
  };
}

/**
 * Texts compiled for one list of declared names: the same text on several
 * cards is read once. Keyed by what the reading can depend on (`textKey`).
 */
export type CompiledTexts = Map<string, CompiledLine>;

/**
 * What a text's reading depends on besides the text: whether the card is
 * legendary or a spell, and its name only where the name can matter: the
 * text names the card (`~`'s other spellings: its name, a legendary card's
 * short name), or the card's name is among the longest declared, which a
 * text that ends where a name is wanted reads as the longest other name
 * (effects/selector.ts, `eatKnownName`).
 */
function textKey(text: string, ctx: CompileContext, longestName: number): string {
  const name = ctx.cardName.toLowerCase();
  const lower = text.toLowerCase();
  const short = ctx.legendary && name.includes(',') ? name.split(',')[0]! : undefined;
  const named = name.length >= longestName || lower.includes(name) || (short !== undefined && lower.includes(short));
  return `${ctx.legendary ? 'L' : '-'}${ctx.isSpell ? 'S' : '-'}${named ? ctx.cardName : ''}\u0000${text}`;
}

export function compileLine(text: string, range: Range, ctx: CompileContext, keyPrefix: string, firstIndex: number, cache?: { texts: CompiledTexts; longestName: number }): { abilities: AbilityInstance[]; diagnostics: Diagnostic[] } {
  let compiled: { abilities: Ability[]; issues: TextIssue[] };
  const key = cache ? textKey(text, ctx, cache.longestName) : '';
  const known = cache?.texts.get(key);
  if (known) compiled = known;
  else {
    try {
      compiled = compileAbilityText(text, ctx);
    } catch (e) {
      // The compiler is meant to be total; if it is not, the user still gets a precise place.
      compiled = { abilities: [{ kind: 'unknown', text }], issues: [{ start: 0, end: text.length, severity: 'warning', message: `internal error while reading this text: ${(e as Error).message}` }] };
    }
    cache?.texts.set(key, compiled);
  }
  const abilities = compiled.abilities.map((ability, i): AbilityInstance => ({
    key: `${keyPrefix}/${firstIndex + i}`,
    text: ability.text,
    ability,
    origin: 'printed',
    range: ability.span ? offsetRange(range, ability.span.start, ability.span.end) : range,
  }));
  return { abilities, diagnostics: compiled.issues.map((i) => issueToDiagnostic(i, range)) };
}

/**
 * 208.2: a `*` in a printed power or toughness is defined by a
 * characteristic-defining ability (208.2a) or by an ability that sets it as
 * the card enters (208.2b, Elvish Impersonators); with none that this file
 * reads, the star is 0 (208.5), which is rarely what the writer meant.
 */
function undefinedStars(decl: ObjectDecl, abilities: AbilityInstance[]): Diagnostic[] {
  if (!decl.pt) return [];
  const defined = (side: 'power' | 'toughness') =>
    abilities.some((a) => a.ability.kind === 'static' && a.ability.effects.some((e) => e.affected.kind === 'object' && e.affected.ref.kind === 'self' && e.parts.some((p) => p.kind === 'pt' && (p.layer === '7a' || p.layer === '7b') && p[side] !== undefined)));
  const missing = (['power', 'toughness'] as const).filter((side) => decl.pt![side].star && !defined(side));
  if (!missing.length) return [];
  const what = missing.map((side) => `${side} \`${decl.pt![side].text}\``).join(' and ');
  return [{
    range: decl.pt.range, severity: 'warning', code: 'undefined-star',
    message: `${what}: no ability in this card's text defines the \`*\` (208.2), so it counts as 0 (208.5)`,
  }];
}

export function buildObjects(file: LayersFile, players: string[]): BuiltObjects {
  const diagnostics: Diagnostic[] = [];
  const names = new Map<string, string[]>();
  const objects: GameObject[] = [];
  const knownNames = file.objects.flatMap((d) => [d.name.text, ...(d.alias ? [d.alias.text] : [])]);
  const texts = { texts: new Map() as CompiledTexts, longestName: knownNames.reduce((m, n) => Math.max(m, n.length), 0) };
  const taken = new Map<string, NameRef>();
  const claim = (ref: NameRef) => {
    const k = ref.text.toLowerCase();
    const prev = taken.get(k);
    if (prev || players.some((p) => p.toLowerCase() === k)) {
      diagnostics.push({ range: ref.range, severity: 'error', code: 'duplicate-name', message: `"${ref.text}" is already declared${prev ? ` on line ${prev.range.start.line + 1}` : ' as a player'}; every name and alias must be unique`, related: prev ? [{ range: prev.range, message: 'first declared here' }] : undefined });
      return false;
    }
    taken.set(k, ref);
    return true;
  };

  file.objects.forEach((decl, declIndex) => {
    const nameOk = claim(decl.name);
    // `card Forest as forest`: an alias equal to the card's own name is no second name.
    const aliasOk = decl.alias && decl.alias.text.toLowerCase() !== decl.name.text.toLowerCase() ? claim(decl.alias) : true;
    if (!nameOk && !aliasOk) return;
    const baseId = decl.alias?.text ?? decl.name.text;
    const count = Math.max(1, Math.min(decl.copies?.value ?? 1, 1000));
    const ctx = compileContext(decl, knownNames);
    const abilities: AbilityInstance[] = [];
    const ownerName = decl.owner ? players.find((p) => p.toLowerCase() === decl.owner!.text.toLowerCase()) : players[0];
    if (decl.owner && !ownerName) {
      const s = suggest(decl.owner.text, players);
      diagnostics.push({ range: decl.owner.range, severity: 'error', code: 'unknown-name', message: `unknown player "${decl.owner.text}"${s ? `; did you mean "${s}"?` : ''}`, fixes: s ? [{ title: `Change to "${s}"`, edits: [{ range: decl.owner.range, newText: s }] }] : undefined });
    }
    const lines: LineResult[] = [];
    let n = 0;
    for (const t of decl.texts) {
      const r = compileLine(t.value, t.range, ctx, '', n, texts);
      n += r.abilities.length;
      lines.push(r);
    }
    // 711.2: level sections read as one static ability each.
    for (const r of withLevels(decl.texts, lines)) {
      append(abilities, r.abilities);
      append(diagnostics, r.diagnostics);
    }
    diagnostics.push(...undefinedStars(decl, abilities));
    const cost = readCost(decl.cost?.value);
    const tl = decl.typeLine?.value;
    const printed: Printed = {
      name: decl.name.text,
      manaCost: decl.cost?.value ?? null,
      manaValue: cost.manaValue,
      // 204: a color indicator replaces the colors from the cost.
      colors: decl.colors ? COLOR_ORDER.filter((c) => decl.colors!.value.includes(c)) : cost.colors,
      supertypes: tl?.supertypes ?? [],
      types: tl?.types ?? [],
      subtypes: tl?.subtypes ?? [],
      abilities: [],
      power: decl.pt ? decl.pt.power.base : null,
      toughness: decl.pt ? decl.pt.toughness.base : null,
      powerStar: decl.pt?.power.star ?? false,
      toughnessStar: decl.pt?.toughness.star ?? false,
    };
    const ids: string[] = [];
    for (let k = 1; k <= count; k++) {
      const id = count > 1 ? `${baseId}#${k}` : baseId;
      ids.push(id);
      const owner = ownerName ?? players[0] ?? 'Alice';
      objects.push(
        makeObject(
          {
            id,
            decl,
            declIndex,
            copyIndex: count > 1 ? k : undefined,
            isToken: decl.kind === 'token',
            printed: { ...printed, abilities: abilities.map((a) => ({ ...a, key: `${id}${a.key}` })) },
          },
          owner,
        ),
      );
    }
    if (nameOk) names.set(decl.name.text.toLowerCase(), ids);
    if (decl.alias && aliasOk) names.set(decl.alias.text.toLowerCase(), ids);
  });
  return { objects, diagnostics, names };
}
