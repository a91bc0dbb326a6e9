import assert from 'node:assert/strict';
import test from 'node:test';
import { hover, hoverFor } from '../../src/lsp/hover';
import { tablesAsText } from '../../src/lsp/present';
import { readFileSync } from 'node:fs';
import { analysed, conformance, corpus, fixture, markdown } from './fixture';

const SCENE = `
  players Alice, Bob
  card "Gray Ogre" as ogre
    cost {2}{R}
    type Creature — Ogre
    pt 2/2
  card "Giant Growth" as growth
    type Instant
    text Target creature gets +3/+3 until end of turn.
  card "Glorious Anthem" as anthem
    type Enchantment
    text Creatures you control get +1/+1.
  enter ogre
  cast growth targeting ogre as pump
  expect ogre 5/5
  enter anthem
  expect ogre: pt 6/6
  end pump
  Alice gains 3 life
  expect ogre 3/3`;

/** The scene with the cursor put at `marker` (the first occurrence of the text before `|`). */
function at(marker: string) {
  const [pre, post] = marker.split('|');
  const i = SCENE.indexOf(pre! + post!);
  assert.ok(i >= 0, marker);
  return fixture(SCENE.slice(0, i + pre!.length) + '|' + SCENE.slice(i + pre!.length));
}

const show = (marker: string) => {
  const { doc, at: p } = at(marker);
  return markdown(hover(doc, p));
};

test('an object name in an expectation: the answer first (values, the effect that explains them), then the full table', () => {
  assert.equal(
    show('expect og|re 5/5'),
    [
      '**Gray Ogre** (`ogre`): **5/5 · Creature — Ogre · red**',
      '',
      'after line 14 `expect ogre 5/5`',
      '',
      'abilities: none',
      '',
      'why:',
      '',
      '- Giant Growth: +3/+3 (layer 7c) — P/T 2/2 → 5/5',
      '',
      'in **battlefield** · controller Alice · timestamp 1',
      '',
      '---',
      '',
      'every effect applied, in layer order (613.1):',
      '',
      '| layer | timestamp | source | effect | before → after | why here |',
      '|---|---|---|---|---|---|',
      '| 7c | 3 | Giant Growth | +3/+3 | P/T 2/2 → 5/5 | timestamp order (613.7) |',
    ].join('\n'),
  );
});

test('a complex board: at most three effects lead, the ones the values come from; the rest is in the table', () => {
  const { doc, at: p } = fixture(`
    card Humility
      type Enchantment
      text All creatures lose all abilities and have base power and toughness 1/1.
    card "Serra Angel" as angel
      cost {3}{W}{W}
      type Creature — Angel
      pt 4/4
      text Flying, vigilance
    card "Glorious Anthem" as anthem
      type Enchantment
      text Creatures you control get +1/+1.
    enter angel, Humility, anthem
    resolve "Target creature gets +3/+3 until end of turn." targeting angel
    resolve "Target creature gains flying until end of turn." targeting angel
    resolve "Target creature gets +0/+2 until end of turn." targeting angel
    expect an|gel: pt 5/7; has flying`);
  const text = markdown(hover(doc, p));
  const lines = text.split('\n');
  assert.equal(lines[0], '**Serra Angel** (`angel`): **5/7 · Creature — Angel · white**');
  const why = lines.slice(lines.indexOf('why:') + 2, lines.indexOf('why:') + 6);
  // 613.4b/c: Humility's 1/1 is set in 7b, the modifiers of 7c follow (latest shown);
  // 613.7: the grant of flying is later than Humility's "loses all abilities", so it wins.
  assert.deepEqual(why, [
    '- "Target creature gains flying until en…" (line 14): gains flying (layer 6) — abilities none → Flying',
    '- Humility: base P/T 1/1 (layer 7b) — P/T 4/4 → 1/1',
    '- "Target creature gets +0/+2 until end …" (line 15): +0/+2 (layer 7c) — toughness 5 → 7',
    '- _and 3 more effects: every step is in the table below_',
  ]);
  // The summary comes before the table, and the table still has every step.
  assert.ok(text.indexOf('why:') < text.indexOf('| layer |'));
  assert.equal(lines.filter((l) => /^\| (6|7b|7c) \|/.test(l)).length, 6);
});

