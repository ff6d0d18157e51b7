import { deepEqual, equal, ok } from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from './helpers/fast-check.ts';

import {
  BYTES_CHUNK,
  CHUNK,
  TREE_THRESHOLD,
  decode,
  decodeDirect,
  decodeTreeBased,
  encode,
  encodeDirect,
  encodeTreeBased,
  encodingCertainlyOverflows,
} from '../src/idna/punycode.ts';

const cps = (...codePoints: number[]) => String.fromCodePoint(...codePoints);

// https://www.rfc-editor.org/rfc/rfc3492#section-7.1 (the Punycode column as printed, with its
// mixed-case annotations; encoding produces the basic code points as given and lowercase digits).
const SAMPLES: [string, string, string][] = [
  ['(A) Arabic (Egyptian)', cps(0x0644, 0x064a, 0x0647, 0x0645, 0x0627, 0x0628, 0x062a, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064a, 0x061f), 'egbpdaj6bu4bxfgehfvwxn'],
  ['(B) Chinese (simplified)', cps(0x4ed6, 0x4eec, 0x4e3a, 0x4ec0, 0x4e48, 0x4e0d, 0x8bf4, 0x4e2d, 0x6587), 'ihqwcrb4cv8a8dqg056pqjye'],
  ['(C) Chinese (traditional)', cps(0x4ed6, 0x5011, 0x7232, 0x4ec0, 0x9ebd, 0x4e0d, 0x8aaa, 0x4e2d, 0x6587), 'ihqwctvzc91f659drss3x8bo0yb'],
  ['(D) Czech', cps(0x50, 0x72, 0x6f, 0x10d, 0x70, 0x72, 0x6f, 0x73, 0x74, 0x11b, 0x6e, 0x65, 0x6d, 0x6c, 0x75, 0x76, 0xed, 0x10d, 0x65, 0x73, 0x6b, 0x79), 'Proprostnemluvesky-uyb24dma41a'],
  ['(E) Hebrew', cps(0x5dc, 0x5de, 0x5d4, 0x5d4, 0x5dd, 0x5e4, 0x5e9, 0x5d5, 0x5d8, 0x5dc, 0x5d0, 0x5de, 0x5d3, 0x5d1, 0x5e8, 0x5d9, 0x5dd, 0x5e2, 0x5d1, 0x5e8, 0x5d9, 0x5ea), '4dbcagdahymbxekheh6e0a7fei0b'],
  ['(F) Hindi (Devanagari)', cps(0x92f, 0x939, 0x932, 0x94b, 0x917, 0x939, 0x93f, 0x928, 0x94d, 0x926, 0x940, 0x915, 0x94d, 0x92f, 0x94b, 0x902, 0x928, 0x939, 0x940, 0x902, 0x92c, 0x94b, 0x932, 0x938, 0x915, 0x924, 0x947, 0x939, 0x948, 0x902), 'i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd'],
  ['(G) Japanese (kanji and hiragana)', cps(0x306a, 0x305c, 0x307f, 0x3093, 0x306a, 0x65e5, 0x672c, 0x8a9e, 0x3092, 0x8a71, 0x3057, 0x3066, 0x304f, 0x308c, 0x306a, 0x3044, 0x306e, 0x304b), 'n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa'],
  ['(H) Korean (Hangul syllables)', cps(0xc138, 0xacc4, 0xc758, 0xbaa8, 0xb4e0, 0xc0ac, 0xb78c, 0xb4e4, 0xc774, 0xd55c, 0xad6d, 0xc5b4, 0xb97c, 0xc774, 0xd574, 0xd55c, 0xb2e4, 0xba74, 0xc5bc, 0xb9c8, 0xb098, 0xc88b, 0xc744, 0xae4c), '989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c'],
  ['(I) Russian (Cyrillic)', cps(0x43f, 0x43e, 0x447, 0x435, 0x43c, 0x443, 0x436, 0x435, 0x43e, 0x43d, 0x438, 0x43d, 0x435, 0x433, 0x43e, 0x432, 0x43e, 0x440, 0x44f, 0x442, 0x43f, 0x43e, 0x440, 0x443, 0x441, 0x441, 0x43a, 0x438), 'b1abfaaepdrnnbgefbaDotcwatmq2g4l'],
  ['(J) Spanish', cps(0x50, 0x6f, 0x72, 0x71, 0x75, 0xe9, 0x6e, 0x6f, 0x70, 0x75, 0x65, 0x64, 0x65, 0x6e, 0x73, 0x69, 0x6d, 0x70, 0x6c, 0x65, 0x6d, 0x65, 0x6e, 0x74, 0x65, 0x68, 0x61, 0x62, 0x6c, 0x61, 0x72, 0x65, 0x6e, 0x45, 0x73, 0x70, 0x61, 0xf1, 0x6f, 0x6c), 'PorqunopuedensimplementehablarenEspaol-fmd56a'],
  ['(K) Vietnamese', cps(0x54, 0x1ea1, 0x69, 0x73, 0x61, 0x6f, 0x68, 0x1ecd, 0x6b, 0x68, 0xf4, 0x6e, 0x67, 0x74, 0x68, 0x1ec3, 0x63, 0x68, 0x1ec9, 0x6e, 0xf3, 0x69, 0x74, 0x69, 0x1ebf, 0x6e, 0x67, 0x56, 0x69, 0x1ec7, 0x74), 'TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g'],
  ['(L) 3<nen>B<gumi><kinpachi><sensei>', cps(0x33, 0x5e74, 0x42, 0x7d44, 0x91d1, 0x516b, 0x5148, 0x751f), '3B-ww4c5e180e575a65lsy2b'],
  ['(M) <amuro><namie>-with-SUPER-MONKEYS', cps(0x5b89, 0x5ba4, 0x5948, 0x7f8e, 0x6075, 0x2d, 0x77, 0x69, 0x74, 0x68, 0x2d, 0x53, 0x55, 0x50, 0x45, 0x52, 0x2d, 0x4d, 0x4f, 0x4e, 0x4b, 0x45, 0x59, 0x53), '-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n'],
  ['(N) Hello-Another-Way-<sorezore><no><basho>', cps(0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x2d, 0x41, 0x6e, 0x6f, 0x74, 0x68, 0x65, 0x72, 0x2d, 0x57, 0x61, 0x79, 0x2d, 0x305d, 0x308c, 0x305e, 0x308c, 0x306e, 0x5834, 0x6240), 'Hello-Another-Way--fc4qua05auwb3674vfr0b'],
  ['(O) <hitotsu><yane><no><shita>2', cps(0x3072, 0x3068, 0x3064, 0x5c4b, 0x6839, 0x306e, 0x4e0b, 0x32), '2-u9tlzr9756bt3uc0v'],
  ['(P) Maji<de>Koi<suru>5<byou><mae>', cps(0x4d, 0x61, 0x6a, 0x69, 0x3067, 0x4b, 0x6f, 0x69, 0x3059, 0x308b, 0x35, 0x79d2, 0x524d), 'MajiKoi5-783gue6qz075azm5e'],
  ['(Q) <pafii>de<runba>', cps(0x30d1, 0x30d5, 0x30a3, 0x30fc, 0x64, 0x65, 0x30eb, 0x30f3, 0x30d0), 'de-jg4avhby1noc0d'],
  ['(R) <sono><supiido><de>', cps(0x305d, 0x306e, 0x30b9, 0x30d4, 0x30fc, 0x30c9, 0x3067), 'd9juau41awczczp'],
  ['(S) -> $1.00 <-', cps(0x2d, 0x3e, 0x20, 0x24, 0x31, 0x2e, 0x30, 0x30, 0x20, 0x3c, 0x2d), '-> $1.00 <--'],
];

