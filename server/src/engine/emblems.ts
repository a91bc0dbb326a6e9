// 114: emblems. `You get an emblem with "…"` puts an emblem into the command
// zone: an object with the quoted abilities and no other characteristics
// (114.2), owned and controlled by the player who gets it. Its abilities work
// from the command zone (114.4), so a static ability of an emblem applies as
// any other static ability does (layers.ts: functions).

import type { Action } from '../effects/ir';
import type { Range } from '../syntax/ast';
import { resolvePlayers, type Scope } from './evaluate';
import type { Game } from './game';
import { makeObject, type AbilityInstance, type GameObject } from './state';

type Emblem = Extract<Action, { kind: 'emblem' }>;

const NOWHERE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export function createEmblem(game: Game, a: Emblem, scope: Scope, range: Range | undefined): Game[] {
  for (const player of resolvePlayers(a.player, scope, game.layers().world, game.evalEnv)) {
    const n = game.state.objects.filter((o) => o.emblem).length + 1;
    const id = `Emblem#${n}`;
    const abilities: AbilityInstance[] = a.abilities.flatMap((text, i) => {
      const ability = game.env.recompile(text, 'Emblem');
      return ability ? [{ key: `${id}/${i}`, text: ability.text || text, ability, origin: 'printed' as const }] : [];
    });
    const r = range ?? NOWHERE;
    const o: GameObject = makeObject(
      {
        id,
        decl: { kind: 'token', name: { text: 'Emblem', quoted: false, range: r }, alias: { text: id, quoted: false, range: r }, range: r, headerRange: r, texts: [] },
        declIndex: -1,
        isToken: false,
        emblem: true,
        printed: { name: 'Emblem', manaCost: null, manaValue: 0, colors: [], supertypes: [], types: [], subtypes: [], abilities, power: null, toughness: null, powerStar: false, toughnessStar: false },
      },
      player,
    );
    game.state.objects.push(o);
    game.state.byId.set(id, o);
    game.setZone(o, 'command');
    game.note(`${player} gets an emblem (114.1) with ${a.abilities.map((t) => `"${t}"`).join(' and ')}`, 'change');
  }
  return [game];
}
