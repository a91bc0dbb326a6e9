// Choices made while actions resolve (608.2d), modes (700.2), delayed
// triggers (603.7) and activation restrictions (602.5b), in scenarios.
import assert from 'node:assert/strict';
import test from 'node:test';
import { failedExpectations, problems, run } from './helpers';

const cards = `
    players Alice, Bob
    card "Setessan Griffin" as griffin
      cost {4}{W}
      type Creature — Griffin
      pt 3/2
      text {2}{G}{G}: Setessan Griffin gets +2/+2 until end of turn. Activate only once each turn.
    card "Adaptive Gemguard" as gem
      cost {3}
      type Artifact Creature — Construct
      pt 3/3
      text Tap two untapped artifacts and/or creatures you control: Put a +1/+1 counter on Adaptive Gemguard. Activate only as a sorcery.
    card "Gray Ogre" as ogre
      cost {2}{R}
      type Creature — Ogre
      pt 2/2
      owner Bob
`;

/** Run the cards plus `events`; every expectation must pass with no error or warning. */
function clean(events: string): ReturnType<typeof run> {
  const a = run(`${cards}${events}`);
  assert.deepEqual([...failedExpectations(a), ...problems(a)], []);
  return a;
}

test('602.5b: a second activation in the same turn is an error on the event, and does nothing', () => {
  const a = run(`${cards}
    enter griffin
    activate griffin
    activate griffin
    expect griffin 5/4
  `);
  assert.deepEqual(failedExpectations(a), []);
  assert.deepEqual(problems(a).map((p) => p.split(' ')[1]), ['activation-restriction:']);
});

test('602.5d: `Activate only as a sorcery` on the opponent\'s turn is an error; on its controller\'s turn it resolves', () => {
  const a = run(`${cards}
    enter gem
    end turn
    activate gem
    expect gem 3/3
    end turn
    activate gem
    expect gem 4/4
  `);
  assert.deepEqual(failedExpectations(a), []);
  assert.equal(problems(a).length, 1);
  assert.match(problems(a)[0]!, /it is Bob's turn, not Alice's/);
});

test('`unless … pays`: `choosing yes` pays and nothing else happens; `choosing no` does the action', () => {
  const a = clean(`
    enter ogre
    resolve "Unless its controller pays {1}, tap target creature." targeting ogre choosing yes
    expect ogre: untapped
    resolve "Unless its controller pays {1}, tap target creature." targeting ogre choosing no
    expect ogre: tapped
  `);
});

test('700.2: an answer that is not a legal choice of modes is a warning, and nothing happens', () => {
  const a = run(`${cards}
    enter ogre
    resolve "Choose one — • Tap target creature. • You gain 3 life." targeting ogre choosing mode 1, mode 2
    expect ogre: untapped
    expect Alice: life 20
  `);
  assert.deepEqual(failedExpectations(a), []);
  assert.match(problems(a).join('\n'), /not a legal choice: choose 1 of 2/);
});

test('700.2: with no answer, every choice of modes the targets fit is an outcome (choose two of three, no targets)', () => {
  const a = clean(`
    resolve "Choose two — • You gain 1 life. • You gain 2 life. • Draw a card."
    expect Alice: life 21 or 22 or 23
  `);
  assert.equal(a.final.outcomes.length, 3);
});

test('an answer is taken afresh on each earlier outcome (the pool does not run dry after the first)', () => {
  const a = clean(`
    resolve "You may draw a card."
    resolve "You may pay 3 life. If you do, you gain 10 life." choosing yes
    expect Alice: life 27
  `);
});

test('clash: `choosing yes` wins it, `choosing no` loses it', () => {
  const a = clean(`
    enter griffin
    resolve "Clash with an opponent. If you win, put a +1/+1 counter on Setessan Griffin." from griffin choosing no
    expect griffin 3/2
    resolve "Clash with an opponent. If you win, put a +1/+1 counter on Setessan Griffin." from griffin choosing yes
    expect griffin 4/3
  `);
});

test('603.7: `your next upkeep` waits for its controller\'s next turn, not the opponent\'s', () => {
  const a = clean(`
    resolve "At the beginning of your next upkeep, you gain 5 life."
    end turn
    expect Alice: life 20
    end turn
    expect Alice: life 25
  `);
});

test('608.2d: `tap or untap` is answered with its word; unanswered, both are kept', () => {
  const a = clean(`
    enter ogre
    tap ogre
    resolve "Tap or untap target permanent." targeting ogre choosing untap
    expect ogre: untapped
    resolve "Tap or untap target permanent." targeting ogre choosing tap
    expect ogre: tapped
    resolve "Tap or untap target permanent." targeting ogre
  `);
  assert.equal(a.final.outcomes.length, 2);
});
