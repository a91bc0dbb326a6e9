// The harness's half of the suite↔browser bridge. The suite runs in the
// extension host and cannot see the page; the harness can. The suite writes
// `req-<id>.json` into the bridge folder; we answer with `res-<id>.json`:
//   { kind: 'screenshot', name, waitFor: [css…] } → docs/images/<name>.png
//   { kind: 'text', selector, pattern, timeoutMs } → texts of the matching elements,
//       ok when one matches the pattern (the status bar item, for instance)
//   { kind: 'count', selector, equals, timeoutMs } → how many elements match,
//       ok when that number is reached (test result icons in the gutter)
//   { kind: 'pointer', action: 'click' | 'hover', selector, pattern?, timeoutMs }
//       → click or hover the first matching element whose text matches the
//       pattern (the status bar item), ok once it was there to point at
//   { kind: 'select', selector, value } → choose an option of a <select>
//       (the trace view's timeline picker)
//   { kind: 'measure', selector, timeoutMs } → the width of each matching
//       element, its document's viewport and scroll widths, ok once one is there
//       (the trace view's tables use the whole view)
// With `frames: true` the selector is looked up in every frame of the page:
// webviews (the layer trace) live in nested iframes.
// The client side is client/test/e2e/ui.ts.

import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { info } from './log.mjs';

/** The page itself, or every frame of it (webview content is two iframes deep). */
const scopes = (page, req) => (req.frames ? page.frames() : [page]);

async function texts(page, req) {
  const out = [];
  for (const scope of scopes(page, req)) {
    try {
      out.push(...(await scope.locator(req.selector).evaluateAll((els) => els.map((e) => (e.value !== undefined && e.tagName === 'SELECT' ? e.value : (e.textContent ?? '')).replace(/\s+/g, ' ').trim()))));
    } catch {
      // A frame that navigated away while we looked: the next poll sees the new one.
    }
  }
  return out;
}

async function measure(page, req) {
  const out = [];
  for (const scope of scopes(page, req)) {
    try {
      out.push(...(await scope.locator(req.selector).evaluateAll((els) => els.map((e) => ({ width: e.getBoundingClientRect().width, viewport: e.ownerDocument.documentElement.clientWidth, scroll: e.ownerDocument.documentElement.scrollWidth })))));
    } catch {
      // A frame that navigated away while we looked: the next poll sees the new one.
    }
  }
  return out;
}

async function count(page, req) {
  let n = 0;
  for (const scope of scopes(page, req)) n += await scope.locator(req.selector).count().catch(() => 0);
  return n;
}

async function select(page, req) {
  for (const scope of scopes(page, req)) {
    const el = scope.locator(req.selector);
    if ((await el.count().catch(() => 0)) === 0) continue;
    await el.first().selectOption(String(req.value));
    return { ok: true };
  }
  return { ok: false, error: `no ${req.selector} to select ${req.value} in` };
}

/** Poll `probe` until it says ok or the time is up; return its last answer. */
async function poll(page, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await probe();
    if (r.ok || Date.now() > deadline) return r;
    await page.waitForTimeout(150);
  }
}

async function answer(page, req, imagesDir, problems) {
  switch (req.kind) {
    case 'screenshot': {
      const missing = [];
      for (const sel of req.waitFor ?? []) {
        if (req.frames) {
          const seen = await poll(page, 30000, async () => ({ ok: (await count(page, { selector: sel, frames: true })) > 0 }));
          if (!seen.ok) missing.push(sel);
          continue;
        }
        try {
          await page.locator(sel).first().waitFor({ state: 'visible', timeout: 30000 });
        } catch {
          missing.push(sel);
        }
      }
      if (missing.length) problems.push(`screenshot ${req.name}: never visible: ${missing.join(', ')}`);
      // Let fonts, lenses and hovers finish painting.
      await page.waitForTimeout(800);
      mkdirSync(imagesDir, { recursive: true });
      const file = join(imagesDir, `${req.name}.png`);
      await page.screenshot({ path: file });
      info(`screenshot ${file}`);
      return { ok: missing.length === 0, file, missing };
    }
    case 'text': {
      const re = new RegExp(req.pattern);
      return poll(page, req.timeoutMs ?? 15000, async () => {
        const t = await texts(page, req);
        return { ok: t.some((x) => re.test(x)), texts: t };
      });
    }
    case 'count':
      return poll(page, req.timeoutMs ?? 15000, async () => {
        const n = await count(page, req);
        return { ok: n === req.equals, count: n };
      });
    case 'pointer': {
      const re = req.pattern ? new RegExp(req.pattern) : undefined;
      const found = await poll(page, req.timeoutMs ?? 15000, async () => {
        const t = await texts(page, { selector: req.selector });
        const index = t.findIndex((x) => !re || re.test(x));
        return { ok: index >= 0, texts: t, index };
      });
      if (!found.ok) return { ok: false, texts: found.texts };
      const target = page.locator(req.selector).nth(found.index);
      if (req.action === 'click') await target.click();
      else await target.hover();
      return { ok: true, texts: found.texts };
    }
    case 'select': {
      const r = await poll(page, req.timeoutMs ?? 15000, () => select(page, req));
      return r;
    }
    case 'measure':
      return poll(page, req.timeoutMs ?? 15000, async () => {
        const boxes = await measure(page, req);
        return { ok: boxes.length > 0, boxes };
      });
    default:
      return { ok: false, error: `unknown request kind ${req.kind}` };
  }
}

/**
 * Serve requests until the returned stop function is called.
 * @param {import('playwright-core').Page} page
 * @param {string} dir the bridge folder (control.json's `bridge`)
 * @param {string} imagesDir where screenshots go
 * @param {string[]} problems screenshot problems, for the harness's verdict
 */
export function serveBridge(page, dir, imagesDir, problems) {
  const handled = new Set();
  let busy = false;
  let stopped = false;
  const timer = setInterval(async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      for (const f of readdirSync(dir).sort()) {
        const m = /^req-(.+)\.json$/.exec(f);
        if (!m || handled.has(m[1])) continue;
        handled.add(m[1]);
        let res;
        try {
          res = await answer(page, JSON.parse(readFileSync(join(dir, f), 'utf8')), imagesDir, problems);
        } catch (e) {
          res = { ok: false, error: e instanceof Error ? e.message : String(e) };
        }
        // Write then rename: the suite never reads a half-written answer.
        const tmp = join(dir, `.res-${m[1]}.json`);
        writeFileSync(tmp, JSON.stringify(res));
        renameSync(tmp, join(dir, `res-${m[1]}.json`));
      }
    } catch (e) {
      problems.push(`bridge: ${e instanceof Error ? e.message : e}`);
    } finally {
      busy = false;
    }
  }, 150);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