/** The encoder writes digits in lowercase; the basic code points keep their case. */
function canonical(punycode: string): string {
  const delimiter = punycode.lastIndexOf('-');
  return punycode.slice(0, delimiter + 1) + punycode.slice(delimiter + 1).toLowerCase();
}

describe('RFC 3492 section 7.1 samples', () => {
  for (const [name, unicode, punycode] of SAMPLES) {
    test(`encode ${name}`, () => equal(encode(unicode), canonical(punycode)));
    test(`decode ${name}`, () => equal(decode(punycode), unicode));
  }
});

describe('edge cases', () => {
  test('empty input', () => {
    equal(encode(''), '');
    equal(decode(''), '');
  });
  test('basic code points only get a trailing delimiter', () => {
    equal(encode('abc'), 'abc-');
    equal(decode('abc-'), 'abc');
  });
  test('code points beyond the BMP', () => {
    equal(encode('\u{1F4A9}'), 'ls8h');
    equal(decode('ls8h'), '\u{1F4A9}');
    equal(decode('LS8H'), '\u{1F4A9}');
  });
  test('the highest code point', () => {
    const s = String.fromCodePoint(0x10ffff);
    equal(decode(encode(s)!), s);
  });
});

describe('invalid input returns null', () => {
  const invalid: [string, string][] = [
    ['a digit sequence that ends early', 'a-b9'],
    ['a character that is not a base-36 digit', 'a-!'],
    ['a non-basic code point before the delimiter', '\u00e9-abc'],
    ['a non-basic code point after the delimiter', 'abc-\u00e9'],
    ['only a delimiter at the start, then no digits', '-'],
    ['a leading delimiter followed by a non-digit', '-!'],
    ['a decoded value of U+110000', firstDelta(0x110000 - 0x80)],
    ['a decoded surrogate code point', firstDelta(0xd800 - 0x80)],
  ];
  for (const [name, input] of invalid) test(name, () => equal(decode(input), null));

  test('overflow of the variable-length integer', () => {
    equal(decode('99999999999999999999'), null);
    equal(decode('a-' + '9'.repeat(30)), null);
  });
  test('encoding overflow: a delta of (0x10FFFF - 0x80) * 2101 exceeds 2^31 - 1', () => {
    equal(encode('a'.repeat(2100) + '\u{10FFFF}'), null);
    equal(typeof encode('a'.repeat(1000) + '\u{10FFFF}'), 'string');
  });
  // The certain-overflow check counts the code points of the last block too (U+10FF00 to
  // U+10FFFF): the pass for U+10FFFF starts with (0x10FFFF - 0x80) * 2001 > 2^31 - 1.
  test('a long label ending in U+10FFFF certainly overflows', () => {
    const label = 'a'.repeat(2000) + '\u{10FFFF}';
    equal(encodingCertainlyOverflows(label), true);
    equal(encode(label), null);
  });
  test('the helper builds what it claims', () => {
    equal(decode(firstDelta(0x10ffff - 0x80)), '\u{10FFFF}');
    equal(decode(firstDelta(0xe000 - 0x80)), '\u{E000}');
  });
});

