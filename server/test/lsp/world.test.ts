// Finding objects in a world (lsp/world.ts): a hover needs a few objects of
// hundreds, so a world that can build one view alone is asked for those only,
// and the answers are the ones a list of every view gives.
import assert from 'node:assert/strict';
import test from 'node:test';
import { objectNamer, viewOf, viewsOf } from '../../src/lsp/world';
import type { ObjectView, WorldView } from '../../src/engine/results';
import { analysed } from './fixture';

const TEXT = [
  'card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2',
  'card "Grizzly Bears" as Bears', '  type Creature — Bear', '  pt 2/2', '  copies 3',
  'card "Bonesplitter" as splitter', '  type Artifact — Equipment', '  text Equipped creature gets +2/+0.',
  'enter ogre, bears, splitter', 'attach splitter to ogre',
].join('\n');

/** The same world twice: one that lists every view, one that builds views one at a time (and says which). */
function worlds(): { full: WorldView; lazy: WorldView; built: string[] } {
  const w = analysed(TEXT).analysis.final.outcomes[0]!.world;
  const all = w.objects;
  const full: WorldView = { ...w, objects: all, objectById: undefined, objectIds: undefined };
  const built: string[] = [];
  const lazy: WorldView = {
    ...full,
    get objects(): ObjectView[] {
      throw new Error('every view built');
    },
    objectIds: () => all.map((o) => o.id),
    objectById: (id) => {
      built.push(id);
      return all.find((o) => o.id === id);
    },
  };
  return { full, lazy, built };
}

test('declarations, copies and names are found the same way with and without every view', () => {
  const { full, lazy, built } = worlds();
  const decls = analysed(TEXT).analysis.file.objects;
  const ids = (vs: (ObjectView | undefined)[]) => vs.map((v) => v?.id);
  for (const d of decls) {
    assert.deepEqual(ids(viewsOf(lazy, d)), ids(viewsOf(full, d)), d.name.text);
    for (const k of [undefined, 1, 2, 3, 4]) assert.equal(viewOf(lazy, d, k)?.id, viewOf(full, d, k)?.id, `${d.name.text} #${k}`);
  }
  assert.deepEqual(ids(viewsOf(lazy, decls[1]!)), ['Bears#1', 'Bears#2', 'Bears#3']);
  const [a, b] = [objectNamer(lazy), objectNamer(full)];
  for (const id of ['ogre', 'OGRE', 'Bears#2', 'bears#3', 'splitter', 'nobody']) assert.equal(a(id), b(id), id);
  assert.equal(a('bears#2'), 'Grizzly Bears #2');
  assert.ok(built.length > 0);
});

test('a name asks for its own view only', () => {
  const { lazy, built } = worlds();
  assert.equal(objectNamer(lazy)('ogre'), 'Gray Ogre');
  assert.deepEqual(built, ['ogre']);
});
