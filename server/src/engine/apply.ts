// Applying one effect's parts, in one layer, to one object's working
// characteristics (613.1–613.4). Each function mutates the record and says
// what it did in words, for the trace.

import type { Ability, AbilityPart, Chosen, Color, ColorPart, Layer, Part, TypePart } from '../effects/ir';
import { asColor, chosen, evalExpr, resolvePlayers, type Env, type Scope } from './evaluate';
import type { Live } from './live';
import type { AbilityInstance, GameObject } from './state';
import { correspondsTo, isBasicLandType, isCreatureType, subtypeCategory } from './subtypes';
import { eqWord, hasWord, type Working, type World } from './working';

/** Extra context applying needs: recompiling text for 612 text changes. */
export interface ApplyEnv extends Env {
  /** Compile a changed ability text (layer 3) for the object whose text it is. */
  recompile(text: string, w: Working): Ability | undefined;
}

const COLOR_ORDER: Color[] = ['white', 'blue', 'black', 'red', 'green'];

/** `xs` without later repeats of a word in any case. Callers pass a list of their own, which comes back as it is when nothing repeats. */
function unique(xs: string[]): string[] {
  // A type line is a handful of words: compared pair by pair (eqWord), no lower-cased copy of each.
  if (xs.length <= 16 && !hasRepeat(xs)) return xs;
  const seen = new Set<string>();
  return xs.filter((x) => (seen.has(x.toLowerCase()) ? false : (seen.add(x.toLowerCase()), true)));
}

function hasRepeat(xs: readonly string[]): boolean {
  for (let i = 1; i < xs.length; i++) for (let j = 0; j < i; j++) if (eqWord(xs[i]!, xs[j]!)) return true;
  return false;
}

/** Keyword name of an ability, lower-case, or undefined for non-keywords. */
export function keywordName(a: Ability): string | undefined {
  return a.kind === 'keyword' ? a.keyword.toLowerCase() : undefined;
}

export function normalizeForCompare(text: string): string {
  return text
    .toLowerCase()
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/^"+|"+$/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\.\s*$/, '')
    .trim();
}

function applyType(p: TypePart, w: Working, scope: Scope): void {
  if (p.setTypes) {
    // 205.1a: new card types replace the old; 205.3d: subtypes that no longer correspond go.
    w.types = unique([...p.setTypes]);
    w.subtypes = w.subtypes.filter((s) => correspondsTo(s, w.types));
    if (!hasWord(w.types, 'Creature')) w.allCreatureTypes = false;
  }
  if (p.addTypes) w.types = unique([...w.types, ...p.addTypes]);
  if (p.removeTypes) w.types = w.types.filter((t) => !hasWord(p.removeTypes!, t));
  if (p.addSupertypes) w.supertypes = unique([...w.supertypes, ...p.addSupertypes]);
  if (p.removeSupertypes) w.supertypes = w.supertypes.filter((t) => !hasWord(p.removeSupertypes!, t));
  if (p.loseAllCreatureTypes) {
    w.subtypes = w.subtypes.filter((s) => !isCreatureType(s));
    w.allCreatureTypes = false;
  }
  if (p.addSubtypes) {
    const subs = p.addSubtypes.map((c) => chosen(c, scope)).filter((s): s is string => !!s);
    if (p.replaceSubtypes && !p.setTypes) {
      // 205.1a: `is a Treefolk` — the named subtypes replace the old ones of the same kind.
      const kinds = new Set(subs.map(subtypeCategory));
      w.subtypes = w.subtypes.filter((s) => !kinds.has(subtypeCategory(s)));
      if (kinds.has('Creature')) w.allCreatureTypes = false;
    }
    if (p.setTypes) {
      // `becomes a Frog creature`: the named creature types replace the old ones.
      const creatureSubs = subs.filter(isCreatureType);
      if (creatureSubs.length) w.subtypes = w.subtypes.filter((s) => !isCreatureType(s));
    }
    w.subtypes = unique([...w.subtypes, ...subs]);
  }
  if (p.allCreatureTypes) w.allCreatureTypes = true;
  if (p.setLandType) {
    const land = chosen(p.setLandType, scope);
    if (land) {
      // 305.7: the new land type replaces all old land types, and the land loses
      // the abilities of its rules text; the intrinsic mana ability comes with the type (305.6).
      w.subtypes = [...w.subtypes.filter((s) => subtypeCategory(s) !== 'Land'), capitalise(land)];
      w.abilities = w.abilities.filter((a) => a.origin !== 'printed' && a.origin !== 'copied' && a.origin !== 'land-type');
    }
  }
  w.subtypes = fittingSubtypes(w.subtypes, w.types);
}

/**
 * 205.3d: an object can't have subtypes of types it doesn't have (creature
 * types stay on an object with no card type at all). The same list when
 * every subtype fits, as nearly always: no new list per object per event.
 */
