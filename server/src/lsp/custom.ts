// The custom requests of the VS Code client (client/src/protocol.ts):
// `layerlens/analysis` (expectations for the status bar and Test Explorer),
// `layerlens/trace` (per-object layer tables for the trace view) and
// `layerlens/report` (the command line's report of the file).

import { objectLabel, PLAIN, printable, typeLineOf } from '../cli/format';
import { reportFile, summarize } from '../cli/report';
import type { ObjectView, TraceStep, WorldView } from '../engine/results';
import { inProblems, type ProblemsOptions } from './diagnostics';
import type { AnalysedDocument } from './documents';
import { effectNamer, finalWorld, statementAt, outcomeWorld } from './world';
import { mergedChanges, reasonText, summary, timestampText } from './present';
import { traceGraph, type TraceGraph } from './trace-graph';

export interface AnalysisResult {
  uri: string;
  expectations: { line: number; text: string; passed: boolean; expected?: string; actual?: string }[];
  diagnostics: number;
  objects: number;
}

export interface TraceStepResult {
  layer: string;
  timestamp: string;
  source: string;
  effect: string;
  before: string;
  after: string;
  reason: string;
}

/** A point of the timeline: just after the statement on `line`; `line` -1 is the end of the file. */
export interface TimelinePoint {
  line: number;
  label: string;
}

export interface TraceObjectResult {
  name: string;
  summary: string;
  characteristics: { name: string; value: string; steps: TraceStepResult[] }[];
  graph: TraceGraph;
}

export interface TraceResult {
  uri: string;
  title: string;
  /** The point shown (`line` -1: the end of the file). */
  at: TimelinePoint;
  /** Every point the view can show: each statement, in file order, then the end of the file. */
  points: TimelinePoint[];
  /** True when several outcomes exist at this point (616.1): the first one is shown. */
  branched: boolean;
  objects: TraceObjectResult[];
}

/** `layerlens/trace` parameters: `line` (zero-based) picks the point just after the statement there. */
export interface TraceParams {
  uri?: unknown;
  line?: unknown;
}

export interface ReportResult {
  text: string;
  failed: number;
  passed: number;
  errors: number;
}

/** Answers for a document that is neither open nor readable: the right shape, nothing in it. */
export function missingAnalysis(uri: string): AnalysisResult {
  return { uri, expectations: [], diagnostics: 0, objects: 0 };
}

export const END_OF_FILE: TimelinePoint = { line: -1, label: 'end of file' };

export function missingTrace(uri: string): TraceResult {
  return { uri, title: uri, at: END_OF_FILE, points: [END_OF_FILE], branched: false, objects: [] };
}

export function missingReport(uri: string): ReportResult {
  return { text: `${uri || 'no document'}: not open in the editor and not readable`, failed: 0, passed: 0, errors: 1 };
}

/** `problems`: what the server publishes, so the count is what the Problems panel shows. */
export function analysisResult(doc: AnalysedDocument, problems: ProblemsOptions = {}): AnalysisResult {
  const a = doc.analysis;
  return {
    uri: doc.uri,
    expectations: a.expectations.map((e) => ({ line: e.line, text: e.text, passed: e.passed, expected: e.expected, actual: e.actual })),
    diagnostics: a.diagnostics.filter((d) => (d.severity === 'error' || d.severity === 'warning') && inProblems(d, problems)).length,
    objects: finalWorld(a)?.objects.filter((o) => o.zone !== null).length ?? 0,
  };
}

/** The characteristic a layer changes (613.1): steps are grouped under it. */
const CHARACTERISTIC_OF_LAYER: Record<string, string> = {
  '1a': 'copiable values',
  '1b': 'face down',
  '2': 'controller',
  '3': 'text',
  '4': 'type',
  '5': 'color',
  '6': 'abilities',
  '7a': 'power/toughness',
  '7b': 'power/toughness',
  '7c': 'power/toughness',
  '7d': 'power/toughness',
};

