/**
 * Punycode on long labels of distinct code points takes time linear in the label
 * (test/perf/linear.ts): written as in RFC 3492, encoding and decoding would scan the whole label
 * once per distinct code point.
 */
import { test } from 'node:test';
import { decode, encode } from '../../src/idna/punycode.ts';
import { assertLinear } from './linear.ts';

/** A label of n distinct code points from U+3400 on, skipping the surrogates. */
const distinct = (n: number): string => {
  let label = '';
  for (let i = 0; i < n; i++) label += String.fromCodePoint(0x3400 + i < 0xd800 ? 0x3400 + i : 0x3400 + i + 0x800);
  return label;
};

test('encoding up to 40,000 distinct code points scales linearly', async (t) => {
  await assertLinear(t, distinct, 40_000, encode);
});

test('decoding up to 40,000 distinct code points scales linearly', async (t) => {
  const encodeDistinct = (n: number): string => encode(distinct(n))!;
  await assertLinear(t, encodeDistinct, 40_000, decode);
});
