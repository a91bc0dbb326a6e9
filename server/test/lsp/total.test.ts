// Every handler is total: random edits of real scenarios, every handler at
// random positions, and none throws.
import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { codeActions } from '../../src/lsp/codeActions';
import { completion } from '../../src/lsp/completion';
import { analysisResult, reportResult, traceResult } from '../../src/lsp/custom';
import { definition, prepareRename, references, rename } from '../../src/lsp/definition';
import { diagnostics } from '../../src/lsp/diagnostics';
import { foldingRanges } from '../../src/lsp/folding';
import { formatting } from '../../src/lsp/formatting';
import { hover } from '../../src/lsp/hover';
import { inlayHints } from '../../src/lsp/inlayHints';
import { codeLenses, newLensMemory } from '../../src/lsp/lens';
import { semanticTokens } from '../../src/lsp/semanticTokens';
import { documentSymbols } from '../../src/lsp/symbols';
import { analysed, corpus } from './fixture';

const files = corpus().filter((f) => f.text.length < 4000).slice(0, 10);

test('random edits, random positions: every handler answers', () => {
  const memory = newLensMemory();
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: files.length - 1 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(8), fc.string({ maxLength: 8 })), { maxLength: 4 }),
      fc.array(fc.tuple(fc.integer({ min: -2, max: 60 }), fc.integer({ min: -2, max: 120 })), { minLength: 1, maxLength: 4 }),
      (k, edits, positions) => {
        let text = files[k]!.text;
        for (const [at, del, ins] of edits) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + ins + text.slice(i + del);
        }
        const doc = analysed(text);
        diagnostics(doc);
        codeLenses(doc, memory);
        documentSymbols(doc);
        foldingRanges(doc);
        semanticTokens(doc);
        formatting(doc);
        analysisResult(doc);
        traceResult(doc);
        reportResult(doc);
        inlayHints(doc, { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } });
        for (const [line, character] of positions) {
          const p = { line, character };
          hover(doc, p);
          completion(doc, p);
          definition(doc, p);
          references(doc, p, true);
          prepareRename(doc, p);
          rename(doc, p, 'renamed');
          codeActions(doc, { range: { start: p, end: p } });
        }
        return true;
      },
    ),
    { numRuns: 150, seed: 3 },
  );
  assert.ok(memory.cards.size + memory.cardLines.size > 0, 'lens memory was used');
});
