import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentSecurityPolicy, escapeHtml, makeNonce, matchesFocus, NARROW_VIEW_PX, renderMessageHtml, renderTraceHtml } from '../../src/trace-html';
import type { TraceResult } from '../../src/protocol';

const trace: TraceResult = {
  uri: 'file:///w/ogre.layers',
  title: 'Gray Ogre <through> the "sublayers"',
  objects: [
    {
      name: 'Gray Ogre',
      summary: '5/8 red Creature — Ogre',
      characteristics: [
        {
          name: 'power/toughness',
          value: '5/8',
          steps: [
            { layer: '7b', timestamp: '5', source: 'resolve "becomes 0/1"', effect: 'becomes 0/1', before: '3/3', after: '0/1', reason: 'set <P/T> & later' },
            { layer: '7c', timestamp: '2', source: '+1/+1 counter', effect: 'gets +1/+1', before: '0/1', after: '1/2', reason: "613.4c: it's a counter" },
          ],
        },
        { name: 'color', value: 'red', steps: [] },
      ],
    },
    { name: '<script>alert(1)</script>', summary: '', characteristics: [] },
  ],
};

test('escapeHtml escapes the five special characters', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  assert.equal(escapeHtml(undefined), '');
  assert.equal(escapeHtml(12), '12');
});

test('nonces are fresh, long and CSP-safe', () => {
  const a = makeNonce();
  const b = makeNonce();
  assert.notEqual(a, b);
  assert.match(a, /^[0-9a-f]{32}$/);
});

