// `layerlens run [--json] [--trace] [--readings] [--no-color] [--jobs N] FILE|DIR …` (spec section 8).
// Parsing is total: anything unexpected is a usage error (exit 2), never a throw.

export interface RunOptions {
  command: 'run' | 'help' | 'version';
  json: boolean;
  trace: boolean;
  /** `--readings`: how every ability was read, after the report. */
  readings: boolean;
  color: boolean;
  /** `--jobs N`: how many files are checked at once (worker threads); absent: LAYERLENS_WORKERS, else every core. */
  jobs?: number;
  paths: string[];
}

export type ParsedArgs = { ok: true; options: RunOptions } | { ok: false; error: string };

export const USAGE = `Usage: layerlens run [--json] [--trace] [--readings] [--no-color] [--jobs N] FILE|DIR …

  run FILE|DIR …   check .layers scenarios (directories are walked for .layers files)
  --json           print one JSON document instead of the report
  --trace          add the layer-by-layer trace of every object at the end of each file
  --readings       add how every ability of every object was read (status, what it generates)
  --no-color       no ANSI colors (also when NO_COLOR is set or output is not a terminal)
  --color          ANSI colors even when output is not a terminal
  --jobs N         check N files at once in worker threads (default: LAYERLENS_WORKERS,
                   else one per core; 1 checks them one after another in this thread);
                   the output is the same, in the same order, whatever N is
  --help, -h       this help
  --version, -v    the version

Exit codes: 0 every expectation passed and no file has an error;
1 an expectation failed or a file has an error; 2 a usage error or a file
that cannot be read.`;

/** More workers than this only cost memory. */
export const MAX_JOBS = 256;

/** A job count (`--jobs`, LAYERLENS_WORKERS): a whole number from 1 to MAX_JOBS, else undefined. */
export function parseJobs(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= MAX_JOBS ? n : undefined;
}

/** `colorDefault`: stdout is a terminal and NO_COLOR is not set. */
export function parseArgs(argv: readonly string[], colorDefault: boolean): ParsedArgs {
  const options: RunOptions = { command: 'run', json: false, trace: false, readings: false, color: colorDefault, paths: [] };
  const dashdash = argv.indexOf('--');
  const flags = dashdash < 0 ? argv : argv.slice(0, dashdash);
  // --help and --version win wherever they are, as most tools do.
  if (flags.includes('--help') || flags.includes('-h') || argv[0] === 'help') return { ok: true, options: { ...options, command: 'help' } };
  if (flags.includes('--version') || flags.includes('-v') || flags.includes('-V')) return { ok: true, options: { ...options, command: 'version' } };
  const [cmd, ...rest] = argv;
  if (cmd === undefined) return { ok: false, error: 'missing command (try "layerlens run FILE")' };
  if (cmd !== 'run') return { ok: false, error: cmd.startsWith('-') ? `"${cmd}" before the command; write "layerlens run ${cmd} …"` : `unknown command "${cmd}"` };
  let literal = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (literal) options.paths.push(a);
    else if (a === '--jobs' || a.startsWith('--jobs=')) {
      const value = a === '--jobs' ? rest[++i] : a.slice('--jobs='.length);
      const jobs = parseJobs(value);
      if (jobs === undefined) return { ok: false, error: value === undefined ? '--jobs needs a number' : `--jobs needs a whole number from 1 to ${MAX_JOBS}, not "${value}"` };
      options.jobs = jobs;
    }
    else if (a === '--') literal = true;
    else if (a === '--json') options.json = true;
    else if (a === '--trace') options.trace = true;
    else if (a === '--readings') options.readings = true;
    else if (a === '--no-color') options.color = false;
    else if (a === '--color') options.color = true;
    else if (a.startsWith('-') && a !== '-') return { ok: false, error: `unknown option "${a}"` };
    else options.paths.push(a);
  }
  if (!options.paths.length) return { ok: false, error: 'no file or directory given' };
  return { ok: true, options };
}