/**
 * A Punycode string of one generalized variable-length integer (initial bias 72) for `delta`, which
 * decodes to the single code point 0x80 + delta (RFC 3492 section 6.2).
 */
function firstDelta(delta: number): string {
  let q = delta;
  let out = '';
  const bias = 72;
  for (let k = 36; ; k += 36) {
    const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
    if (q < t) break;
    const d = t + ((q - t) % (36 - t));
    out += d < 26 ? String.fromCharCode(97 + d) : String.fromCharCode(48 + d - 26);
    q = Math.floor((q - t) / (36 - t));
  }
  return out + (q < 26 ? String.fromCharCode(97 + q) : String.fromCharCode(48 + q - 26));
}

describe('round trips', () => {
  test('decode(encode(s)) === s for random strings of scalar values', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 40 }), (s) => {
        const encoded = encode(s);
        return encoded !== null && decode(encoded) === s;
      }),
      { numRuns: 2000 },
    );
  });
  test('decode(encode(s)) === s for strings of arbitrary code points', () => {
    const scalar = fc.oneof(fc.integer({ min: 0, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0x10ffff }));
    fc.assert(
      fc.property(fc.array(scalar, { maxLength: 60 }), (codePoints) => {
        const s = String.fromCodePoint(...codePoints);
        const encoded = encode(s);
        return encoded !== null && /^[\x00-\x7f]*$/.test(encoded) && decode(encoded) === s;
      }),
      { numRuns: 2000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The two implementations of each direction (direct for short labels, tree-based for long ones) against an
// oracle: RFC 3492's pseudo-code transcribed line by line, on arrays of code points.

const ORACLE_MAXINT = 0x7fffffff;

// https://www.rfc-editor.org/rfc/rfc3492#section-6.1
function oracleAdapt(delta: number, numpoints: number, firsttime: boolean): number {
  if (firsttime) delta = Math.floor(delta / 700);
  else delta = Math.floor(delta / 2);
  delta = delta + Math.floor(delta / numpoints);
  let k = 0;
  while (delta > Math.floor(((36 - 1) * 26) / 2)) {
    delta = Math.floor(delta / (36 - 1));
    k = k + 36;
  }
  return k + Math.floor(((36 - 1 + 1) * delta) / (delta + 38));
}

const oracleT = (k: number, bias: number): number => (k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias);
const oracleDigitChar = (d: number): number => (d < 26 ? 0x61 + d : 0x30 + d - 26);
const oracleDigitValue = (c: number): number =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 + 26 : c >= 0x41 && c <= 0x5a ? c - 0x41 : c >= 0x61 && c <= 0x7a ? c - 0x61 : -1;

/**
 * RFC 3492 §6.3. Integers are JavaScript numbers (exact here), so "fail on overflow" is a comparison with
 * maxint = 2^31 - 1 after each operation the RFC marks.
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.3
 */
function oracleEncode(input: number[]): string | null {
  let n = 0x80;
  let delta = 0;
  let bias = 72;
  const output: number[] = input.filter((c) => c < 0x80);
  let h = output.length;
  const b = h;
  if (b > 0) output.push(0x2d);
  while (h < input.length) {
    let m = Infinity;
    for (const c of input) if (c >= n && c < m) m = c;
    delta = delta + (m - n) * (h + 1);
    if (delta > ORACLE_MAXINT) return null;
    n = m;
    for (const c of input) {
      if (c < n) {
        delta++;
        if (delta > ORACLE_MAXINT) return null;
      }
      if (c === n) {
        let q = delta;
        for (let k = 36; ; k += 36) {
          const t = oracleT(k, bias);
          if (q < t) break;
          output.push(oracleDigitChar(t + ((q - t) % (36 - t))));
          q = Math.floor((q - t) / (36 - t));
        }
        output.push(oracleDigitChar(q));
        bias = oracleAdapt(delta, h + 1, h === b);
        delta = 0;
        h++;
      }
    }
    delta++;
    n++;
  }
  return output.map((c) => String.fromCharCode(c)).join('');
}

/**
 * RFC 3492 §6.2, plus the one check the library adds: a decoded code point must be a Unicode scalar value
 * (at most U+10FFFF, not a surrogate), since the result is a string.
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.2
 */
function oracleDecode(input: string): number[] | null {
  let n = 0x80;
  let i = 0;
  let bias = 72;
  const output: number[] = [];
  const last = input.lastIndexOf('-');
  let pos = 0;
  // "consume all code points before the last delimiter (if there is one) and copy them to output, fail on any
  // non-basic code point; if more than zero code points were consumed then consume one more"
  for (; pos < Math.max(last, 0); pos++) {
    const c = input.charCodeAt(pos);
    if (c >= 0x80) return null;
    output.push(c);
  }
  if (pos > 0) pos++;
  while (pos < input.length) {
    const oldi = i;
    let w = 1;
    for (let k = 36; ; k += 36) {
      if (pos >= input.length) return null;
      const digit = oracleDigitValue(input.charCodeAt(pos++));
      if (digit < 0) return null;
      i = i + digit * w;
      if (i > ORACLE_MAXINT) return null;
      const t = oracleT(k, bias);
      if (digit < t) break;
      w = w * (36 - t);
      if (w > ORACLE_MAXINT) return null;
    }
    bias = oracleAdapt(i - oldi, output.length + 1, oldi === 0);
    n = n + Math.floor(i / (output.length + 1));
    if (n > ORACLE_MAXINT) return null;
    i = i % (output.length + 1);
    if (n < 0x80) return null;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i++;
  }
  return output;
}

const codePointsOf = (s: string): number[] => Array.from(s, (c) => c.codePointAt(0)!);

/**
 * Arrays of up to `maxLength` code points drawn from a small pool (so that code points repeat), the pool
 * mixing ASCII, Latin, CJK and astral code points; sometimes any scalar values at all.
 */
function labelCodePoints(maxLength: number): fc.Arbitrary<number[]> {
  const scalar = fc.oneof(
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x7f }) },
    { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0x24f }) },
    { weight: 2, arbitrary: fc.integer({ min: 0x4e00, max: 0x9fff }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xe000, max: 0xffff }) },
    { weight: 2, arbitrary: fc.integer({ min: 0x10000, max: 0x1ffff }) },
    { weight: 1, arbitrary: fc.integer({ min: 0x20000, max: 0x10ffff }) },
  );
  const pooled = fc
    .array(scalar, { minLength: 1, maxLength: 40, size: 'max' })
    .chain((pool) => fc.array(fc.integer({ min: 0, max: pool.length - 1 }).map((j) => pool[j]!), { maxLength, size: 'max' }));
  return fc.oneof(pooled, fc.array(scalar, { maxLength, size: 'max' }));
}

