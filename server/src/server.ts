// The Layerlens language server: wiring only. `createConnection` picks the
// transport from the command line (`--stdio` for most editors, `--node-ipc`
// for the VS Code client). Each request is answered by a plain function in
// server/src/lsp over the analysed document (lsp/documents.ts: cached per
// version, debounced after edits, cancelled by newer edits, cleared on close),
// behind a guard that logs a failure and answers an empty result.

import { CodeLensRefreshRequest, createConnection, InlayHintRefreshRequest, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type CancellationToken, type InitializeResult } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from './lsp/codeActions';
import { completion } from './lsp/completion';
import { analysisResult, missingAnalysis, missingReport, missingTrace, reportResult, traceResult } from './lsp/custom';
import { definition, prepareRename, references, rename } from './lsp/definition';
import { diagnostics } from './lsp/diagnostics';
import { analyseFromDisk, DocumentStore, type AnalysedDocument } from './lsp/documents';
import { foldingRanges } from './lsp/folding';
import { formatting } from './lsp/formatting';
import { guarded } from './lsp/guard';
import { hover } from './lsp/hover';
import { inlayHints } from './lsp/inlayHints';
import { codeLenses, newLensMemory, type LensMemory } from './lsp/lens';
import { sanePosition, saneRange } from './lsp/positions';
import { LEGEND, semanticTokens } from './lsp/semanticTokens';
import { readSettings, DEFAULT_SETTINGS, type Settings } from './lsp/settings';
import { documentSymbols } from './lsp/symbols';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const lensMemory = new Map<string, LensMemory>();
let settings: Settings = DEFAULT_SETTINGS;
let canRefreshLenses = false;
let canRefreshHints = false;

const log = (m: string) => connection.console.error(m);

function refreshLenses(): void {
  if (canRefreshLenses) connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
}

function refreshHints(): void {
  if (canRefreshHints) connection.sendRequest(InlayHintRefreshRequest.type).catch(() => undefined);
}

const store = new DocumentStore(documents, (doc) => {
  guarded('publishDiagnostics', undefined, () => {
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: diagnostics(doc) });
    refreshLenses();
    if (settings.inlayHintsEnable) refreshHints();
  }, log)();
});

type WithDoc = { textDocument?: { uri?: unknown } } | null | undefined;

/** A handler over the current analysis of the request's document; total, and empty when cancelled. */
function onDoc<P extends WithDoc, R>(name: string, empty: R, fn: (doc: AnalysedDocument, params: P) => R) {
  return guarded(name, empty, (params: P, token?: CancellationToken): R => {
    const uri = params?.textDocument?.uri;
    if (typeof uri !== 'string' || token?.isCancellationRequested) return empty;
    const doc = store.current(uri);
    if (!doc || token?.isCancellationRequested) return empty;
    return fn(doc, params);
  }, log);
}

/** A custom request `{ uri }`: the open document, else the file on disk, else an empty answer of the right shape. */
function onUri<R>(name: string, fn: (doc: AnalysedDocument) => R, missing: (uri: string) => R) {
  return (params: unknown): R => {
    const raw = (params as { uri?: unknown } | null)?.uri;
    const uri = typeof raw === 'string' ? raw : '';
    return guarded(name, missing(uri), (): R => {
      const doc = store.current(uri) ?? analyseFromDisk(uri);
      return doc ? fn(doc) : missing(uri);
    }, log)();
  };
}

connection.onInitialize((params): InitializeResult => {
  settings = readSettings(params?.initializationOptions);
  canRefreshLenses = !!params?.capabilities?.workspace?.codeLens?.refreshSupport;
  canRefreshHints = !!params?.capabilities?.workspace?.inlayHint?.refreshSupport;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      codeLensProvider: { resolveProvider: false },
      completionProvider: { triggerCharacters: [' ', ':', ';', ',', '"'] },
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

connection.onDidChangeConfiguration(
  guarded('didChangeConfiguration', undefined, (p: { settings?: unknown } | null) => {
    const s = p?.settings as { layerlens?: unknown } | undefined;
    if (s && typeof s === 'object' && s.layerlens !== undefined) settings = readSettings(s.layerlens, settings);
    refreshLenses();
    refreshHints();
  }, log),
);

documents.onDidOpen(guarded('didOpen', undefined, (e) => store.opened(e.document.uri), log));
documents.onDidChangeContent(guarded('didChange', undefined, (e) => store.changed(e.document.uri), log));
documents.onDidClose(
  guarded('didClose', undefined, (e) => {
    store.closed(e.document.uri);
    lensMemory.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  }, log),
);

connection.onHover(onDoc('hover', null, (d, p) => hover(d, sanePosition(p.position))));
connection.onCodeLens(
  onDoc('codeLens', [], (d) => {
    if (!settings.codeLensEnable) return [];
    let m = lensMemory.get(d.uri);
    if (!m) lensMemory.set(d.uri, (m = newLensMemory()));
    return codeLenses(d, m);
  }),
);
connection.onCompletion(onDoc('completion', [], (d, p) => completion(d, sanePosition(p.position))));
connection.onDefinition(onDoc('definition', [], (d, p) => definition(d, sanePosition(p.position))));
connection.onReferences(onDoc('references', [], (d, p) => references(d, sanePosition(p.position), p.context?.includeDeclaration ?? true)));
connection.onPrepareRename(onDoc('prepareRename', null, (d, p) => prepareRename(d, sanePosition(p.position))));
connection.onRenameRequest(onDoc('rename', null, (d, p) => rename(d, sanePosition(p.position), p.newName)));
connection.onDocumentSymbol(onDoc('documentSymbol', [], (d) => documentSymbols(d)));
connection.onFoldingRanges(onDoc('foldingRange', [], (d) => foldingRanges(d)));
connection.onDocumentFormatting(onDoc('formatting', [], (d) => formatting(d)));
connection.onCodeAction(onDoc('codeAction', [], (d, p) => codeActions(d, p)));
connection.languages.semanticTokens.on(onDoc('semanticTokens', { data: [] }, (d) => semanticTokens(d)));
connection.languages.inlayHint.on(onDoc('inlayHint', [], (d, p) => (settings.inlayHintsEnable ? inlayHints(d, saneRange(p.range)) : [])));

connection.onRequest('layerlens/analysis', onUri('layerlens/analysis', analysisResult, missingAnalysis));
connection.onRequest('layerlens/trace', onUri('layerlens/trace', traceResult, missingTrace));
connection.onRequest('layerlens/report', onUri('layerlens/report', reportResult, missingReport));

documents.listen(connection);
connection.listen();
