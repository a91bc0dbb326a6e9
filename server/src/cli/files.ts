// Files named on the command line: directories are walked for `.layers`
// files, sorted so that a run is deterministic.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface FileList {
  files: string[];
  missing: string[];
}

export function collectFiles(paths: readonly string[]): FileList {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const p = join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (name.endsWith('.layers')) files.push(p);
    }
  };
  for (const p of paths) {
    try {
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else files.push(p);
    } catch {
      missing.push(p);
    }
  }
  return { files, missing };
}
