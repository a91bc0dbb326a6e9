// The extension's static contributions agree with the code and with each other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULTS } from '../../src/config';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const json = (p: string) => JSON.parse(readFileSync(join(ROOT, p), 'utf8'));
const pkg = json('package.json');
const contributes = pkg.contributes;

test('the four commands are contributed under the Layerlens category', () => {
  const ids = contributes.commands.map((c: { command: string }) => c.command).sort();
  assert.deepEqual(ids, ['layerlens.restartServer', 'layerlens.runAll', 'layerlens.runScenario', 'layerlens.showTrace']);
  for (const c of contributes.commands) assert.equal(c.category, 'Layerlens');
  const titles = Object.fromEntries(contributes.commands.map((c: { command: string; title: string }) => [c.command, c.title]));
  assert.equal(titles['layerlens.runScenario'], 'Run Scenario');
  assert.equal(titles['layerlens.runAll'], 'Run All Scenarios in Workspace');
  assert.equal(titles['layerlens.showTrace'], 'Show Layer Trace');
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
  assert.ok(dec.test('  enter ogre'));
  assert.ok(!dec.test('  text Flying'));
  assert.ok(!dec.test('  type Creature — Ogre'));
  const enter = lc.onEnterRules.map((r: { beforeText: string; action: { indent: string } }) => [new RegExp(r.beforeText), r.action.indent]);
  const rule = (line: string) => enter.find(([re]: [RegExp]) => re.test(line))?.[1];
  assert.equal(rule('card "Gray Ogre" as ogre   # comment'), 'indent');
  assert.equal(rule('    '), 'outdent');
  assert.equal(rule('enter ogre'), undefined);
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
  for (const keep of ['!dist/extension.js', '!dist/server.js', '!package.json']) assert.ok(ignore.includes(keep), keep);
  assert.ok(existsSync(join(ROOT, 'LICENSE')));
});
