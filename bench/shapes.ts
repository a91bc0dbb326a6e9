// Realistic scenario shapes for the benchmarks (issue 9): a board of many
// permanents and a few dozen effect cards, then a long timeline mixing the
// events users write (entries, pumps until end of turn, counters, deaths,
// attachments, expectations). Deterministic: the same arguments give the same text.

const EFFECTS = [
  'Creatures you control get +1/+1.',
  'Other Elves you control get +1/+1.',
  'Goblins you control have haste.',
  'White creatures get +0/+1.',
  'Nonbasic lands are Mountains.',
  'Each land is a Swamp in addition to its other land types.',
  'Creatures you control have flying.',
  'All artifacts are blue.',
  'Green creatures you control get +1/+0.',
  'Creatures your opponents control get -1/-0.',
];

const CREATURES = [
  ['Llanowar Elves', '{G}', 'Creature — Elf Druid', '1/1'],
  ['Goblin Piker', '{1}{R}', 'Creature — Goblin Warrior', '2/1'],
  ['Savannah Lions', '{W}', 'Creature — Cat', '2/1'],
  ['Grizzly Bears', '{1}{G}', 'Creature — Bear', '2/2'],
  ['Ornithopter', '{0}', 'Artifact Creature — Thopter', '0/2'],
  ['Forest', '', 'Basic Land — Forest', ''],
  ['Wastes', '', 'Land', ''],
] as const;

export interface Shape {
  permanents: number;
  effectCards: number;
  events: number;
}

/** A scenario of about `permanents + effectCards` declarations and `events` timeline lines. */
export function realistic({ permanents, effectCards, events }: Shape): string {
  const out = ['scenario "bench: a realistic board"', 'players Alice, Bob', ''];
  const creatures: string[] = [];
  for (let i = 0; i < permanents; i++) {
    const [name, cost, type, pt] = CREATURES[i % CREATURES.length]!;
    out.push(`card "${name} ${i}" as p${i}`);
    if (cost) out.push(`  cost ${cost}`);
    out.push(`  type ${type}`);
    if (pt) out.push(`  pt ${pt}`);
    if (i % 3 === 1) out.push('  owner Bob');
    if (pt) creatures.push(`p${i}`);
  }
  for (let i = 0; i < effectCards; i++) out.push(`card "Effect ${i}" as e${i}`, '  cost {2}', '  type Enchantment', `  text ${EFFECTS[i % EFFECTS.length]}`);
  out.push('card "Bonesplitter" as splitter', '  cost {1}', '  type Artifact — Equipment', '  text Equipped creature gets +2/+0.');
  out.push('');
  // Half the board and the effects are there early; the rest enter over the timeline.
  const early = Math.floor(permanents / 2);
  const first = [...Array(early).keys()].map((i) => `p${i}`);
  for (let i = 0; i < first.length; i += 25) out.push(`enter ${first.slice(i, i + 25).join(', ')}`);
  out.push(`enter splitter`);
  let next = early;
  let effect = 0;
  const alive = new Set(first.filter((id) => creatures.includes(id)));
  const pick = (k: number) => [...alive][k % Math.max(1, alive.size)];
  for (let k = 0; k < events; k++) {
    const c = pick(k * 7 + 3);
    switch (k % 10) {
      case 0:
        if (effect < effectCards) out.push(`enter e${effect++}`);
        else if (next < permanents) {
          out.push(`enter p${next}`);
          if (creatures.includes(`p${next}`)) alive.add(`p${next}`);
          next++;
        } else out.push(`expect ${c}: zone battlefield`);
        break;
      case 1:
      case 5:
        out.push(`resolve "Target creature gets +1/+1 until end of turn." targeting ${c}`);
        break;
      case 2:
        out.push(`put 1 +1/+1 counter on ${c}`);
        break;
      case 3:
        out.push(`attach splitter to ${c}`);
        break;
      case 4:
      case 8:
        out.push(`expect ${c}: zone battlefield`);
        break;
      case 6:
        if (next < permanents) {
          out.push(`enter p${next}`);
          if (creatures.includes(`p${next}`)) alive.add(`p${next}`);
          next++;
        } else out.push(`tap ${c}`);
        break;
      case 7:
        if (alive.size > 10 && c) {
          out.push(`destroy ${c}`);
          alive.delete(c);
        } else out.push(`tap ${c}`);
        break;
      case 9:
        out.push(k % 40 === 39 ? 'end turn' : `untap ${c}`);
        break;
    }
  }
  return out.join('\n') + '\n';
}

/** The shapes: a 500-line file and a 2,000-line file. */
export const MEDIUM: Shape = { permanents: 60, effectCards: 20, events: 200 };
export const LARGE: Shape = { permanents: 200, effectCards: 50, events: 1050 };
