// Types of scripts/code-cache.mjs, for the benchmarks that use it.

/** Writes dist/cli-main.cache; resolves with what the command line said. */
export function writeCliCache(root?: string): Promise<string>;
/** Writes dist/server-main.cache; resolves with what the server said. */
export function writeServerCache(root?: string): Promise<string>;
/** Writes the server's cache for the runtime `node` into `dir`; resolves with what the server said. */
export function writeRuntimeCache(node: string, dir: string, root?: string, execArgv?: readonly string[]): Promise<string>;
