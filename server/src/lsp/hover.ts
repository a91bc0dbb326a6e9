// Hover: what the engine computed, where the cursor is.
// - an object name (declaration, event, expectation): its characteristics at
//   that point of the timeline and the table of effects applied to it;
// - a player name: life, hand, player effects (613.10);
// - a `text` line: how the compiler read the ability, its effects now, and
//   their dependencies (613.8);
// - an event: what it changed (EventReport); an expectation: expected and actual;
// - a rule word in effect text: the rule, quoted.

import { levelHeaderLines } from '../engine/levels';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { compileAbilityText } from '../effects/compile';
import { LAYER_ORDER, type Ability, type Layer } from '../effects/ir';
import type { AbilityView, EffectView, ObjectView, Outcome, Snapshot, WorldView } from '../engine/results';
import type { Located, ObjectDecl, Position, Range } from '../syntax/ast';
import type { AnalysedDocument } from './documents';
import { namesOnLine, type NameOccurrence } from './names';
import { contains, overlaps, sanePosition } from './positions';
import { explanationLines } from './explain';
import { code, esc, listText, summary, tablesAsText, timestampText, traceTable } from './present';
import { abilityReading } from './reading';
import { ruleAt, ruleMarkdown } from './ruleText';
import { append } from '../util/arrays';
import { effectNamer, finalWorld, objectNamer, snapshotAfter, statementAt, outcomeWorld, viewOf, viewsOf } from './world';

const md = (value: string, range?: Range): Hover => ({ contents: { kind: 'markdown', value } satisfies MarkupContent, ...(range ? { range } : {}) });

/** Where in the timeline a hover looks, and how to say it. */
interface Point {
  snapshot: Snapshot | undefined;
  where: string;
}

function pointAt(doc: AnalysedDocument, line: number, atEnd: boolean): Point {
  const a = doc.analysis;
  if (atEnd) return { snapshot: a.final, where: 'at the end of the file' };
  const i = statementAt(a.file, line);
  if (i < 0) return { snapshot: a.initial, where: 'before the first event' };
  const st = a.file.statements[i]!;
  const text = doc.lines[st.range.start.line]?.trim() ?? '';
  return { snapshot: snapshotAfter(a, i), where: `after line ${st.range.start.line + 1} ${code(text.length > 60 ? `${text.slice(0, 57)}…` : text)}` };
}

function stateLine(o: ObjectView, names: (id: string) => string): string {
  const parts = [o.zone ? `in **${o.zone}**` : '**nowhere yet** (declared, not put anywhere)', `controller ${esc(o.controller)}`];
  if (o.owner !== o.controller) parts.push(`owner ${esc(o.owner)}`);
  if (o.tapped) parts.push('tapped');
  if (o.faceDown) parts.push('face down (708.2)');
  const counters = Object.entries(o.counters).filter(([, n]) => n > 0);
  if (counters.length) parts.push(`counters ${counters.map(([k, n]) => `${esc(k)} ×${n}`).join(', ')}`);
  if (o.damage) parts.push(`damage ${o.damage}`);
  if (o.attachedTo) parts.push(`attached to ${esc(names(o.attachedTo))}`);
  parts.push(`timestamp ${esc(timestampText(o.timestamp))}`);
  return parts.join(' · ');
}

function abilitiesLine(o: ObjectView): string {
  const list = o.chars.abilities.map((a) => (a.ability.kind === 'keyword' ? esc(a.text) : `“${esc(a.text)}”`));
  return `abilities: ${list.length ? list.join('; ') : 'none'}`;
}

/**
 * An object, answer first: its values and the few effects that explain them,
 * where it is; then every step, in the order applied (613.1).
 */