describe('the oracle', () => {
  test('reproduces the RFC 3492 section 7.1 samples', () => {
    for (const [, unicode, punycode] of SAMPLES) {
      equal(oracleEncode(codePointsOf(unicode)), canonical(punycode));
      deepEqual(oracleDecode(punycode), codePointsOf(unicode));
    }
  });
});

/** Both encoders, and encode's choice between them, give the oracle's output for `codePoints`. */
function assertEncodesAsOracle(codePoints: number[]): void {
  const s = String.fromCodePoint(...codePoints);
  const expected = oracleEncode(codePoints);
  equal(encodeTreeBased(s), expected);
  equal(encodeDirect(s), expected);
  equal(encode(s), expected);
}

describe('direct and tree-based algorithms agree with RFC 3492', () => {
  test('the RFC 3492 section 7.1 samples, both paths', () => {
    for (const [, unicode, punycode] of SAMPLES) {
      equal(encodeDirect(unicode), canonical(punycode));
      equal(encodeTreeBased(unicode), canonical(punycode));
      equal(decodeDirect(punycode), unicode);
      equal(decodeTreeBased(punycode), unicode);
    }
  });

  test('encoding: random labels of up to 400 code points (astral ones and repeats)', () => {
    fc.assert(
      fc.property(labelCodePoints(400), assertEncodesAsOracle),
      { numRuns: 600 },
    );
  });

  // Outputs of over CHUNK code units go on in bytes after the first chunk, which become text
  // BYTES_CHUNK at a time (Output in punycode.ts): labels whose output ends before, at and past
  // those boundaries, with runs of one code point (deltas of 0) and without.
  test("encoding: labels whose output crosses the encoder's chunk boundaries", () => {
    fc.assert(
      fc.property(labelCodePoints(40), fc.integer({ min: CHUNK - 100, max: CHUNK + BYTES_CHUNK + 100 }), fc.boolean(), (pool, length, runs) => {
        if (pool.length === 0) return;
        const codePoints: number[] = [];
        for (let i = 0; codePoints.length < length; i++) {
          const c = pool[i % pool.length]!;
          codePoints.push(c);
          if (runs) for (let r = i % 5; r > 0 && codePoints.length < length; r--) codePoints.push(c);
        }
        assertEncodesAsOracle(codePoints);
      }),
      { numRuns: 40 },
    );
    // Outputs of one code unit short of each boundary, at it, and one past it ("é" x n is "9ca"
    // and n - 1 "a").
    const boundaries = [CHUNK, CHUNK + BYTES_CHUNK, CHUNK + 2 * BYTES_CHUNK];
    for (const length of boundaries.flatMap((b) => [b - 1, b, b + 1])) {
      const s = '\u00e9'.repeat(length - 2);
      equal(encode(s)!.length, length, `${length - 2} "é"`);
      equal(encode(s), oracleEncode(codePointsOf(s)));
    }
    // A run of one code point (its deltas of 0, written at once) after more basic code points
    // than the first chunk holds: the bytes pending before the run are written once.
    const afterBasic = 'a'.repeat(CHUNK + 808) + '\u00e9\u00e9';
    equal(encode(afterBasic), oracleEncode(codePointsOf(afterBasic)));
  });

  // Long labels one after another, shorter and longer, with few distinct code points (the direct
  // encoder) and many (the tree), astral ones among them: nothing the encoder's first pass
  // (scanLabel in punycode.ts) found about one label may leak into the next.
  test('encoding: labels of over 65,536 code points one after another, shorter and longer', () => {
    const label = (length: number, pool: number[]): number[] => Array.from({ length }, (_, i) => pool[(i * 7 + (i >> 5)) % pool.length]!);
    const few = [0xe9, 0x61, 0x3b1, 0x2d, 0x1f4a9];
    const many = [0x430, 0x431, 0x432, 0x433, 0x434, 0x435, 0x436, 0x437, 0x438, 0x5d0, 0x30, 0x10348];
    for (const codePoints of [label(66_000, few), label(70_000, many), label(66_000, few), label(67_500, many), label(69_000, few)]) {
      assertEncodesAsOracle(codePoints);
    }
  });

  test('decoding: the encodings of random labels, and the same with one digit changed', () => {
    fc.assert(
      fc.property(labelCodePoints(400), fc.nat(), fc.integer({ min: 0, max: 35 }), (codePoints, at, digit) => {
        const encoded = oracleEncode(codePoints);
        if (encoded === null) return;
        const s = String.fromCodePoint(...codePoints);
        equal(decodeTreeBased(encoded), s);
        equal(decodeDirect(encoded), s);
        equal(decode(encoded), s);
        // Change one character after the delimiter to another digit: often still valid Punycode, with other
        // insertions; otherwise all must fail alike.
        const digitsStart = encoded.lastIndexOf('-') + 1;
        if (digitsStart >= encoded.length) return;
        const j = digitsStart + (at % (encoded.length - digitsStart));
        const mutated = encoded.slice(0, j) + String.fromCharCode(oracleDigitChar(digit)) + encoded.slice(j + 1);
        const oracle = oracleDecode(mutated);
        const expected = oracle === null ? null : String.fromCodePoint(...oracle);
        equal(decodeTreeBased(mutated), expected);
        equal(decodeDirect(mutated), expected);
        equal(decode(mutated), expected);
      }),
      { numRuns: 600 },
    );
  });

  test('decoding: arbitrary strings of digits and delimiters', () => {
    const char = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABZ0123456789-');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 120, size: 'max' }), (chars) => {
        const input = chars.join('');
        const oracle = oracleDecode(input);
        const expected = oracle === null ? null : String.fromCodePoint(...oracle);
        equal(decodeTreeBased(input), expected);
        equal(decodeDirect(input), expected);
        equal(decode(input), expected);
      }),
      { numRuns: 2000 },
    );
  });

  test('encoding strings with lone surrogates: both paths agree', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 300, size: 'max' }), (codePoints) => {
        const s = String.fromCodePoint(...codePoints);
        equal(encodeTreeBased(s), encodeDirect(s));
      }),
      { numRuns: 300 },
    );
  });

  // Labels of up to 1,024 code units are read from a shared array, longer ones from the string
  // (SCRATCH_MAX in punycode.ts): labels at that boundary, counted in code units, one after another.
  test('labels at the 1,024 code units of the shared array, with astral code points', () => {
    const few = [0xe9, 0x61, 0x3b1, 0x1f4a9];
    for (const units of [1_023, 1_024, 1_025, 1_024, 2_050, 40]) {
      const codePoints: number[] = [];
      for (let n = 0, i = 0; n < units; i++) {
        const c = few[(i * 5 + (i >> 3)) % few.length]!;
        if (n + (c > 0xffff ? 2 : 1) > units) break;
        codePoints.push(c);
        n += c > 0xffff ? 2 : 1;
      }
      assertEncodesAsOracle(codePoints);
    }
  });

  test('labels of just under and at the threshold take each path and agree', () => {
    for (const length of [TREE_THRESHOLD - 1, TREE_THRESHOLD, TREE_THRESHOLD + 1]) {
      const codePoints = Array.from({ length }, (_, i) => (i % 3 === 0 ? 0x61 + (i % 26) : 0x4e00 + ((i * 7919) % 500)));
      const s = String.fromCodePoint(...codePoints);
      const expected = oracleEncode(codePoints)!;
      equal(encode(s), expected);
      equal(encodeDirect(s), expected);
      equal(encodeTreeBased(s), expected);
      equal(decode(expected), s);
      equal(decodeDirect(expected), s);
      equal(decodeTreeBased(expected), s);
    }
  });

  test('overflow within a pass: (m - n) * (h + 1) fits, adding the code points before m does not', () => {
    // 2049 * 1048064 = 2^31 - 1 - 511: at most 511 of the 2048 "a"s may precede U+FFE80 (0x80 + 1048064).
    const m = String.fromCodePoint(0x80 + 1048064);
    const fits = 'a'.repeat(511) + m + 'a'.repeat(2048 - 511);
    const overflows = 'a'.repeat(512) + m + 'a'.repeat(2048 - 512);
    for (const f of [encode, encodeDirect, encodeTreeBased]) {
      equal(f(fits), oracleEncode(codePointsOf(fits)));
      equal(typeof f(fits), 'string');
      equal(f(overflows), null);
    }
    equal(oracleEncode(codePointsOf(overflows)), null);
    equal(decodeTreeBased(encode(fits)!), fits);
  });

  // When no basic code point stands between the first and last occurrences of the smallest
  // non-basic code point m, the encoder's first pass (scanLabel) also makes m's pass: its first
  // delta is (m - n) * (h + 1) plus the basic code points before m, checked against 2^31 - 1 there.
  test('overflow in the pass the first scan makes: all the basic code points before m', () => {
    // 2049 * 1048064 = 2^31 - 1 - 511 fits, and the 2048 "a"s before U+FFE80 take it past; one
    // code point lower, 2049 * 1048063 + 2048 = 2^31 - 1 - 512 fits.
    const overflows = 'a'.repeat(2048) + String.fromCodePoint(0x80 + 1048064);
    const fits = 'a'.repeat(2048) + String.fromCodePoint(0x80 + 1048063).repeat(3);
    equal(oracleEncode(codePointsOf(overflows)), null);
    for (const f of [encode, encodeDirect, encodeTreeBased]) {
      equal(f(overflows), null);
      equal(f(fits), oracleEncode(codePointsOf(fits)));
      equal(typeof f(fits), 'string');
    }
  });

  // The first scan also makes the pass of the smallest non-basic code point when no basic code
  // point stands between its first and last occurrences: labels with basic code points before,
  // after and among the non-basic ones, so that the condition holds and fails.
  test('labels of non-basic code points with basic ones around them (the pass the first scan makes)', () => {
    const basic = fc.array(fc.integer({ min: 0, max: 0x7f }), { maxLength: 4 });
    // Pools of 1 to 10 code points: up to 8 distinct ones take the direct encoder at any length.
    const pool = fc.array(fc.oneof(fc.integer({ min: 0x80, max: 0x24f }), fc.integer({ min: 0x4e00, max: 0x4e08 }), fc.integer({ min: 0x1f600, max: 0x1f604 })), {
      minLength: 1,
      maxLength: 10,
    });
    // Lengths on both sides of the shared array's 1,024 code units, with runs of one code point.
    const length = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1000, max: 1100 }));
    // Where basic code points go among the non-basic ones: nowhere, or at a few positions.
    const inside = fc.oneof(fc.constant([] as number[]), fc.array(fc.nat({ max: 1100 }), { maxLength: 3 }));
    fc.assert(
      fc.property(basic, pool, length, fc.nat(), inside, basic, (prefix, nonBasic, n, seed, at, suffix) => {
        const codePoints = prefix.slice();
        for (let i = 0; i < n; i++) {
          if (at.includes(i)) codePoints.push(0x61 + (i % 26));
          codePoints.push(nonBasic[(seed + i * (i % 3 === 0 ? 0 : 7)) % nonBasic.length]!);
        }
        codePoints.push(...suffix);
        assertEncodesAsOracle(codePoints);
      }),
      { numRuns: 400 },
    );
    const e = 0xe9;
    const u = 0xfc;
    for (const codePoints of [
      [...Array(3000).fill(e), 0x61],
      [0x61, 0x62, ...Array(3000).fill(e), 0x63],
      [u, 0x61, ...Array(50).fill(e), u, 0x62],
      [e, e, 0x61, e, e],
      [u, e, 0x61, u, e, 0x62],
      // The run of "a" is written while the output is short, and the pass after it goes on past
      // the encoder's first chunk (CHUNK code units).
      [...Array(3000).fill(e), ...Array(CHUNK).fill(u)],
    ]) {
      assertEncodesAsOracle(codePoints);
    }
  });

  // The first scan passes over a run of the smallest code point at once in a label of over 1,024
  // code units (read from the string): runs of random lengths, of basic, BMP, astral code points
  // and high surrogates (a run of which can end in the first half of a pair, which the skip must
  // not take for one more of them).
  test('labels of runs of one code point, over the shared array, against the oracle', () => {
    const codePoint = fc.oneof(
      fc.integer({ min: 0x61, max: 0x63 }),
      fc.integer({ min: 0xe0, max: 0xe3 }),
      fc.integer({ min: 0x4e00, max: 0x4e02 }),
      fc.constant(0xd83d),
      fc.constant(0xde00),
      fc.integer({ min: 0x1f600, max: 0x1f601 }),
    );
    const run = fc.tuple(codePoint, fc.integer({ min: 1, max: 700 }));
    fc.assert(
      fc.property(fc.array(run, { minLength: 1, maxLength: 8 }), (runs) => {
        let s = '';
        for (const [c, n] of runs) s += String.fromCodePoint(c).repeat(n);
        s += 'b'.repeat(1025);
        const expected = oracleEncode(codePointsOf(s));
        equal(encode(s), expected);
        equal(encodeDirect(s), expected);
      }),
      { numRuns: 300 },
    );
    // A run that ends the label, a run of a smaller code point after it, and high surrogates
    // before a pair.
    for (const s of ['é'.repeat(2000), 'é'.repeat(1500) + 'à'.repeat(1500) + 'é', '\ud83d'.repeat(1100) + '\ude00' + '\ud83d']) {
      equal(encode(s), oracleEncode(codePointsOf(s)));
    }
  });

  // After a delta of 0 the bias is 0, and at bias 0 a delta below 26 is one digit (writeDelta
  // writes it without the general loop, and adapt gives 0 for a damped delta of 0 at once): labels
  // where each occurrence of a code point follows a few smaller ones, short and long, against the
  // oracle.
  test('small deltas at bias 0: code points interleaved in short groups, against the oracle', () => {
    const group = fc.array(fc.integer({ min: 0x80, max: 0x2100 }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(group, fc.integer({ min: 1, max: 3000 }), fc.boolean(), (codePoints, repeats, basic) => {
        const s = (basic ? 'a' : '') + String.fromCodePoint(...codePoints).repeat(repeats);
        const expected = oracleEncode(codePointsOf(s));
        equal(encode(s), expected);
        equal(encodeDirect(s), expected);
        equal(encodeTreeBased(s), expected);
      }),
      { numRuns: 200 },
    );
    const joiners = '\u1820\u200c'.repeat(5000) + '\u1820';
    equal(encode(joiners), oracleEncode(codePointsOf(joiners)));
  });

  test('overflow of (m - n) * (h + 1), both paths', () => {
    const s = 'a'.repeat(2100) + '\u{10FFFF}';
    equal(encodeDirect(s), null);
    equal(encodeTreeBased(s), null);
  });

  test('invalid input fails on both decoding paths', () => {
    for (const input of ['a-b9', 'a-!', '\u00e9-abc', 'abc-\u00e9', '-', '-!', '99999999999999999999', 'a-' + '9'.repeat(30)]) {
      equal(decodeDirect(input), null);
      equal(decodeTreeBased(input), null);
    }
  });
});

