// The public conformance corpus and our own samples are part of the test
// suite: every file passes with no error or warning and every expectation holds.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseLayers } from '../../src/syntax/parser';
import { analyze } from '../../src/engine/analyze';
import { failedExpectations, problems } from './helpers';

const dirs = [join(__dirname, '../../../../shared/conformance'), join(__dirname, '../../../samples')];

for (const dir of dirs) {
  if (!existsSync(dir)) {
    test(`corpus folder ${dir} exists`, () => assert.fail(`missing ${dir}: CI keeps ../shared beside the checkout`));
    continue;
  }
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.layers')).sort()) {
    test(`${dir.includes('shared') ? 'conformance' : 'sample'} ${f}`, () => {
      const a = analyze(parseLayers(readFileSync(join(dir, f), 'utf8'), f));
      assert.deepEqual(problems(a), [], 'no error or warning diagnostics');
      assert.deepEqual(failedExpectations(a), [], 'every expectation holds');
      assert.ok(a.expectations.length > 0, 'the file checks something');
    });
  }
}
