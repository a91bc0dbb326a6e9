// Quick fixes: the edits the engine attached to its diagnostics
// (Diagnostic.fixes): did-you-mean for unknown names, and rewriting a failed
// expectation to the actual value.

import { CodeActionKind, type CodeAction, type CodeActionParams } from 'vscode-languageserver';
import type { AnalysedDocument } from './documents';
import { EXPECT_FAILED_CODE, toLspDiagnostic } from './diagnostics';
import { overlaps, saneRange } from './positions';
import type { Diagnostic } from '../syntax/ast';

/**
 * Where the cursor must be for a diagnostic's fixes. A failed expectation's
 * fix is offered anywhere on its lines: with `diagnostics.failedExpectations`
 * off there is no squiggle to aim at, and the whole `expect` line is about it.
 */
function fixRange(d: Diagnostic): Diagnostic['range'] {
  if (d.code !== EXPECT_FAILED_CODE) return d.range;
  return { start: { line: d.range.start.line, character: 0 }, end: { line: d.range.end.line, character: Number.MAX_SAFE_INTEGER } };
}

export function codeActions(doc: AnalysedDocument, params: Pick<CodeActionParams, 'range'> & { context?: CodeActionParams['context'] }): CodeAction[] {
  const only = params.context?.only;
  if (only?.length && !only.some((k) => k === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${k}.`) || k === CodeActionKind.Empty)) return [];
  const at = saneRange(params.range);
  const out: CodeAction[] = [];
  for (const d of doc.analysis.diagnostics) {
    if (!d.fixes?.length || !overlaps(fixRange(d), at)) continue;
    for (const f of d.fixes) {
      if (!f.edits.length) continue;
      out.push({
        title: f.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [toLspDiagnostic(d, doc.uri)],
        // One fix for one problem is what the user wants with Ctrl+. / auto-fix.
        isPreferred: d.fixes.length === 1,
        edit: { changes: { [doc.uri]: f.edits.map((e) => ({ range: e.range, newText: e.newText })) } },
      });
    }
  }
  return out;
}
