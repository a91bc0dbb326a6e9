// Folding ranges: card and token blocks, and runs of whole-line comments.

import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import type { ParsedDocument } from './documents';

const isCommentLine = (l: string) => /^[ \t]*#/.test(l);

export function foldingRanges(doc: ParsedDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const d of doc.file.objects) {
    if (d.range.end.line > d.range.start.line) out.push({ startLine: d.range.start.line, endLine: d.range.end.line, kind: FoldingRangeKind.Region });
  }
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end > start) out.push({ startLine: start, endLine: end, kind: FoldingRangeKind.Comment });
    start = -1;
  };
  doc.lines.forEach((l, i) => {
    if (isCommentLine(l)) {
      if (start < 0) start = i;
    } else close(i - 1);
  });
  close(doc.lines.length - 1);
  return out.sort((a, b) => a.startLine - b.startLine);
}