describe('no state carries over from one encoding to the next', () => {
  // Labels that leave different things behind in the encoder's first scan and passes: short ones
  // (read from the shared array), long ones (read from the string), few and many distinct code
  // points (the direct and the tree-based encoder), runs of one code point, and ones that fail.
  const labels = [
    'bücher',
    'é'.repeat(3000),
    'a'.repeat(2100) + '\u{10FFFF}',
    'ab' + 'пример'.repeat(300) + 'cd',
    '\u{1F600}x\u00e9',
    Array.from({ length: 200 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 37) % 150))).join(''),
    'abc',
    'à'.repeat(10) + 'b' + 'à'.repeat(10),
    '',
    '\u{10FFFF}'.repeat(3) + 'é',
  ];

  test('each label encodes as it does alone, whatever came before it', () => {
    const alone = labels.map((label) => oracleEncode(codePointsOf(label)));
    // The failing label fails, so that the sequence has a pass that returns early.
    equal(alone[2], null);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: labels.length - 1 }), { minLength: 2, maxLength: 12 }), (order) => {
        for (const index of order) equal(encode(labels[index]!), alone[index]);
      }),
      { numRuns: 200 },
    );
  });

  test('a label of many distinct code points after one of few, and the other way round', () => {
    const few = 'é'.repeat(100);
    const many = Array.from({ length: 100 }, (_, i) => String.fromCodePoint(0xe0 + i)).join('');
    const expectedFew = oracleEncode(codePointsOf(few));
    const expectedMany = oracleEncode(codePointsOf(many));
    for (let round = 0; round < 3; round++) {
      equal(encode(many), expectedMany);
      equal(encode(few), expectedFew);
    }
  });
});

