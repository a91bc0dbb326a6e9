// The custom requests the Layerlens language server answers, beyond standard
// LSP. Names and shapes are the contract with server/src/server.ts; this module
// is pure (no vscode import) so unit tests and pure helpers can use the types.

import type { TraceGraph } from '../../server/src/lsp/trace-graph';

/** Every custom request takes the document URI as the client sends it (`Uri.toString()`). */
export interface UriParams {
  uri: string;
}

export interface ExpectationResult {
  /** Zero-based line of the `expect` statement. */
  line: number;
  text: string;
  passed: boolean;
  expected?: string;
  actual?: string;
}

/** `layerlens/analysis`: the expectations of one file and a few counts. */
export interface AnalysisResult {
  uri: string;
  expectations: ExpectationResult[];
  diagnostics: number;
  objects: number;
}

/** One change to one characteristic in one layer (613.1 order). */
export interface TraceStep {
  layer: string;
  timestamp: string;
  source: string;
  effect: string;
  before: string;
  after: string;
  reason: string;
}

export interface TraceCharacteristic {
  name: string;
  value: string;
  steps: TraceStep[];
}

// The picture's data: the server's own types (type-only, so nothing of the server is bundled).
export type { GraphEdge, GraphLoop, GraphNode, TraceGraph } from '../../server/src/lsp/trace-graph';
export interface TraceObject {
  name: string;
  summary: string;
  characteristics: TraceCharacteristic[];
  graph?: TraceGraph;
}

/** A point of the timeline: just after the statement on zero-based `line`; -1 is the end of the file. */
export interface TimelinePoint {
  line: number;
  label: string;
}

/** `layerlens/trace` parameters: without `line`, the end of the file. */
export interface TraceParams extends UriParams {
  line?: number;
}

/** `layerlens/trace`: the layer-by-layer trace of every object at one point of the timeline. */
export interface TraceResult {
  uri: string;
  title: string;
  at?: TimelinePoint;
  points?: TimelinePoint[];
  /** Several outcomes (616.1) exist at this point; the first is shown. */
  branched?: boolean;
  objects: TraceObject[];
}

/** `layerlens/report`: the command line's report for one file. */
export interface ReportResult {
  text: string;
  failed: number;
  passed: number;
  errors: number;
}

export const Requests = {
  analysis: 'layerlens/analysis',
  trace: 'layerlens/trace',
  report: 'layerlens/report',
} as const;

export interface RequestMap {
  'layerlens/analysis': AnalysisResult;
  'layerlens/trace': TraceResult;
  'layerlens/report': ReportResult;
}

export type RequestMethod = keyof RequestMap;

/**
 * `layerlens/analysing` (server → client notification): the analysis of `uri`
 * has lagged its text for more than a second (`busy: true`), or is done or
 * dropped (`busy: false`). Sent once each way per run.
 */
export interface AnalysingParams {
  uri: string;
  busy: boolean;
}

export const Notifications = {
  analysing: 'layerlens/analysing',
} as const;
