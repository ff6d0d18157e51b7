/**
 * Adversarial inputs of up to about 1 MB: each must take time proportional to its length. Rather
 * than wall-clock limits, which depend on the machine, each test times an input of size n and one
 * of size 2n (the fastest of several interleaved runs, after a warm-up) and requires the ratio to stay
 * under a limit: about 2 for linear work, 4 for quadratic (test/helpers/linear-time.ts).
 */
import { URLPattern } from '../src/urlpattern.ts';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertLinear } from './helpers/linear-time.ts';
import fc from './helpers/fast-check.ts';
import {
  URL,
  URLSearchParams,
  domainToASCII,
  parseURL,
  parseUrlencoded,
  percentDecode,
  serializeUrlencoded,
} from '../src/index.ts';
import {
  FORM_URLENCODED_SET,
  percentDecodeBytes,
  utf8DecodeWithoutBOM,
  utf8PercentEncodeString,
} from '../src/percent-encoding.ts';
import { serializeUrlencoded as serializeUrlencodedLegacy } from '../src/legacy-encoding.ts';
import { reserializeUrlencoded, urlencodedEncodeString } from '../src/urlencoded.ts';

const parse = (s: string): unknown => parseURL(s);

describe('URL parsing of long inputs is linear', () => {
  const shapes: [string, (n: number) => string, number][] = [
    ['"/.." repeated', (n) => 'http://h' + '/..'.repeat(n), 170_000],
    ['"%2e%2e/" repeated', (n) => 'http://h/' + '%2e%2e/'.repeat(n), 75_000],
    ['"a/b/../" repeated: the path grows and shrinks', (n) => 'http://h/' + 'a/b/../'.repeat(n), 75_000],
    ['"/." repeated in a non-special URL', (n) => 'foo:' + '/.'.repeat(n), 250_000],
    ['"../" after a file drive letter', (n) => 'file:///C:/' + '../'.repeat(n), 170_000],
    ['"/" repeated', (n) => 'http://h' + '/'.repeat(n), 500_000],
    ['"/" repeated after "file:"', (n) => 'file:' + '/'.repeat(n), 500_000],
    ['"a/" repeated in a file URL', (n) => 'file:///' + 'a/'.repeat(n), 250_000],
    ['"a\\" repeated in a special URL\'s path', (n) => 'http://h/' + 'a\\'.repeat(n), 250_000],
    ['"a/" repeated, then ".."', (n) => 'http://h/' + 'a/'.repeat(n) + '..', 250_000],
    ['"a\\/" repeated in a non-special URL, then ".."', (n) => 'foo://h/' + 'a\\/'.repeat(n) + '..', 170_000],
    ['a long scheme', (n) => 'a'.repeat(n) + ':x', 500_000],
    ['"C|/" repeated in a file URL (a drive letter first)', (n) => 'file:///' + 'C|/'.repeat(n), 170_000],
    ['"1." repeated: an IPv4 address with many parts', (n) => 'http://' + '1.'.repeat(n) + '/', 250_000],
    ['"a\t" repeated in the path', (n) => 'http://h/' + 'a\t'.repeat(n), 250_000],
    ['"@" repeated in the authority', (n) => 'http://' + '@'.repeat(n) + 'h/', 500_000],
    ['"user@" repeated in the authority', (n) => 'http://' + 'u:p@'.repeat(n) + 'h/', 60_000],
    ['"[" repeated', (n) => 'http://' + '['.repeat(n), 500_000],
    ['":" repeated after a host', (n) => 'http://h' + ':'.repeat(n), 500_000],
    ['":" repeated in a non-special URL', (n) => 'a:' + ':'.repeat(n), 500_000],
    ['hex IPv4 part with many digits', (n) => 'http://0x' + 'f'.repeat(n) + '/', 500_000],
    ['hex IPv4 part with many leading zeros', (n) => 'http://0x' + '0'.repeat(n) + '1.0x1/', 500_000],
    ['decimal IPv4 part with many digits', (n) => 'http://1.' + '9'.repeat(n) + '/', 500_000],
    ['"a." repeated: many labels', (n) => 'http://' + 'a.'.repeat(n) + '/', 250_000],
    ['"a." repeated ending in a number', (n) => 'http://' + 'a.'.repeat(n) + '1/', 250_000],
    ['"ü." repeated: many IDN labels', (n) => 'http://' + 'ü.'.repeat(n) + '/', 25_000],
    ['"xn--tda." repeated: many punycode labels', (n) => 'http://' + 'xn--tda.'.repeat(n) + '/', 25_000],
    ['one long label of one non-ASCII code point', (n) => 'http://' + 'ü'.repeat(n) + '/', 25_000],
    ['one long xn-- label', (n) => 'http://xn--' + 'a'.repeat(n) + '/', 250_000],
    ['one long upper-case ASCII label', (n) => 'http://' + 'A'.repeat(n) + '/', 500_000],
    ['IPv6-like "1:" repeated', (n) => 'http://[' + '1:'.repeat(n) + ']', 250_000],
    ['IPv6-like "::" then digits', (n) => 'http://[::' + '1'.repeat(n) + ']', 500_000],
    ['IPv6-like ":" repeated', (n) => 'http://[' + ':'.repeat(n) + ']', 500_000],
    ['IPv6 with a long embedded IPv4', (n) => 'http://[::' + '1.'.repeat(n) + ']', 250_000],
    ['"%" repeated in the path', (n) => 'http://h/' + '%'.repeat(n), 500_000],
    ['"%" repeated in the host', (n) => 'http://' + '%'.repeat(n), 500_000],
    ['"%" repeated in the query and fragment', (n) => 'http://h/?' + '%'.repeat(n) + '#' + '%'.repeat(n), 250_000],
    ['"%41" repeated in an opaque host', (n) => 'foo://' + '%41'.repeat(n) + '/', 170_000],
    ['tabs and newlines repeated', (n) => 'http://h/' + '\t\n'.repeat(n) + 'x', 250_000],
    ['leading and trailing spaces', (n) => ' '.repeat(n) + 'http://h/' + ' '.repeat(n), 250_000],
    ['U+00A0 and spaces at both ends', (n) => '\u00a0 '.repeat(n) + 'http://h/?' + ' \u00a0 '.repeat(n), 170_000],
    ['C0 controls at both ends', (n) => '\u0001'.repeat(n) + 'http://h/?' + '\u001f'.repeat(n), 250_000],
    ['"a" repeated in an opaque host', (n) => 'foo://' + 'a'.repeat(n) + '/', 500_000],
    ['"a" repeated in an opaque path, then a query', (n) => 'javascript:' + 'a'.repeat(n) + '?q', 500_000],
    ['lone surrogates repeated', (n) => 'http://h/' + '\ud800'.repeat(n), 170_000],
    ['non-ASCII path repeated', (n) => 'http://h/' + 'é💩'.repeat(n), 100_000],
    ['"?" and "#" repeated', (n) => 'http://h/' + '?#'.repeat(n), 250_000],
  ];
  for (const [name, make, n] of shapes) {
    test(name, (t) => assertLinear(t, make, n, parse));
  }

  test('relative "a/" repeated against a base', (t) => {
    const base = parseURL('http://h/a/b')!;
    assertLinear(t, (n) => 'a/'.repeat(n) + 'x', 250_000, (s: string) => parseURL(s, { base }));
  });

  test('a relative reference against a base path of many segments', (t) => {
    assertLinear(t, (n) => 'http://h/' + 'a/'.repeat(n), 250_000, (base: string) => new URL('x', base).href.length);
  });

  test('a query or a fragment alone against a base with a long path and query', (t) => {
    // The route's form of such a reference is the base's path (and query) and the reference.
    assertLinear(t, (n) => 'http://h/' + 'a/'.repeat(n) + '?' + 'q'.repeat(n), 125_000, (base: string) => new URL('#f', base).href.length);
    assertLinear(t, (n) => '?' + '"a'.repeat(n) + '#' + 'b'.repeat(n), 125_000, (s: string) => new URL(s, 'http://h/a/b?c').href.length);
  });

  test('relative "../" repeated against a deep base', (t) => {
    const base = parseURL('http://h/' + 'a/'.repeat(100_000))!;
    assertLinear(t, (n) => '../'.repeat(n) + 'x', 170_000, (s: string) => parseURL(s, { base }));
  });
});

