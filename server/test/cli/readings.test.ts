// `run --json` readings (issue 8): each ability's status and what it
// generates, in the hover's words, over real cards from the public file.
// A reviewer audits readings from this text alone, so the text must show the
// amounts, targets and layers that were read.

import assert from 'node:assert/strict';
import test from 'node:test';
import { fileJson } from '../../src/cli/json';
import { abilityReading } from '../../src/lsp/reading';
import { readAbility } from '../../src/present/reading';
import { run } from '../engine/helpers';

const BOARD = `
  scenario "readings of real cards"
  players Alice, Bob

  card "Deathbringer Thoctar" as thoctar
    cost {4}{B}{R}
    type Creature — Zombie Beast
    pt 3/3
    text Remove a +1/+1 counter from Deathbringer Thoctar: Deathbringer Thoctar deals 1 damage to any target.

  card "Demonspine Whip" as whip
    cost {B}{R}
    type Artifact — Equipment
    text {X}: Equipped creature gets +X/+0 until end of turn.
    text Equip {1}

  card "Shield of the Righteous" as shield
    cost {W}{U}
    type Artifact — Equipment
    text Equipped creature gets +0/+2 and has vigilance.

  card "Opt" as opt
    cost {U}
    type Instant
    text Scry 1.
    text Frobnicate the wibble.

  enter thoctar, whip, shield
  move opt to graveyard
`;

const readings = () => {
  const j = fileJson('x.layers', run(BOARD));
  return Object.fromEntries(j.objects.map((o) => [o.id, o.readings ?? []]));
};

test('the JSON reading gives status, headline and what each ability generates, with amounts and layers', () => {
  const r = readings();
  const [thoctar] = r.thoctar!;
  assert.equal(thoctar!.status, 'simulated');
  assert.equal(thoctar!.line, 7);
  assert.match(thoctar!.summary, /^activated ability, cost Remove a \+1\/\+1 counter from Deathbringer Thoctar/);
  assert.deepEqual(thoctar!.generates, [{ kind: 'action', text: 'this object deals 1 damage to any target' }]);

  const [whip, equip] = r.whip!;
  assert.deepEqual(whip!.generates, [
    { kind: 'action', text: 'equipped creature: +X/+0 until end of turn', items: [{ kind: 'effect', text: 'affects equipped creature', items: [{ kind: 'layer', layer: '7c', text: '+X/+0' }] }] },
  ]);
  assert.match(equip!.summary, /^keyword ability equip \(\{1\}\) \(702\) — attach to target creature you control/);

  const [shield] = r.shield!;
  assert.deepEqual(shield!.generates, [
    { kind: 'effect', text: 'affects equipped creature', items: [{ kind: 'layer', layer: '7c', text: '+0/+2' }, { kind: 'layer', layer: '6', text: 'gains vigilance' }] },
  ]);
});

test('the three honest answers: simulated, not-simulated with the reason, not-understood with what was not read', () => {
  const [scry, nonsense] = readings().opt!;
  assert.equal(scry!.status, 'not-simulated');
  assert.deepEqual(scry!.reasons, ['Scry 1: libraries are not modelled']);
  assert.deepEqual(scry!.generates, [{ kind: 'not-simulated', text: 'not simulated: Scry 1 (libraries are not modelled)' }]);
  assert.equal(nonsense!.status, 'not-understood');
  assert.equal(nonsense!.reasons.length, 1);
});

test('the hover says the same words as the JSON', () => {
  const j = fileJson('x.layers', run(BOARD));
  const shield = j.objects.find((o) => o.id === 'shield')!;
  const a = run(BOARD).final.outcomes[0]!.world.objects.find((o) => o.id === 'shield')!.chars.abilities[0]!;
  const md = abilityReading(a.ability, a.origin).join('\n');
  for (const item of shield.readings![0]!.generates.flatMap((g) => [g, ...(g.items ?? [])])) assert.ok(md.includes(item.text.replace(/^affects /, '')), `${item.text} not in the hover:\n${md}`);
  assert.equal(readAbility(a.ability, a.origin).summary, shield.readings![0]!.summary);
});
