/**
 * Regression tests for cases the property tests found, each minimal and tied to the step of the
 * standard that decides it. Every bug they record is fixed (docs/reliability.md lists them).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { reference } from './helpers/reference-url.ts';
import { URL, basicURLParse, domainToUnicode, parseURL, parseUrlencoded, percentDecode, serializeURL, urlEquals, utf8PercentEncode, type NameValueTuple } from '../src/index.ts';

describe('lone surrogates are replaced before tabs and newlines are removed', () => {
  // The URL constructor's arguments are USVStrings (Web IDL: lone surrogates become U+FFFD on
  // conversion), and only then does the basic URL parser remove ASCII tab or newline (basic URL
  // parser, step 3). So "\uD800\t\uDC00" is U+FFFD U+FFFD, never the pair U+10000. The
  // constructor leaves the conversion to the parser, which converts before removing the tab.
  const input = 'http://h/\ud800\t\udc00';
  const expected = 'http://h/%EF%BF%BD%EF%BF%BD';

  test('new URL(input)', () => {
    assert.equal(new URL(input).href, expected);
  });

  test('new URL(input) with a newline between the surrogates', () => {
    assert.equal(new URL('https://a/\ud800\n\udc00x').href, 'https://a/%EF%BF%BD%EF%BF%BDx');
  });

  test('the base argument', () => {
    assert.equal(new URL('?q', input).href, expected + '?q');
  });

  test('parseURL and basicURLParse, with a string base too', () => {
    assert.equal(serializeURL(parseURL(input)!), expected);
    assert.equal(serializeURL(basicURLParse(input)!), expected);
    assert.equal(serializeURL(parseURL('?q', { base: input })!), expected + '?q');
    // Every component, as if each lone surrogate were U+FFFD.
    const usv = (text: string) => text.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
    for (const text of ['https://u\uD800:p\uDC00@h\uDBFF.example/a\uD800?b\uDFFF#c\uD800', 'sc:\uD800x\uDC00', 'sc://h\uD800/', 'file:///\uDC00']) {
      assert.deepEqual(parseURL(text), parseURL(usv(text)), JSON.stringify(text));
      assert.deepEqual(parseURL('x\uD800', { base: text }), parseURL('x\uFFFD', { base: usv(text) }), JSON.stringify(text));
    }
  });

  test('URL.parse and the href setter', () => {
    assert.equal(URL.parse(input)?.href, expected);
    const u = new URL('http://x/');
    u.href = input;
    assert.equal(u.href, expected);
  });
});

describe('the search setter fills the query object from the URL\'s new query', () => {
  // search setter, last step (whatwg/url fde3f74): "Set this's query object's list to the result
  // of parsing url's query", the query the basic URL parser produced with the query state
  // override — from which it removed ASCII tab or newline. Node, Bun, Deno and whatwg-url 17.3
  // agree; the July 2026 text parsed the given value instead.
  test('a tab or newline in the value is in neither the query nor the list', () => {
    const u = new URL('http://h/');
    void u.searchParams;
    u.search = 'a\tb=c\nd';
    assert.equal(u.search, '?ab=cd');
    assert.deepEqual([...u.searchParams], [['ab', 'cd']]);
    assert.equal(u.searchParams.get('a\tb'), null);
  });

  test('the same when searchParams is first read after the setter', () => {
    // The query object exists from the constructor on (URL constructor, last steps), so the
    // setter's last step applies to it whether or not it was read before.
    const u = new URL('http://h/');
    u.search = 'a\tb=c\nd';
    assert.deepEqual([...u.searchParams], [['ab', 'cd']]);
  });

  test('the list is the parse of the percent-encoded query', () => {
    const u = new URL('http://h/');
    const params = u.searchParams;
    u.search = "?a b=c'd#e&%zz=é";
    assert.equal(u.search, "?a%20b=c%27d%23e&%zz=%C3%A9");
    assert.deepEqual([...params], [['a b', "c'd#e"], ['%zz', 'é']]);
  });

  test('whatwg-url 17.3 agrees (the reference implementation, as oracle)', () => {
    for (const value of ['a\tb=c\nd', '?\r\nx=1', "a b=c'd#e&%zz=é"]) {
      const ours = new URL('http://h/');
      const theirs = new reference.URL('http://h/');
      ours.search = value;
      theirs.search = value;
      assert.deepEqual([...ours.searchParams], [...theirs.searchParams], JSON.stringify(value));
    }
  });
});

describe('low-level functions on values that are not strings', () => {
  type Loose = (...args: unknown[]) => unknown;
  const values: unknown[] = [undefined, null];

  test('domainToUnicode returns null', () => {
    for (const v of values) assert.equal((domainToUnicode as Loose)(v), null);
  });

  test('percentDecode returns null', () => {
    for (const v of values) assert.equal((percentDecode as Loose)(v), null);
  });

  test('parseUrlencoded returns null', () => {
    for (const v of values) assert.equal((parseUrlencoded as Loose)(v), null);
  });

  test(
    'utf8PercentEncode returns null for a set name that cannot be converted',
    () => {
      assert.equal((utf8PercentEncode as Loose)('x', { toString: 0n }), null);
      assert.equal((utf8PercentEncode as Loose)('x', Object.create(null)), null);
    },
  );
});

describe('urlEquals takes any URL with an href, such as the platform URL', () => {
  test('compares our URL, records and the platform URL by their serialization', () => {
    const ours = new URL('HTTPS://A.example:443/x#f');
    const platform = new globalThis.URL('https://a.example/x#g');
    const record = parseURL('https://a.example/x')!;
    assert.equal(urlEquals(platform, ours, true), true);
    assert.equal(urlEquals(platform, ours), false);
    assert.equal(urlEquals(ours, record, true), true);
    assert.equal(urlEquals(platform, record, true), true);
    assert.equal(urlEquals({ href: 'https://a.example/y' }, record), false);
  });

  test('an href that is not a URL is equal to nothing, not even itself', () => {
    const notURL = { href: 'not a url' };
    assert.equal(urlEquals(notURL, notURL), false);
    assert.equal(urlEquals(notURL, new URL('https://a.example/')), false);
  });

  test('parseUrlencoded returns NameValueTuple, exported as a type', () => {
    const tuples: NameValueTuple[] = parseUrlencoded('a=1&b=2');
    assert.deepEqual(tuples, [['a', '1'], ['b', '2']]);
  });
});

test('the relative state entered by state override copies a base\'s opaque path as opaque', () => {
  for (const stateOverride of ['relative', 'special relative or authority'] as const) {
    const url = parseURL('sc:space ?query')!;
    const result = basicURLParse('', { url, stateOverride, base: parseURL('sc:space ?query')! });
    assert.equal(result, url, stateOverride);
    assert.equal(url.path, 'space%20', stateOverride);
    assert.equal(url.opaquePath, true, stateOverride);
    assert.equal(serializeURL(url), 'sc:space%20?query', stateOverride);
    // A path to shorten is never opaque in the standard: such an input fails instead of editing it.
    const other = parseURL('sc:space ?query')!;
    assert.equal(basicURLParse('x', { url: other, stateOverride, base: parseURL('sc:space ?query')! }), null, stateOverride);
  }
});
