/**
 * Long and adversarial inputs: what they give (their time is checked by `npm run test:perf`,
 * test/perf/adversarial.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from './helpers/fast-check.ts';
import { URL, URLSearchParams, domainToASCII, parseUrlencoded, serializeUrlencoded } from '../src/index.ts';
import { FORM_URLENCODED_SET, percentDecodeBytes, utf8PercentEncodeString } from '../src/percent-encoding.ts';
import { utf8DecodeWithoutBOM } from '../src/infra.ts';
import { reserializeUrlencoded, urlencodedEncodeString } from '../src/urlencoded.ts';

describe('URLSearchParams on many pairs', () => {
  test("append() repeated on a URL's query object updates the URL", () => {
    const url = new URL('http://h/?a=1');
    for (let i = 0; i < 40; i++) url.searchParams.append('k', String(i));
    assert.equal(url.search, '?a=1' + Array.from({ length: 40 }, (_, i) => `&k=${i}`).join(''));
    url.searchParams.set('k', 'x');
    assert.equal(url.search, '?a=1&k=x');
  });

  test('sort() of pairs that all have the same name is stable', () => {
    const p = new URLSearchParams('b=1&a=2&b=3&a=4&' + 'c=0&'.repeat(1000));
    p.sort();
    assert.deepEqual([...p.keys()].slice(0, 4), ['a', 'a', 'b', 'b']);
    assert.deepEqual(p.getAll('a'), ['2', '4']);
  });
});

describe('IDNA on long labels', () => {
  test('one long label of distinct non-ASCII code points is encoded', () => {
    let label = '';
    for (let i = 0; i < 20_000; i++) label += String.fromCodePoint(0x4e00 + i);
    assert.ok(domainToASCII(label)?.startsWith('xn--'), 'the label is encoded');
  });
});

/**
 * The urlencoded parser and serializer build short output by concatenation and, past a number of
 * pieces, long output in a byte buffer: both must give what the algorithms give. Each result is
 * compared with the algorithms written out step by step, on output just under and over the switch
 * (piece counts around 256) and on long inputs made of random short ones.
 */
describe('URLSearchParams and the urlencoded parser: long output is built as short output is', () => {
  type Pair = [string, string];
  const toUSV = (s: string): string =>
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

  /** https://url.spec.whatwg.org/#concept-urlencoded-parser, step by step, on the UTF-8 encoding of `input`. */
  const referenceParse = (input: string): Pair[] => {
    const output: Pair[] = [];
    const decode = (bytes: number[]): string =>
      utf8DecodeWithoutBOM(percentDecodeBytes(Uint8Array.from(bytes, (b) => (b === 0x2b ? 0x20 : b))));
    let sequence: number[] = [];
    const end = (): void => {
      if (sequence.length === 0) return;
      const equals = sequence.indexOf(0x3d);
      output.push(equals < 0 ? [decode(sequence), ''] : [decode(sequence.slice(0, equals)), decode(sequence.slice(equals + 1))]);
      sequence = [];
    };
    for (const byte of new TextEncoder().encode(input)) {
      if (byte === 0x26) end();
      else sequence.push(byte);
    }
    end();
    return output;
  };

  /** https://url.spec.whatwg.org/#concept-urlencoded-serializer */
  const referenceSerialize = (list: readonly Pair[]): string =>
    list
      .map(([n, v]) => utf8PercentEncodeString(n, FORM_URLENCODED_SET) + '=' + utf8PercentEncodeString(v, FORM_URLENCODED_SET))
      .join('&');

  /** Checks every path on `input`: parse, serialize unparsed, serialize parsed, serialize a list. */
  const check = (input: string): void => {
    const list = referenceParse(toUSV(input));
    const serialized = referenceSerialize(list);
    assert.deepEqual(parseUrlencoded(input), list);
    assert.equal(reserializeUrlencoded(input), serialized);
    assert.equal(new URLSearchParams(input).toString(), serialized);
    const parsed = new URLSearchParams(input);
    assert.equal(parsed.size, list.length);
    assert.equal(parsed.toString(), serialized);
    assert.equal(serializeUrlencoded(list), serialized);
    assert.equal(serializeUrlencoded(new Set(list)), serialized);
    // A list of one tuple whose name and value are the whole input.
    const whole = toUSV(input);
    assert.equal(urlencodedEncodeString(input), utf8PercentEncodeString(whole, FORM_URLENCODED_SET));
    assert.equal(serializeUrlencoded([[whole, whole]]), referenceSerialize([[whole, whole]]));
  };

  const units = [
    '+', 'a+', '%20', '%41b', '%zz', '%', '=', '==', '&', 'a&', 'a=b=c&', '%C3%A9', '%c3%a9x', 'é+', '😀+', '%E2%82',
    '%E2%82%AC', '%F0%9F%98', '%ED%A0%80', '%FF+', '\ud800', '~', ' ', '%3D%26',
  ];

  test('around the switch to the byte buffer', () => {
    for (const unit of units) {
      for (let k = 60; k <= 280; k++) check(unit.repeat(k));
      // A BOM at the start is kept, before and after the switch.
      for (const k of [10, 255, 256, 257, 600]) check('%EF%BB%BF' + unit.repeat(k) + '=%EF%BB%BF' + unit.repeat(k));
    }
  });

  const piece = fc.constantFrom(
    'a', 'Z', '*', '-', '_', '+', ' ', '=', '&', '&&', '%', '~', '/', "'", '==',
    '%20', '%2B', '%2b', '%3D', '%26', '%41', '%7e', '%25', '%zz', '%2', '%%', '%+2',
    '%C3%A9', '%c3%a9', '%E2%9C%93', '%F0%9F%98%80', '%C3', '%A9', '%E2%9C', '%ED%A0%80', '%E0%80%80',
    '%F4%90%80%80', '%C0%80', '%FF', '%EF%BB%BF', '%F0%9F%98', '%E2%2B', '%C3+',
    'é', '日本', '😀', '\ud800', '\udc00', '\ud83d', '\ude00', '\u0000', '\u007f', '\u0080', '\uffff', '\ufeff',
  );
  const short = fc.array(piece, { maxLength: 12 }).map((xs) => xs.join(''));

  test('long inputs made of random short ones', () => {
    fc.assert(
      fc.property(fc.array(short, { minLength: 1, maxLength: 400, size: 'max' }), fc.integer({ min: 1, max: 4 }), (parts, times) => {
        check(parts.join('').repeat(times));
      }),
      { numRuns: 150 },
    );
  });

  test('one short input repeated', () => {
    fc.assert(
      fc.property(short, fc.integer({ min: 100, max: 1000 }), (unit, times) => {
        check(unit.repeat(times));
      }),
      { numRuns: 150 },
    );
  });

  test('many tuples appended to an unparsed string', () => {
    fc.assert(
      fc.property(short, fc.array(fc.tuple(short, short), { maxLength: 300, size: 'max' }), (init, tuples) => {
        const params = new URLSearchParams(init);
        for (const [n, v] of tuples) params.append(n, v);
        const list: Pair[] = [...referenceParse(toUSV(init)), ...tuples.map(([n, v]): Pair => [toUSV(n), toUSV(v)])];
        assert.equal(params.toString(), referenceSerialize(list));
        assert.deepEqual([...params], list);
      }),
      { numRuns: 100 },
    );
  });
});
