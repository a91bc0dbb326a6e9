// The files the tests open. The harness copies samples/ and a few conformance
// files into a throwaway workspace (see scripts/e2e/workspace.mjs); the tests
// derive broken variants from them so the repository is never edited.

import { readFileSync } from 'node:fs';
import { wsUri, writeWs } from './helpers';
import type * as vscode from 'vscode';

/** A conformance file that passes (CR 613.5: Gray Ogre through the sublayers of layer 7). */
export const GOOD = 'conformance/613-5-gray-ogre.layers';
/** Its last expectation; the broken copy changes it. */
export const GOOD_LAST_EXPECT = 'expect ogre 3/5';
/** A wrong value for that expectation: the engine computes 3/5 (613.4b/613.4c). */
export const WRONG_EXPECT = 'expect ogre 9/9';

/** A sample with cards, an alias and several expectations, for lenses and screenshots. */
export const SAMPLE = 'samples/613-8a-lord-of-atlantis-and-turn-to-frog.layers';

/** A sample whose events cause state-based actions (704.5f, 704.5m). */
export const SBA_SAMPLE = 'samples/704-5f-toughness-zero.layers';

/** Write `broken/gray-ogre-fails.layers`: GOOD with its last expectation wrong. */
export function writeFailingCopy(): { uri: vscode.Uri; line: number } {
  const text = readFileSync(wsUri(GOOD).fsPath, 'utf8');
  if (!text.includes(GOOD_LAST_EXPECT)) throw new Error(`${GOOD} no longer contains "${GOOD_LAST_EXPECT}"`);
  const broken = text.replace(GOOD_LAST_EXPECT, WRONG_EXPECT);
  const line = broken.split('\n').findIndex((l) => l.includes(WRONG_EXPECT));
  return { uri: writeWs('broken/gray-ogre-fails.layers', broken), line };
}

/** A short scenario ending in a blank line, for completion at the start of a statement. */
export function writeScratch(): vscode.Uri {
  return writeWs(
    'scratch/completion.layers',
    ['scenario "Completion"', 'players Alice, Bob', '', 'card "Grizzly Bears" as bears', '  type Creature — Bear', '  pt 2/2', '', 'enter bears', '', ''].join('\n'),
  );
}