export function objectMarkdown(o: ObjectView, w: WorldView | undefined, where: string, notes: readonly string[] = []): string {
  const names = objectNamer(w);
  const title = o.chars.name && o.chars.name !== o.declName ? `**${esc(o.declName)}** as “${esc(o.chars.name)}”` : `**${esc(o.declName)}**`;
  const why = explanationLines(o.trace, w);
  const head = [`${title} (${code(o.id)}): **${esc(summary(o))}**`, '', where, '', abilitiesLine(o), '', ...(why.length ? [...why, ''] : []), ...notes.flatMap((x) => [x, '']), stateLine(o, names)];
  const table = o.trace.length ? ['', '---', '', `every effect applied, in layer order (613.1):`, '', traceTable(o.trace, w)] : ['', traceTable(o.trace, w)];
  return [...head, ...table].join('\n');
}

/** When choices left several outcomes (616.1), say which one is shown and how the others differ. */
function outcomesNote(outcomes: readonly Outcome[], describe: (w: WorldView) => string | undefined): string {
  if (outcomes.length <= 1) return '';
  const lines = outcomes.map((oc, k) => `${k + 1}. ${esc(oc.choices.join('; ') || 'no choice')}: ${esc(describe(oc.world) ?? 'not there')}`);
  return `\n\n---\n**${outcomes.length} outcomes** here (616.1); the first is shown above:\n${lines.join('\n')}`;
}

/** The last state-based action (704) the engine performed on the object up to statement `upTo`, with the event that led to it. */
function lastStateBasedAction(doc: AnalysedDocument, o: ObjectView, upTo: number): string[] {
  const name = (o.chars.name || o.declName).toLowerCase();
  const subject = `${name} `;
  const from = ` from ${name} (`;
  for (let i = Math.min(upTo, doc.analysis.snapshots.length - 1); i >= 0; i--) {
    // Most events performed none: a hover walks back over them without making anything.
    const all = doc.analysis.snapshots[i]?.event?.stateBasedActions;
    if (!all?.length) continue;
    const sba = all.filter((x) => x.toLowerCase().startsWith(subject) || x.toLowerCase().includes(from));
    if (!sba.length) continue;
    const line = doc.analysis.file.statements[i]!.range.start.line;
    return [`state-based action (704) after line ${line + 1} ${code(doc.lines[line]?.trim() ?? '')}: ${esc(sba[sba.length - 1]!)}`];
  }
  return [];
}

function objectHover(doc: AnalysedDocument, n: NameOccurrence, p: Position): Hover | null {
  const decl = doc.analysis.file.objects[Number(n.key.slice('object:'.length))];
  if (!decl) return null;
  const point = pointAt(doc, p.line, n.role === 'declaration');
  const outcomes = point.snapshot?.outcomes ?? [];
  const w = outcomeWorld(outcomes[0]);
  const views = n.copyIndex !== undefined ? [viewOf(w, decl, n.copyIndex)].filter((x): x is ObjectView => !!x) : viewsOf(w, decl);
  const o = views[0];
  if (!o) return md(`**${esc(decl.name.text)}** — ${point.where}: not computed${doc.analysis.diagnostics.some((d) => d.severity === 'error') ? ' (the file has errors)' : ''}`, n.range);
  const upTo = n.role === 'declaration' ? doc.analysis.file.statements.length - 1 : statementAt(doc.analysis.file, p.line);
  let text = objectMarkdown(o, w, point.where, lastStateBasedAction(doc, o, upTo));
  if (views.length > 1) text += `\n\n---\n${views.length} copies (\`copies ${views.length}\`): ${views.map((v) => `${code(v.id)} ${esc(summary(v))}`).join(' · ')}`;
  text += outcomesNote(outcomes, (ow) => {
    const v = viewOf(ow, decl, n.copyIndex);
    return v ? `${summary(v)} · ${v.zone ?? 'nowhere'}` : undefined;
  });
  return md(text, n.range);
}

