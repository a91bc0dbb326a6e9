// Diagnostics, straight from the engine's list (Analysis.diagnostics): syntax,
// unknown names, text not understood, dependency loops (613.8b) with the
// other effects of the loop as related information, failed expectations,
// unused choices, state-based actions. The server adds no findings of its own.

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

export function diagnostics(doc: AnalysedDocument): LspDiagnostic[] {
  return doc.analysis.diagnostics.map((d) => toLspDiagnostic(d, doc.uri));
}
