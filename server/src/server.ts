// The Layerlens language server: wiring only. `createConnection` picks the
// transport from the command line (`--stdio` for most editors, `--node-ipc`
// for the VS Code client). Each request is answered by a plain function in
// server/src/lsp over the parsed or analysed document (lsp/documents.ts:
// parse-only features never wait for the engine; the analysis runs in slices,
// resumes from the last one, is debounced after edits and dropped by newer
// ones), behind a guard that logs a failure and answers an empty result.

import { CodeLensRefreshRequest, createConnection, InlayHintRefreshRequest, ProposedFeatures, StreamMessageReader, StreamMessageWriter, TextDocuments, TextDocumentSyncKind, type CancellationToken, type CodeLens, type InitializeResult } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from './lsp/codeActions';
import { completion } from './lsp/completion';
import { analysisResult, missingAnalysis, missingReport, missingTrace, reportResult, traceResult } from './lsp/custom';
import { definition, prepareRename, references, rename } from './lsp/definition';
import { diagnostics } from './lsp/diagnostics';
import { analyseFromDisk, DocumentStore, type AnalysedDocument, type ParsedDocument } from './lsp/documents';
import { foldingRanges } from './lsp/folding';
import { formatting } from './lsp/formatting';
import { guarded } from './lsp/guard';
import { hover, hoverFor } from './lsp/hover';
import { inlayHints } from './lsp/inlayHints';
import { lensesFor, newLensMemory, sentLenses, resolveLens, type LensMemory, type ResolvedLenses } from './lsp/lens';
import { sanePosition, saneRange } from './lsp/positions';
import { LEGEND, semanticTokens } from './lsp/semanticTokens';
import { readSettings, DEFAULT_SETTINGS, type Settings } from './lsp/settings';
import { documentSymbols } from './lsp/symbols';
import { idleCollector, tuneCompiler, tuneServerHeap } from './tuning';
import { describeRuntime } from './runtime';

tuneCompiler();
tuneServerHeap();
const collector = idleCollector();

const connection = connect();
const documents = new TextDocuments(TextDocument);
const lensMemory = new Map<string, LensMemory>();
/** Each document's lenses as last computed, whole: the ones sent without their command are resolved from them. */
const lensesSent = new Map<string, ResolvedLenses>();
let settings: Settings = DEFAULT_SETTINGS;
let canRefreshLenses = false;
let canRefreshHints = false;

const log = (m: string) => connection.console.error(m);

function refreshLenses(): void {
  if (canRefreshLenses) connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
}

/** The lenses to send for an analysed document, made once per analysis and kept for resolving. */
function lensesOf(d: AnalysedDocument): CodeLens[] {
  let m = lensMemory.get(d.uri);
  if (!m) lensMemory.set(d.uri, (m = newLensMemory()));
  const all = lensesFor(d, m, lensesSent.get(d.uri));
  lensesSent.set(d.uri, all);
  return sentLenses(d, all);
}

function refreshHints(): void {
  if (canRefreshHints) connection.sendRequest(InlayHintRefreshRequest.type).catch(() => undefined);
}

/**
 * Over stdio the server reads the stream itself, so that a broken stream (a
 * bad `Content-Length`, the client gone) ends the process and the client can
 * start a new one, instead of leaving a server that hears nothing forever.
 */
function connect() {
  if (!process.argv.includes('--stdio')) return createConnection(ProposedFeatures.all);
  const reader = new StreamMessageReader(process.stdin);
  const quit = (why: string) => {
    try {
      process.stderr.write(`layerlens: ${why}; the server stops so that its client can start a new one\n`);
    } finally {
      process.exit(1);
    }
  };
  reader.onError((e) => quit(`unreadable message (${(e as Error)?.message ?? String(e)})`));
  process.stdin.on('end', () => quit('input closed'));
  return createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
}

/** What the settings let into Problems. */
const problemsOptions = () => ({ stateBasedActions: settings.stateBasedActionsInProblems, failedExpectations: settings.failedExpectationsInProblems });

function publishDiagnostics(doc: AnalysedDocument): void {
  void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: diagnostics(doc, problemsOptions()) });
}

const store = new DocumentStore(
  documents,
  (doc) => {
    guarded('publishDiagnostics', undefined, () => {
      publishDiagnostics(doc);
      collector.analysed();
      refreshLenses();
      if (settings.inlayHintsEnable) refreshHints();
      // The editor asks for the lenses next: they are made while it reads the diagnostics. The connection
      // writes a message in a later turn (vscode-jsonrpc's queue), so they are made in the turn after that:
      // made here, they held the diagnostics back by their time (5 ms after an open of the 2,000-line file).
      if (settings.codeLensEnable) {
        setImmediate(guarded('codeLens', undefined, () => {
          if (store.last(doc.uri) === doc) lensesOf(doc);
        }, log));
      }
    }, log)();
  },
  // Results lag the text by more than a second: the client shows a quiet "analysing…".
  { onBusy: (uri, busy) => void connection.sendNotification('layerlens/analysing', { uri, busy }).catch(() => undefined) },
);

type WithDoc = { textDocument?: { uri?: unknown } } | null | undefined;

/** The document of a request, or undefined. */
const uriOf = (params: WithDoc): string | undefined => {
  const uri = params?.textDocument?.uri;
  return typeof uri === 'string' ? uri : undefined;
};

