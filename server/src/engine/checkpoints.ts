// Snapshots without a whole game each (issue 9). Every event changes its
// games in place, so the snapshot before it used to keep a full copy: a
// 1,000-event file kept 1,000 games. Now only every `EVERY`-th snapshot
// keeps a frozen copy (a checkpoint); the others are rebuilt, when read, by
// playing the events since the nearest checkpoint again. Playing is a pure
// function of the games and the statements, so the rebuilt games are the
// ones the run had: effects keep the locked-in sets (611.2c) and copiable
// values (707.2) they were created with, since they are created again from
// the same state, and every 616 outcome is rebuilt with its siblings, in
// the same order.

import type { Game } from './game';
import type { WorldView } from './results';

/** Snapshots between two checkpoints: the most events a read plays again. */
export const EVERY = 32;
/** Rebuilt game lists kept for the next read (hovers tend to stay near one line). */
const RECENT = 4;

/** A snapshot's hold on one outcome's game, and the view built from it. */
export class Held {
  view?: WorldView;
  viewOf?: Game;
  private read: () => Game;
  constructor(game: Game) {
    this.read = () => game;
  }
  get game(): Game {
    return this.read();
  }
  /** The game is now found another way (the run goes on changing the one it had). */
  rehome(read: () => Game): void {
    this.read = read;
    this.view = undefined;
    this.viewOf = undefined;
  }
}

export class Checkpoints {
  private readonly marks: { index: number; games: Game[] }[] = [];
  private readonly recent = new Map<number, Game[]>();
  private since = 0;

  /**
   * `start` are the games before statement `index + 1` (never changed by the
   * run); `play(games, i)` runs statement i on them (nothing for an `expect`)
   * without reporting anything, and returns the games after it.
   */
  constructor(index: number, start: Game[], private readonly play: (games: Game[], i: number) => Game[]) {
    this.marks.push({ index, games: start });
  }

  /** The games held for statement `index` are about to be changed by the next event: freeze or forget them. */
  release(held: Held[], index: number, games: Game[]): void {
    if (++this.since >= EVERY) {
      this.since = 0;
      const frozen = games.map((g) => g.clone());
      this.marks.push({ index, games: frozen });
      held.forEach((h, k) => h.rehome(() => frozen[k]!));
      return;
    }
    held.forEach((h, k) => h.rehome(() => this.at(index)[k]!));
  }

  /** The games after statement `index`, rebuilt from the nearest checkpoint before it. */
  at(index: number): Game[] {
    const hit = this.recent.get(index);
    if (hit) {
      this.recent.delete(index);
      this.recent.set(index, hit);
      return hit;
    }
    let mark = this.marks[0]!;
    for (const m of this.marks) if (m.index <= index) mark = m;
    let games = mark.games;
    if (mark.index < index) {
      games = games.map((g) => g.clone());
      for (let i = mark.index + 1; i <= index; i++) games = this.play(games, i);
    }
    this.recent.set(index, games);
    if (this.recent.size > RECENT) this.recent.delete(this.recent.keys().next().value!);
    return games;
  }
}