describe('URL setters on long inputs are linear', () => {
  const setters: [string, (n: number) => string, number][] = [
    ['pathname', (n) => '/..'.repeat(n), 170_000],
    ['pathname', (n) => 'a/b/../'.repeat(n), 75_000],
    ['search', (n) => '%'.repeat(n), 500_000],
    ['search', (n) => 'a=b&'.repeat(n), 125_000],
    ['hash', (n) => '`'.repeat(n), 500_000],
    ['host', (n) => 'a.'.repeat(n), 250_000],
    ['hostname', (n) => '['.repeat(n), 500_000],
    ['port', (n) => '0'.repeat(n) + '1', 500_000],
    ['username', (n) => '@:'.repeat(n), 250_000],
    ['protocol', (n) => 'a'.repeat(n), 500_000],
  ];
  for (const [setter, make, n] of setters) {
    test(`${setter} = ${JSON.stringify(make(2))}…`, (t) => {
      assertLinear(
        t,
        make,
        n,
        ([u, v]: [URL, string]) => {
          (u as unknown as Record<string, string>)[setter] = v;
        },
        (v) => [new URL('http://h/p?q#f'), v] as [URL, string],
      );
    });
  }
});

describe('URLSearchParams and the urlencoded parser on long inputs are linear', () => {
  const pairsString = (n: number): string => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(`k${(i * 7919) % n}=${i}`);
    return parts.join('&');
  };

  test('append() repeated on a URL\'s query object: each append updates the URL, in constant time', (t) => {
    assertLinear(
      t,
      (n) => n,
      5_000,
      (n: number) => {
        // A URL without a query: its query object's list starts empty.
        const url = new URL('http://h/');
        for (let i = 0; i < n; i++) url.searchParams.append('k', String(i));
        return url.href.length;
      },
    );
    const url = new URL('http://h/?a=1');
    for (let i = 0; i < 40; i++) url.searchParams.append('k', String(i));
    assert.equal(url.search, '?a=1' + Array.from({ length: 40 }, (_, i) => `&k=${i}`).join(''));
    url.searchParams.set('k', 'x');
    assert.equal(url.search, '?a=1&k=x');
  });

  test('sort() of 10k and 20k pairs (n log n)', (t) => {
    assertLinear(t, pairsString, 10_000, (p: URLSearchParams) => p.sort(), (s) => new URLSearchParams(s));
  });

  test('sort() of pairs that all have the same name (stability)', (t) => {
    const make = (n: number): string => 'a=1&'.repeat(n);
    assertLinear(t, make, 50_000, (p: URLSearchParams) => p.sort(), (s) => new URLSearchParams(s));
    const p = new URLSearchParams('b=1&a=2&b=3&a=4&' + 'c=0&'.repeat(1000));
    p.sort();
    assert.deepEqual([...p.keys()].slice(0, 4), ['a', 'a', 'b', 'b']);
    assert.deepEqual(p.getAll('a'), ['2', '4']);
  });

  test('sort() on a URL updates the query once', (t) => {
    assertLinear(t, pairsString, 10_000, (u: URL) => u.searchParams.sort(), (s) => new URL('http://h/?' + s));
  });

  test('parsing "&" repeated', (t) => {
    assertLinear(t, (n) => '&'.repeat(n), 500_000, (s: string) => parseUrlencoded(s));
  });

  // A string is parsed when the list is first needed (size), and serialized from its text when the
  // list was not needed (toString): both are timed.
  // Each unit makes many small pieces of output: decoded "+" and escapes, encoded code points,
  // pairs joined by "&".
  const units: [string, string][] = [
    ['"%"', '%'],
    ['"="', '='],
    ['"%E2%82"', '%E2%82'],
    ['"&"', '&'],
    ['"+ %20"', '+ %20'],
    ['"a+"', 'a+'],
    ['"é&"', 'é&'],
    ['"%zz"', '%zz'],
    ['"a=b=c&"', 'a=b=c&'],
    ['lone surrogates', '\ud800'],
    ['"%41b"', '%41b'],
    ['"~💩"', '~💩'],
  ];
  for (const [name, unit] of units) {
    // A unit that makes a pair of its own ("é&") builds a list of n pairs. Past about 100,000
    // pairs the time is mostly V8 growing a large array and collecting garbage, not parsing: on
    // Node 20, 250,000 pairs of "é&" took 20 ms and 500,000 took 136 ms (the runtime's own
    // URLSearchParams: 43 and 106 ms); "a=b=c&" took 93 ns a pair at 100,000 pairs and 294 at
    // 200,000 (the runtime's own: 235 and 349); and on Node 26 filling an array with 250,000
    // numbers cost 4 times as much a number as filling one with 20,000. Such units stop at 50,000
    // pairs in the larger input (100,000 when measured one size up), as in the other tests here
    // that build lists; the others stay at 1 MB.
    const pairsPerUnit = new URLSearchParams(unit + unit).size - new URLSearchParams(unit).size;
    const n = pairsPerUnit === 0 ? Math.floor(500_000 / unit.length) : 25_000;
    test(`parsing ${name} repeated`, (t) => {
      assertLinear(t, (n) => unit.repeat(n), n, (s: string) => new URLSearchParams(s).size);
    });

    test(`serializing ${name} repeated, unparsed`, (t) => {
      assertLinear(t, (n) => unit.repeat(n), n, (s: string) => new URLSearchParams(s).toString());
    });

    // A unit that parses to no pairs ("&") leaves no list to serialize.
    if (new URLSearchParams(unit).size === 0) continue;
    test(`serializing ${name} repeated, parsed`, (t) => {
      assertLinear(
        t,
        (n) => unit.repeat(n),
        n,
        (p: URLSearchParams) => p.toString(),
        (s) => {
          const p = new URLSearchParams(s);
          p.sort();
          return p;
        },
      );
    });
  }

  test('serializing many parsed pairs that need encoding', (t) => {
    assertLinear(
      t,
      (n) => 'a b=c~&'.repeat(n),
      70_000,
      (p: URLSearchParams) => p.toString(),
      (s) => {
        const p = new URLSearchParams(s);
        p.sort();
        return p;
      },
    );
  });

  test('serializeUrlencoded of many tuples', (t) => {
    assertLinear(
      t,
      (n) => n,
      100_000,
      (tuples: [string, string][]) => serializeUrlencoded(tuples),
      (n) => Array.from({ length: n }, (_, i): [string, string] => [i % 2 === 0 ? 'a' : 'é b', i % 3 === 0 ? '' : 'x']),
    );
  });

  test('append() repeated, then toString()', (t) => {
    assertLinear(
      t,
      (n) => n,
      20_000,
      (n: number) => {
        const p = new URLSearchParams();
        for (let i = 0; i < n; i++) p.append('a b', 'c&d');
        return p.toString();
      },
    );
  });

  test('delete() of a name that occurs everywhere', (t) => {
    assertLinear(t, (n) => 'x=1&y=2&'.repeat(n), 50_000, (p: URLSearchParams) => p.delete('x'), (s) => new URLSearchParams(s));
  });

  test('percentDecode of "%" repeated', (t) => {
    assertLinear(t, (n) => '%'.repeat(n), 500_000, (s: string) => percentDecode(s));
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

describe('IDNA on long labels is linear', () => {
  /**
   * Punycode encoding as written in RFC 3492 §6.3 runs over the whole label once per distinct code
   * point (n² steps for n distinct code points); ours counts with a Fenwick tree (docs/reliability.md,
   * closed findings). The labels stay within U+4E00–U+9FFF, so each one is valid and encoded.
   */
  test('one long label of distinct non-ASCII code points', (t) => {
    const label = (n: number): string => {
      let s = '';
      for (let i = 0; i < n; i++) s += String.fromCodePoint(0x4e00 + i);
      return s;
    };
    assert.ok(domainToASCII(label(20_000))?.startsWith('xn--'), 'the label is encoded');
    assertLinear(t, label, 10_000, (s: string) => domainToASCII(s));
  });
});

describe('legacy encodings on long inputs are linear', () => {
  for (const [name, unit] of [['"é"', 'é'], ['"‽"', '‽'], ['"a b"', 'a b'], ['"≡"', '≡']] as const) {
    test(`serializeUrlencoded with Shift_JIS of ${name} repeated`, (t) => {
      assertLinear(t, (n) => unit.repeat(n), 100_000, (s: string) => serializeUrlencodedLegacy([['q', s]], 'Shift_JIS'));
    });
  }
});

describe('URLPattern on long patterns and inputs is linear', () => {
  // Compiled components and the last parsed input are reused: each run gets a string of its own.
  let unique = 0;
  const fresh = (s: string): string => s + '/u' + unique++;
  const build = (s: string): unknown => new URLPattern(s);
  test('a constructor string with many named groups', (t) => {
    assertLinear(t, (n) => 'https://example.com' + Array.from({ length: n }, (_, i) => '/:g' + i).join(''), 4_000, build, fresh);
  });
  test('a constructor string with many fixed segments and escapes', (t) => {
    assertLinear(t, (n) => 'https://example.com' + '/a\\:b'.repeat(n), 20_000, build, fresh);
  });
  test('a pathname pattern of many optional groups (init)', (t) => {
    // Each run's pattern is new: a cache that kept them all would make the heap, and the
    // collector's work, grow from run to run.
    assertLinear(t, (n) => '{/x}?'.repeat(n), 10_000, (s: string) => new URLPattern({ pathname: s }), fresh);
  });
  test('matching a long path against segment wildcards and a trailing wildcard', (t) => {
    const pattern = new URLPattern({ pathname: '/:a/:b/*' });
    assertLinear(t, (n) => 'https://example.com/x/y/' + 'abc/'.repeat(n), 50_000, (s: string) => pattern.exec(s), fresh);
  });
});
