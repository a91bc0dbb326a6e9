// Diagnostics, straight from the engine's list (Analysis.diagnostics): syntax,
// unknown names, text not understood, dependency loops (613.8b) with the
// other effects of the loop as related information, failed expectations,
// unused choices; state-based actions only when `layerlens.diagnostics.stateBasedActions`
// asks (they are information: the hover of their event and the trace show them),
// failed expectations unless `layerlens.diagnostics.failedExpectations` is off
// (the lens and the Test Explorer show them then). The server adds no findings
// of its own.

import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic } from '../syntax/ast';
import type { AnalysedDocument } from './documents';

export const SOURCE = 'layerlens';

const SEVERITY: Record<Diagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(d: Diagnostic, uri: string): LspDiagnostic {
  return {
    range: d.range,
    severity: SEVERITY[d.severity] ?? DiagnosticSeverity.Error,
    code: d.code,
    source: SOURCE,
    message: d.message,
    ...(d.related?.length ? { relatedInformation: d.related.map((r) => ({ location: { uri, range: r.range }, message: r.message })) } : {}),
  };
}

/** The engine's code for a state-based action (704) it performed. */
export const SBA_CODE = 'sba';

/** The engine's code for an expectation that does not hold. */
export const EXPECT_FAILED_CODE = 'expect-failed';

export interface ProblemsOptions {
  /** State-based actions too (default off: they are information, shown in hover and trace). */
  stateBasedActions?: boolean;
  /** Failed expectations (default on; off, each failure shows once in the Test Explorer when tests run, and on its lens). */
  failedExpectations?: boolean;
}

/** Whether an engine diagnostic goes to Problems. */
export function inProblems(d: Diagnostic, opts: ProblemsOptions = {}): boolean {
  if (d.code === SBA_CODE) return !!opts.stateBasedActions;
  if (d.code === EXPECT_FAILED_CODE) return opts.failedExpectations !== false;
  return true;
}

/** What goes to Problems: everything the engine found, but for what the options leave out. */
export function diagnostics(doc: AnalysedDocument, opts: ProblemsOptions = {}): LspDiagnostic[] {
  return doc.analysis.diagnostics.filter((d) => inProblems(d, opts)).map((d) => toLspDiagnostic(d, doc.uri));
}
