// Percent-encoded bytes (URL Standard §1.3): the standard's examples table, every set's members,
// and the agreement of the short-input and long-input encoders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from './helpers/fast-check.ts';
import {
  firstPercentEncoded,
  percentDecode,
  percentEncodeByte,
  percentEncodeSetByName,
  utf8PercentEncode,
  utf8PercentEncodeRange,
  type PercentEncodeSetName,
} from '../src/percent-encoding.ts';
import { percentDecodeToString } from '../src/urlencoded.ts';
import { PERCENT_ENCODE_SET_NAMES } from './helpers/percent-encode-sets.ts';

const NAMES = PERCENT_ENCODE_SET_NAMES;

test('the standard\'s examples table (UTF-8 rows)', () => {
  assert.equal(percentEncodeByte(0x23), '%23');
  assert.equal(percentEncodeByte(0x7f), '%7F');
  assert.deepEqual([...percentDecode(new TextEncoder().encode('%25%s%1G'))], [...new TextEncoder().encode('%%s%1G')]);
  assert.deepEqual([...percentDecode('‽%25%2E')], [0xe2, 0x80, 0xbd, 0x25, 0x2e]);
  assert.equal(utf8PercentEncode('≡', 'userinfo'), '%E2%89%A1');
  assert.equal(utf8PercentEncode('‽', 'userinfo'), '%E2%80%BD');
  assert.equal(utf8PercentEncode('Say what‽', 'userinfo'), 'Say%20what%E2%80%BD');
});

// https://url.spec.whatwg.org/#string-percent-encode-after-encoding step 2
test('a space becomes "+" with the application/x-www-form-urlencoded set, "%20" with the others', () => {
  const input = "a b+c ~é'!";
  // Node's own URLSearchParams serializes a name with that set.
  const form = new globalThis.URLSearchParams([[input, '']]).toString().slice(0, -1);
  assert.equal(utf8PercentEncode(input, 'application/x-www-form-urlencoded'), form);
  assert.equal(form, 'a+b%2Bc+%7E%C3%A9%27%21');
  // Every other set but the C0 control set contains the space.
  for (const set of NAMES.filter((name) => name !== 'application/x-www-form-urlencoded' && name !== 'c0-control')) {
    assert.match(utf8PercentEncode(input, set)!, /^a%20b/, set);
  }
  assert.equal(utf8PercentEncode(input, 'c0-control'), "a b+c ~%C3%A9'!");
});

test('each set has exactly the ASCII members the standard lists', () => {
  const c0 = (c: number) => c <= 0x1f || c === 0x7f;
  const fragment = (c: number) => c0(c) || ' "<>`'.includes(String.fromCharCode(c));
  const query = (c: number) => c0(c) || ' "#<>'.includes(String.fromCharCode(c));
  const specialQuery = (c: number) => query(c) || c === 0x27;
  const path = (c: number) => query(c) || '?^`{}'.includes(String.fromCharCode(c));
  const userinfo = (c: number) => path(c) || '/:;=@[\\]|'.includes(String.fromCharCode(c));
  const component = (c: number) => userinfo(c) || '$%&+,'.includes(String.fromCharCode(c));
  const form = (c: number) => !/[A-Za-z0-9*\-._]/.test(String.fromCharCode(c));
  const expected: Record<PercentEncodeSetName, (c: number) => boolean> = {
    'c0-control': c0,
    fragment,
    query,
    'special-query': specialQuery,
    path,
    userinfo,
    component,
    'application/x-www-form-urlencoded': form,
  };
  for (const name of NAMES) {
    const set = percentEncodeSetByName(name)!;
    for (let c = 0; c < 128; c++) assert.equal(set[c] === 1, expected[name](c), `${name} U+${c.toString(16)}`);
  }
});

test('component matches encodeURIComponent on well-formed input', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
      assert.equal(utf8PercentEncode(s, 'component'), encodeURIComponent(s));
    }),
    { seed: 42, numRuns: 500 },
  );
});

test('long input (over 512 code units) encodes exactly as short pieces do', () => {
  const unit = fc.oneof(
    fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('é', '‽', '💩', '\ud800', '\udc00', ' ', '%', '+'),
  );
  fc.assert(
    fc.property(fc.array(unit, { minLength: 1, maxLength: 60 }), fc.constantFrom(...NAMES), (units, name) => {
      const piece = units.join('');
      const set = percentEncodeSetByName(name)!;
      // A piece ending in a high surrogate would pair with the next repetition's first unit.
      if (/[\ud800-\udbff]$/.test(piece)) return;
      const count = Math.ceil(600 / piece.length);
      const long = piece.repeat(count);
      assert.equal(utf8PercentEncodeRange(long, 0, long.length, set), utf8PercentEncodeRange(piece, 0, piece.length, set).repeat(count));
    }),
    { seed: 7, numRuns: 300 },
  );
});