function playerHover(doc: AnalysedDocument, n: NameOccurrence, p: Position): Hover | null {
  const point = pointAt(doc, p.line, n.role === 'declaration');
  const w = outcomeWorld(point.snapshot?.outcomes[0]);
  const pl = w?.players.find((x) => x.name.toLowerCase() === n.text.toLowerCase());
  if (!pl) return md(`**${esc(n.text)}** (player) — ${point.where}: not computed`, n.range);
  const facts = [`life **${pl.life}**`, `hand ${pl.handSize}`, `graveyard ${pl.graveyard.length}`, `exile ${pl.exile.length}`, `cards drawn ${pl.libraryDrawn}`, `maximum hand size ${pl.maxHandSize ?? 'none'}`];
  const active = w!.activePlayer === pl.name ? ' · active player' : '';
  const abilities = pl.abilities.length ? `\n\nhas: ${pl.abilities.map(esc).join(', ')}` : '';
  return md(`**${esc(pl.name)}** (player${active}) — ${point.where}\n\n${facts.join(' · ')}${abilities}\n\n${traceTable(pl.trace, w)}`, n.range);
}

function effectLine(e: EffectView, w: WorldView | undefined): string {
  const objects = objectNamer(w);
  const affected = e.affected.length ? e.affected.map((id) => esc(objects(id))).join(', ') : 'nothing';
  const state = e.active ? '' : ' · **not active**';
  // The effect by what the user wrote (its label, its source), never by the engine's id.
  return `effect of ${esc(e.sourceName)}${e.label ? ` (${code(e.label)})` : ''} · timestamp ${esc(timestampText(e.timestamp))} · layers ${e.layers.join(', ') || '—'}${e.cda ? ' · CDA' : ''}${state}\n\n- applies now to: ${affected}${e.locked ? ' — set locked in when it began (611.2c)' : ''}`;
}

function dependencyLines(e: EffectView, w: WorldView): string[] {
  const names = effectNamer(w);
  const out: string[] = [];
  const inLoopWith = (id: string) => w.loops.some((l) => l.includes(e.id) && l.includes(id));
  for (const d of w.dependencies.filter((x) => x.dependent === e.id)) out.push(`- **depends on** ${esc(names(d.on))} (layer ${d.layer}): ${esc(d.because)}${inLoopWith(d.on) ? '' : ' — applied after it (613.8b)'}`);
  for (const d of w.dependencies.filter((x) => x.on === e.id)) out.push(`- **depended on by** ${esc(names(d.dependent))} (layer ${d.layer}): ${esc(d.because)}`);
  for (const loop of w.loops.filter((l) => l.includes(e.id))) out.push(`- in a **dependency loop** with ${esc(listText(loop.filter((x) => x !== e.id).map(names)))}: timestamp order ${loop.map((x) => esc(names(x))).join(' → ')} (613.8b)`);
  return out;
}

function labelHover(doc: AnalysedDocument, n: NameOccurrence, p: Position): Hover | null {
  // On `end LABEL`, the effect as it was just before it ends.
  const i = statementAt(doc.analysis.file, p.line);
  const st = doc.analysis.file.statements[i];
  const ending = st?.kind === 'event' && st.event.kind === 'end';
  const point = ending ? { ...pointAt(doc, doc.analysis.file.statements[i - 1]?.range.start.line ?? -1, false), where: `until line ${p.line + 1}, which ends it` } : pointAt(doc, p.line, false);
  const w = point.snapshot?.outcomes[0]?.world;
  const effects = (w?.effects ?? []).filter((e) => e.label?.toLowerCase() === n.text.toLowerCase());
  if (!effects.length) return md(`label ${code(n.text)} — ${point.where}: no effect with this label exists${n.role === 'use' ? ' (ended, or never created)' : ''}`, n.range);
  return md([`label ${code(n.text)} — ${point.where}`, ...effects.map((e) => `\n“${esc(e.text)}” from ${esc(e.sourceName)}\n\n${effectLine(e, w)}`)].join('\n'), n.range);
}

const layerRank = (l: Layer) => LAYER_ORDER.indexOf(l);

