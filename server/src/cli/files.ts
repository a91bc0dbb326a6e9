// Files named on the command line: directories are walked recursively for
// `.layers` files, sorted so that a run is deterministic. A file named
// explicitly is read whatever its extension, if it is a regular file. Nothing here throws: a path
// that cannot be read is listed with the reason (exit code 2).

import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
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

/** Only regular files are read: reading a named pipe, a socket or a device can block for ever. */
const NOT_REGULAR = 'not a regular file (a named pipe, socket or device is never read)';

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
      let st: Stats;
      try {
        st = statSync(p);
      } catch {
        continue; // a dangling link inside a directory is not something the user named
      }
      if (st.isDirectory()) walk(p);
      // A named pipe or a device called `x.layers` would block the read forever.
      else if (name.endsWith('.layers') && st.isFile()) add(p);
    }
  };
  for (const p of paths) {
    try {
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) add(p);
      else problems.push({ path: p, reason: NOT_REGULAR });
    } catch (e) {
      problems.push({ path: p, reason: reason(e) });
    }
  }
  return { files, problems };
}
