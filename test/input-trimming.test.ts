/**
 * Basic URL parser step 1.2: leading and trailing C0 control or space are removed
 * (https://url.spec.whatwg.org/#concept-basic-url-parser). The start is found by one search with a
 * regular expression, and a long end 4,096 code units at a time, each by one test, before a loop
 * over the last of them. Other white space (U+00A0, U+2028, U+FEFF, U+3000 and others) is not C0
 * control or space and must stay. These tests compare with a loop over the code units, which is
 * the standard's step, and the URLs with whatwg-url's.
 *
 * The opaque host parser's check for forbidden host code points is a native search as well; it is
 * compared with the standard's list here.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import fc from './helpers/fast-check.ts';
import { URL, parseHost, parseURL, type ValidationError } from '../src/index.ts';
import { trimInput } from '../src/url-parser-input.ts';

const oracle = createRequire(import.meta.url)('whatwg-url') as { URL: typeof globalThis.URL };

/** The standard's step: remove leading and trailing code units from U+0000 to U+0020. */
function reference(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

/** What trimStart and trimEnd remove that is not C0 control or space, and what they do not remove. */
const OTHER_WHITE_SPACE = ['\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
const EDGE = [' ', ' ', ' ', '\t', '\n', '\r', '\v', '\f', '\0', '\u0001', '\u001f', ...OTHER_WHITE_SPACE, 'a', '\u0085', '\u200b'];

/** A run of up to `max` edge code units: mostly one repeated (long runs), with others among them. */
const edgeOf = (max: number) =>
  fc
    .tuple(fc.constantFrom(...EDGE), fc.integer({ min: 0, max }), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...EDGE)), { maxLength: 3 }))
    .map(([unit, n, others]) => {
      let s = unit.repeat(n);
      for (const [at, c] of others) {
        const i = at % (s.length + 1);
        s = s.slice(0, i) + c + s.slice(i);
      }
      return s;
    });
const edge = edgeOf(700);

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

test('trimInput removes exactly the leading and trailing C0 control or space, at every length', () => {
  fc.assert(
    fc.property(edge, fc.constantFrom('', 'x', 'http://h/', 'a\u00a0b', '\u3000'), edge, (lead, middle, trail) => {
      const s = lead + middle + trail;
      assert.equal(trimInput(s), reference(s), JSON.stringify({ lead: lead.slice(0, 20), middle, trail: trail.slice(0, 20), length: s.length }));
    }),
    { seed: 1202, numRuns: RUNS },
  );
  // Inputs of nothing but white space that is C0 control or space, and of the other white space.
  for (const n of [256, 257, 5000]) {
    for (const unit of [' ', '\t', ' \u00a0', '\u00a0', '\ufeff ', '\u0001']) {
      const s = unit.repeat(n);
      assert.equal(trimInput(s), reference(s), `${JSON.stringify(unit)} x ${n}`);
      assert.equal(trimInput('a' + s + 'b' + s), reference('a' + s + 'b' + s));
      assert.equal(trimInput(s + 'a' + s + 'b'), reference(s + 'a' + s + 'b'));
    }
  }
});

test('trimInput finds the end of runs longer than 4,096 code units, across their boundaries', () => {
  // Runs of up to three times 4,096, after inputs whose lengths put the run's start anywhere in
  // the last 4,096 code units tested.
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 9000 }), fc.constantFrom('x', 'a\u00a0', '\u3000'), edgeOf(13_000), (n, middle, trail) => {
      const s = 'a'.repeat(n) + middle + trail;
      assert.equal(trimInput(s), reference(s), JSON.stringify({ n, middle, trail: trail.slice(0, 20), length: s.length }));
    }),
    { seed: 4096, numRuns: Math.ceil(RUNS / 3) },
  );
  for (const run of [4095, 4096, 4097, 8191, 8192, 8193, 12_289]) {
    for (const unit of ['\u0001', ' ', '\0']) {
      for (const s of [unit.repeat(run), 'a' + unit.repeat(run), 'a' + unit.repeat(run) + 'b' + unit.repeat(run), 'b'.repeat(run) + unit.repeat(run)]) {
        assert.equal(trimInput(s), reference(s), `${JSON.stringify(s.slice(0, 2))}… of ${s.length}`);
      }
    }
  }
});

test('URLs with long leading and trailing runs are those of whatwg-url', () => {
  fc.assert(
    fc.property(edge, fc.constantFrom('http://h/', 'http://h/?', 'sc:x', 'http://h/#', '/p'), edge, (lead, middle, trail) => {
      const input = lead + middle + trail;
      const base = 'https://example.org/';
      let expected: string | null;
      try {
        expected = new oracle.URL(input, base).href;
      } catch {
        expected = null;
      }
      let actual: string | null;
      try {
        actual = new URL(input, base).href;
      } catch {
        actual = null;
      }
      assert.equal(actual, expected, JSON.stringify({ length: input.length, lead: lead.slice(0, 9), middle, trail: trail.slice(0, 9) }));
    }),
    { seed: 1203, numRuns: Math.ceil(RUNS / 3) },
  );
});

test('the invalid-URL-unit error of trimming covers the leading run, or else the trailing one', () => {
  for (const [lead, trail] of [
    [' '.repeat(300), ''],
    ['', ' '.repeat(300)],
    ['\u0001' + ' '.repeat(300), ' '.repeat(300)],
    ['', '\u00a0' + ' '.repeat(300)],
    ['', ' '.repeat(300) + '\u00a0'],
  ]) {
    const input = lead + 'http://h/' + trail;
    const errors: ValidationError[] = [];
    parseURL(input, { onValidationError: (e) => errors.push(e) });
    const trimmed = reference(input);
    const start = input.indexOf(trimmed);
    const end = start + trimmed.length;
    const what = JSON.stringify({ lead: lead.length, trail: trail.length });
    if (start === 0 && end === input.length) {
      // Nothing to trim (the input ends in U+00A0): no error covers a run.
      assert.ok(errors.every((e) => e.length <= 1), what);
      continue;
    }
    // The trimming error is the first one reported.
    const expected = start > 0 ? [0, start] : [end, input.length - end];
    assert.deepEqual([errors[0]?.type, errors[0]?.index, errors[0]?.length], ['invalid-URL-unit', ...expected], what);
  }
});

/** https://url.spec.whatwg.org/#forbidden-host-code-point */
const FORBIDDEN_HOST_CODE_POINTS = '\0\t\n\r #/:<>?@[\\]^|';

test('an opaque host fails on a forbidden host code point, and only on one, at any length', () => {
  for (let c = 0; c < 0x100; c++) {
    const ch = String.fromCharCode(c);
    const forbidden = FORBIDDEN_HOST_CODE_POINTS.includes(ch);
    for (const [before, after] of [
      ['', ''],
      ['a', 'b'],
      ['a'.repeat(300), ''],
      ['', 'é'.repeat(300)],
    ]) {
      const host = before + ch + after;
      assert.equal(parseHost(host, true) === null, forbidden, `${c.toString(16)} after ${before.length}`);
    }
  }
  // The error is at the first one.
  const errors: ValidationError[] = [];
  assert.equal(parseURL('foo://' + 'a'.repeat(1000) + '^b|c/', { onValidationError: (e) => errors.push(e) }), null);
  assert.deepEqual(
    errors.map((e) => [e.type, e.index, e.length]),
    [['host-invalid-code-point', 1006, 1]],
  );
});
