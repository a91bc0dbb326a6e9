// The samples and the public conformance corpus, and the edits a user makes,
// for the tests that go over all of them (incremental analysis, parsing).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dirs = [join(__dirname, '../../../shared/conformance'), join(__dirname, '../../samples')];

/** Every `.layers` file of the conformance corpus and the samples. */
export const corpus: { name: string; text: string }[] = dirs
  .filter(existsSync)
  .flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => ({ name: f, text: readFileSync(join(d, f), 'utf8') })));

/**
 * An edit a user makes to line `at` (modulo the line count), by `kind`: 0 a
 * digit changed, 1 the line deleted, 2 duplicated, 3 a comment inserted
 * above, 4 `end turn` appended to the file, 5 a word typed at its end, 6 a
 * declared name changed (every statement naming it reads differently), 7 the
 * line cut in half, 8 its indentation toggled (a statement joins the block
 * above it, a block's line leaves it).
 */
export function userEdit(text: string, kind: number, at: number): string {
  const lines = text.split('\n');
  const i = at % Math.max(1, lines.length);
  switch (kind) {
    case 0:
      lines[i] = lines[i]!.replace(/\d/, (d) => String((Number(d) + 1) % 10));
      break;
    case 1:
      lines.splice(i, 1);
      break;
    case 2:
      lines.splice(i, 0, lines[i] ?? '');
      break;
    case 3:
      lines.splice(i, 0, '# a comment');
      break;
    case 4:
      lines.push('end turn');
      break;
    case 5:
      lines[i] = `${lines[i]} x`;
      break;
    case 6:
      lines[i] = lines[i]!.replace(/^(card|token) "?([A-Za-z]+)/, (m, kw: string, w: string) => `${kw} "Big ${w}`);
      break;
    case 8:
      lines[i] = /^\s/.test(lines[i]!) ? lines[i]!.trimStart() : `  ${lines[i]}`;
      break;
    default:
      lines[i] = lines[i]!.slice(0, Math.floor(lines[i]!.length / 2));
  }
  return lines.join('\n');
}
