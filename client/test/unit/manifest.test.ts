// The extension's static contributions agree with the code and with each other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULTS } from '../../src/config';
import { CARD_KEYS, STATEMENT_KEYWORDS } from '../../../server/src/syntax/keywords';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const json = (p: string) => JSON.parse(readFileSync(join(ROOT, p), 'utf8'));
const pkg = json('package.json');
const contributes = pkg.contributes;

test('the five commands are contributed under the Layerlens category', () => {
  const ids = contributes.commands.map((c: { command: string }) => c.command).sort();
  assert.deepEqual(ids, ['layerlens.openReference', 'layerlens.restartServer', 'layerlens.runAll', 'layerlens.runScenario', 'layerlens.showTrace']);
  for (const c of contributes.commands) assert.equal(c.category, 'Layerlens');
  const titles = Object.fromEntries(contributes.commands.map((c: { command: string; title: string }) => [c.command, c.title]));
  // Names say what the command does, and differ from the Test Explorer's "Run Tests in Current File".
  assert.equal(titles['layerlens.runScenario'], 'Run Current File and Show Report');
  assert.equal(titles['layerlens.runAll'], 'Run All Files in Workspace and Show Report');
  assert.equal(titles['layerlens.showTrace'], 'Open Layer Trace');
  assert.equal(titles['layerlens.openReference'], 'Open Language Reference');
  assert.equal(titles['layerlens.restartServer'], 'Restart Language Server');
});

test('setting defaults in package.json match the config wrapper', () => {
  const props = contributes.configuration.properties;
  for (const [key, value] of Object.entries(DEFAULTS)) assert.deepEqual(props[`layerlens.${key}`].default, value, key);
  assert.deepEqual(props['layerlens.trace.server'].enum, ['off', 'messages', 'verbose']);
});

test('the language points at files that exist and parse', () => {
  const lang = contributes.languages.find((l: { id: string }) => l.id === 'layers');
  assert.ok(lang);
  assert.deepEqual(lang.extensions, ['.layers']);
  assert.ok(lang.aliases.includes('Layerlens'));
  for (const p of [lang.configuration, lang.icon.light, lang.icon.dark, pkg.icon]) assert.ok(existsSync(join(ROOT, p)), p);
  const grammar = contributes.grammars.find((g: { language: string }) => g.language === 'layers');
  assert.equal(grammar.scopeName, 'source.layers');
  assert.equal(json(grammar.path).scopeName, 'source.layers');
});

test('every grammar include names a repository rule, and every regex compiles as JS', () => {
  const g = json('syntaxes/layers.tmLanguage.json');
  const missing: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'include' && typeof v === 'string' && v.startsWith('#') && !(v.slice(1) in g.repository)) missing.push(v);
      if ((k === 'match' || k === 'begin' || k === 'end') && typeof v === 'string') {
        // Oniguruma-only syntax aside ((?i) and \G), the patterns are plain JS regexes.
        assert.doesNotThrow(() => new RegExp(v.replace(/^\(\?i\)/, '').replace(/\\G/g, '')), v);
      }
      walk(v);
    }
  };
  walk(g);
  assert.deepEqual(missing, []);
});

test('language configuration: # comments, card/token blocks indent, events outdent', () => {
  const lc = json('language-configuration.json');
  assert.equal(lc.comments.lineComment, '#');
  assert.ok(lc.autoClosingPairs.some((p: { open: string; close: string }) => p.open === '{' && p.close === '}'));
  assert.ok(lc.autoClosingPairs.some((p: { open: string; close: string }) => p.open === '"' && p.close === '"'));
  const inc = new RegExp(lc.indentationRules.increaseIndentPattern);
  const dec = new RegExp(lc.indentationRules.decreaseIndentPattern);
  assert.ok(inc.test('card "Gray Ogre" as ogre'));
  assert.ok(inc.test('token Saproling'));
  assert.ok(!inc.test('enter ogre'));
  // Typing a statement on a line indented inside a card block moves it back out.
  for (const line of ['  enter ogre', '    expect ogre 3/3', '\tcard b', '  Alice draws 2 cards', '  Bob loses 3 life', '  "Alice Smith" gains 2 life']) assert.ok(dec.test(line), line);
  // Every statement the parser knows moves out; no card key does (server/src/syntax/keywords.ts).
  for (const kw of STATEMENT_KEYWORDS) assert.ok(dec.test(`  ${kw} x`), `statement keyword ${kw}`);
  for (const key of CARD_KEYS) assert.ok(!dec.test(`  ${key} x`), `card key ${key}`);
  for (const line of ['  text Flying', '  type Creature — Ogre', '  text draws', '  owner Alice', '  pt 2/2', 'enter ogre', '  text Whenever a player draws a card, it loses 1 life.'])
    assert.ok(!dec.test(line), line);
  const enter = lc.onEnterRules.map((r: { beforeText: string; action: { indent: string } }) => [new RegExp(r.beforeText), r.action.indent]);
  const rule = (line: string) => enter.find(([re]: [RegExp]) => re.test(line))?.[1];
  assert.equal(rule('card "Gray Ogre" as ogre   # comment'), 'indent');
  assert.equal(rule('    '), 'outdent');
  assert.equal(rule('enter ogre'), undefined);
  assert.equal(rule('  pt 2/2'), undefined, 'inside a block, Enter keeps the indentation');
});

