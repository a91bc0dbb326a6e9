import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import type { EventStatement, ExpectStatement, Range } from '../../src/syntax/ast';
import { parseLayers } from '../../src/syntax/parser';

const r = (line: number, a: number, b: number): Range => ({ start: { line, character: a }, end: { line, character: b } });
const parse = (text: string) => parseLayers(text, 'test.layers');
const events = (text: string) => parse(text).statements.filter((s): s is EventStatement => s.kind === 'event').map((s) => s.event);

for (const dir of ['../shared/conformance', 'samples']) {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.layers'))) {
    test(`${dir}/${f} parses without a syntax error`, () => {
      const file = parse(readFileSync(join(dir, f), 'utf8'));
      assert.deepEqual(file.diagnostics, []);
      assert.ok(file.objects.length > 0);
    });
  }
}

test('a card block keeps every key and its spans', () => {
  const f = parse(['card "Gray Ogre" as ogre', '  cost {2}{R}', '  type Creature — Ogre', '  pt 2/2', '  text Flying  # a comment', '  copies 2', 'enter ogre#1'].join('\n'));
  assert.deepEqual(f.diagnostics, []);
  const o = f.objects[0]!;
  assert.equal(o.name.text, 'Gray Ogre');
  assert.deepEqual(o.name.range, r(0, 5, 16));
  assert.equal(o.alias?.text, 'ogre');
  assert.equal(o.cost?.value, '{2}{R}');
  assert.deepEqual(o.typeLine?.value, { supertypes: [], types: ['Creature'], subtypes: ['Ogre'], text: 'Creature — Ogre' });
  assert.deepEqual(o.pt?.power, { base: 2, star: false, text: '2' });
  assert.equal(o.texts[0]!.value, 'Flying  # a comment', 'a # inside ability text is text');
  assert.deepEqual(o.texts[0]!.range, r(4, 7, 26));
  assert.equal(o.copies?.value, 2);
  assert.deepEqual(o.range, { start: { line: 0, character: 0 }, end: { line: 5, character: 10 } });
  const ev = events('card a\n  type Land\nenter a#1')[0]!;
  assert.equal(ev.kind, 'enter');
});

test('type-line dashes: —, –, -- and " - "', () => {
  for (const dash of ['—', '–', '--', ' - ']) {
    const f = parse(`card x\n  type Artifact Creature${dash.startsWith(' ') ? dash : ` ${dash} `}Golem`);
    assert.deepEqual(f.diagnostics, [], dash);
    assert.deepEqual(f.objects[0]!.typeLine!.value.subtypes, ['Golem']);
    assert.deepEqual(f.objects[0]!.typeLine!.value.types, ['Artifact', 'Creature']);
  }
});

test('printed P/T with stars', () => {
  const f = parse('card x\n  type Creature\n  pt */1+*');
  assert.deepEqual(f.diagnostics, []);
  assert.deepEqual(f.objects[0]!.pt!.power, { base: 0, star: true, text: '*' });
  assert.deepEqual(f.objects[0]!.pt!.toughness, { base: 1, star: true, text: '1+*' });
});

