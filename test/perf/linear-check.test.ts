/**
 * The linear-time check itself (test/perf/linear.ts): it must reject quadratic work, or the tests
 * built on it could not fail, and accept linear work, also when its cost per unit steps up once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measureLinearity } from './linear.ts';

/** Sums the code units of `s`, rescanning its start for each one: n(n+1)/2 reads in all. */
function rescanning(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    for (let j = 0; j <= i; j++) sum += s.charCodeAt(j);
  }
  return sum;
}

/** Sums the code units of `s` once. */
function scanning(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += s.charCodeAt(i);
  return sum;
}

const text = (n: number): string => 'ab'.repeat(n >> 1) + 'a'.repeat(n & 1);

// The same largest size as the tests of long inputs: the check must lower it by itself for
// quadratic work, or these tests would run for hours.
const LARGEST = 1_000_000;

test('quadratic work is rejected', async (t) => {
  const { linear, detail } = await measureLinearity(text, LARGEST, rescanning);
  t.diagnostic(detail);
  assert.equal(linear, false, detail);
});

test('work that slices the input once per code unit is rejected', async (t) => {
  // The shape of an accidental quadratic parser: each step copies the rest of the input.
  const { linear, detail } = await measureLinearity(text, LARGEST, (s: string) => {
    let total = 0;
    for (let i = 0; i < s.length; i++) total += JSON.stringify(s.slice(i)).length;
    return total;
  });
  t.diagnostic(detail);
  assert.equal(linear, false, detail);
});

test('linear work is accepted', async (t) => {
  const { linear, detail } = await measureLinearity(text, LARGEST, scanning);
  t.diagnostic(detail);
  assert.equal(linear, true, detail);
});

test('linear work whose cost per unit steps up threefold at one size is accepted', async (t) => {
  // Past a quarter of the largest size every unit is read three times, as if the data had outgrown
  // a cache or the young generation: a ratio of about 192.
  const step = LARGEST / 4;
  const { linear, detail } = await measureLinearity(text, LARGEST, (s: string) => {
    let sum = scanning(s);
    if (s.length > step) sum += scanning(s) + scanning(s);
    return sum;
  });
  t.diagnostic(detail);
  assert.equal(linear, true, detail);
});

test('quadratic work on a path that only long inputs take is rejected', async (t) => {
  // Inputs up to 1,024 code units are scanned once; longer ones are rescanned. Measured on pairs
  // of sizes below the switch, this would read as linear.
  const { linear, detail } = await measureLinearity(text, LARGEST, (s: string) =>
    s.length <= 1024 ? scanning(s) : rescanning(s),
  );
  t.diagnostic(detail);
  assert.equal(linear, false, detail);
});

test('linear work that returns a record for every code unit is accepted', async (t) => {
  // The shape of validateURL on input with an error at every unit: the large input's list
  // outgrows the young generation, as the small input's lists do only when the check keeps them.
  const { linear, detail } = await measureLinearity(text, 280_000, (s: string) => {
    const records: { index: number; code: number; message: string }[] = [];
    for (let i = 0; i < s.length; i++) records.push({ index: i, code: s.charCodeAt(i), message: 'unit' });
    return records;
  });
  t.diagnostic(detail);
  assert.equal(linear, true, detail);
});

test('quadratic work that returns a record for every code unit is rejected', async (t) => {
  // Kept results make the small input's runs dearer (test/perf/linear.ts): not enough to hide a
  // rescan of the input's start for each unit.
  const { linear, detail } = await measureLinearity(text, 280_000, (s: string) => {
    const records: { index: number; sum: number }[] = [];
    for (let i = 0; i < s.length; i++) {
      let sum = 0;
      for (let j = 0; j <= i; j++) sum += s.charCodeAt(j);
      records.push({ index: i, sum });
    }
    return records;
  });
  t.diagnostic(detail);
  assert.equal(linear, false, detail);
});
