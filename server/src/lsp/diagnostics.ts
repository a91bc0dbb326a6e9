// Diagnostics and their quick fixes, straight from the engine's list.

import { CodeAction, CodeActionKind, DiagnosticSeverity, type Diagnostic as LspDiagnostic, type CodeActionParams } from 'vscode-languageserver';
import type { Diagnostic } from '../syntax/ast';
import type { LayersDocument } from './document';

const SEVERITY: Record<Diagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(d: Diagnostic, uri: string): LspDiagnostic {
  return {
    range: d.range,
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'layerlens',
    message: d.message,
    ...(d.related?.length ? { relatedInformation: d.related.map((r) => ({ location: { uri, range: r.range }, message: r.message })) } : {}),
    data: { fixes: d.fixes ?? [] },
  };
}

export function diagnostics(doc: LayersDocument): LspDiagnostic[] {
  return doc.analysis.diagnostics.map((d) => toLspDiagnostic(d, doc.uri));
}

const overlaps = (a: LspDiagnostic['range'], b: LspDiagnostic['range']) =>
  !(a.end.line < b.start.line || (a.end.line === b.start.line && a.end.character < b.start.character) || b.end.line < a.start.line || (b.end.line === a.start.line && b.end.character < a.start.character));

/** Quick fixes: did-you-mean, and rewriting a failed expectation to the actual value. */
export function codeActions(doc: LayersDocument, params: CodeActionParams): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of doc.analysis.diagnostics) {
    if (!d.fixes?.length || !overlaps(d.range, params.range)) continue;
    for (const f of d.fixes) {
      out.push({
        title: f.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [toLspDiagnostic(d, doc.uri)],
        isPreferred: d.fixes.length === 1,
        edit: { changes: { [doc.uri]: f.edits } },
      });
    }
  }
  return out;
}