/** The ability with the parts of each effect in the order the layers apply them (613.1: 6 before 7c), not the order of the words. */
function inLayerOrder(a: Ability): Ability {
  if (a.kind !== 'static') return a;
  return { ...a, effects: a.effects.map((e) => ({ ...e, parts: [...e.parts].sort((x, y) => layerRank(x.layer) - layerRank(y.layer)) })) };
}

/** The card that holds the text line under the cursor. */
function textLineAt(doc: AnalysedDocument, p: Position): { decl: ObjectDecl; text: Located<string> } | undefined {
  for (const decl of doc.analysis.file.objects) {
    if (p.line < decl.range.start.line || p.line > decl.range.end.line) continue;
    const text = decl.texts.find((t) => contains(t.range, p));
    if (text) return { decl, text };
  }
  return undefined;
}

function compileContext(doc: AnalysedDocument, decl: ObjectDecl) {
  const types = decl.typeLine?.value.types.map((t) => t.toLowerCase()) ?? [];
  return {
    cardName: decl.name.text,
    legendary: decl.typeLine?.value.supertypes.some((s) => s.toLowerCase() === 'legendary') ?? false,
    knownNames: doc.analysis.file.objects.flatMap((d) => [d.name.text, ...(d.alias ? [d.alias.text] : [])]),
    isSpell: types.includes('instant') || types.includes('sorcery'),
  };
}

function ruleSection(text: string, offset: number): string {
  const r = ruleAt(text, offset);
  return r ? `\n\n---\n${ruleMarkdown(r)}` : '';
}

function abilityHover(doc: AnalysedDocument, decl: ObjectDecl, t: Located<string>, p: Position): Hover {
  const w = finalWorld(doc.analysis);
  const views = viewsOf(w, decl);
  const o = views[0];
  const onObject: AbilityView[] = (o?.chars.abilities ?? []).filter((a) => a.range && overlaps(a.range, t.range) && a.origin !== 'granted');
  const out: string[] = [`**${esc(decl.name.text)}**: “${esc(t.value)}”`, ''];
  if (onObject.length) {
    for (const v of onObject) append(out, abilityReading(inLayerOrder(v.ability), v.origin));
  } else if (levelHeaderLines(decl.texts).has(decl.texts.indexOf(t)) && !/^\s*level\b/i.test(t.value)) {
    // 711.2a: the P/T under a LEVEL line belongs to that section's ability (engine/levels.ts).
    out.push('_The base power and toughness of the level section above (711.2b): set in layer 7b while the creature has that many level counters._');
  } else {
    // Not on the object at the end (lost, or never there): how the compiler reads the line.
    let abilities: Ability[] = [];
    try {
      abilities = compileAbilityText(t.value, compileContext(doc, decl)).abilities;
    } catch {
      abilities = [];
    }
    for (const a of abilities) append(out, abilityReading(inLayerOrder(a)));
    if (!abilities.length) out.push('_Reminder text only: no ability (305.6 gives a land its mana abilities)._');
    out.push('', o ? `_${esc(o.declName)} does not have this ability at the end of the file (an effect removed it, or it is not in play)._` : '_The object is not computed._');
  }
  const effects = (w?.effects ?? []).filter((e) => e.range && overlaps(e.range, t.range) && views.some((v) => v.id === e.sourceId));
  for (const e of effects) {
    out.push('', '---', effectLine(e, w));
    append(out, dependencyLines(e, w!));
  }
  return md(out.join('\n') + ruleSection(t.value, p.character - t.range.start.character));
}