/** A handler over the parse of the request's document: never waits for the engine. */
function onParsed<P extends WithDoc, R>(name: string, empty: R, fn: (doc: ParsedDocument, params: P) => R) {
  return guarded(name, empty, (params: P, token?: CancellationToken): R => {
    const uri = uriOf(params);
    const doc = uri && !token?.isCancellationRequested ? store.parsed(uri) : undefined;
    return doc ? fn(doc, params) : empty;
  }, log);
}

/** A handler over the analysis of the request's document: waits for it (the analysis runs in slices, so other requests go on). */
function onAnalysed<P extends WithDoc, R>(name: string, empty: R, fn: (doc: AnalysedDocument, params: P) => R, early?: (uri: string, params: P) => AnalysedDocument | undefined) {
  return async (params: P, token?: CancellationToken): Promise<R> => {
    const uri = guarded(name, undefined, () => uriOf(params), log)();
    if (!uri) return empty;
    const doc = guarded(name, undefined, () => early?.(uri, params), log)() ?? (await store.analysed(uri));
    if (!doc || token?.isCancellationRequested) return empty;
    return guarded(name, empty, () => fn(doc, params), log)();
  };
}

/** A custom request `{ uri }`: the open document, else the file on disk, else an empty answer of the right shape. */
function onUri<R>(name: string, fn: (doc: AnalysedDocument, params: object) => R, missing: (uri: string) => R) {
  return async (params: unknown): Promise<R> => {
    const raw = (params as { uri?: unknown } | null)?.uri;
    const uri = typeof raw === 'string' ? raw : '';
    const doc = (await store.analysed(uri)) ?? guarded(name, undefined, () => analyseFromDisk(uri), log)();
    return doc ? guarded(name, missing(uri), () => fn(doc, params && typeof params === 'object' ? params : {}), log)() : missing(uri);
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
      codeLensProvider: { resolveProvider: true },
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

// Which runtime, and with which options: they differ by editor (server/src/runtime.ts).
connection.onInitialized(() => connection.console.info(`Layerlens language server on ${describeRuntime(process.versions, process.execArgv)}`));

connection.onDidChangeConfiguration(
  guarded('didChangeConfiguration', undefined, (p: { settings?: unknown } | null) => {
    const s = p?.settings as { layerlens?: unknown } | undefined;
    const before = settings;
    if (s && typeof s === 'object' && s.layerlens !== undefined) settings = readSettings(s.layerlens, settings);
    if (settings.stateBasedActionsInProblems !== before.stateBasedActionsInProblems || settings.failedExpectationsInProblems !== before.failedExpectationsInProblems) {
      // The last finished analyses again; one still running publishes with the new setting anyway.
      for (const d of documents.all()) {
        const doc = store.last(d.uri);
        if (doc) publishDiagnostics(doc);
      }
    }
    refreshLenses();
    refreshHints();
  }, log),
);

documents.onDidOpen(guarded('didOpen', undefined, (e) => store.opened(e.document.uri), log));
documents.onDidChangeContent(
  guarded('didChange', undefined, (e) => {
    store.changed(e.document.uri);
    collector.edited();
  }, log),
);
documents.onDidClose(
  guarded('didClose', undefined, (e) => {
    store.closed(e.document.uri);
    lensMemory.delete(e.document.uri);
    lensesSent.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  }, log),
);

// Hover answers at once from the last analysis when the edit came after the hovered line.
connection.onHover(onAnalysed('hover', null, (d, p) => hoverFor(settings, hover(d, sanePosition(p.position))), (uri, p) => store.lastValidAt(uri, sanePosition(p.position))));
connection.onCodeLens(
  onAnalysed('codeLens', [], (d) => (settings.codeLensEnable ? lensesOf(d) : [])),
);
connection.onCodeLensResolve((lens) => guarded('codeLensResolve', lens, () => resolveLens(lens, lensesSent.get((lens?.data as { uri?: unknown } | undefined)?.uri as string)), log)());
connection.onCompletion(onParsed('completion', [], (d, p) => completion(d, sanePosition(p.position))));
connection.onDefinition(onParsed('definition', [], (d, p) => definition(d, sanePosition(p.position))));
connection.onReferences(onParsed('references', [], (d, p) => references(d, sanePosition(p.position), p.context?.includeDeclaration ?? true)));
connection.onPrepareRename(onParsed('prepareRename', null, (d, p) => prepareRename(d, sanePosition(p.position))));
connection.onRenameRequest(onParsed('rename', null, (d, p) => rename(d, sanePosition(p.position), p.newName)));
connection.onDocumentSymbol(onParsed('documentSymbol', [], (d) => documentSymbols(d)));
connection.onFoldingRanges(onParsed('foldingRange', [], (d) => foldingRanges(d)));
connection.onDocumentFormatting(onParsed('formatting', [], (d) => formatting(d)));
connection.onCodeAction(onAnalysed('codeAction', [], (d, p) => codeActions(d, p)));
connection.languages.semanticTokens.on(onParsed('semanticTokens', { data: [] }, (d) => semanticTokens(d)));
connection.languages.inlayHint.on(onAnalysed('inlayHint', [], (d, p) => (settings.inlayHintsEnable ? inlayHints(d, saneRange(p.range)) : [])));

connection.onRequest('layerlens/analysis', onUri('layerlens/analysis', (d) => analysisResult(d, problemsOptions()), missingAnalysis));
connection.onRequest('layerlens/trace', onUri('layerlens/trace', traceResult, missingTrace));
connection.onRequest('layerlens/report', onUri('layerlens/report', reportResult, missingReport));

documents.listen(connection);
connection.listen();
