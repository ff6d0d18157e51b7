/**
 * Valid URL strings (URL Standard §4.3 URL writing, §3.4 host writing) and validateURL.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { parseURL } from '../src/url-parser.ts';
import { serializeURL } from '../src/url-serializer.ts';
import { validateURL } from '../src/validate.ts';
import { isValidURLString } from '../src/valid-url-string.ts';
import { loadWPT, truncateLabel as cut, wptSkip } from './helpers/wpt-data.ts';

const label = (input: string, base: string | null | undefined): string =>
  `${JSON.stringify(input)}${base == null ? '' : ` against ${JSON.stringify(base)}`}`;

describe("the standard's URL parsing example table (§4.1): the Valid column", () => {
  // [input, base, valid, output (null for failure)]
  const rows: [string, string | null, boolean, string | null][] = [
    ['https:example.org', null, false, 'https://example.org/'],
    ['https://////example.com///', null, false, 'https://example.com///'],
    ['https://example.com/././foo', null, true, 'https://example.com/foo'],
    ['hello:world', 'https://example.com/', true, 'hello:world'],
    ['https:example.org', 'https://example.com/', false, 'https://example.com/example.org'],
    ['\\example\\..\\demo/.\\', 'https://example.com/', false, 'https://example.com/demo/'],
    ['example', 'https://example.com/demo', true, 'https://example.com/example'],
    ['file:///C|/demo', null, false, 'file:///C:/demo'],
    ['..', 'file:///C:/demo', true, 'file:///C:/'],
    ['file://localhost/', null, true, 'file:///'],
    ['file://loc%61lhost/', null, false, 'file:///'],
    ['https://user:password@example.org/', null, false, 'https://user:password@example.org/'],
    ['https://example.org/foo bar', null, false, 'https://example.org/foo%20bar'],
    ['https://EXAMPLE.com/../x', null, true, 'https://example.com/x'],
    ['https://ex ample.org/', null, false, null],
    ['example', null, false, null],
    ['https://example.com:demo', null, false, null],
    ['http://[www.example.com]/', null, false, null],
    ['https://example.org//', null, true, 'https://example.org//'],
    ['https://example.com/[]?[]#[]', null, false, 'https://example.com/[]?[]#[]'],
    ['https://example/%?%#%', null, false, 'https://example/%?%#%'],
    ['https://example/%25?%25#%25', null, true, 'https://example/%25?%25#%25'],
  ];
  for (const [input, base, valid, output] of rows) {
    test(label(input, base), () => {
      const options = base === null ? undefined : { base };
      assert.equal(isValidURLString(input, options), valid);
      const result = validateURL(input, options);
      assert.equal(result.valid, valid);
      assert.equal(result.url === null ? null : serializeURL(result.url), output);
      // The Valid column agrees with the parser: no validation error and no failure.
      assert.equal(result.url !== null && result.errors.length === 0, valid);
    });
  }

  test('the component table (§4.1) lists valid URL strings', () => {
    for (const input of [
      'https://example.com/',
      'https://localhost:8000/search?q=text#hello',
      'urn:isbn:9780307476463',
      'file:///ada/Analytical%20Engine/README.md',
    ]) {
      assert.equal(isValidURLString(input), true, input);
      assert.equal(validateURL(input).valid, true, input);
    }
  });
});

describe("the standard's host examples (§3): valid host strings and valid opaque-host strings", () => {
  // The host parsing table: [input, isOpaque false result, isOpaque true result]; null is failure.
  // A valid host string is input the host parser takes without validation error or failure
  // (§3), so the validity follows from whether parsing changes nothing in a way that is an error.
  // Expected validity is from the definitions of §3.4, per column.
  const rows: [string, boolean, boolean][] = [
    // [input, valid host string, valid opaque-host string]
    ['EXAMPLE.COM', true, true], // a valid domain: the strict domain parser lowercases
    ['example%2Ecom', false, true], // "%" is no domain code point; a percent-encoded byte is a URL unit
    ['faß.example', true, true],
    ['0', false, true], // ends in a number, and not four parts
    ['%30', false, true],
    ['0x', false, true],
    ['0xffffffff', false, true],
    ['[0:0::1]', true, true],
    ['[0:0::1%5D', false, false],
    ['[0:0::%31]', false, false],
    ['09', false, true],
    ['example.255', false, true],
    ['example^example', false, false], // "^" is a forbidden host code point
  ];
  for (const [host, validHost, validOpaque] of rows) {
    test(JSON.stringify(host), () => {
      // A special URL's host is a valid host string; a non-special URL's is an opaque-host string.
      assert.equal(isValidURLString(`https://${host}/`), validHost, 'as a host string');
      assert.equal(isValidURLString(`foo://${host}/`), validOpaque, 'as an opaque-host string');
      // And the parser reports a validation error or failure exactly for the invalid ones.
      for (const [input, valid] of [
        [`https://${host}/`, validHost],
        [`foo://${host}/`, validOpaque],
      ] as const) {
        const errors: unknown[] = [];
        const url = parseURL(input, { onValidationError: (e) => errors.push(e) });
        assert.equal(url !== null && errors.length === 0, valid, input);
      }
    });
  }
});

describe('host writing (§3.4)', () => {
  const host = (h: string): boolean => isValidURLString(`https://${h}/`);
  test('valid IPv4-address strings: four shortest decimal numbers 0–255', () => {
    for (const h of ['0.0.0.0', '127.0.0.1', '255.255.255.255', '1.22.33.4']) assert.equal(host(h), true, h);
    for (const h of ['256.0.0.1', '01.2.3.4', '1.2.3', '1.2.3.4.5', '1.2.3.4.', '0x7f.0.0.1', '1..2.3', '1.2.3.+4'])
      assert.equal(host(h), false, h);
  });

  test('valid IPv6-address strings', () => {
    const valid = [
      '1:2:3:4:5:6:7:8',
      '::',
      '::1',
      '1::',
      '1:2:3:4:5:6:7::',
      '::2:3:4:5:6:7:8',
      '1:2:3:4:5:6:1.2.3.4',
      '::1.2.3.4',
      '::ffff:1.2.3.4',
      '1::1.2.3.4',
      'ABCD:ef01::',
      '0:0:0:0:0:0:0:0',
    ];
    const invalid = [
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      '1::2::3',
      ':1::',
      '1:::2',
      '01::',
      '1:2:3:4:5:6:7:1.2.3.4',
      '1.2.3.4',
      '::1.2.3',
      '::1.2.3.04',
      '::256.1.1.1',
      '12345::',
      '::g',
      '1:2:3:4:5:6::1.2.3.4',
    ];
    for (const h of valid) assert.equal(host(`[${h}]`), true, h);
    for (const h of invalid) assert.equal(host(`[${h}]`), false, h);
    // The grammar and the parser agree on these.
    for (const h of [...valid, ...invalid]) {
      const errors: unknown[] = [];
      const url = parseURL(`https://[${h}]/`, { onValidationError: (e) => errors.push(e) });
      assert.equal(url !== null && errors.length === 0, valid.includes(h), h);
    }
  });

  test('valid domains: the strict domain parser succeeds and the result does not end in a number', () => {
    for (const h of ['example.com', 'EXAMPLE.com', 'xn--53h.example', '☕.example', 'a-b.c']) assert.equal(host(h), true, h);
    for (const h of ['a_b.com', '-a.com', 'a..b', 'example.com.1', 'exa mple', 'ex%41mple.com', 'a\u200Db'])
      assert.equal(host(h), false, h);
  });

  test('valid opaque-host strings', () => {
    const opaque = (h: string): boolean => isValidURLString(`foo://${h}/`);
    for (const h of ['a', 'A_B', 'ex%41mple', "!$&'()*+,;=~-._", 'ü', '[::1]']) assert.equal(opaque(h), true, h);
    for (const h of ['a b', 'a%4', 'a<b', 'a|b', '[a]', 'a\u0001']) assert.equal(opaque(h), false, h);
  });
});

describe('URL writing (§4.3)', () => {
  test('absolute-URL strings by scheme', () => {
    const cases: [string, boolean][] = [
      ['https://example.com', true],
      ['HTTPS://example.com:/', true], // the empty URL-port string
      ['https://example.com:0443/', true],
      ['https://example.com:65536/', false],
      ['https:/example.com', false],
      ['https:///example.com', false],
      ['https://example.com?a?b', true],
      ['https://example.com/#a#b', false],
      ['ftp://example.com/a;b', true],
      ['file:', false],
      ['file://', true],
      ['file:///', true],
      ['file:/x', false],
      ['file://host/x', true],
      ['file://host:1/x', false],
      ['file://[::1]/x', true],
      ['foo:', true], // an empty opaque path
      ['foo:/', true],
      ['foo://', true], // an empty opaque-host-and-port string
      ['foo:///x', true],
      ['foo://:1/', false],
      ['foo://h:1/x?y#z', true],
      ['foo://h:x/', false],
      ['foo:/x//y', true],
      ['foo:a b', false],
      ['foo:?', true],
      ['1foo:x', false],
      ['f+o-o.:x', true],
    ];
    for (const [input, valid] of cases) {
      assert.equal(isValidURLString(input), valid, input);
      const errors: unknown[] = [];
      const url = parseURL(input, { onValidationError: (e) => errors.push(e) });
      assert.equal(url !== null && errors.length === 0, valid, `${input}: the parser agrees`);
    }
  });

  test('relative-URL strings depend on the base', () => {
    const cases: [string, string, boolean][] = [
      ['', 'https://a/', true],
      ['?q', 'https://a/', true],
      ['#f', 'https://a/', true],
      ['/x', 'https://a/', true],
      ['x/y', 'https://a/', true],
      ['//b/c', 'https://a/', true],
      ['//b:1/c', 'https://a/', true],
      ['//', 'https://a/', false],
      ['//b:1/c', 'file:///', false],
      ['//b/c', 'file:///', true],
      ['//', 'file:///', true],
      ['//', 'foo://a/', true],
      ['//b:1', 'foo://a/', true],
      ['https:x', 'https://a/', false],
      ['#f', 'mailto:a', true],
      ['?q', 'mailto:a', false],
      ['x', 'mailto:a', false],
      ['\\x', 'https://a/', false],
      ['/c:/path/to/file', 'file:///c:/', true],
      ['c|/x', 'file:///c:/', false],
    ];
    for (const [input, base, valid] of cases) {
      assert.equal(isValidURLString(input, { base }), valid, label(input, base));
      assert.equal(validateURL(input, { base }).valid, valid, label(input, base));
    }
  });

  test('without a base, a relative-URL string is not valid', () => {
    for (const input of ['', 'x', '/x', '//a/', '?q', '#f']) assert.equal(isValidURLString(input), false, input);
  });

  test('URL units: URL code points and percent-encoded bytes', () => {
    const path = (p: string): boolean => isValidURLString(`https://a/${p}`);
    for (const p of ["!$&'()*+,-./:;=@_~", '%00%ff%AB', '\u00A0', '\u{10FFFD}', 'ü']) assert.equal(path(p), true, p);
    for (const p of ['%', '%g0', '%0', ' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u007F', '\u0080', '\u009F', '\uFDD0', '\uFFFE', '\u{1FFFF}', '\uD800', '\uDC00x'])
      assert.equal(path(p), false, JSON.stringify(p));
  });

  test('a base that is not a URL', () => {
    assert.equal(isValidURLString('https://a/', { base: 'not a URL' }), false);
    assert.deepEqual(validateURL('https://a/', { base: 'not a URL' }), { valid: false, url: null, errors: [] });
  });

  test('a base given as a URL record or as an object with href', () => {
    const record = parseURL('file:///C:/demo')!;
    assert.equal(isValidURLString('..', { base: record }), true);
    assert.equal(isValidURLString('..', { base: { href: 'mailto:x' } }), false);
  });
});

describe('the grammar and the parser agree where the July 2026 text disagreed (docs/validation.md)', () => {
  test('an IPv4 address written with full-width digits: IPv4-non-ASCII-input', () => {
    const input = 'https://\uFF11\uFF12\uFF17.\uFF10.\uFF10.\uFF11/';
    const result = validateURL(input);
    assert.equal(result.url === null ? null : serializeURL(result.url), 'https://127.0.0.1/');
    assert.deepEqual(result.errors.map((e) => e.type), ['IPv4-non-ASCII-input']);
    assert.equal(isValidURLString(input), false);
    assert.equal(result.valid, false);
  });

  test('a lone surrogate, which the parser reads as U+FFFD and reports as invalid-URL-unit', () => {
    const result = validateURL('https://a/\uD800');
    assert.equal(result.url === null ? null : serializeURL(result.url), 'https://a/%EF%BF%BD');
    assert.deepEqual(result.errors.map((e) => e.type), ['invalid-URL-unit']);
    assert.equal(isValidURLString('https://a/\uD800'), false);
    assert.equal(result.valid, false);
  });
});

interface ParserCase {
  input: string;
  base: string | null;
}

describe('web-platform-tests urltestdata.json: the grammar agrees with the parser', { skip: wptSkip() }, () => {
  const cases = (loadWPT('urltestdata.json') as unknown[]).filter(
    (c): c is ParserCase => typeof c === 'object' && c !== null,
  );
  for (const c of cases) {
    test(`${cut(JSON.stringify(c.input))}${c.base === null ? '' : ` against ${cut(JSON.stringify(c.base))}`}`, () => {
      const base = c.base ?? undefined;
      const result = validateURL(c.input, { base });
      const parserValid = result.url !== null && result.errors.length === 0;
      assert.equal(isValidURLString(c.input, { base }), parserValid);
      assert.equal(result.valid, parserValid);
    });
  }
});
