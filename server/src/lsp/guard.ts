// Every handler is total: an exception inside one is logged and answered with
// an empty result, so no input (bad text, bad positions, missing params) can
// take the server down or leave a request unanswered.

export type Logger = (message: string) => void;

export function guarded<A extends unknown[], R>(name: string, empty: R, fn: (...args: A) => R, log: Logger): (...args: A) => R {
  return (...args: A): R => {
    try {
      const r = fn(...args);
      return r === undefined ? empty : r;
    } catch (e) {
      try {
        log(`${name} failed: ${(e as Error)?.stack ?? String(e)}`);
      } catch {
        // Logging itself failed (connection gone): nothing more to do.
      }
      return empty;
    }
  };
}
