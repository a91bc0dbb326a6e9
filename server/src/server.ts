// The Layerlens language server: wiring only. Each request is answered by a
// plain function in server/src/lsp over the analysed document; analysis is
// debounced, checked against the document version, and cleared on close.
// Started with `--stdio` (other editors) or over IPC (the VS Code client).

import { CodeLensRefreshRequest, createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type InitializeResult } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { completion } from './lsp/completion';
import { analysisResult, reportResult, traceResult } from './lsp/custom';
import { codeActions, diagnostics } from './lsp/diagnostics';
import { analyseDocument, type LayersDocument } from './lsp/document';
import { formatting } from './lsp/formatting';
import { hover } from './lsp/hover';
import { inlayHints } from './lsp/inlayHints';
import { codeLenses, newLensMemory, type LensMemory } from './lsp/lens';
import { definition, prepareRename, references, rename } from './lsp/navigation';
import { documentSymbols, foldingRanges } from './lsp/outline';
import { LEGEND, semanticTokens } from './lsp/tokens';
import { DEBOUNCE_MS, readSettings, type Settings } from './lsp/settings';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const analysed = new Map<string, LayersDocument>();
const lensMemory = new Map<string, LensMemory>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let settings: Settings = readSettings(undefined);
let canRefreshLenses = false;

function refreshLenses(): void {
  if (canRefreshLenses) connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
}

/** The analysis of the current version, computed now if the debounce has not run yet. */
function current(uri: string): LayersDocument | undefined {
  const doc = documents.get(uri);
  if (!doc) return undefined;
  const have = analysed.get(uri);
  if (have && have.version === doc.version) return have;
  const fresh = analyseDocument(uri, doc.version, doc.getText());
  analysed.set(uri, fresh);
  return fresh;
}

function publish(uri: string): void {
  const doc = documents.get(uri);
  if (!doc) return;
  const version = doc.version;
  const a = current(uri);
  // A newer edit arrived meanwhile: its own timer will publish.
  if (!a || documents.get(uri)?.version !== version) return;
  void connection.sendDiagnostics({ uri, version, diagnostics: diagnostics(a) });
  refreshLenses();
}

function schedule(uri: string): void {
  clearTimeout(timers.get(uri));
  timers.set(uri, setTimeout(() => {
    timers.delete(uri);
    publish(uri);
  }, DEBOUNCE_MS));
}

/** Every handler is total: a failure is logged and answered with an empty result. */
function guard<P, R>(name: string, empty: R, fn: (p: P) => R): (p: P) => R {
  return (p: P) => {
    try {
      return fn(p);
    } catch (e) {
      connection.console.error(`${name} failed: ${(e as Error)?.stack ?? e}`);
      return empty;
    }
  };
}

const withDoc = <P extends { textDocument: { uri: string } }, R>(name: string, empty: R, fn: (d: LayersDocument, p: P) => R) =>
  guard<P, R>(name, empty, (p) => {
    const d = current(p.textDocument.uri);
    return d ? fn(d, p) : empty;
  });

connection.onInitialize((params): InitializeResult => {
  settings = readSettings(params.initializationOptions);
  canRefreshLenses = !!params.capabilities.workspace?.codeLens?.refreshSupport;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      codeLensProvider: { resolveProvider: false },
      completionProvider: { triggerCharacters: [' ', ':', ';', ','] },
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      documentFormattingProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix'] },
      semanticTokensProvider: { legend: LEGEND, full: true },
      inlayHintProvider: true,
    },
    serverInfo: { name: 'layerlens' },
  };
});

connection.onDidChangeConfiguration((p) => {
  const s = (p.settings as { layerlens?: unknown } | undefined)?.layerlens;
  if (s !== undefined) settings = readSettings(s);
  refreshLenses();
  connection.languages.inlayHint.refresh().catch(() => undefined);
});

documents.onDidOpen((e) => publish(e.document.uri));
documents.onDidChangeContent((e) => schedule(e.document.uri));
documents.onDidClose((e) => {
  clearTimeout(timers.get(e.document.uri));
  timers.delete(e.document.uri);
  analysed.delete(e.document.uri);
  lensMemory.delete(e.document.uri);
  void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
});

connection.onHover(withDoc('hover', null, (d, p) => hover(d, p.position)));
connection.onCodeLens(
  withDoc('codeLens', [], (d) => {
    if (!settings.codeLensEnable) return [];
    let m = lensMemory.get(d.uri);
    if (!m) lensMemory.set(d.uri, (m = newLensMemory()));
    return codeLenses(d, m);
  }),
);
connection.onCompletion(withDoc('completion', [], (d, p) => completion(d, p.position)));
connection.onDefinition(withDoc('definition', [], (d, p) => definition(d, p.position)));
connection.onReferences(withDoc('references', [], (d, p) => references(d, p.position, p.context.includeDeclaration)));
connection.onPrepareRename(withDoc('prepareRename', null, (d, p) => prepareRename(d, p.position)));
connection.onRenameRequest(withDoc('rename', null, (d, p) => rename(d, p.position, p.newName)));
connection.onDocumentSymbol(withDoc('documentSymbol', [], (d) => documentSymbols(d)));
connection.onFoldingRanges(withDoc('foldingRange', [], (d) => foldingRanges(d)));
connection.onDocumentFormatting(withDoc('formatting', [], (d) => formatting(d)));
connection.onCodeAction(withDoc('codeAction', [], (d, p) => codeActions(d, p)));
connection.languages.semanticTokens.on(withDoc('semanticTokens', { data: [] }, (d) => semanticTokens(d)));
connection.languages.inlayHint.on(withDoc('inlayHint', [], (d, p) => (settings.inlayHintsEnable ? inlayHints(d, p.range) : [])));

const byUri = <R>(name: string, empty: R, fn: (d: LayersDocument) => R) =>
  guard<{ uri: string }, R>(name, empty, (p) => {
    const d = p && typeof p.uri === 'string' ? current(p.uri) : undefined;
    return d ? fn(d) : empty;
  });
connection.onRequest('layerlens/analysis', byUri('layerlens/analysis', null, analysisResult));
connection.onRequest('layerlens/trace', byUri('layerlens/trace', null, traceResult));
connection.onRequest('layerlens/report', byUri('layerlens/report', null, reportResult));

documents.listen(connection);
connection.listen();
