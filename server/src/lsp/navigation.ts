// Go to definition, references and rename for names and aliases.

import type { Location, Position, PrepareRenameResult, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { nameAt, type LayersDocument, type NameOccurrence } from './document';

function occurrences(doc: LayersDocument, n: NameOccurrence): NameOccurrence[] {
  // A name and its alias are the same object, but renaming one leaves the other.
  return doc.names.filter((x) => x.key === n.key && x.kind === n.kind && x.ref.text.toLowerCase() === n.ref.text.toLowerCase());
}

/** The written name without quotes and without `#k`. */
function nameRange(n: NameOccurrence): Range {
  const r = n.ref.range;
  const len = n.ref.text.length;
  const start = r.start.character + (n.ref.quoted ? 1 : 0);
  return { start: { line: r.start.line, character: start }, end: { line: r.start.line, character: start + len } };
}

export function definition(doc: LayersDocument, p: Position): Location[] {
  const n = nameAt(doc, p);
  if (!n) return [];
  const decls = doc.names.filter((x) => x.key === n.key && x.kind === n.kind && x.declaration);
  return decls.slice(0, 1).map((d) => ({ uri: doc.uri, range: d.ref.range }));
}

export function references(doc: LayersDocument, p: Position, includeDeclaration: boolean): Location[] {
  const n = nameAt(doc, p);
  if (!n) return [];
  return doc.names.filter((x) => x.key === n.key && x.kind === n.kind && (includeDeclaration || !x.declaration)).map((x) => ({ uri: doc.uri, range: x.ref.range }));
}

export function prepareRename(doc: LayersDocument, p: Position): PrepareRenameResult | null {
  const n = nameAt(doc, p);
  if (!n) return null;
  return { range: nameRange(n), placeholder: n.ref.text };
}

const BARE = /^[A-Za-z][A-Za-z0-9_'-]*$/;

export function rename(doc: LayersDocument, p: Position, newName: string): WorkspaceEdit | null {
  const n = nameAt(doc, p);
  if (!n || !newName.trim() || newName.includes('"') || /[\r\n]/.test(newName)) return null;
  const edits: TextEdit[] = occurrences(doc, n).map((x) => {
    // A bare name that becomes several words needs quotes; `#k` suffixes stay as they are.
    if (!x.ref.quoted && !BARE.test(newName)) {
      const r = nameRange(x);
      return { range: r, newText: `"${newName}"` };
    }
    return { range: nameRange(x), newText: newName };
  });
  // The card's own name written in its ability text means "this card" (section 5): rename it there too.
  const decl = doc.analysis.file.objects.find((d) => d.name.text.toLowerCase() === n.ref.text.toLowerCase());
  if (decl) {
    for (const t of decl.texts) {
      let i = t.value.indexOf(decl.name.text);
      while (i >= 0) {
        edits.push({ range: { start: { line: t.range.start.line, character: t.range.start.character + i }, end: { line: t.range.start.line, character: t.range.start.character + i + decl.name.text.length } }, newText: newName });
        i = t.value.indexOf(decl.name.text, i + decl.name.text.length);
      }
    }
  }
  return { changes: { [doc.uri]: edits } };
}
