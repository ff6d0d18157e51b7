import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { URLSearchParams as WhatwgURLSearchParams } from 'whatwg-url';
import fc from './helpers/fast-check.ts';
import {
  parseUrlencoded,
  parseUrlencodedString,
  serializeUrlencoded,
  urlencodedEncodeString,
} from '../src/urlencoded.ts';
import { percentDecodeBytes } from '../src/percent-encoding.ts';
import { utf8DecodeWithoutBOM } from '../src/infra.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/**
 * The application/x-www-form-urlencoded parser, step by step as the standard writes it, on bytes.
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 */
function referenceParse(input: Uint8Array): Array<[string, string]> {
  const sequences: number[][] = [[]];
  for (const byte of input) {
    if (byte === 0x26) sequences.push([]);
    else sequences[sequences.length - 1]!.push(byte);
  }
  const output: Array<[string, string]> = [];
  for (const bytes of sequences) {
    if (bytes.length === 0) continue;
    const equals = bytes.indexOf(0x3d);
    let name = equals === -1 ? bytes : bytes.slice(0, equals);
    let value = equals === -1 ? [] : bytes.slice(equals + 1);
    name = name.map((b) => (b === 0x2b ? 0x20 : b));
    value = value.map((b) => (b === 0x2b ? 0x20 : b));
    output.push([
      utf8DecodeWithoutBOM(percentDecodeBytes(Uint8Array.from(name))),
      utf8DecodeWithoutBOM(percentDecodeBytes(Uint8Array.from(value))),
    ]);
  }
  return output;
}

