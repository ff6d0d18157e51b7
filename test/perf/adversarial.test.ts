/**
 * Adversarial inputs of up to about 1 MB: each must take time linear in its length
 * (test/perf/linear.ts). The functional checks on such inputs stay in test/adversarial.test.ts.
 */
import { URLPattern } from '../../src/urlpattern.ts';
import { describe, test } from 'node:test';
import { assertLinear } from './linear.ts';
import {
  URL,
  URLSearchParams,
  domainToASCII,
  parseURL,
  parseUrlencoded,
  percentDecode,
  serializeUrlencoded,
} from '../../src/index.ts';
import { serializeUrlencoded as serializeUrlencodedLegacy } from '../../src/legacy-encoding.ts';

const parse = (s: string): unknown => parseURL(s);

describe('URL parsing of long inputs is linear', () => {
  const shapes: [string, (n: number) => string, number][] = [
    ['"/.." repeated', (n) => 'http://h' + '/..'.repeat(n), 340_000],
    ['"%2e%2e/" repeated', (n) => 'http://h/' + '%2e%2e/'.repeat(n), 150_000],
    ['"a/b/../" repeated: the path grows and shrinks', (n) => 'http://h/' + 'a/b/../'.repeat(n), 150_000],
    ['"/." repeated in a non-special URL', (n) => 'foo:' + '/.'.repeat(n), 500_000],
    ['"../" after a file drive letter', (n) => 'file:///C:/' + '../'.repeat(n), 340_000],
    ['"%2E/" repeated: single-dot segments written with a percent-encoded dot', (n) => 'http://h/' + '%2E/'.repeat(n), 250_000],
    ['".%2E/%2e./" repeated: dots of both kinds', (n) => 'http://h/' + '.%2E/%2e./'.repeat(n), 100_000],
    ['"a/b/%2E%2e/%2e/" repeated: runs shortened by the dot segments after them', (n) => 'http://h/' + 'a/b/%2E%2e/%2e/'.repeat(n), 70_000],
    ['"a/" repeated, then "%2e%2e/" repeated', (n) => 'http://h/' + 'a/'.repeat(n) + '%2e%2e/'.repeat(n), 150_000],
    ['"%2e%2E\\" repeated in a special URL', (n) => 'http://h/' + '%2e%2E\\'.repeat(n), 150_000],
    ['"/" repeated', (n) => 'http://h' + '/'.repeat(n), 1_000_000],
    ['"/" repeated after "file:"', (n) => 'file:' + '/'.repeat(n), 1_000_000],
    ['"a/" repeated in a file URL', (n) => 'file:///' + 'a/'.repeat(n), 500_000],
    ['"a\\" repeated in a special URL\'s path', (n) => 'http://h/' + 'a\\'.repeat(n), 500_000],
    ['"a/" repeated, then ".."', (n) => 'http://h/' + 'a/'.repeat(n) + '..', 500_000],
    ['"a\\/" repeated in a non-special URL, then ".."', (n) => 'foo://h/' + 'a\\/'.repeat(n) + '..', 340_000],
    ['a long scheme', (n) => 'a'.repeat(n) + ':x', 1_000_000],
    ['"C|/" repeated in a file URL (a drive letter first)', (n) => 'file:///' + 'C|/'.repeat(n), 340_000],
    ['"1." repeated: an IPv4 address with many parts', (n) => 'http://' + '1.'.repeat(n) + '/', 500_000],
    ['"a\t" repeated in the path', (n) => 'http://h/' + 'a\t'.repeat(n), 500_000],
    ['"@" repeated in the authority', (n) => 'http://' + '@'.repeat(n) + 'h/', 1_000_000],
    ['"user@" repeated in the authority', (n) => 'http://' + 'u:p@'.repeat(n) + 'h/', 120_000],
    ['"[" repeated', (n) => 'http://' + '['.repeat(n), 1_000_000],
    ['":" repeated after a host', (n) => 'http://h' + ':'.repeat(n), 1_000_000],
    ['":" repeated in a non-special URL', (n) => 'a:' + ':'.repeat(n), 1_000_000],
    ['hex IPv4 part with many digits', (n) => 'http://0x' + 'f'.repeat(n) + '/', 1_000_000],
    ['hex IPv4 part with many leading zeros', (n) => 'http://0x' + '0'.repeat(n) + '1.0x1/', 1_000_000],
    ['decimal IPv4 part with many digits', (n) => 'http://1.' + '9'.repeat(n) + '/', 1_000_000],
    ['"a." repeated: many labels', (n) => 'http://' + 'a.'.repeat(n) + '/', 500_000],
    ['"a." repeated ending in a number', (n) => 'http://' + 'a.'.repeat(n) + '1/', 500_000],
    ['"ü." repeated: many IDN labels', (n) => 'http://' + 'ü.'.repeat(n) + '/', 50_000],
    ['"xn--tda." repeated: many punycode labels', (n) => 'http://' + 'xn--tda.'.repeat(n) + '/', 50_000],
    ['one long label of one non-ASCII code point', (n) => 'http://' + 'ü'.repeat(n) + '/', 50_000],
    // Both sizes short enough that the label's encoding does not certainly overflow (the
    // check's bound needs over 380,000 and 335,000 code points below the joiners' block), so
    // that both take validation, CONTEXTJ and the encoder.
    ['one long label of "क्\u200d" (ZWJ after a virama)', (n) => 'http://' + 'क्\u200d'.repeat(n) + '/', 100_000],
    ['one long label of "ب\u200c" (ZWNJ between dual-joining letters)', (n) => 'http://' + 'ب\u200c'.repeat(n) + 'ب/', 160_000],
    ['one long label of "ᠠ\u200c" (Mongolian, which encodes without overflow)', (n) => 'http://' + 'ᠠ\u200c'.repeat(n) + 'ᠠ/', 200_000],
    ['one long xn-- label', (n) => 'http://xn--' + 'a'.repeat(n) + '/', 500_000],
    ['one long upper-case ASCII label', (n) => 'http://' + 'A'.repeat(n) + '/', 1_000_000],
    ['IPv6-like "1:" repeated', (n) => 'http://[' + '1:'.repeat(n) + ']', 500_000],
    ['IPv6-like "::" then digits', (n) => 'http://[::' + '1'.repeat(n) + ']', 1_000_000],
    ['IPv6-like ":" repeated', (n) => 'http://[' + ':'.repeat(n) + ']', 1_000_000],
    ['IPv6 with a long embedded IPv4', (n) => 'http://[::' + '1.'.repeat(n) + ']', 500_000],
    ['"%" repeated in the path', (n) => 'http://h/' + '%'.repeat(n), 1_000_000],
    ['"%" repeated in the host', (n) => 'http://' + '%'.repeat(n), 1_000_000],
    ['"%" repeated in the query and fragment', (n) => 'http://h/?' + '%'.repeat(n) + '#' + '%'.repeat(n), 500_000],
    ['"%41" repeated in an opaque host', (n) => 'foo://' + '%41'.repeat(n) + '/', 340_000],
    ['tabs and newlines repeated', (n) => 'http://h/' + '\t\n'.repeat(n) + 'x', 500_000],
    ['leading and trailing spaces', (n) => ' '.repeat(n) + 'http://h/' + ' '.repeat(n), 500_000],
    ['U+00A0 and spaces at both ends', (n) => '\u00a0 '.repeat(n) + 'http://h/?' + ' \u00a0 '.repeat(n), 340_000],
    ['C0 controls at both ends', (n) => '\u0001'.repeat(n) + 'http://h/?' + '\u001f'.repeat(n), 500_000],
    ['"a" repeated in an opaque host', (n) => 'foo://' + 'a'.repeat(n) + '/', 1_000_000],
    ['"a" repeated in an opaque path, then a query', (n) => 'javascript:' + 'a'.repeat(n) + '?q', 1_000_000],
    ['lone surrogates repeated', (n) => 'http://h/' + '\ud800'.repeat(n), 340_000],
    ['non-ASCII path repeated', (n) => 'http://h/' + 'é💩'.repeat(n), 200_000],
    ['"?" and "#" repeated', (n) => 'http://h/' + '?#'.repeat(n), 500_000],
  ];
  for (const [name, make, n] of shapes) {
    test(name, (t) => assertLinear(t, make, n, parse));
  }

  test('relative "a/" repeated against a base', async (t) => {
    const base = parseURL('http://h/a/b')!;
    await assertLinear(t, (n) => 'a/'.repeat(n) + 'x', 500_000, (s: string) => parseURL(s, { base }));
  });

  test('a relative reference against a base path of many segments', async (t) => {
    await assertLinear(t, (n) => 'http://h/' + 'a/'.repeat(n), 500_000, (base: string) => new URL('x', base).href.length);
  });

  test('a query or a fragment alone against a base with a long path and query', async (t) => {
    // The route's form of such a reference is the base's path (and query) and the reference.
    await assertLinear(t, (n) => 'http://h/' + 'a/'.repeat(n) + '?' + 'q'.repeat(n), 250_000, (base: string) => new URL('#f', base).href.length);
    await assertLinear(t, (n) => '?' + '"a'.repeat(n) + '#' + 'b'.repeat(n), 250_000, (s: string) => new URL(s, 'http://h/a/b?c').href.length);
  });

  test('relative "../" repeated against a deep base', async (t) => {
    const base = parseURL('http://h/' + 'a/'.repeat(100_000))!;
    await assertLinear(t, (n) => '../'.repeat(n) + 'x', 340_000, (s: string) => parseURL(s, { base }));
  });
});

