// Finding things in the engine's results: which point of the timeline a line
// is at, the world there, an object's view, an effect's source name.

import type { Analysis, EffectView, ObjectView, Outcome, Snapshot, WorldView } from '../engine/results';
import type { LayersFile, ObjectDecl } from '../syntax/ast';

/** The index of the statement on this line, or of the last one before it (-1: before the first). */
export function statementAt(file: LayersFile, line: number): number {
  let lo = 0;
  let hi = file.statements.length - 1;
  let found = -1;
  // Statements are in file order: binary search on their first line.
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (file.statements[mid]!.range.start.line <= line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The snapshot just after statement `i` (`-1`: before the first statement). */
export function snapshotAfter(a: Analysis, i: number): Snapshot | undefined {
  return i < 0 ? a.initial : a.snapshots[i];
}

/** The world after statement `i`, in its first outcome (every outcome when several is the caller's business). */
export function worldAfter(a: Analysis, i: number): WorldView | undefined {
  return snapshotAfter(a, i)?.outcomes[0]?.world;
}

/** An outcome's world (its objects' traces are read one by one, when asked for: engine/object-trace.ts). */
export function outcomeWorld(o: Outcome | undefined): WorldView | undefined {
  return o?.world;
}

/** The world at the end of the file, in its first outcome. */
export function finalWorld(a: Analysis): WorldView | undefined {
  return outcomeWorld(a.final.outcomes[0]);
}

/** The object id a declaration gets: its alias, or its name (`#k` added for copies). */
export function baseId(d: ObjectDecl): string {
  return d.alias?.text ?? d.name.text;
}

/**
 * Per world: object ids by lower-case id, and copies by lower-case base id
 * (`ogre` → ogre#1, ogre#2). Views are built only for the objects asked for
 * when the world can build one alone (a hover needs a few of hundreds).
 */
interface ObjectIndex {
  byId: Map<string, string>;
  copies: Map<string, string[]>;
  view(id: string): ObjectView | undefined;
}

const indexes = new WeakMap<WorldView, ObjectIndex>();

function indexOf(w: WorldView): ObjectIndex {
  let ix = indexes.get(w);
  if (ix) return ix;
  let ids: string[];
  let view: (id: string) => ObjectView | undefined;
  if (w.objectIds && w.objectById) {
    ids = w.objectIds();
    view = (id) => w.objectById!(id);
  } else {
    const views = new Map(w.objects.map((o) => [o.id, o]));
    ids = [...views.keys()];
    view = (id) => views.get(id);
  }
  ix = { byId: new Map(), copies: new Map(), view };
  for (const exact of ids) {
    const id = exact.toLowerCase();
    ix.byId.set(id, exact);
    const hash = id.lastIndexOf('#');
    if (hash > 0) {
      const base = id.slice(0, hash);
      const list = ix.copies.get(base);
      if (list) list.push(exact);
      else ix.copies.set(base, [exact]);
    }
  }
  indexes.set(w, ix);
  return ix;
}

/**
 * The object of exactly this id, when the world can find one alone: ids are
 * written as declared, so most look-ups need no index of the whole world
 * (a hover reads a few objects of hundreds).
 */
function exactView(w: WorldView, id: string): ObjectView | undefined {
  return w.objectById?.(id);
}

/** The views of a declaration in a world: one, or one per copy (`ogre#1` …). */
export function viewsOf(w: WorldView | undefined, d: ObjectDecl): ObjectView[] {
  if (!w) return [];
  const one = exactView(w, baseId(d));
  if (one) return [one];
  const ix = indexOf(w);
  const id = baseId(d).toLowerCase();
  const exact = ix.byId.get(id);
  const ids = exact !== undefined ? [exact] : ix.copies.get(id) ?? [];
  return ids.map((x) => ix.view(x)).filter((o): o is ObjectView => !!o);
}

/** Whether a declaration has an object in a world (no view made). */
export function hasViews(w: WorldView | undefined, d: ObjectDecl): boolean {
  if (!w) return false;
  const ix = indexOf(w);
  const id = baseId(d).toLowerCase();
  return ix.byId.has(id) || !!ix.copies.get(id)?.length;
}

/** One object: copy `k` when given, else the first. */
export function viewOf(w: WorldView | undefined, d: ObjectDecl, copyIndex?: number): ObjectView | undefined {
  if (!w) return undefined;
  if (copyIndex === undefined) return viewsOf(w, d)[0];
  const copy = exactView(w, `${baseId(d)}#${copyIndex}`);
  if (copy) return copy;
  const ix = indexOf(w);
  const id = baseId(d).toLowerCase();
  const exact = ix.byId.get(`${id}#${copyIndex}`) ?? (copyIndex === 1 ? ix.byId.get(id) : undefined);
  return exact !== undefined ? ix.view(exact) : undefined;
}

/** Effect id → the name of the object whose ability generated it (for "depends on …"). */
export function effectNamer(w: WorldView | undefined): (id: string) => string {
  const byId = new Map<string, EffectView>((w?.effects ?? []).map((e) => [e.id, e]));
  return (id) => {
    const e = byId.get(id);
    return e ? e.label ?? e.sourceName : id;
  };
}

/** Object id → its declared name (aliases read better as the card's name in prose). */
export function objectNamer(w: WorldView | undefined): (id: string) => string {
  let ix: ObjectIndex | undefined;
  const find = (id: string): ObjectView | undefined => {
    if (!w) return undefined;
    const o = exactView(w, id);
    if (o) return o;
    const exact = (ix ??= indexOf(w)).byId.get(id.toLowerCase());
    return exact !== undefined ? ix.view(exact) : undefined;
  };
  return (id) => {
    const o = find(id);
    if (!o) return id;
    return o.id.includes('#') ? `${o.declName} ${o.id.slice(o.id.indexOf('#'))}` : o.declName;
  };
}