test('long input whose encoding spans several chunks of output (over 65,536 bytes) encodes exactly as short pieces do', () => {
  const unit = fc.oneof(
    fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('é', '‽', '💩', '\ud800', '"', ' '),
  );
  fc.assert(
    fc.property(fc.array(unit, { minLength: 1, maxLength: 13 }), fc.constantFrom(...NAMES), fc.nat(40), (units, name, prefix) => {
      const piece = units.join('');
      const set = percentEncodeSetByName(name)!;
      if (/[\ud800-\udbff]$/.test(piece)) return;
      // Up to 9 bytes a code unit: 30,000 code units and more make up to four chunks, whose
      // boundaries fall anywhere in a piece's encoding; a kept prefix moves them.
      const count = Math.ceil(30_000 / piece.length);
      const head = 'a'.repeat(prefix);
      const long = head + piece.repeat(count);
      assert.equal(utf8PercentEncodeRange(long, 0, long.length, set), head + utf8PercentEncodeRange(piece, 0, piece.length, set).repeat(count));
    }),
    { seed: 11, numRuns: 60 },
  );
  // Ten chunks of "%22", and a non-ASCII code point across the first boundary.
  const quotes = '"'.repeat(220_000);
  assert.equal(utf8PercentEncodeRange(quotes, 0, quotes.length, percentEncodeSetByName('query')!), '%22'.repeat(220_000));
  const across = '"'.repeat(21_845) + '💩' + '"'.repeat(10);
  assert.equal(utf8PercentEncodeRange(across, 0, across.length, percentEncodeSetByName('query')!), '%22'.repeat(21_845) + '%F0%9F%92%A9' + '%22'.repeat(10));
});

test('firstPercentEncoded: a range of over 256 code units, searched natively, gives the first code unit the set encodes', () => {
  // The reference: the first code unit of the range that is not ASCII or is in the set.
  const reference = (s: string, start: number, end: number, set: Uint8Array): number => {
    for (let i = start; i < end; i++) if (s.charCodeAt(i) >= 0x80 || set[s.charCodeAt(i)] === 1) return i;
    return end;
  };
  const unit = fc.oneof(
    { arbitrary: fc.constant('a'), weight: 20 },
    { arbitrary: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), weight: 1 },
    { arbitrary: fc.constantFrom('é', '\ud800', '\udfff', '\uffff'), weight: 1 },
  );
  fc.assert(
    fc.property(fc.array(unit, { minLength: 300, maxLength: 900 }), fc.nat(), fc.nat(), fc.constantFrom(...NAMES), (units, a, b, name) => {
      const s = units.join('');
      const start = a % 40;
      const end = s.length - (b % 40);
      const set = percentEncodeSetByName(name)!;
      assert.equal(firstPercentEncoded(s, start, end, set), reference(s, start, end, set));
    }),
    { seed: 11, numRuns: 400 },
  );
});

// percentDecodeToString (the host parser's percent-decode and UTF-8 decode, in urlencoded.ts) must
// equal the standard's composition: UTF-8 encode, percent-decode, UTF-8 decode without BOM.
test('percentDecodeToString equals UTF-8 decode of the percent-decoded UTF-8 bytes', () => {
  const reference = (s: string): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(percentDecode(s));
  const piece = fc.oneof(
    fc.constantFrom('%', '%2', '%zz', '%41', '%C3', '%A9', '%E2%82', '%AC', '%F0%9F%92%A9', '%F0', '%ED%A0%80', '%C0%80', '%FF', '%80', '%E0%80', '%F4%90', '%EF%BB%BF', 'a', 'é', '\ud800', '\udc00', '💩', '%25', '%e2%80%bd'),
    fc.string({ maxLength: 2 }),
    fc.integer({ min: 0, max: 255 }).map((b) => '%' + b.toString(16).padStart(2, '0')),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 12 }).map((a) => a.join('')), (s) => {
      assert.equal(percentDecodeToString(s), reference(s), JSON.stringify(s));
    }),
    { numRuns: 30000 },
  );
  for (const s of ['%EF%BB%BFa', '%F0%9F%92', '%F0%9F%92%A9%F0', 'x%C3', '%C3x', '%C3é', '%C3\ud800', '\ud83d%F0%9F%92%A9', '%ED%BF%BF', '%e2%82%ac'.repeat(400), '%C3%A9a'.repeat(300), 'a%C3'.repeat(300), '%F0%9F\ud800'.repeat(300)]) {
    assert.equal(percentDecodeToString(s), reference(s), JSON.stringify(s));
  }
});
