// The throwaway folder VS Code opens: copies of our samples and of a few
// conformance files, so tests may edit and break them. control.json sits
// next to the folder (not in it, so it is not a workspace file).

import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './paths.mjs';

/**
 * Screenshots show the workspace in the Test Explorer: a few samples look
 * better than all of them. The suite's SAMPLE (client/test/e2e/fixtures.ts) must be here.
 */
const SCREENSHOT_SAMPLES = [
  '613-8a-lord-of-atlantis-and-turn-to-frog.layers',
  '613-1d-opalescence.layers',
  '613-8a-blood-moon-and-urborg.layers',
  '613-7-humility-and-later-grants.layers',
  '616-1-furnace-of-rath-and-torbran.layers',
  // The layer trace's picture of a dependency loop (client/test/e2e/screenshots.ts).
  '613-8b-blood-moon-and-life-and-limb-loop.layers',
];

/** Conformance files the suite uses (client/test/e2e/fixtures.ts names them). */
const CONFORMANCE = ['613-5-gray-ogre.layers', '613-9-white-anthem.layers', '613-8-lattice-and-march.layers'];

export function conformanceDir() {
  for (const d of [process.env.LAYERLENS_CONFORMANCE, join(REPO, '..', 'shared', 'conformance')]) {
    if (d && existsSync(d)) return d;
  }
  throw new Error('no conformance corpus: expected ../shared/conformance beside the repository (or set LAYERLENS_CONFORMANCE)');
}

/**
 * @param {{ mode: 'tests' | 'screenshots', grep?: string, extension: string }} o
 * @returns {{ root: string, folder: string, control: string, results: string, bridge: string }}
 */
export function makeWorkspace({ mode, grep, extension }) {
  const root = mkdtempSync(join(tmpdir(), 'layerlens-e2e-'));
  const folder = join(root, 'workspace');
  mkdirSync(join(folder, 'samples'), { recursive: true });
  mkdirSync(join(folder, 'conformance'), { recursive: true });
  const samples = readdirSync(join(REPO, 'samples')).filter((f) => f.endsWith('.layers') && (mode !== 'screenshots' || SCREENSHOT_SAMPLES.includes(f)));
  for (const f of samples) {
    copyFileSync(join(REPO, 'samples', f), join(folder, 'samples', f));
  }
  const conf = conformanceDir();
  for (const f of CONFORMANCE) copyFileSync(join(conf, f), join(folder, 'conformance', f));

  const results = join(root, 'results.json');
  const bridge = join(root, 'bridge');
  mkdirSync(bridge);
  const control = join(root, 'control.json');
  writeFileSync(control, JSON.stringify({ mode, results, bridge, repo: extension, grep }, null, 2));
  return { root, folder, control, results, bridge };
}
