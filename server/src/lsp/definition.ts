// Go to definition, references and rename, for object names and aliases,
// players and effect labels, from the name index (names.ts). A name and its
// alias are the same object for definition and references; rename changes
// the spelling the cursor is on (the name, or the alias) everywhere it is
// written, the card's name inside effect text included, and leaves quotes and
// `#k` copy suffixes in place.

import type { Location, Position, PrepareRenameResult, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import type { ParsedDocument } from './documents';
import { namesOf, type NameOccurrence } from './names';
import { comparePositions, contains, sanePosition } from './positions';

/** The occurrence under the cursor; a reference outside effect text wins over a mention inside it. */
export function nameAt(doc: ParsedDocument, position: Position): NameOccurrence | undefined {
  const p = sanePosition(position);
  const here = namesOf(doc).filter((n) => contains(n.range, p));
  return here.find((n) => n.role !== 'text') ?? here[0];
}

const sameThing = (a: NameOccurrence, b: NameOccurrence) => a.kind === b.kind && a.key === b.key;

export function definition(doc: ParsedDocument, position: Position): Location[] {
  const n = nameAt(doc, position);
  if (!n) return [];
  const decls = namesOf(doc).filter((x) => sameThing(x, n) && x.role === 'declaration');
  // An alias leads to the alias in the header, a name to the name.
  const best = decls.filter((x) => x.form === n.form);
  const chosen = n.kind === 'label' ? decls : (best.length ? best : decls).slice(0, 1);
  return chosen.map((d) => ({ uri: doc.uri, range: d.range }));
}

export function references(doc: ParsedDocument, position: Position, includeDeclaration = true): Location[] {
  const n = nameAt(doc, position);
  if (!n) return [];
  return namesOf(doc)
    .filter((x) => sameThing(x, n) && (includeDeclaration || x.role !== 'declaration'))
    .sort((a, b) => comparePositions(a.range.start, b.range.start))
    .map((x) => ({ uri: doc.uri, range: x.range }));
}

/** The occurrences a rename of `n` changes: the same thing, written the same way (name or alias). */
function renamed(doc: ParsedDocument, n: NameOccurrence): NameOccurrence[] {
  return namesOf(doc).filter((x) => sameThing(x, n) && (n.kind !== 'object' || x.form === n.form));
}

export function prepareRename(doc: ParsedDocument, position: Position): PrepareRenameResult | null {
  const n = nameAt(doc, position);
  if (!n) return null;
  // Players the file does not declare (the default Alice and Bob) have nowhere to be renamed.
  if (n.kind === 'player' && !namesOf(doc).some((x) => sameThing(x, n) && x.role === 'declaration')) return null;
  return { range: n.nameRange, placeholder: n.text };
}

const BARE = /^[A-Za-z][A-Za-z0-9_'-]*$/;

/** Why a new name cannot be used, or undefined when it can. */
export function invalidName(doc: ParsedDocument, n: NameOccurrence, newName: string): string | undefined {
  if (typeof newName !== 'string' || !newName.trim()) return 'the new name is empty';
  if (newName !== newName.trim()) return 'the new name starts or ends with a blank';
  if (/["“”#\r\n]/.test(newName)) return 'a name cannot contain quotes, # or line breaks';
  if (n.kind !== 'object' && !BARE.test(newName)) return 'players and labels are single words';
  const taken = namesOf(doc).some((x) => x.kind !== 'label' && x.role === 'declaration' && !sameThing(x, n) && x.text.toLowerCase() === newName.toLowerCase());
  return taken ? `"${newName}" is already declared` : undefined;
}

export function rename(doc: ParsedDocument, position: Position, newName: string): WorkspaceEdit | null {
  const n = nameAt(doc, position);
  if (!n || !prepareRename(doc, position) || invalidName(doc, n, newName)) return null;
  const edits: TextEdit[] = [];
  const seen = new Set<string>();
  for (const x of renamed(doc, n)) {
    const k = `${x.nameRange.start.line}:${x.nameRange.start.character}`;
    if (seen.has(k)) continue;
    seen.add(k);
    // An unquoted reference that becomes several words needs quotes; `#k` stays after them.
    const quote = !x.quoted && x.role !== 'text' && !BARE.test(newName);
    edits.push({ range: x.nameRange, newText: quote ? `"${newName}"` : newName });
  }
  edits.sort((a, b) => comparePositions(a.range.start, b.range.start));
  return { changes: { [doc.uri]: edits } };
}