export function fittingSubtypes(subtypes: string[], types: readonly string[]): string[] {
  for (let i = 0; i < subtypes.length; i++) {
    if (!fits(subtypes[i]!, types)) return subtypes.filter((s) => fits(s, types));
  }
  return subtypes;
}

function fits(subtype: string, types: readonly string[]): boolean {
  return correspondsTo(subtype, types) || (subtypeCategory(subtype) === 'Creature' && types.length === 0);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Colors as a set of bits in COLOR_ORDER's order: sorting and removing duplicates is reading the bits in order. */
function colorBits(cs: readonly Color[]): number {
  let m = 0;
  for (const c of cs) {
    const i = COLOR_ORDER.indexOf(c);
    if (i >= 0) m |= 1 << i;
  }
  return m;
}

function chosenColorBits(cs: readonly Chosen<Color>[], scope: Scope): number {
  let m = 0;
  for (const c of cs) {
    const v = chosen(c, scope);
    if (v === 'all') return 31;
    const col = asColor(v);
    if (col) m |= 1 << COLOR_ORDER.indexOf(col);
  }
  return m;
}

/**
 * The colors of `bits` in COLOR_ORDER's order: `current` itself when it is
 * already that list (lists are never changed in place, so it can be kept).
 */
function colorsOf(bits: number, current: readonly Color[]): Color[] {
  let same = true;
  let k = 0;
  for (let i = 0; i < COLOR_ORDER.length && same; i++) if (bits & (1 << i)) same = current[k++] === COLOR_ORDER[i];
  if (same && k === current.length) return current as Color[];
  const out: Color[] = [];
  for (let i = 0; i < COLOR_ORDER.length; i++) if (bits & (1 << i)) out.push(COLOR_ORDER[i]!);
  return out;
}

function applyColor(p: ColorPart, w: Working, scope: Scope): void {
  // The colors in COLOR_ORDER's order, each once (to add: with the current ones), without the lists in between.
  if (p.set) w.colors = colorsOf(chosenColorBits(p.set, scope), w.colors);
  if (p.add) w.colors = colorsOf(colorBits(w.colors) | chosenColorBits(p.add, scope), w.colors);
}

/** `protection from the color of your choice`: the keyword takes the chosen color. */
function withChoices(a: Ability, live: Live): Ability {
  if (a.kind !== 'keyword' || !a.parameterChosen) return a;
  const pc = a.parameterChosen;
  const color = (pc.kind === 'fixed' ? pc.value : live.bindings.choices[pc.index]) ?? 'the chosen color';
  const parameter = (a.parameter ?? '').replace('{choice:color}', color.toLowerCase());
  return { ...a, parameter, text: a.text.replace(/the color of your choice|the chosen color/i, color.toLowerCase()) };
}

function applyAbilities(p: AbilityPart, w: Working, live: Live, grantTs: number): void {
  if (p.removeAll || p.cantHave) w.abilities = [];
  if (p.cantHave) w.cantHaveAbilities = true;
  if (p.remove && p.remove.length) {
    const names = p.remove.map(normalizeForCompare);
    w.abilities = w.abilities.filter((a) => {
      const k = keywordName(a.ability);
      if (k !== undefined && names.includes(k)) return false;
      return !names.includes(normalizeForCompare(a.text));
    });
  }
  if (p.cantGain) w.cantGain = [...w.cantGain, ...p.cantGain.map(normalizeForCompare)];
  if (p.add && !w.cantHaveAbilities) {
    p.add.forEach((ability0, i) => {
      const ability = withChoices(ability0, live);
      const k = keywordName(ability);
      if (w.cantGain.includes(k ?? normalizeForCompare(ability.text))) return;
      const inst: AbilityInstance = {
        key: `${live.id}/${w.obj.id}/${i}`,
        text: ability.text,
        ability,
        origin: 'granted',
        grantedBy: live.id,
        grantTimestamp: grantTs,
      };
      w.abilities = [...w.abilities, inst];
    });
  }
}

function applyTextChange(part: Extract<Part, { kind: 'text-change' }>, w: Working, scope: Scope, env: ApplyEnv): void {
  const from = chosen(part.from, scope);
  const to = chosen(part.to, scope);
  if (!from || !to) return;
  // 612.2: a land type word also changes inside landwalk (`swampwalk` → `islandwalk`) and in plurals.
  const tail = part.wordKind === 'land-type' ? '(?=s?\\b|walk\\b)' : '\\b';
  const re = new RegExp(`\\b${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${tail}`, 'gi');
  // 612.2: only the rules text changes; granted abilities are not text of the object.
  w.abilities = w.abilities.map((a) => {
    if (a.origin !== 'printed' && a.origin !== 'copied') return a;
    if (!re.test(a.text)) return a;
    re.lastIndex = 0;
    const text = a.text.replace(re, (m) => (m[0] === m[0]!.toUpperCase() ? capitalise(to) : to.toLowerCase()));
    const ability = env.recompile(text, w);
    return ability ? { ...a, text, ability } : { ...a, text };
  });
}

/** Apply every part of `live` in `layer` to `w`. Returns a short description for the trace. */
export function applyParts(live: Live, layer: Layer, w: Working, world: World, env: ApplyEnv, scope: Scope): void {
  const parts = live.partsByLayer.get(layer) ?? [];
  for (const p of parts) {
    switch (p.kind) {
      case 'copy':
        // Copy effects are applied by layers.ts, which owns the copiable values.
        break;
      case 'control': {
        const [player] = resolvePlayers(p.player, scope, world, env);
        if (player) w.controller = player;
        break;
      }
      case 'text-change':
        applyTextChange(p, w, scope, env);
        break;
      case 'type':
        applyType(p, w, scope);
        break;
      case 'color':
        applyColor(p, w, scope);
        break;
      case 'abilities':
        applyAbilities(p, w, live, live.timestamp[0] ?? 0);
        break;
      case 'pt': {
        const pw = p.power ? evalExpr(p.power, scope, w, world, env) : undefined;
        const tg = p.toughness ? evalExpr(p.toughness, scope, w, world, env) : undefined;
        if (p.layer === '7c') {
          if (pw !== undefined) w.power = (w.power ?? 0) + pw;
          if (tg !== undefined) w.toughness = (w.toughness ?? 0) + tg;
        } else {
          if (pw !== undefined) w.power = pw;
          if (tg !== undefined) w.toughness = tg;
        }
        break;
      }
      case 'switch': {
        // 613.4d: power takes toughness's value and toughness power's.
        const t = w.toughness;
        w.toughness = w.power;
        w.power = t;
        break;
      }
      case 'player':
      case 'rules':
        break;
    }
  }
}

/** 305.6: a land with a basic land type has that type's intrinsic mana ability. */
export function intrinsicLandAbilities(w: Working, makeAbility: (text: string) => Ability): void {
  // Nothing to add and nothing to take away: the list stays as it is (lists are never changed in place).
  if (hasLandAbilities(w)) return;
  // The other abilities, then one per basic land type, in the subtypes' order: one new list.
  const out: AbilityInstance[] = [];
  for (const a of w.abilities) if (a.origin !== 'land-type') out.push(a);
  if (hasWord(w.types, 'Land')) for (const s of w.subtypes) if (isBasicLandType(s)) out.push(landAbility(w.obj, s, makeAbility));
  w.abilities = out;
}

/**
 * An object's mana ability of a basic land type, made once per object and
 * type: a land is worked out again after many events (and in each 613.8
 * trial of layer 4), and its ability is the same each time.
 */
const landAbilities = new WeakMap<GameObject, Map<string, AbilityInstance>>();
function landAbility(obj: GameObject, subtype: string, makeAbility: (text: string) => Ability): AbilityInstance {
  let made = landAbilities.get(obj);
  if (!made) landAbilities.set(obj, (made = new Map()));
  let a = made.get(subtype);
  if (!a) {
    const text = LAND_MANA[subtype.toLowerCase()]!;
    a = Object.freeze({ key: `${obj.id}${landKey(subtype)}`, text, ability: makeAbility(text), origin: 'land-type' }) as AbilityInstance;
    made.set(subtype, a);
  }
  return a;
}

/** 305.6: each basic land type's mana ability, as text (the same strings every time: abilities are made from them by text). */
const LAND_MANA: Record<string, string> = { plains: '{T}: Add {W}.', island: '{T}: Add {U}.', swamp: '{T}: Add {B}.', mountain: '{T}: Add {R}.', forest: '{T}: Add {G}.' };

/** The end of the key of a basic land type's mana ability (after the object's id), made once per subtype. */
const landKeys = new Map<string, string>();
function landKey(subtype: string): string {
  let k = landKeys.get(subtype);
  if (k === undefined) landKeys.set(subtype, (k = `/land/${subtype.toLowerCase()}`));
  return k;
}

/**
 * Whether the record's abilities already end with exactly the mana abilities
 * of its basic land types, in order, as made above (none for a record with
 * none): a land worked out again after every event (it was tapped, another
 * land entered) keeps its list. Reads without making a string or a list.
 */
export function hasLandAbilities(w: Working): boolean {
  const abilities = w.abilities;
  let n = 0;
  for (let i = 0; i < abilities.length; i++) if (abilities[i]!.origin === 'land-type') n++;
  const id = w.obj.id;
  let at = abilities.length - n;
  if (hasWord(w.types, 'Land')) {
    for (const s of w.subtypes) {
      if (!isBasicLandType(s)) continue;
      const a = abilities[at++];
      const k = landKey(s);
      if (!a || a.origin !== 'land-type' || a.key.length !== id.length + k.length || !a.key.startsWith(id) || !a.key.endsWith(k)) return false;
    }
  }
  return at === abilities.length;
}
