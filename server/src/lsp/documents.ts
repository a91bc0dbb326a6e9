// Analysed documents and their cache. An `AnalysedDocument` is a pure
// function of (uri, version, text): the parse, the engine's Analysis and the
// name index every handler reads. `DocumentStore` keeps one per open
// document, analyses at most once per version, and runs the debounced
// analysis after edits: a newer edit cancels the pending one, and a result is
// only delivered if the document is still at the version it was computed for.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyze } from '../engine/analyze';
import type { Analysis, Snapshot } from '../engine/results';
import type { LayersFile } from '../syntax/ast';
import { parseLayers } from '../syntax/parser';
import { nameOccurrences, type NameOccurrence } from './names';
import { linesOf, range } from './positions';

export interface AnalysedDocument {
  uri: string;
  version: number;
  text: string;
  lines: string[];
  analysis: Analysis;
  names: NameOccurrence[];
  /** True when the parser or the engine threw: `analysis` then holds what could be had, plus an `internal` diagnostic. */
  failed: boolean;
}

/** Analysis waits this long after the last keystroke. */
export const DEBOUNCE_MS = 200;

/** What survives when the parser or engine fails: an empty timeline, and the reason as an error. */
function failedAnalysis(file: LayersFile, e: unknown): Analysis {
  const initial: Snapshot = { statementIndex: -1, outcomes: [] };
  const message = `internal error: ${(e as Error)?.message ?? String(e)}`;
  return { file, diagnostics: [...file.diagnostics, { range: range(0, 0, 0), severity: 'error', code: 'internal', message }], snapshots: [], initial, expectations: [], final: initial };
}

export function analyseDocument(uri: string, version: number, text: string): AnalysedDocument {
  const source = typeof text === 'string' ? text : '';
  let file: LayersFile;
  let analysis: Analysis;
  let failed = false;
  try {
    file = parseLayers(source, uri);
  } catch (e) {
    file = { uri, text: source, objects: [], statements: [], comments: [], diagnostics: [] };
    analysis = failedAnalysis(file, e);
    return { uri, version, text: source, lines: linesOf(source), analysis, names: [], failed: true };
  }
  try {
    analysis = analyze(file);
  } catch (e) {
    analysis = failedAnalysis(file, e);
    failed = true;
  }
  let names: NameOccurrence[] = [];
  try {
    names = nameOccurrences(file);
  } catch {
    // Navigation is then empty; diagnostics and hover of the analysis still work.
  }
  return { uri, version, text: source, lines: linesOf(source), analysis, names, failed };
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
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Analysis function (tests count calls through it). */
  analyse?: (uri: string, version: number, text: string) => AnalysedDocument;
}

export class DocumentStore {
  private readonly cache = new Map<string, AnalysedDocument>();
  private readonly timers = new Map<string, unknown>();
  private readonly delayMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly analyse: (uri: string, version: number, text: string) => AnalysedDocument;

  /** `onAnalysed` receives each fresh analysis that is still current (publish diagnostics, refresh lenses). */
  constructor(
    private readonly source: DocumentSource,
    private readonly onAnalysed: (doc: AnalysedDocument) => void,
    options: StoreOptions = {},
  ) {
    this.delayMs = options.delayMs ?? DEBOUNCE_MS;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.analyse = options.analyse ?? analyseDocument;
  }

  /** The analysis of the document's current version: cached, or computed now (a request does not wait for the debounce). */
  current(uri: string): AnalysedDocument | undefined {
    const doc = typeof uri === 'string' ? this.source.get(uri) : undefined;
    if (!doc) return undefined;
    const have = this.cache.get(uri);
    if (have && have.version === doc.version) return have;
    const fresh = this.analyse(uri, doc.version, doc.getText());
    this.cache.set(uri, fresh);
    return fresh;
  }

  /** The last analysis computed, whatever its version (for keeping lenses steady while typing). */
  last(uri: string): AnalysedDocument | undefined {
    return this.cache.get(uri);
  }

  /** A document was opened: analyse and deliver now. */
  opened(uri: string): void {
    this.cancel(uri);
    this.deliver(uri);
  }

  /** The document changed: analyse after the debounce, cancelling any analysis still waiting. */
  changed(uri: string): void {
    this.cancel(uri);
    const version = this.source.get(uri)?.version;
    this.timers.set(
      uri,
      this.setTimer(() => {
        this.timers.delete(uri);
        // A newer edit has its own timer; an old one that slipped through does nothing.
        if (this.source.get(uri)?.version !== version) return;
        this.deliver(uri);
      }, this.delayMs),
    );
  }

  /** The document was closed: cancel pending work and forget it. */
  closed(uri: string): void {
    this.cancel(uri);
    this.cache.delete(uri);
  }

  pending(uri: string): boolean {
    return this.timers.has(uri);
  }

  private cancel(uri: string): void {
    const t = this.timers.get(uri);
    if (t !== undefined) this.clearTimer(t);
    this.timers.delete(uri);
  }

  private deliver(uri: string): void {
    const version = this.source.get(uri)?.version;
    const doc = this.current(uri);
    if (!doc || doc.version !== version) return;
    this.onAnalysed(doc);
  }
}
