/**
 * relativeURL takes time linear in its arguments (the check of test/perf/linear.ts): deep paths on
 * both sides, whose common segments it compares once.
 */
import { test } from 'node:test';
import { relativeURL } from '../../src/index.ts';
import { assertLinear } from './linear.ts';

test('relativeURL: deep paths on both sides scale linearly', async (t) => {
  await assertLinear(
    t,
    (n: number) => ['https://h/' + 'a/'.repeat(n) + 'x', 'https://h/' + 'a/'.repeat(n >> 1) + 'b/'.repeat(n >> 1) + 'y'] as const,
    50_000,
    ([from, to]: readonly [string, string]) => relativeURL(from, to).length,
  );
});
