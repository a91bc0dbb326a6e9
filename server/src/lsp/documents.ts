// Parsed and analysed documents, and the store that keeps them per open
// document (issue 9: the server stays responsive while it works).
//
// - A `ParsedDocument` is the parse: cheap, made for every version on demand;
//   its name index (names.ts: namesOf) is made when first asked for, so an
//   edit's diagnostics never wait for it. Completion, folding, symbols,
//   semantic tokens, formatting and navigation need only these, so they never
//   wait for the engine.
// - An `AnalysedDocument` adds the engine's Analysis. The store runs it in
//   slices of a few milliseconds (yielding to the event loop between them, so
//   requests keep being answered), resumes from the last finished analysis of
//   the same document (engine/resume.ts: only the statements from the first
//   changed one run again), and drops a run when a newer version arrives.
// - Edits are debounced; a request for the current version starts its run at
//   once. `onAnalysed` receives each finished analysis that is still current.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startAnalysis, type AnalysisRun, finishRun } from '../engine/analyze';
import { firstDifference } from '../engine/resume';
import type { Analysis, Snapshot } from '../engine/results';
import type { LayersFile, Position } from '../syntax/ast';
import { parseLayers } from '../syntax/parser';
import { linesOf, range } from './positions';

export interface ParsedDocument {
  uri: string;
  version: number;
  text: string;
  lines: string[];
  file: LayersFile;
  /** True when the parser threw (the file is then empty and the analysis says why). */
  failed: boolean;
}

export interface AnalysedDocument extends ParsedDocument {
  analysis: Analysis;
}

/** Analysis waits this long after the last keystroke. */
export const DEBOUNCE_MS = 200;
/** One slice of analysis before the server looks at its messages again. */
export const SLICE_MS = 8;
/** Results that lag the text longer than this are announced (a quiet "analysing…" in the client). */
export const BUSY_AFTER_MS = 1000;

/** What survives when the parser or engine fails: an empty timeline, and the reason as an error. */
function failedAnalysis(file: LayersFile, e: unknown): Analysis {
  const initial: Snapshot = { statementIndex: -1, outcomes: [] };
  const message = `internal error: ${(e as Error)?.message ?? String(e)}`;
  return { file, diagnostics: [...file.diagnostics, { range: range(0, 0, 0), severity: 'error', code: 'internal', message }], snapshots: [], initial, expectations: [], final: initial };
}

/** The parse of one version of a text (its names: namesOf); total. `previous`: a parse of an earlier version, whose unchanged lines are reused. */
export function parseDocument(uri: string, version: number, text: string, previous?: ParsedDocument): ParsedDocument {
  const source = typeof text === 'string' ? text : '';
  const lines = linesOf(source);
  let file: LayersFile;
  try {
    file = parseLayers(source, uri, previous && !previous.failed ? previous.file : undefined, lines);
  } catch {
    file = { uri, text: source, objects: [], statements: [], comments: [], diagnostics: [] };
    return { uri, version, text: source, lines, file, failed: true };
  }
  return { uri, version, text: source, lines, file, failed: false };
}

/** An analysis of a parsed document, run a slice at a time. */
export interface AnalysisJob {
  readonly doc: ParsedDocument;
  /** Runs statements for about `budgetMs`; the analysed document once the last one is done. */
  step(budgetMs: number): AnalysedDocument | undefined;
}

/** Start analysing `doc`, resuming from `previous` (an analysis of an earlier version) where the edit allows. */
export function startJob(doc: ParsedDocument, previous?: AnalysedDocument, now: () => number = performance.now.bind(performance)): AnalysisJob {
  const options = { previous: previous && !previous.failed ? previous.analysis : undefined };
  const failed = (e: unknown): AnalysedDocument => ({ ...doc, analysis: failedAnalysis(doc.file, e), failed: true });
  if (doc.failed) return { doc, step: () => failed(new Error('the parser failed on this text')) };
  let run: AnalysisRun | undefined;
  return {
    doc,
    step(budgetMs) {
      const t0 = now();
      try {
        run ??= startAnalysis(doc.file, options);
        while (run.step()) if (now() - t0 >= budgetMs) return undefined;
        return { ...doc, analysis: finishRun(run, doc.file, options).analysis };
      } catch (e) {
        return failed(e);
      }
    },
  };
}