// ToASCII skips the validity criteria of a label whose encoding certainly fails: the check must
// never say so of a label that RFC 3492 encodes.
describe('encodingCertainlyOverflows', () => {
  test('says so only of labels whose encoding fails, and of some of them', () => {
    let certain = 0;
    // Labels of 1,024 to 6,000 code points: ASCII letters, and code points of two clusters whose
    // distance (up to about a million) times the count below it passes 2^31 - 1 or not.
    const cluster = (low: number, high: number) => fc.array(fc.integer({ min: low, max: high }), { minLength: 1, maxLength: 4 });
    const label = fc
      .tuple(cluster(0x80, 0x3000), cluster(0x3000, 0x10ffff), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1024, max: 6000 }), fc.integer())
      .map(([lows, highs, basic, length, seed]) => {
        const codePoints: number[] = [];
        for (let i = 0; i < length; i++) {
          // A linear congruential sequence from the seed picks each code point.
          seed = (Math.imul(seed, 1103515245) + 12345) | 0;
          const r = (seed >>> 8) % length;
          const pool = r < basic ? null : r % 8 === 0 ? highs : lows;
          const c = pool === null ? 0x61 + (r % 26) : pool[r % pool.length]!;
          codePoints.push(c >= 0xd800 && c <= 0xdfff ? c + 0x800 : c);
        }
        return codePoints;
      });
    fc.assert(
      fc.property(label, (codePoints) => {
        const s = String.fromCodePoint(...codePoints);
        const expected = oracleEncode(codePoints);
        if (encodingCertainlyOverflows(s)) {
          certain++;
          equal(expected, null);
        }
        equal(encode(s), expected);
      }),
      { numRuns: 300 },
    );
    ok(certain > 0, 'some labels certainly overflow');
  });

  test('a label of a script with viramas and joiners, long enough to overflow', () => {
    // U+200D after U+094D: at least (0x2000 - 0xA00) * (2n + 1) for n times "क्\u200d".
    const label = 'क्\u200d'.repeat(400_000);
    ok(encodingCertainlyOverflows(label));
    equal(encodeDirect(label), null);
    ok(!encodingCertainlyOverflows('क्\u200d'.repeat(1_000)), 'a short one fits');
    equal(typeof encode('क्\u200d'.repeat(1_000)), 'string');
  });

  test('the count of code points below the gap includes the basic ones', () => {
    // (0x100100 - 0x100) * (2047 + 1) passes 2^31 - 1; one block lower does not.
    const over = 'a'.repeat(2047) + String.fromCodePoint(0x100100);
    ok(encodingCertainlyOverflows(over));
    equal(oracleEncode(codePointsOf(over)), null);
    ok(!encodingCertainlyOverflows('a'.repeat(2047) + String.fromCodePoint(0x100000)));
    ok(!encodingCertainlyOverflows('a'.repeat(1000) + String.fromCodePoint(0x10ffff)), 'under 1,024 code units');
  });
});

describe('long labels', () => {
  test('a label of a million code points encodes and decodes (no argument-count limit)', () => {
    const s = 'üaé'.repeat(200_000) + 'x'.repeat(400_000);
    const encoded = encode(s);
    ok(encoded !== null, 'encoded');
    equal(encoded.slice(0, 600_001), 'a'.repeat(200_000) + 'x'.repeat(400_000) + '-');
    ok(decode(encoded) === s, 'decodes back');
  });

  /** A label of n distinct code points from U+3400 on, skipping the surrogates. */
  const distinct = (n: number): string => {
    let label = '';
    for (let i = 0; i < n; i++) label += String.fromCodePoint(0x3400 + i < 0xd800 ? 0x3400 + i : 0x3400 + i + 0x800);
    return label;
  };

  // Their time is checked by `npm run test:perf` (test/perf/punycode.test.ts).
  test('40,000 distinct code points encode and decode back', () => {
    equal(decode(encode(distinct(40_000))!), distinct(40_000));
  });
});
