// Diagnostics, straight from the engine's list (Analysis.diagnostics): syntax,
// unknown names, text not understood, dependency loops (613.8b) with the
// other effects of the loop as related information, failed expectations,
// unused choices; state-based actions only when `layerlens.diagnostics.stateBasedActions`
// asks (they are information: the hover of their event and the trace show them).
// The server adds no findings of its own.

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

/** What goes to Problems: everything, but state-based actions only when the setting asks (they are information, shown in hover and trace). */
export function diagnostics(doc: AnalysedDocument, opts: { stateBasedActions?: boolean } = {}): LspDiagnostic[] {
  return doc.analysis.diagnostics.filter((d) => opts.stateBasedActions || d.code !== SBA_CODE).map((d) => toLspDiagnostic(d, doc.uri));
}