test('the page carries the strict CSP with the nonce on its style and script', () => {
  const nonce = makeNonce();
  const html = renderTraceHtml(trace, { nonce, scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/trace-view.js' });
  assert.equal(contentSecurityPolicy(nonce), `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';`);
  assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';">`));
  assert.ok(html.includes(`<style nonce="${nonce}">`));
  assert.ok(html.includes(`<script nonce="${nonce}" src="https://file+.vscode-resource.vscode-cdn.net/ext/dist/trace-view.js"></script>`));
  assert.ok(html.includes(`<script nonce="${nonce}" type="application/json" id="trace-data">`));
  // Every script and style element carries the nonce.
  assert.equal((html.match(/<script\b/g) ?? []).length, (html.match(/<script nonce="/g) ?? []).length);
  assert.equal((html.match(/<style\b/g) ?? []).length, (html.match(/<style nonce="/g) ?? []).length);
});

test('the page loads nothing remote and has no inline handlers or style attributes', () => {
  const html = renderTraceHtml(trace, { nonce: makeNonce() });
  assert.doesNotMatch(html, /https?:/i);
  assert.doesNotMatch(html, /\/\/[a-z]/i);
  assert.doesNotMatch(html, /\ssrc=/i);
  assert.doesNotMatch(html, /\son[a-z]+=/i);
  assert.doesNotMatch(html, /\sstyle=/i);
  for (const href of html.match(/href="[^"]*"/g) ?? []) assert.match(href, /^href="#obj-\d+"$/);
});

test('all server text is escaped', () => {
  const html = renderTraceHtml(trace, { nonce: 'n0' });
  assert.ok(!html.includes('<script>alert(1)</script>'));
  assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  assert.ok(html.includes('Gray Ogre &lt;through&gt; the &quot;sublayers&quot;'));
  assert.ok(html.includes('set &lt;P/T&gt; &amp; later'));
  assert.ok(html.includes('613.4c: it&#39;s a counter'));
  assert.ok(html.includes('resolve &quot;becomes 0/1&quot;'));
});

test('steps are rendered as table rows in the order given', () => {
  const html = renderTraceHtml(trace, { nonce: 'n0' });
  const i7b = html.indexOf('<td class="layer" data-label="Layer">7b</td>');
  const i7c = html.indexOf('<td class="layer" data-label="Layer">7c</td>');
  assert.ok(i7b > 0 && i7c > i7b);
  assert.match(html, /<thead><tr><th>Layer<\/th><th>Timestamp<\/th><th>Source<\/th><th>Effect<\/th><th>Before<\/th><th>After<\/th><th>Why<\/th><\/tr><\/thead>/);
  // In a narrow view each cell says which column it is (the headers are hidden there).
  for (const label of ['Timestamp', 'Source', 'Effect', 'Before', 'After', 'Why']) assert.ok(html.includes(`data-label="${label}">`), label);
  assert.match(html, new RegExp(`@media \\(max-width: ${NARROW_VIEW_PX}px\\)`));
  assert.match(html, /color<\/strong>: <span class="value">red<\/span> <span class="unchanged">/);
});

test('focus marks the named object (case-insensitive) and only that one', () => {
  const html = renderTraceHtml(trace, { nonce: 'n0', focus: 'gray ogre' });
  assert.equal((html.match(/class="object focus"/g) ?? []).length, 1);
  assert.match(html, /<section class="object focus" id="obj-0" data-name="Gray Ogre">/);
  const none = renderTraceHtml(trace, { nonce: 'n0', focus: 'nobody' });
  assert.doesNotMatch(none, /class="object focus"/);
});

test('bad input still renders a page', () => {
  const html = renderTraceHtml({ uri: '', title: '', objects: undefined as never }, { nonce: 'n1' });
  assert.match(html, /No object is in play in this scenario/);
  const msg = renderMessageHtml('Trace <x>', 'server said <b>no</b>', 'n2');
  assert.ok(msg.includes('server said &lt;b&gt;no&lt;/b&gt;'));
  assert.ok(msg.includes(`style-src 'nonce-n2'`));
});

const points = [
  { line: 11, label: 'line 12 · enter ogre' },
  { line: 12, label: 'line 13 · put a +1/+1 counter on ogre' },
  { line: -1, label: 'end of file' },
];

test('the timeline picker lists every statement and the end of the file, the point shown selected', () => {
  const html = renderTraceHtml({ ...trace, points, at: points[1] }, { nonce: 'n0' });
  assert.match(html, /<select id="point" aria-label="Point of the timeline"><option value="11">line 12 · enter ogre<\/option><option value="12" selected>line 13 · put a \+1\/\+1 counter on ogre<\/option><option value="-1">End of file<\/option><\/select>/);
  assert.match(html, /Just after line 13 · put a \+1\/\+1 counter on ogre · 2 objects in play/);
  const end = renderTraceHtml({ ...trace, points }, { nonce: 'n0' });
  assert.match(end, /<option value="-1" selected>End of file/);
  assert.match(end, /At the end of the file/);
});

test('plain wording: what an object without effects means, and an empty point of the timeline', () => {
  const html = renderTraceHtml(trace, { nonce: 'n0' });
  assert.doesNotMatch(html, /No characteristics/);
  assert.match(html, /No continuous effect changes this object at this point of the timeline: it has its printed characteristics/);
  const early = renderTraceHtml({ uri: 'u', title: 't', objects: [], points, at: points[0] }, { nonce: 'n0' });
  assert.match(early, /No object is in play yet at this point of the timeline/);
  const branched = renderTraceHtml({ ...trace, branched: true }, { nonce: 'n0' });
  assert.match(branched, /several outcomes here; this view shows the first/);
});

test('the object picker; a chosen object hides the others; focus by label, name or alias', () => {
  const html = renderTraceHtml(trace, { nonce: 'n0', focus: 'Gray Ogre', only: true });
  assert.match(html, /<select id="object" aria-label="Object"><option value="">All objects<\/option><option value="0" selected>Gray Ogre<\/option>/);
  assert.match(html, /<section class="object" id="obj-1" data-name="&lt;script&gt;alert\(1\)&lt;\/script&gt;" hidden>/);
  assert.equal(matchesFocus('Gray Ogre (ogre)', 'ogre'), true);
  assert.equal(matchesFocus('Gray Ogre (ogre)', 'gray ogre'), true);
  assert.equal(matchesFocus('Gray Ogre (ogre)', 'Gray Ogre (ogre)'), true);
  assert.equal(matchesFocus('Gray Ogre (ogre)', 'gre'), false);
  assert.equal(matchesFocus('Gray Ogre', ''), false);
});

test('an object with a graph gets a picture slot and a legend; the data block cannot close its element', () => {
  const graph = {
    nodes: [{ id: 'a@4', layer: '4', order: 1, source: '</script><b>', effect: 'x', timestamp: '1', changes: [], loop: 0 }],
    edges: [{ from: 'a@4', to: 'a@4', reason: 'r', inLoop: true }],
    loops: [{ layer: '4', members: ['a@4'], order: 'A, then B' }],
  };
  const html = renderTraceHtml({ ...trace, objects: [{ ...trace.objects[0]!, graph }] }, { nonce: 'n0' });
  assert.match(html, /<div class="picture" data-index="0"><\/div><p class="legend">/);
  assert.match(html, /Dependency loop<\/span> in layer 4: applied in timestamp order \(613.8b\), A, then B\./);
  const data = html.slice(html.indexOf('id="trace-data">') + 'id="trace-data">'.length, html.lastIndexOf('</script>'));
  assert.ok(!data.includes('<'), data);
  assert.equal(JSON.parse(data).graphs[0].graph.nodes[0].source, '</script><b>');
});