describe('URL setters on long inputs are linear', () => {
  const setters: [string, (n: number) => string, number][] = [
    ['pathname', (n) => '/..'.repeat(n), 340_000],
    ['pathname', (n) => 'a/b/../'.repeat(n), 150_000],
    ['search', (n) => '%'.repeat(n), 1_000_000],
    ['search', (n) => 'a=b&'.repeat(n), 250_000],
    ['hash', (n) => '`'.repeat(n), 1_000_000],
    ['host', (n) => 'a.'.repeat(n), 500_000],
    ['hostname', (n) => '['.repeat(n), 1_000_000],
    ['port', (n) => '0'.repeat(n) + '1', 1_000_000],
    ['username', (n) => '@:'.repeat(n), 500_000],
    ['protocol', (n) => 'a'.repeat(n), 1_000_000],
  ];
  for (const [setter, make, n] of setters) {
    test(`${setter} = ${JSON.stringify(make(2))}…`, async (t) => {
      await assertLinear(
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

  test('append() repeated on a URL\'s query object: each append updates the URL, in constant time', async (t) => {
    await assertLinear(
      t,
      (n) => n,
      10_000,
      (n: number) => {
        // A URL without a query: its query object's list starts empty.
        const url = new URL('http://h/');
        for (let i = 0; i < n; i++) url.searchParams.append('k', String(i));
        return url.href.length;
      },
    );
  });

  test('sort() of up to 20k pairs (n log n)', async (t) => {
    await assertLinear(t, pairsString, 20_000, (p: URLSearchParams) => p.sort(), (s) => new URLSearchParams(s));
  });

  test('sort() of pairs that all have the same name (stability)', async (t) => {
    const make = (n: number): string => 'a=1&'.repeat(n);
    await assertLinear(t, make, 100_000, (p: URLSearchParams) => p.sort(), (s) => new URLSearchParams(s));
  });

  test('sort() on a URL updates the query once', async (t) => {
    await assertLinear(t, pairsString, 20_000, (u: URL) => u.searchParams.sort(), (s) => new URL('http://h/?' + s));
  });

  test('parsing "&" repeated', async (t) => {
    await assertLinear(t, (n) => '&'.repeat(n), 1_000_000, (s: string) => parseUrlencoded(s));
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
    // A unit that makes a pair of its own ("é&") builds a list of one pair a unit. Such lists stop
    // at 50,000 pairs, as in the other tests here that build lists: past that, most of the time is
    // the engine growing a large array and collecting garbage, not parsing. Lone surrogates stop at
    // 60,000: their run is one native copy of the input (its conversion to a scalar value string),
    // and a copy of a megabyte goes to fresh memory pages (V8 allocates every string over 128 KB
    // apart), whose first touch costs some virtual machines 12 µs a page, ten times the copy itself,
    // while the small input's copy reuses the young generation; at 60,000 code units (120 KB) both
    // sizes stay there. The others stay at 1 MB.
    const pairsPerUnit = new URLSearchParams(unit + unit).size - new URLSearchParams(unit).size;
    const n = pairsPerUnit === 0 ? (unit === '\ud800' ? 60_000 : Math.floor(1_000_000 / unit.length)) : 50_000;
    test(`parsing ${name} repeated`, async (t) => {
      await assertLinear(t, (n) => unit.repeat(n), n, (s: string) => new URLSearchParams(s).size);
    });

    test(`serializing ${name} repeated, unparsed`, async (t) => {
      await assertLinear(t, (n) => unit.repeat(n), n, (s: string) => new URLSearchParams(s).toString());
    });

    // A unit that parses to no pairs ("&") leaves no list to serialize.
    if (new URLSearchParams(unit).size === 0) continue;
    test(`serializing ${name} repeated, parsed`, async (t) => {
      await assertLinear(
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

  test('serializing many parsed pairs that need encoding', async (t) => {
    await assertLinear(
      t,
      (n) => 'a b=c~&'.repeat(n),
      140_000,
      (p: URLSearchParams) => p.toString(),
      (s) => {
        const p = new URLSearchParams(s);
        p.sort();
        return p;
      },
    );
  });

  test('serializeUrlencoded of many tuples', async (t) => {
    await assertLinear(
      t,
      (n) => n,
      200_000,
      (tuples: [string, string][]) => serializeUrlencoded(tuples),
      (n) => Array.from({ length: n }, (_, i): [string, string] => [i % 2 === 0 ? 'a' : 'é b', i % 3 === 0 ? '' : 'x']),
    );
  });

  test('append() repeated, then toString()', async (t) => {
    await assertLinear(
      t,
      (n) => n,
      40_000,
      (n: number) => {
        const p = new URLSearchParams();
        for (let i = 0; i < n; i++) p.append('a b', 'c&d');
        return p.toString();
      },
    );
  });

  test('delete() of a name that occurs everywhere', async (t) => {
    await assertLinear(t, (n) => 'x=1&y=2&'.repeat(n), 100_000, (p: URLSearchParams) => p.delete('x'), (s) => new URLSearchParams(s));
  });

  test('percentDecode of "%" repeated', async (t) => {
    await assertLinear(t, (n) => '%'.repeat(n), 1_000_000, (s: string) => percentDecode(s));
  });
});

describe('IDNA on long labels is linear', () => {
  /**
   * Punycode encoding as written in RFC 3492 §6.3 runs over the whole label once per distinct code
   * point (n² steps for n distinct code points); ours counts with a Fenwick tree (docs/reliability.md,
   * closed findings). The labels stay within U+4E00–U+9FFF, so each one is valid and encoded.
   */
  test('one long label of distinct non-ASCII code points', async (t) => {
    const label = (n: number): string => {
      let s = '';
      for (let i = 0; i < n; i++) s += String.fromCodePoint(0x4e00 + i);
      return s;
    };
    await assertLinear(t, label, 20_000, (s: string) => domainToASCII(s));
  });
});

describe('legacy encodings on long inputs are linear', () => {
  for (const [name, unit] of [['"é"', 'é'], ['"‽"', '‽'], ['"a b"', 'a b'], ['"≡"', '≡']] as const) {
    test(`serializeUrlencoded with Shift_JIS of ${name} repeated`, async (t) => {
      await assertLinear(t, (n) => unit.repeat(n), 200_000, (s: string) => serializeUrlencodedLegacy([['q', s]], 'Shift_JIS'));
    });
  }
});

describe('URLPattern on long patterns and inputs is linear', () => {
  // Compiled components and the last parsed input are reused: each run gets a string of its own.
  let unique = 0;
  const fresh = (s: string): string => s + '/u' + unique++;
  const build = (s: string): unknown => new URLPattern(s);
  test('a constructor string with many named groups', async (t) => {
    await assertLinear(t, (n) => 'https://example.com' + Array.from({ length: n }, (_, i) => '/:g' + i).join(''), 8_000, build, fresh);
  });
  test('a constructor string with many fixed segments and escapes', async (t) => {
    await assertLinear(t, (n) => 'https://example.com' + '/a\\:b'.repeat(n), 40_000, build, fresh);
  });
  test('a pathname pattern of many optional groups (init)', async (t) => {
    // Each run's pattern is new: a cache that kept them all would make the heap, and the
    // collector's work, grow from run to run.
    await assertLinear(t, (n) => '{/x}?'.repeat(n), 20_000, (s: string) => new URLPattern({ pathname: s }), fresh);
  });
  test('matching a long path against segment wildcards and a trailing wildcard', async (t) => {
    const pattern = new URLPattern({ pathname: '/:a/:b/*' });
    await assertLinear(t, (n) => 'https://example.com/x/y/' + 'abc/'.repeat(n), 100_000, (s: string) => pattern.exec(s), fresh);
  });
});