function currentValue(o: ObjectView, characteristic: string): string {
  const c = o.chars;
  switch (characteristic) {
    case 'copiable values':
      return c.name || '(no name)';
    case 'face down':
      return o.faceDown ? 'face down' : 'face up';
    case 'controller':
      return o.controller;
    case 'text':
      return c.abilities.map((a) => a.text).join('; ') || 'no text';
    case 'type':
      return typeLineOf(c);
    case 'color':
      return c.colors.join(', ') || 'colorless';
    case 'abilities':
      return c.abilities.map((a) => a.text).join('; ') || 'none';
    case 'power/toughness':
      return c.power === null || c.toughness === null ? '—' : `${c.power}/${c.toughness}`;
    default:
      return '';
  }
}

function stepResult(s: TraceStep, names: (id: string) => string): TraceStepResult {
  return {
    layer: s.layer,
    timestamp: timestampText(s.timestamp),
    source: s.sourceName || 'rules',
    effect: s.description,
    before: mergedChanges(s.changes).map((c) => c.before).join('; '),
    after: mergedChanges(s.changes).map((c) => c.after).join('; '),
    reason: reasonText(s.reason, names),
  };
}

export function objectTrace(o: ObjectView, w: WorldView | undefined): TraceObjectResult {
  const names = effectNamer(w);
  const groups = new Map<string, TraceStep[]>();
  for (const s of o.trace) {
    const k = CHARACTERISTIC_OF_LAYER[s.layer] ?? s.layer;
    groups.set(k, [...(groups.get(k) ?? []), s]);
  }
  return {
    name: objectLabel(o),
    summary: summary(o),
    characteristics: [...groups].map(([name, steps]) => ({ name, value: currentValue(o, name), steps: steps.map((s) => stepResult(s, names)) })),
    graph: traceGraph(o, w),
  };
}

const LABEL_WIDTH = 60;

/** `line 21 · enter forest, urborg` (one-based, as editors number lines). */
function pointLabel(doc: AnalysedDocument, line: number): string {
  const text = (doc.lines[line] ?? '').trim().replace(/\s+/g, ' ');
  return `line ${line + 1} · ${text.length > LABEL_WIDTH ? `${text.slice(0, LABEL_WIDTH - 1)}…` : text}`;
}

export function timelinePoints(doc: AnalysedDocument): TimelinePoint[] {
  const points = doc.analysis.file.statements.map((st) => ({ line: st.range.start.line, label: pointLabel(doc, st.range.start.line) }));
  return [...points, END_OF_FILE];
}

/** A requested line as a line number: a non-negative safe integer, else the end of the file. */
function requestedLine(v: unknown): number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : -1;
}

export function traceResult(doc: AnalysedDocument, params?: TraceParams): TraceResult {
  const a = doc.analysis;
  const points = timelinePoints(doc);
  const line = requestedLine(params?.line);
  // A line above the first statement (the card declarations) or below the last one shows the end of the file, like the card lenses.
  const found = line < 0 ? -1 : statementAt(a.file, line);
  const last = a.file.statements.length - 1;
  const index = found === last && found >= 0 && line > a.file.statements[last]!.range.end.line ? -1 : found;
  const snapshot = index < 0 ? a.final : a.snapshots[index] ?? a.final;
  const w = outcomeWorld(snapshot.outcomes[0]);
  const at = index < 0 ? END_OF_FILE : points[index] ?? END_OF_FILE;
  const objects = (w?.objects ?? []).filter((o) => o.zone !== null).map((o) => objectTrace(o, w));
  const title = a.file.scenario?.title.value || doc.uri.split('/').pop() || doc.uri;
  return { uri: doc.uri, title, at, points, branched: snapshot.outcomes.length > 1, objects };
}

/** A path for the report's heading: the file path of a `file:` URI, else the URI. */
function fileOf(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    return decodeURIComponent(uri.slice('file://'.length));
  } catch {
    return uri.slice('file://'.length);
  }
}

export function reportResult(doc: AnalysedDocument): ReportResult {
  const sum = summarize(doc.analysis);
  // Control characters from the file are escaped as in the terminal report (cli/format.ts printable).
  return { text: reportFile(fileOf(doc.uri), doc.analysis, PLAIN).map(printable).join('\n'), failed: sum.failed, passed: sum.passed, errors: sum.errors };
}