test('the same name later in the timeline shows the later state', () => {
  const text = show('expect og|re: pt 6/6');
  assert.match(text, /\*\*6\/6 · Creature — Ogre · red\*\*/);
  assert.match(text, /\| 7c \| 3 \| Giant Growth \| \+3\/\+3 \| P\/T 2\/2 → 5\/5 \|/);
  assert.match(text, /\| 7c \| 5 \| Glorious Anthem \| \+1\/\+1 \| P\/T 5\/5 → 6\/6 \|/);
  assert.match(show('expect og|re 3/3'), /\*\*3\/3 · Creature — Ogre · red\*\*/);
});

test('an object name in an event: the state just after that event', () => {
  const text = show('enter og|re');
  assert.match(text, /^\*\*Gray Ogre\*\* \(`ogre`\): \*\*2\/2 · Creature — Ogre · red\*\*\n\nafter line 12 `enter ogre`/);
  assert.doesNotMatch(text, /why:/);
  assert.match(text, /_No continuous effect applies: printed values\._/);
});

test('a declaration: the object at the end of the file', () => {
  const text = show('card "Gray O|gre"');
  assert.match(text, /^\*\*Gray Ogre\*\* \(`ogre`\): \*\*3\/3 · Creature — Ogre · red\*\*\n\nat the end of the file/);
});

test('a player: life and the player trace', () => {
  assert.match(show('Ali|ce gains 3 life'), /^\*\*Alice\*\* \(player · active player\) — after line 18 `Alice gains 3 life`\n\nlife \*\*23\*\* · hand 0 · graveyard 1/);
  assert.match(show('players Ali|ce'), /at the end of the file/);
});

test('a label: the effect it names; on `end`, the effect it ends', () => {
  assert.match(show('as pu|mp'), /label `pump` — after line 13[^\n]*\n\n“Target creature gets \+3\/\+3 until end of turn\.” from Giant Growth\n\neffect of Giant Growth \(`pump`\) · timestamp 3 · layers 7c\n\n- applies now to: Gray Ogre — set locked in when it began \(611\.2c\)/);
  assert.match(show('end pu|mp'), /label `pump` — until line 17, which ends it/);
});

test('ability text: how it was read, its effect now, and the rule under the cursor', () => {
  const text = show('get +1/+1|.');
  assert.match(text, /^\*\*Glorious Anthem\*\*: “Creatures you control get \+1\/\+1\.”/);
  assert.match(text, /static ability \(604\.1\) — not characteristic-defining: it affects other objects, not only its own characteristics \(604\.3a \(3\)\)/);
  assert.match(text, /- affects \*\*creatures you control\*\*\n {2}- layer \*\*7c\*\*: \+1\/\+1 — _Layer 7c: Effects and counters that modify power and\/or toughness/);
  assert.match(text, /timestamp 5 · layers 7c\n\n- applies now to: Gray Ogre/);
  const rule = show('gets +3/+3 until en|d of turn');
  assert.match(rule, /spell text: what `cast` does:/);
  assert.match(rule, /\*\*611\.2a\*\* — “A continuous effect generated by the resolution of a spell or ability lasts as long as stated/);
  assert.match(show('Creatures you control ge|t +1/+1'), /\*\*613\.4c\*\* — “Layer 7c: Effects and counters that modify power and\/or toughness/);
});

test('a characteristic-defining ability says so, and why', () => {
  const { doc, at: p } = fixture(`
    card Tarmogoyf as goyf
      type Creature — Lhurgoyf
      pt */1+*
      text This creature's power and toughness are each equal to the number of creature cards in your gr|aveyard.
    enter goyf`);
  const text = markdown(hover(doc, p));
  assert.match(text, /\*\*characteristic-defining ability\*\* \(604\.3\): it defines its own power and toughness, so it applies first in its layer/);
  assert.match(text, /layer \*\*7a\*\*: P\/T each = the number of creature cards in your graveyard/);
  assert.match(text, /· CDA/);
});

