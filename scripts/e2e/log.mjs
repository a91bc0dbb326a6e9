// Progress output of the end-to-end harness: every step is announced and
// timed, so a CI log shows where the minutes went.

const t0 = Date.now();

/** Seconds since the harness started, for the progress prefix. */
export function elapsed() {
  return ((Date.now() - t0) / 1000).toFixed(1).padStart(6);
}

export function info(msg) {
  console.log(`[e2e ${elapsed()}s] ${msg}`);
}

export function warn(msg) {
  console.warn(`[e2e ${elapsed()}s] WARNING: ${msg}`);
}

export function fail(msg) {
  console.error(`[e2e ${elapsed()}s] ERROR: ${msg}`);
}

/** Run `fn` as a named step and print how long it took. */
export async function step(name, fn) {
  info(`${name} ...`);
  const start = Date.now();
  try {
    const r = await fn();
    info(`${name}: done in ${((Date.now() - start) / 1000).toFixed(1)}s`);
    return r;
  } catch (e) {
    fail(`${name}: failed after ${((Date.now() - start) / 1000).toFixed(1)}s`);
    throw e;
  }
}
