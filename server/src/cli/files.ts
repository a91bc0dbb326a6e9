// Files named on the command line: directories are walked recursively for
// `.layers` files, sorted so that a run is deterministic. A file named
// explicitly is read whatever its extension. Nothing here throws: a path
// that cannot be read is listed with the reason (exit code 2).

import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface FileList {
  files: string[];
  /** Paths that are missing or unreadable, with the reason. */
  problems: { path: string; reason: string }[];
}

function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return (e as Error | undefined)?.message ?? String(e);
}

/** Code-unit order, not locale order: the same on every machine. */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function collectFiles(paths: readonly string[]): FileList {
  const files: string[] = [];
  const problems: FileList['problems'] = [];
  const seen = new Set<string>();
  const add = (p: string) => {
    const key = resolve(p);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(p);
  };
  // Directories already walked (by real path), so a symlink cycle ends.
  const walked = new Set<string>();
  const walk = (dir: string) => {
    let names: string[];
    try {
      const real = realpathSync(dir);
      if (walked.has(real)) return;
      walked.add(real);
      names = readdirSync(dir).sort(byName);
    } catch (e) {
      problems.push({ path: dir, reason: reason(e) });
      return;
    }
    for (const name of names) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const p = join(dir, name);
      let isDir: boolean;
      try {
        isDir = statSync(p).isDirectory();
      } catch {
        continue; // a dangling link inside a directory is not something the user named
      }
      if (isDir) walk(p);
      else if (name.endsWith('.layers')) add(p);
    }
  };
  for (const p of paths) {
    try {
      if (statSync(p).isDirectory()) walk(p);
      else add(p);
    } catch (e) {
      problems.push({ path: p, reason: reason(e) });
    }
  }
  return { files, problems };
}