test('new .layers files indent with 2 spaces, like the samples', () => {
  assert.deepEqual(contributes.configurationDefaults['[layers]'], { 'editor.tabSize': 2, 'editor.insertSpaces': true });
});

test('snippets cover the statements the issue lists', () => {
  const snippets = Object.values(json('snippets/layers.json')) as { prefix: string | string[]; body: string[] }[];
  const prefixes = snippets.flatMap((s) => (Array.isArray(s.prefix) ? s.prefix : [s.prefix]));
  for (const p of ['card', 'token', 'creature', 'enter', 'cast', 'resolve', 'expect']) assert.ok(prefixes.includes(p), p);
  for (const s of snippets) assert.ok(Array.isArray(s.body) && s.body.length > 0);
});

test('packaging scripts and ignore file', () => {
  assert.match(pkg.scripts.package, /node esbuild\.mjs && vsce package --no-dependencies .*--out layerlens\.vsix/);
  assert.match(pkg.scripts['test:grammar'], /vscode-tmgrammar-test -g syntaxes\/layers\.tmLanguage\.json/);
  const ignore = readFileSync(join(ROOT, '.vscodeignore'), 'utf8');
  for (const keep of ['!dist/extension.js', '!dist/server.js', '!dist/server-main.js', '!dist/server-main.cache', '!package.json']) assert.ok(ignore.includes(keep), keep);
  assert.ok(existsSync(join(ROOT, 'LICENSE')));
});

/** Does a `.vscodeignore` pattern (`**`, `dir/*.png`, `dir/**`, a plain path) match a file path? */
function ignoreMatches(pattern: string, path: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*');
  return new RegExp(`^${re}$`).test(path);
}

/** Packaged by vsce: the last pattern that matches decides (`!` re-includes). */
function packaged(path: string): boolean {
  let included = true;
  for (const raw of readFileSync(join(ROOT, '.vscodeignore'), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    if (ignoreMatches(negated ? line.slice(1) : line, path)) included = negated;
  }
  return included;
}

test('the extension README (EXTENSION.md) is what the vsix shows, with images it packages', () => {
  assert.match(pkg.scripts.package, /--readme-path EXTENSION\.md/);
  assert.match(pkg.scripts.package, /--changelog-path CHANGELOG\.md/);
  const readme = readFileSync(join(ROOT, 'EXTENSION.md'), 'utf8');
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  assert.ok(images.length >= 2, 'a screenshot or more');
  for (const img of images) {
    assert.ok(!/^[a-z]+:/.test(img), `${img}: a packaged file, not a remote one`);
    assert.ok(existsSync(join(ROOT, img)), `${img} exists`);
    assert.ok(packaged(img), `${img} is packaged (.vscodeignore)`);
  }
  assert.ok(readme.includes('(docs/reference/README.md)'), 'links the language reference');
  assert.ok(packaged('docs/reference/README.md'), 'the language reference is packaged (Open Language Reference opens it)');
  for (const p of ['dist/extension.js', 'dist/server.js', 'dist/server-main.js', 'dist/server-main.cache', 'CHANGELOG.md', 'EXTENSION.md', 'language-configuration.json']) assert.ok(packaged(p), p);
  // The developer README, sources and tests stay out.
  for (const p of ['README.md', 'client/src/ctx.ts', 'server/src/server.ts', 'samples/305-7-blood-moon.layers', 'docs/nvim.lua']) assert.ok(!packaged(p), p);
  // Every command and setting the README names exists.
  const titles = contributes.commands.map((c: { title: string }) => c.title);
  for (const t of titles) assert.ok(readme.includes(t), `EXTENSION.md names the command "${t}"`);
  for (const key of Object.keys(contributes.configuration.properties)) assert.ok(readme.includes(`\`${key}\``), `EXTENSION.md names the setting ${key}`);
});
