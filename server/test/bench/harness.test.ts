import assert from 'node:assert/strict';
import test from 'node:test';
import { mostlyOn } from '../../../bench/harness';

test('mostlyOn names the core most samples found, with its share', () => {
  assert.equal(mostlyOn([1, 1, 0, 1]), 'core 1, 75 %');
  assert.equal(mostlyOn([0, 0, 0]), 'core 0, 100 %');
  // Two cores as often: the lower one, so that a run prints the same for the same samples.
  assert.equal(mostlyOn([1, 0, 0, 1]), 'core 0, 50 %');
  assert.equal(mostlyOn([2, 3, 3]), 'core 3, 67 %');
});

test('mostlyOn says nothing without samples (a server gone, or no /proc)', () => {
  assert.equal(mostlyOn([]), '');
});