test('every event form', () => {
  const evs = events(
    [
      'enter a, b under Bob tapped face down attached to c choosing blue, X=3',
      'cast s targeting a, b choosing white->blue as hack by Bob',
      'activate a ability 2 targeting b',
      'resolve "Target creature gets +1/+1 until end of turn." from a by Alice targeting b as pump',
      'attach e to a',
      'put a +1/+1 counter on a',
      'put 3 flying counters on a',
      'remove two -1/-1 counters from a',
      'move a, b to graveyard',
      'destroy a choosing rip then colossus',
      'sacrifice a',
      'exile a',
      'Alice draws 2 cards',
      'Bob gains 3 life',
      'Bob loses 1 life',
      'Alice discards 1 card',
      'tap a, b',
      'untap a',
      'turn a face up',
      'end pump',
      'end turn',
    ].join('\n'),
  );
  assert.deepEqual(
    evs.map((e) => e.kind),
    ['enter', 'cast', 'activate', 'resolve', 'attach', 'put-counters', 'put-counters', 'remove-counters', 'move', 'destroy', 'sacrifice', 'exile', 'draw', 'gain-life', 'lose-life', 'discard', 'tap', 'untap', 'turn-face', 'end', 'end-turn'],
  );
  const enter = evs[0] as Extract<(typeof evs)[0], { kind: 'enter' }>;
  assert.equal(enter.under?.text, 'Bob');
  assert.ok(enter.tapped && enter.faceDown);
  assert.equal(enter.attachedTo?.text, 'c');
  assert.deepEqual(enter.choices.map((c) => c.value), ['blue', 'X=3']);
  const cast = evs[1] as Extract<(typeof evs)[0], { kind: 'cast' }>;
  assert.deepEqual(cast.targets.map((t) => t.text), ['a', 'b']);
  assert.equal(cast.label?.text, 'hack');
  assert.equal(cast.by?.text, 'Bob');
  const resolve = evs[3] as Extract<(typeof evs)[0], { kind: 'resolve' }>;
  assert.equal(resolve.text.value, 'Target creature gets +1/+1 until end of turn.');
  assert.deepEqual(resolve.text.range, r(3, 9, 54));
  const put = evs[6] as Extract<(typeof evs)[0], { kind: 'put-counters' }>;
  assert.equal(put.counter.value, 'flying');
  assert.equal(put.count.value, 3);
  const destroy = evs[9] as Extract<(typeof evs)[0], { kind: 'destroy' | 'sacrifice' | 'exile' }>;
  assert.deepEqual(destroy.choiceOrder?.map((n) => n.text), ['rip', 'colossus']);
});

test('expectations: facts, alternatives, loops, dependencies', () => {
  const f = parse(['expect ogre 5/8', 'expect ogre: pt 5/8; color red; type Creature — Ogre; has flying, "Each land is a Swamp."; zone exile or library', 'expect loop a, "B c"', 'expect u depends on m', 'expect Alice: life 17; hand 2; max hand size none'].join('\n'));
  assert.deepEqual(f.diagnostics, []);
  const ex = f.statements.map((s) => (s as ExpectStatement).expect);
  assert.equal(ex[0]!.kind, 'facts');
  const facts = (ex[1] as Extract<(typeof ex)[0], { kind: 'facts' }>).facts;
  assert.deepEqual(facts.map((x) => x.alternatives.map((a) => a.kind)), [['pt'], ['color'], ['type'], ['has'], ['zone', 'zone']]);
  assert.deepEqual((facts[3]!.alternatives[0] as { abilities: string[] }).abilities, ['flying', 'Each land is a Swamp.']);
  assert.equal(ex[2]!.kind, 'loop');
  assert.equal(ex[3]!.kind, 'depends');
  const p = (ex[4] as Extract<(typeof ex)[0], { kind: 'facts' }>).facts;
  assert.deepEqual(p[2]!.alternatives[0], { kind: 'max-hand-size', value: null });
});

test('one bad line gives one precise error and the rest still parses', () => {
  const f = parse(['card "Gray Ogre" as ogre', '  tpye Creature', '  type Creature', 'entr ogre', 'enter ogre', 'move ogre into hand', 'expect ogre: pt 2/x'].join('\n'));
  assert.equal(f.diagnostics.length, 4);
  assert.deepEqual(f.diagnostics[0]!.range, r(1, 2, 6));
  assert.match(f.diagnostics[0]!.message, /unknown card key `tpye`; did you mean `type`\?/);
  assert.deepEqual(f.diagnostics[1]!.range, r(3, 0, 4));
  assert.match(f.diagnostics[1]!.message, /did you mean `enter`/);
  assert.deepEqual(f.diagnostics[2]!.range, r(5, 10, 14));
  assert.match(f.diagnostics[2]!.message, /expected `to`/);
  assert.deepEqual(f.diagnostics[3]!.range, r(6, 16, 19));
  assert.equal(f.objects[0]!.typeLine?.value.types[0], 'Creature');
  assert.equal(f.statements.length, 1);
});

test('copies are capped with an error on the number', () => {
  const f = parse('token t\n  type Creature\n  copies 1000000000');
  assert.equal(f.objects[0]!.copies?.value, 1000);
  assert.deepEqual(f.diagnostics.map((d) => d.range), [r(2, 9, 19)]);
});

test('an unterminated string is reported where it starts', () => {
  const f = parse('card "Gray Ogre as ogre');
  assert.deepEqual(f.diagnostics.map((d) => d.range), [r(0, 5, 23)]);
  assert.match(f.diagnostics[0]!.message, /unterminated string/);
});
