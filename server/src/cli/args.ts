// `layerlens run [--json] [--trace] [--no-color] FILE|DIR …` (spec section 8).

export interface RunOptions {
  command: 'run' | 'help' | 'version';
  json: boolean;
  trace: boolean;
  color: boolean;
  paths: string[];
}

export type ParsedArgs = { ok: true; options: RunOptions } | { ok: false; error: string };

export const USAGE = `Usage: layerlens run [--json] [--trace] [--no-color] FILE|DIR …

  run FILE|DIR …   check .layers scenarios (directories are walked for .layers files)
  --json           print one JSON document instead of the report
  --trace          add the layer-by-layer trace of every object
  --no-color       no ANSI colors (also when NO_COLOR is set or output is not a terminal)
  --help, --version

Exit codes: 0 every expectation passed; 1 an expectation failed or a file has an error;
2 a usage error or a file that cannot be read.`;

export function parseArgs(argv: readonly string[], colorDefault: boolean): ParsedArgs {
  const options: RunOptions = { command: 'run', json: false, trace: false, color: colorDefault, paths: [] };
  const rest = [...argv];
  if (rest.includes('--help') || rest.includes('-h')) return { ok: true, options: { ...options, command: 'help' } };
  if (rest.includes('--version') || rest.includes('-v')) return { ok: true, options: { ...options, command: 'version' } };
  const cmd = rest.shift();
  if (cmd !== 'run') return { ok: false, error: cmd ? `unknown command "${cmd}"` : 'missing command' };
  for (const a of rest) {
    if (a === '--json') options.json = true;
    else if (a === '--trace') options.trace = true;
    else if (a === '--no-color') options.color = false;
    else if (a === '--color') options.color = true;
    else if (a.startsWith('-') && a !== '-') return { ok: false, error: `unknown option "${a}"` };
    else options.paths.push(a);
  }
  if (!options.paths.length) return { ok: false, error: 'no file or directory given' };
  return { ok: true, options };
}
