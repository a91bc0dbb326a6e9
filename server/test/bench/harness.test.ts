// Helpers of the benchmarks (bench/harness.ts) whose output a reader relies on.

import assert from 'node:assert/strict';
import test from 'node:test';
import { byCore, mostlyOn } from '../../../bench/harness';

test('mostlyOn names the core most samples found, with its share', () => {
  assert.deepEqual(mostlyOn([1, 1, 0, 1]), { core: 1, share: 0.75 });
  assert.deepEqual(mostlyOn([0, 0, 0]), { core: 0, share: 1 });
  // Two cores as often: the lower one, so that a run prints the same for the same samples.
  assert.deepEqual(mostlyOn([1, 0, 0, 1]), { core: 0, share: 0.5 });
  assert.deepEqual(mostlyOn([2, 3, 3]), { core: 3, share: 2 / 3 });
});

test('mostlyOn says nothing without samples (a server gone, or no /proc)', () => {
  assert.equal(mostlyOn([]), undefined);
});

test('byCore groups timings by the core each was on, lowest core first, with their range and median', () => {
  const on = (core: number) => ({ core, share: 1 });
  const times = [411, 508, 396, 614, 375, 442, 707];
  const where = [on(1), on(1), on(0), on(1), on(0), undefined, on(1)];
  assert.equal(byCore(times, where, 'opens'), 'core 0: 2 opens, 375–396 ms (median 375 ms); core 1: 4 opens, 411–707 ms (median 508 ms)');
  assert.equal(byCore([400], [undefined], 'opens'), '');
});