test('dependency: an ability says what it depends on and what depends on it (613.8a)', () => {
  const doc = conformance('613-8-lattice-and-march.layers');
  const march = doc.lines.findIndex((l) => l.includes('Each noncreature artifact'));
  const lattice = doc.lines.findIndex((l) => l.includes('All permanents are artifacts'));
  assert.match(markdown(hover(doc, { line: march, character: 12 })), /- \*\*depends on\*\* Mycosynth Lattice \(layer 4\): applying Mycosynth Lattice's effect changes what March of the Machines's effect applies to — applied after it \(613\.8b\)/);
  assert.match(markdown(hover(doc, { line: lattice, character: 12 })), /- \*\*depended on by\*\* March of the Machines \(layer 4\)/);
  const bears = doc.lines.findIndex((l) => l.startsWith('expect march:'));
  assert.match(markdown(hover(doc, { line: bears, character: 9 })), /\| 4 \| 3 \| March of the Machines \| adds Artifact Creature \| types Artifact Enchantment → Artifact Enchantment Creature \| after Mycosynth Lattice, which it depends on: [^|]+ \(613\.8a\) \|/);
});

test('a dependency loop: the order used (613.8b)', () => {
  const doc = conformance('613-8b-dependency-loop.layers');
  const line = doc.lines.findIndex((l) => l.includes('All Mountains are Plains'));
  assert.match(markdown(hover(doc, { line, character: 10 })), /in a \*\*dependency loop\*\* with Illusionary Terrain: timestamp order Illusionary Terrain → Conversion \(613\.8b\)/);
});

test('an event: what it changed; an expectation: expected and actual', () => {
  const { doc, at: p } = fixture(`
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    card "Rest" as rest
      type Enchantment
      text If a card would be put into a graveyard from anywhere, exile it instead.
    enter ogre, rest
    destr|oy ogre
    expect ogre: zone exile; pt 2/2`);
  const text = markdown(hover(doc, p));
  assert.match(text, /^\*\*destroy ogre\*\*\n\n/);
  assert.match(text, /- replacement \(616\): /);
  const expectation = markdown(hover(doc, { line: 8, character: 20 }));
  assert.equal(expectation, '✓ **passes**\n\nexpected: `zone exile; pt 2/2`\n\nactual: `zone exile; pt 2/2`\n\n| fact | expected | actual | |\n|---|---|---|---|\n| zone exile | zone exile | zone exile | ✓ |\n| pt 2/2 | pt 2/2 | pt 2/2 | ✓ |');
});

test('a failed expectation shows both values', () => {
  const { doc, at: p } = fixture(`
    card ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    expect ogre 3/|3`);
  assert.equal(markdown(hover(doc, p)), '✗ **fails**\n\nexpected: `pt 3/3`\n\nactual: `pt 2/2`');
});

test('rule words inside resolve text', () => {
  const { doc, at: p } = fixture(`
    card ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    resolve "Switch target creature's power and toughness until end of turn." targeting ogre
    resolve "Target creature has base power and tough|ness 0/1 until end of turn." targeting ogre`);
  assert.match(markdown(hover(doc, p)), /\*\*613\.4b\*\* — “Effects that refer to the base power and\/or toughness of a creature apply in this layer\.”/);
  assert.match(markdown(hover(doc, { line: 4, character: 11 })), /\*\*613\.4d\*\* — “Layer 7d: Effects that switch a creature’s power and toughness are applied\.”/);
});

test('hover is total: blank lines, far positions and garbage give null or a hover, never a throw', () => {
  const { doc } = fixture(`
    card ogre
      type Creature

    enter ogre`);
  assert.equal(hover(doc, { line: 2, character: 0 }), null);
  assert.equal(hover(doc, { line: 999, character: 999 }), null);
  // Negative and missing positions read as the start of the file: the card header.
  assert.match(markdown(hover(doc, { line: -1, character: -5 })), /^\*\*ogre\*\*/);
  assert.match(markdown(hover(doc, undefined as never)), /^\*\*ogre\*\*/);
});

test('ability text: the parts in the order the layers apply them (6 before 7c), plurals as Oracle writes them, no engine ids', () => {
  const doc = analysed(readFileSync('samples/613-8a-lord-of-atlantis-and-turn-to-frog.layers', 'utf8'));
  const line = doc.lines.findIndex((l) => l.includes('text Other Merfolk'));
  const text = markdown(hover(doc, { line, character: 10 }));
  assert.match(text, /- affects \*\*other Merfolk\*\*\n {2}- layer \*\*6\*\*: gains islandwalk[^\n]*\n {2}- layer \*\*7c\*\*: \+1\/\+1/);
  assert.match(text, /effect of Lord of Atlantis · timestamp 1 · layers 6, 7c/);
});

