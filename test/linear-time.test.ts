/**
 * The linear-time check itself (test/helpers/linear-time.ts): it must reject quadratic work, or
 * the tests built on it could not fail, and accept linear work.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { measureLinearity } from './helpers/linear-time.ts';

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

const text = (n: number): string => 'ab'.repeat(n >> 1);

/**
 * Asserts that the check rejects `run` in one of three measurements, a quarter of a second apart.
 * Quadratic work measures 3.6–4.1 in both octaves, but once in about thirty runs of the suite a
 * slow phase of the machine slowed every sample of the smaller size, and two measurements in a row
 * read 2.94 and 2.86, which the check accepts at once (it measures again only what it would
 * reject). The pause lets such a phase pass.
 */
async function assertRejected(t: TestContext, run: (s: string) => unknown): Promise<void> {
  const details: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await delay(250);
    const { linear, detail } = measureLinearity(text, 2_000, run);
    details.push(detail);
    t.diagnostic(detail);
    if (!linear) return;
  }
  assert.fail(`quadratic work was accepted three times: ${details.join('; ')}`);
}

test('quadratic work is rejected, in both octaves', async (t) => {
  await assertRejected(t, rescanning);
});

test('work that slices the input once per code unit is rejected', async (t) => {
  // The shape of an accidental quadratic parser: each step copies the rest of the input.
  await assertRejected(t, (s: string) => {
    let total = 0;
    for (let i = 0; i < s.length; i++) total += JSON.stringify(s.slice(i)).length;
    return total;
  });
});

test('linear work is accepted', (t) => {
  const { linear, detail } = measureLinearity(text, 200_000, scanning);
  t.diagnostic(detail);
  assert.equal(linear, true, detail);
});