function eventHover(doc: AnalysedDocument, i: number, p: Position): Hover | null {
  const a = doc.analysis;
  const st = a.file.statements[i]!;
  const snap = a.snapshots[i];
  const w = snap?.outcomes[0]?.world;
  const lines = [`**${esc(doc.lines[st.range.start.line]?.trim() ?? '')}**`, ''];
  const ev = snap?.event;
  if (ev) {
    for (const c of ev.changes) lines.push(`- ${esc(c)}`);
    for (const r of ev.replacements) lines.push(`- replacement (616): ${esc(r)}`);
    for (const s of ev.stateBasedActions) lines.push(`- state-based action (704): ${esc(s)}`);
  }
  // Effects this event created (a resolving text: their sets are locked in, 611.2c).
  const created = (w?.effects ?? []).filter((e) => e.kind === 'resolved' && e.range && e.range.start.line === st.range.start.line);
  for (const e of created) lines.push('', `creates “${esc(e.text)}”`, '', effectLine(e, w));
  if (snap && snap.outcomes.length > 1) lines.push('', `**${snap.outcomes.length} outcomes** (616.1):`, ...snap.outcomes.map((o, k) => `${k + 1}. ${esc(o.choices.join('; ') || 'no choice')}`));
  if (lines.length === 2) lines.push('_No visible change._');
  let rule = '';
  if (st.kind === 'event' && st.event.kind === 'resolve' && contains(st.event.text.range, p)) rule = ruleSection(st.event.text.value, p.character - st.event.text.range.start.character);
  return md(lines.join('\n') + rule, st.range);
}

function expectHover(doc: AnalysedDocument, i: number): Hover | null {
  const st = doc.analysis.file.statements[i]!;
  const r = doc.analysis.expectations.find((e) => e.statementIndex === i);
  if (!r) return md('_Not checked (the file has errors before this line)._', st.range);
  const lines = [r.passed ? '✓ **passes**' : '✗ **fails**', '', `expected: ${code(r.expected)}`, '', `actual: ${code(r.actual)}`];
  if (r.facts.length > 1) {
    lines.push('', '| fact | expected | actual | |', '|---|---|---|---|');
    for (const f of r.facts) lines.push(`| ${esc(f.text)} | ${esc(f.expected)} | ${esc(f.actual)} | ${f.passed ? '✓' : '✗'} |`);
  }
  const outcomes = doc.analysis.snapshots[i]?.outcomes.length ?? 0;
  if (outcomes > 1) lines.push('', `Checked in each of the ${outcomes} outcomes (616.1).`);
  return md(lines.join('\n'), st.range);
}

export function hover(doc: AnalysedDocument, position: Position): Hover | null {
  const p = sanePosition(position);
  const n = namesOnLine(doc, p.line).find((x) => x.role !== 'text' && contains(x.range, p));
  if (n?.kind === 'object') return objectHover(doc, n, p);
  if (n?.kind === 'player') return playerHover(doc, n, p);
  if (n?.kind === 'label') return labelHover(doc, n, p);
  const tl = textLineAt(doc, p);
  if (tl) return abilityHover(doc, tl.decl, tl.text, p);
  const f = doc.analysis.file;
  const i = f.statements.findIndex((s) => contains(s.range, p));
  if (i >= 0) return f.statements[i]!.kind === 'expect' ? expectHover(doc, i) : eventHover(doc, i, p);
  // Elsewhere in a card block (header, `pt`, `type` …): the card at the end of the file.
  const decl = f.objects.find((d) => contains(d.range, p) || contains(d.headerRange, p));
  if (decl) {
    const point = pointAt(doc, p.line, true);
    const w = outcomeWorld(point.snapshot?.outcomes[0]);
    const o = viewOf(w, decl);
    if (o) return md(objectMarkdown(o, w, point.where));
  }
  return null;
}


/** The hover as the client's settings want it: tables as aligned text when its hover cannot draw them (Neovim). */
export function hoverFor(settings: { hoverPlainTables: boolean }, h: Hover | null): Hover | null {
  const c = h?.contents as MarkupContent | undefined;
  if (!h || !settings.hoverPlainTables || c?.kind !== 'markdown') return h;
  return { ...h, contents: { kind: 'markdown', value: tablesAsText(c.value) } };
}