test('no hover shows an engine id (`lord/0#0`): effects are named by their source and label', () => {
  let checked = 0;
  for (const f of corpus().slice(0, 24)) {
    const doc = analysed(f.text);
    const ids = (doc.analysis.final.outcomes[0]?.world.effects ?? []).map((e) => e.id).filter((id) => /[/#]/.test(id));
    if (!ids.length) continue;
    checked += ids.length;
    for (let line = 0; line < doc.lines.length; line++) {
      for (const character of [2, 8, 14]) {
        const text = markdown(hover(doc, { line, character }));
        for (const id of ids) assert.ok(!text.includes(id), `${f.name}:${line + 1}:${character + 1} shows ${id}`);
      }
    }
  }
  assert.ok(checked > 10, 'the corpus has effects with engine ids to look for');
});

test('for editors that cannot draw markdown tables (Neovim): the same hover with its tables as aligned text', () => {
  const { doc, at: p } = at('expect og|re: pt 6/6');
  const h = hover(doc, p);
  assert.equal(hoverFor({ hoverPlainTables: false }, h), h);
  const text = markdown(hoverFor({ hoverPlainTables: true }, h));
  assert.doesNotMatch(text, /^\|/m, 'no markdown table row is left');
  const block = text.slice(text.indexOf('```text\n') + 8, text.lastIndexOf('\n```'));
  assert.deepEqual(block.split('\n'), [
    'layer  timestamp  source           effect  before → after  why here',
    '-----  ---------  ---------------  ------  --------------  -----------------------',
    '7c     3          Giant Growth     +3/+3   P/T 2/2 → 5/5   timestamp order (613.7)',
    '7c     5          Glorious Anthem  +1/+1   P/T 5/5 → 6/6   timestamp order (613.7)',
  ]);
  // Escaped pipes and markdown escapes inside a cell are text again.
  assert.equal(tablesAsText('x\n| a | b |\n|---|---|\n| p \\| q | \\*r\\* |\ny'), 'x\n```text\na      b\n-----  ---\np | q  *r*\n```\ny');
  // The rest of the markdown is unchanged: the answer still leads.
  assert.match(text, /^\*\*Gray Ogre\*\* \(`ogre`\): \*\*6\/6 · Creature — Ogre · red\*\*/);
});

test('an object a state-based action moved or changed says so in its hover (704), with the event that led to it', () => {
  const { doc, at: p } = fixture(`
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    enter bears
    put a +1/+1 counter on bears
    put a -1/-1 counter on bears
    expect bears: counters +1/+1 0
    put two -1/-1 counters on bears
    expect be|ars: zone graveyard`);
  const text = markdown(hover(doc, p));
  // 704.5f: toughness 0 after the two -1/-1 counters (2/2 with two -1/-1 counters is 0/0).
  assert.match(text, /\nstate-based action \(704\) after line 8 `put two -1\/-1 counters on bears`: Grizzly Bears is put into its owner's graveyard: toughness 0 \(704\.5f\)\n/);
  assert.ok(text.indexOf('state-based action') < text.indexOf('in **graveyard**'));
  // 704.5q: the counters cancel; said on the object before it died.
  const before = markdown(hover(doc, { line: doc.lines.findIndex((l) => l.startsWith('expect bears: counters')), character: 9 }));
  assert.match(before, /state-based action \(704\) after line 6 `put a -1\/-1 counter on bears`: 1 \+1\/\+1 and 1 -1\/-1 counter removed from Grizzly Bears \(704\.5q\)/);
});

test('hover on a level section (711.2): the LEVEL line shows its ability, the P/T under it says what it is', () => {
  const text = `
    players Alice, Bob
    card "Student of Warfare" as student
      type Creature — Human Knight
      pt 1/1
      text Level up {W}
      text LEV|EL 2-6
      text 3/3
      text First strike
    enter student`;
  const { doc, at: p } = fixture(text);
  const level = markdown(hover(doc, p));
  assert.match(level, /layer \*\*7b\*\*: base P\/T 3\/3/);
  assert.match(level, /gains first strike|First strike/i);
  const { doc: d2, at: p2 } = fixture(text.replace('LEV|EL', 'LEVEL').replace('text 3/3', 'text 3|/3'));
  const pt = markdown(hover(d2, p2));
  assert.match(pt, /level section above \(711\.2b\)/);
  assert.doesNotMatch(pt, /not understood/i);
});