describe('application/x-www-form-urlencoded parser', () => {
  const cases: Array<[string, Array<[string, string]>]> = [
    ['', []],
    ['a=b', [['a', 'b']]],
    ['a=b=c', [['a', 'b=c']]],
    ['=', [['', '']]],
    ['=b', [['', 'b']]],
    ['a=', [['a', '']]],
    ['a', [['a', '']]],
    ['&&', []],
    ['&a&&b=1&', [['a', ''], ['b', '1']]],
    ['+%20', [['  ', '']]],
    ['a+b=c+d', [['a b', 'c d']]],
    ['%2B=%2b', [['+', '+']]],
    ['%zz', [['%zz', '']]],
    ['%', [['%', '']]],
    ['%4', [['%4', '']]],
    ['%41%4a%4A', [['AJJ', '']]],
    ['%%41', [['%A', '']]],
    ['%C3%A9=%c3%a9', [['é', 'é']]],
    ['é=ü', [['é', 'ü']]],
    ['%FF', [['\uFFFD', '']]],
    ['%C3', [['\uFFFD', '']]],
    ['%E2%82', [['\uFFFD', '']]],
    ['%C3%28', [['\uFFFD(', '']]],
    ['%EF%BB%BFa', [['\uFEFFa', '']]],
    ['%F0%9F%98%80=\u{1F600}', [['\u{1F600}', '\u{1F600}']]],
    ['%00=%0A', [['\0', '\n']]],
    ['a=%26&b=%3D', [['a', '&'], ['b', '=']]],
    ['a=1&a=2&b', [['a', '1'], ['a', '2'], ['b', '']]],
    ['é%41+x=1', [['éA x', '1']]],
  ];

  for (const [input, expected] of cases) {
    it(`parses ${JSON.stringify(input)}`, () => {
      assert.deepEqual(parseUrlencoded(input), expected);
      assert.deepEqual(parseUrlencodedString(input), expected);
      assert.deepEqual(parseUrlencoded(utf8(input)), expected);
    });
  }

  it('treats lone surrogates in a string as U+FFFD, as UTF-8 encoding does', () => {
    assert.deepEqual(parseUrlencoded('\uD800=\uDC00x'), [['\uFFFD', '\uFFFDx']]);
    assert.deepEqual(parseUrlencoded('%41\uD800=%41\uDBFF'), [['A\uFFFD', 'A\uFFFD']]);
  });

  it('percent-decodes bytes before UTF-8 decoding, so escapes and raw bytes combine', () => {
    // 0xC3 followed by the escape of 0xA9 is "é".
    assert.deepEqual(parseUrlencoded(Uint8Array.of(0xc3, 0x25, 0x41, 0x39)), [['é', '']]);
    assert.deepEqual(parseUrlencoded(Uint8Array.of(0xff, 0x3d, 0xfe)), [['\uFFFD', '\uFFFD']]);
    assert.deepEqual(parseUrlencoded(Uint8Array.of(0xe2, 0x26, 0x61)), [['\uFFFD', ''], ['a', '']]);
  });

  it('handles long inputs', () => {
    const long = 'x'.repeat(10000);
    assert.deepEqual(parseUrlencoded(`${long}=%41${long}`), [[long, 'A' + long]]);
    const encoded = '%C3%A9'.repeat(5000);
    assert.deepEqual(parseUrlencoded(`a=${encoded}`), [['a', 'é'.repeat(5000)]]);
    const many = Array.from({ length: 1000 }, (_, i) => `k${i}=v%20${i}`).join('&');
    const parsed = parseUrlencoded(many);
    assert.equal(parsed.length, 1000);
    assert.deepEqual(parsed[999], ['k999', 'v 999']);
  });

  it('decodes a name or value of many pieces (past the first 256, gathered as bytes) as the standard does', () => {
    // Literal non-ASCII text (a lone surrogate among it), "+" and escapes alternate, so the
    // decoded value is made of thousands of pieces.
    for (const unit of ['é+%C3%A9x', '😀+%F0%9F%98%80\uD800%41', '%E2%82+\uDC00€%ac']) {
      const input = `a=${unit.repeat(400)}&${unit.repeat(300)}=b`;
      assert.deepEqual(parseUrlencodedString(input), referenceParse(utf8(input)), unit);
    }
  });

  it('matches the standard on the UTF-8 encoding of any string', () => {
    const unit = fc.constantFrom(
      '&', '=', '+', '%', '%2', '%41', '%C3', '%A9', '%e2%82%ac', '%FF', '%F0%9F', '%98%80', 'a', 'Z', '0', 'f',
      ' ', 'é', '€', '\u{1F600}', '\uD800', '\uDC00', '\uFEFF', '\0',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 24 }), (units) => {
        const input = units.join('');
        assert.deepEqual(parseUrlencoded(input), referenceParse(utf8(input)));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (input) => {
        assert.deepEqual(parseUrlencoded(input), referenceParse(utf8(input)));
      }),
      { numRuns: 1000 },
    );
  });

  it('matches the standard on any byte sequence', () => {
    const byte = fc.oneof(
      fc.constantFrom(0x26, 0x3d, 0x2b, 0x25, 0x41, 0x61, 0x46, 0x30, 0x39, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xff, 0xef),
      fc.integer({ min: 0, max: 255 }),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 40 }), (bytes) => {
        const input = Uint8Array.from(bytes);
        assert.deepEqual(parseUrlencoded(input), referenceParse(input));
      }),
      { numRuns: 2000 },
    );
  });

  it('does not modify its input bytes', () => {
    const input = utf8('a+b=%41+');
    const copy = input.slice();
    parseUrlencoded(input);
    assert.deepEqual(input, copy);
  });
});

