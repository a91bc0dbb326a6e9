// 701.3: attaching an Aura, Equipment or Fortification to an object (the
// `attach` event, Equip, and the `attach … to …` action).

import type { Game } from './game';
import { edit, takeTimestamp } from './state';
import { hasWord, isType } from './working';

export function attach(g: Game, x: string, y: string): void {
  const o = g.obj(x)!;
  const w = g.chars(x);
  const target = g.chars(y);
  if (!w || !target || o.zone !== 'battlefield' || target.obj.zone !== 'battlefield') {
    g.note(`${o.printed.name} can't be attached: both must be on the battlefield (701.3b)`, 'note');
    return;
  }
  if (o.attachedTo === y) {
    g.note(`${o.printed.name} is already attached to ${target.obj.printed.name}: nothing happens (701.3b)`, 'note');
    return;
  }
  const isAura = hasWord(w.subtypes, 'Aura');
  const isEquipment = hasWord(w.subtypes, 'Equipment');
  const isFort = hasWord(w.subtypes, 'Fortification');
  if (!isAura && !isEquipment && !isFort) {
    g.note(`${o.printed.name} is not an Aura, Equipment or Fortification: nothing happens (701.3b)`, 'note');
    return;
  }
  if ((isEquipment && !isType(target, 'Creature')) || (isFort && !isType(target, 'Land'))) {
    g.note(`${o.printed.name} can't be attached to ${target.obj.printed.name} (701.3b)`, 'note');
    return;
  }
  const e = edit(o);
  e.attachedTo = y;
  // 613.7e / 701.3c: attaching gives a new timestamp.
  e.timestamp = takeTimestamp(g.state);
  g.changed();
  g.note(`${o.printed.name} becomes attached to ${target.obj.printed.name}`);
}