/** One version analysed at once (the CLI-like path: tests, files read from disk). */
export function analyseDocument(uri: string, version: number, text: string, previous?: AnalysedDocument): AnalysedDocument {
  return startJob(parseDocument(uri, version, text, previous), previous).step(Infinity)!;
}

/** A `file:` document the editor has not opened (custom requests may name one): read from disk, or undefined. */
export function analyseFromDisk(uri: string): AnalysedDocument | undefined {
  if (typeof uri !== 'string' || !uri.startsWith('file:')) return undefined;
  try {
    return analyseDocument(uri, 0, readFileSync(fileURLToPath(uri), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The text of an open document, as the editor has it now. */
export interface DocumentSource {
  get(uri: string): { version: number; getText(): string } | undefined;
}

export interface StoreOptions {
  delayMs?: number;
  sliceMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Runs the next slice later (setImmediate: after the messages that arrived meanwhile). */
  later?: (fn: () => void) => void;
  now?: () => number;
  /** Told when an analysis has lagged the text for BUSY_AFTER_MS, and again when it is done. */
  onBusy?: (uri: string, busy: boolean) => void;
}

interface Running {
  job: AnalysisJob;
  started: number;
  /** Deliver to `onAnalysed` when done (opened or edited; not for a mere request). */
  deliver: boolean;
  busy: boolean;
  waiters: ((d: AnalysedDocument) => void)[];
}

export class DocumentStore {
  private readonly parsedCache = new Map<string, ParsedDocument>();
  private readonly done = new Map<string, AnalysedDocument>();
  private readonly running = new Map<string, Running>();
  private readonly timers = new Map<string, unknown>();
  /** The version whose analysis was last delivered (published), by document. */
  private readonly delivered = new Map<string, number>();
  private readonly o: Required<Omit<StoreOptions, 'onBusy'>> & Pick<StoreOptions, 'onBusy'>;

  /** `onAnalysed` receives each fresh analysis that is still current (publish diagnostics, refresh lenses). */
  constructor(
    private readonly source: DocumentSource,
    private readonly onAnalysed: (doc: AnalysedDocument) => void,
    options: StoreOptions = {},
  ) {
    this.o = {
      delayMs: options.delayMs ?? DEBOUNCE_MS,
      sliceMs: options.sliceMs ?? SLICE_MS,
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
      later: options.later ?? ((fn) => void setImmediate(fn)),
      now: options.now ?? (() => performance.now()),
      onBusy: options.onBusy,
    };
  }

  private version(uri: unknown): number | undefined {
    return typeof uri === 'string' ? this.source.get(uri)?.version : undefined;
  }

  /** The parse of the current version (never waits for the engine). */
  parsed(uri: string): ParsedDocument | undefined {
    const doc = typeof uri === 'string' ? this.source.get(uri) : undefined;
    if (!doc) return undefined;
    const have = this.parsedCache.get(uri);
    if (have && have.version === doc.version) return have;
    const done = this.done.get(uri);
    const fresh = done && done.version === doc.version ? done : parseDocument(uri, doc.version, doc.getText(), have ?? done);
    this.parsedCache.set(uri, fresh);
    return fresh;
  }

  /** The last analysis finished, whatever its version. */
  last(uri: string): AnalysedDocument | undefined {
    return this.done.get(uri);
  }

  /**
   * The last finished analysis when it answers for `position` in the current
   * text: it is of the current version, or the text is unchanged up to the
   * end of that line (a statement's state depends only on what comes before it).
   */
  lastValidAt(uri: string, position: Position): AnalysedDocument | undefined {
    const last = this.done.get(uri);
    const doc = typeof uri === 'string' ? this.source.get(uri) : undefined;
    if (!last || !doc) return undefined;
    if (last.version === doc.version) return last;
    const text = doc.getText();
    const d = firstDifference(last.text, text);
    let end = 0;
    for (let line = 0; line <= position.line && end >= 0; line++) end = text.indexOf('\n', end) + (line < position.line ? 1 : 0);
    const lineEnd = end < 0 ? text.length : end;
    return d > lineEnd ? last : undefined;
  }

  /** The analysis of the current version, computed now if need be (synchronous: tests, custom requests). */
  current(uri: string): AnalysedDocument | undefined {
    const v = this.version(uri);
    if (v === undefined) return undefined;
    const done = this.done.get(uri);
    if (done && done.version === v) return done;
    const r = this.ensure(uri, false);
    return r ? this.complete(uri, r, r.job.step(Infinity)!) : undefined;
  }

  /** The analysis of the current version, when it is done (run in slices; never blocks the server). */
  analysed(uri: string): Promise<AnalysedDocument | undefined> {
    const v = this.version(uri);
    if (v === undefined) return Promise.resolve(undefined);
    const done = this.done.get(uri);
    if (done && done.version === v) return Promise.resolve(done);
    const r = this.ensure(uri, false);
    if (!r) return Promise.resolve(undefined);
    return new Promise((resolve) => r.waiters.push(resolve));
  }

  /** A document was opened: analyse and deliver as soon as possible. */
  opened(uri: string): void {
    this.cancelTimer(uri);
    this.ensure(uri, true);
  }

  /** The document changed: analyse after the debounce; a run for an older version stops. */
  changed(uri: string): void {
    const version = this.version(uri);
    const r = this.running.get(uri);
    // Opening a document is also a change of the version just opened: its analysis is under way
    // (or was delivered already, when quicker than the debounce), so nothing is to be done again.
    if ((r && r.deliver && r.job.doc.version === version) || (!r && this.delivered.get(uri) === version)) return;
    this.cancelTimer(uri);
    if (r && r.job.doc.version !== version) {
      this.running.delete(uri);
      // Who waited for the old version gets the new one.
      if (r.waiters.length) this.ensure(uri, false)?.waiters.push(...r.waiters);
      if (r.busy) this.o.onBusy?.(uri, false);
    }
    this.timers.set(
      uri,
      this.o.setTimer(() => {
        this.timers.delete(uri);
        // A newer edit has its own timer; an old one that slipped through does nothing.
        if (this.version(uri) === version) this.ensure(uri, true);
      }, this.o.delayMs),
    );
  }

  /** The document was closed: stop its work and forget it. */
  closed(uri: string): void {
    this.cancelTimer(uri);
    const r = this.running.get(uri);
    if (r?.busy) this.o.onBusy?.(uri, false);
    this.running.delete(uri);
    this.done.delete(uri);
    this.parsedCache.delete(uri);
    this.delivered.delete(uri);
  }

  /** A debounce or a run is under way. */
  pending(uri: string): boolean {
    return this.timers.has(uri) || this.running.has(uri);
  }

  /** The run for the current version, started if there is none. */
  private ensure(uri: string, deliver: boolean): Running | undefined {
    const parsed = this.parsed(uri);
    if (!parsed) return undefined;
    let r = this.running.get(uri);
    if (r && r.job.doc.version === parsed.version) {
      r.deliver ||= deliver;
      return r;
    }
    const done = this.done.get(uri);
    if (done && done.version === parsed.version) {
      if (deliver) {
        this.delivered.set(uri, done.version);
        this.onAnalysed(done);
      }
      return undefined;
    }
    r = { job: startJob(parsed, done, this.o.now), started: this.o.now(), deliver, busy: false, waiters: [] };
    this.running.set(uri, r);
    const mine = r;
    this.o.later(() => this.pump(uri, mine));
    return r;
  }

  private pump(uri: string, r: Running): void {
    if (this.running.get(uri) !== r) return; // dropped: a newer version or a close
    const d = r.job.step(this.o.sliceMs);
    if (d) {
      this.complete(uri, r, d);
      return;
    }
    if (!r.busy && this.o.now() - r.started >= BUSY_AFTER_MS) {
      r.busy = true;
      this.o.onBusy?.(uri, true);
    }
    this.o.later(() => this.pump(uri, r));
  }

  private complete(uri: string, r: Running, d: AnalysedDocument): AnalysedDocument {
    if (this.running.get(uri) === r) this.running.delete(uri);
    this.done.set(uri, d);
    this.parsedCache.set(uri, d);
    if (r.busy) this.o.onBusy?.(uri, false);
    for (const w of r.waiters.splice(0)) w(d);
    if (r.deliver && this.version(uri) === d.version) {
      this.delivered.set(uri, d.version);
      this.onAnalysed(d);
    }
    return d;
  }

  private cancelTimer(uri: string): void {
    const t = this.timers.get(uri);
    if (t !== undefined) this.o.clearTimer(t);
    this.timers.delete(uri);
  }
}