describe('application/x-www-form-urlencoded serializer', () => {
  it('joins name=value pairs with "&"', () => {
    assert.equal(serializeUrlencoded([]), '');
    assert.equal(serializeUrlencoded([['a', 'b']]), 'a=b');
    assert.equal(serializeUrlencoded([['a', 'b'], ['c', '']]), 'a=b&c=');
    assert.equal(serializeUrlencoded([['', '']]), '=');
    assert.equal(serializeUrlencoded([['', ''], ['', '']]), '=&=');
  });

  it('encodes space as "+" and keeps only ASCII alphanumerics and *-._', () => {
    assert.equal(serializeUrlencoded([['a b', 'c d']]), 'a+b=c+d');
    assert.equal(serializeUrlencoded([['*-._', 'AZaz09']]), '*-._=AZaz09');
    assert.equal(serializeUrlencoded([['~', '!']]), '%7E=%21');
    assert.equal(serializeUrlencoded([["'()", '+&=%']]), '%27%28%29=%2B%26%3D%25');
    assert.equal(serializeUrlencoded([['/?#:@', '[]{}|\\^`"<>,;$']]), '%2F%3F%23%3A%40=%5B%5D%7B%7D%7C%5C%5E%60%22%3C%3E%2C%3B%24');
    assert.equal(serializeUrlencoded([['\0\t\n\x7F', '']]), '%00%09%0A%7F=');
  });

  it('UTF-8 encodes non-ASCII code points', () => {
    assert.equal(serializeUrlencoded([['é', '€'], ['\u{1F600}', '\uFFFD']]), '%C3%A9=%E2%82%AC&%F0%9F%98%80=%EF%BF%BD');
  });

  it('encodes every code point outside ASCII alphanumerics and *-._', () => {
    for (let c = 0; c < 0x80; c++) {
      const ch = String.fromCharCode(c);
      const kept = /[A-Za-z0-9*\-._]/.test(ch);
      const expected = kept ? ch : c === 0x20 ? '+' : '%' + c.toString(16).toUpperCase().padStart(2, '0');
      assert.equal(urlencodedEncodeString(ch), expected, `U+${c.toString(16)}`);
    }
  });

  it('encodes names and values as UTF-8 percent-encode with the form set and space as "+"', () => {
    assert.equal(urlencodedEncodeString('\uD800x\uDFFF'), '%EF%BF%BDx%EF%BF%BD');
    assert.equal(urlencodedEncodeString('a\uD83D'), 'a%EF%BF%BD');
    assert.equal(urlencodedEncodeString('\u07FF\u0800\uFFFF\u{10000}\u{10FFFF}'), '%DF%BF%E0%A0%80%EF%BF%BF%F0%90%80%80%F4%8F%BF%BF');
    const plain = 'nothing-to_encode.*';
    assert.equal(urlencodedEncodeString(plain), plain);
    // Against whatwg-url, the reference implementation (its serializer, on one tuple).
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (input) => {
        assert.equal(urlencodedEncodeString(input) + '=', new WhatwgURLSearchParams([[input, '']]).toString());
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts any iterable of tuples', () => {
    assert.equal(serializeUrlencoded(new Map([['a', '1'], ['b', '2']])), 'a=1&b=2');
    function* tuples(): Generator<[string, string]> {
      yield ['x', 'y z'];
      yield ['', 'w'];
    }
    assert.equal(serializeUrlencoded(tuples()), 'x=y+z&=w');
  });

  it('uses the given encodeString for names and values', () => {
    const seen: string[] = [];
    const output = serializeUrlencoded([['a', 'b'], ['c', 'd']], (s) => {
      seen.push(s);
      return s.toUpperCase();
    });
    assert.equal(output, 'A=B&C=D');
    assert.deepEqual(seen, ['a', 'b', 'c', 'd']);
  });

  it('round-trips through the parser', () => {
    const scalarString = fc.string({ unit: 'grapheme', maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.tuple(scalarString, scalarString), { maxLength: 6 }), (tuples) => {
        assert.deepEqual(parseUrlencoded(serializeUrlencoded(tuples)), tuples);
      }),
      { numRuns: 1000 },
    );
  });

  it('returns an ASCII string', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })), { maxLength: 4 }), (tuples) => {
        const output = serializeUrlencoded(tuples);
        for (let i = 0; i < output.length; i++) assert.ok(output.charCodeAt(i) < 0x80);
      }),
      { numRuns: 500 },
    );
  });
});
