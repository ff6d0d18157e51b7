/**
 * relativeURL(from, to): the result parses against `from` to exactly `to`'s serialization (checked
 * with this package's parser and with whatwg-url), and no string of the forms it chooses from is
 * shorter and also parses back. The forms are enumerated here by brute force, each candidate
 * parsed, over generated pairs and pairs made from the URL corpus; the hard cases of the URL
 * Standard's parser have tests of their own, with the states that decide them.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import fc, { SEED } from './helpers/fast-check.ts';
import { corpusLines, corpusSkip } from './helpers/corpus.ts';
import { parseURL, relativeURL, serializeURL, URL, type RelativeURLOptions, type URLRecord } from '../src/index.ts';
import * as arb from './helpers/arbitraries.ts';

const oracle = createRequire(import.meta.url)('whatwg-url') as { URL: typeof globalThis.URL };

/** FUZZ_RUNS=n runs every property n times (a long campaign: FUZZ_RUNS=200000 FUZZ_SEED=7). */
const LONG_RUNS = process.env.FUZZ_RUNS === undefined ? undefined : Number(process.env.FUZZ_RUNS);

/** Runs `property` with the fixed seed and `numRuns` cases (or FUZZ_RUNS). */
function check<T>(property: fc.IProperty<T>, numRuns: number): void {
  fc.assert(property, { seed: SEED, numRuns: LONG_RUNS ?? numRuns });
}

// --- The brute force ---------------------------------------------------------------------------

/** The forms a candidate belongs to, for the options' restrictions. */
type Form = 'absolute' | 'scheme-relative' | 'path-absolute' | 'path-relative' | 'query' | 'fragment' | 'empty';

/**
 * Every candidate string of every form for reaching `to` from `from`, valid or not: the absolute
 * serialization; "//" and what follows the scheme; "", "#fragment", "?query#fragment"; each tail of
 * the path from one of its "/" (with and without "/." before it); and each tail of the path after
 * one of its "/", after every number of "../" up to one more than the base has segments, with and
 * without "./" before, and "." or ".." in place of an empty last segment.
 */
function candidates(from: URLRecord, to: URLRecord, toHref: string): [string, Form][] {
  const result: [string, Form][] = [[toHref, 'absolute']];
  const afterScheme = toHref.slice(to.scheme.length + 1);
  if (afterScheme.startsWith('//')) result.push([afterScheme, 'scheme-relative']);
  const fragment = to.fragment === null ? '' : '#' + to.fragment;
  const queryAndFragment = (to.query === null ? '' : '?' + to.query) + fragment;
  result.push(['', 'empty']);
  if (to.fragment !== null) result.push([fragment, 'fragment']);
  if (to.query !== null) result.push([queryAndFragment, 'query']);
  if (to.opaquePath) return result;
  const path = to.serializedPath;
  const depth = from.opaquePath ? 0 : from.serializedPath.split('/').length;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    const tail = path.slice(i);
    result.push([tail + queryAndFragment, 'path-absolute'], ['/.' + tail + queryAndFragment, 'path-absolute']);
    const rest = path.slice(i + 1);
    for (let k = 0; k <= depth; k++) {
      const ups = '../'.repeat(k);
      result.push([ups + rest + queryAndFragment, 'path-relative'], ['./' + ups + rest + queryAndFragment, 'path-relative']);
      if (rest === '') result.push([ups + '.' + queryAndFragment, 'path-relative'], [ups + '..' + queryAndFragment, 'path-relative']);
    }
  }
  return result;
}

/** Whether `r` parses against `from` to exactly `toHref`, with this package's parser. */
function resolvesTo(r: string, from: URLRecord, toHref: string): boolean {
  const parsed = parseURL(r, { base: from });
  return parsed !== null && serializeURL(parsed) === toHref;
}

/** The length of the shortest candidate that parses back, among those of the allowed forms. */
function shortestLength(from: URLRecord, to: URLRecord, toHref: string, allowed: (form: Form) => boolean): number {
  let shortest = Infinity;
  for (const [r, form] of candidates(from, to, toHref)) {
    if (r.length < shortest && allowed(form) && resolvesTo(r, from, toHref)) shortest = r.length;
  }
  return shortest;
}

const OPTION_SETS: { options: RelativeURLOptions | undefined; allowed: (form: Form) => boolean }[] = [
  { options: undefined, allowed: () => true },
  { options: { rootRelative: true }, allowed: (form) => form === 'absolute' || form === 'scheme-relative' || form === 'path-absolute' },
  { options: { schemeRelative: false }, allowed: (form) => form !== 'scheme-relative' },
  { options: { rootRelative: true, schemeRelative: false }, allowed: (form) => form === 'absolute' || form === 'path-absolute' },
];

/**
 * Checks the pair: both properties under every option set, the whatwg-url oracle, and that the
 * restricted results have the promised form. Returns false when `from` or `to` does not parse
 * (after checking that relativeURL throws a TypeError then).
 */
function checkPair(fromInput: string, toInput: string): boolean {
  const from = parseURL(fromInput);
  const to = from === null ? null : parseURL(toInput, { base: from });
  if (from === null || to === null) {
    assert.throws(() => relativeURL(fromInput, toInput), TypeError);
    return false;
  }
  const fromHref = serializeURL(from);
  const toHref = serializeURL(to);
  for (const { options, allowed } of OPTION_SETS) {
    const r = relativeURL(fromInput, toInput, options);
    const context = `relativeURL(${JSON.stringify(fromInput)}, ${JSON.stringify(toInput)}, ${JSON.stringify(options)}) = ${JSON.stringify(r)}`;
    // (1) It parses back, with this package's parser and with whatwg-url.
    assert.ok(resolvesTo(r, from, toHref), `${context} does not parse to ${toHref} against ${fromHref}`);
    let oracleHref: string;
    try {
      oracleHref = new oracle.URL(r, fromHref).href;
    } catch {
      oracleHref = '(failure)';
    }
    assert.equal(oracleHref, toHref, `${context}: whatwg-url parses it against ${fromHref} to ${oracleHref}`);
    // (2) No candidate of the allowed forms that parses back is shorter.
    const shortest = shortestLength(from, to, toHref, allowed);
    assert.ok(r.length <= shortest, `${context}: a candidate of length ${shortest} parses back too`);
    // The options' promises about the form.
    if (options?.rootRelative) assert.ok(r === toHref || r.startsWith('/'), `${context} is not at least path-absolute`);
    if (options?.schemeRelative === false) assert.ok(!r.startsWith('//'), `${context} is scheme-relative`);
  }
  return true;
}

// --- Generated pairs ---------------------------------------------------------------------------

/** Pieces chosen to meet the parser's hard cases often; each pair shares many of them. */
const SCHEMES = ['http', 'https', 'https', 'ws', 'file', 'file', 'file', 'foo', 'web+demo', 'blob', 'data', 'mailto'];
const USERINFOS = ['', '', '', 'u@', 'u:p@', 'v@', ':p@'];
const HOSTS = ['a.example', 'a.example', 'b.example', 'A.EXAMPLE', '[::1]', '[0:0::1]', '127.0.0.1', '0x7f.1', 'localhost', 'xn--nxasmq6b', 'é.example', ''];
const PORTS = ['', '', '', ':80', ':443', ':8080', ':0', ':'];
const SEGMENTS = [
  'a', 'b', 'c', 'a', 'b', '', '', 'ab', 'C:', 'c:', 'D:', 'C|', 'd|', 'C%3A', '%2e', '%2E', '%2e%2E', '.%2e', '%2E.', '.', '..',
  'x:y', 'http:z', 'file:q', 'a+b-c.d:e', '1a:b', 'a%3Ab', 'a b', 'a@b', 'a;b', '%41', 'é', '\\', 'a\\b', '?', '#', '%', '%zz',
];
const QUERIES = ['', '?', '?q', '?q', '?a=b', '?#', '?/a'];
const FRAGMENTS = ['', '#', '#f', '#f', '#g', '#/a', '#?'];

const pick = (values: readonly string[]): fc.Arbitrary<string> => fc.constantFrom(...values);
const segmentList = fc.array(pick(SEGMENTS), { maxLength: 5 });

interface Parts {
  scheme: string;
  /** "//" and the authority, or "" for none. */
  authority: string;
  /** The path as written, "/"-separated (or "\"-separated, or not starting with "/"). */
  path: string;
  query: string;
  fragment: string;
}

const pathArb: fc.Arbitrary<string> = fc
  .tuple(segmentList, fc.constantFrom('/', '/', '/', '\\', '//', '/./', ''), fc.constantFrom('/', '/', '/', '\\'))
  .map(([segments, lead, sep]) => (segments.length === 0 ? lead.slice(0, 1) : lead + segments.join(sep)));

const authorityArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(pick(USERINFOS), pick(HOSTS), pick(PORTS)).map(([u, h, p]) => '//' + u + h + p),
  fc.constantFrom('', '//', '//C:', '//localhost', '//a.example'),
);

const partsArb: fc.Arbitrary<Parts> = fc.record({
  scheme: pick(SCHEMES),
  authority: authorityArb,
  path: fc.oneof(pathArb, fc.constantFrom('https://a.example/x', 'text/plain,hi', 'x', 'a:b', '/.//x', '')),
  query: pick(QUERIES),
  fragment: pick(FRAGMENTS),
});

const compose = (p: Parts): string => p.scheme + ':' + p.authority + p.path + p.query + p.fragment;

/**
 * A pair: `to` is either independent of `from` or `from` with some parts replaced, and written
 * absolute or as one of the relative strings a page holds ("x", "../x", "/x", "?q", "#f", "//h/x").
 */
const pairArb: fc.Arbitrary<[string, string]> = fc
  .tuple(partsArb, partsArb, fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), fc.nat(9))
  .map(([a, b, keep, relative]) => {
    const from = compose(a);
    const mixed: Parts = {
      scheme: keep[0] ? a.scheme : b.scheme,
      authority: keep[1] ? a.authority : b.authority,
      path: keep[2] ? a.path : b.path,
      query: keep[3] ? a.query : b.query,
      fragment: keep[4] ? a.fragment : b.fragment,
    };
    let to = compose(mixed);
    if (relative === 1) to = b.path.replace(/^[/\\]+/, '') + mixed.query + mixed.fragment;
    else if (relative === 2) to = '../' + b.path.replace(/^[/\\]+/, '') + mixed.query;
    else if (relative === 3) to = b.path + mixed.query + mixed.fragment;
    else if (relative === 4) to = mixed.query + mixed.fragment;
    else if (relative === 5) to = mixed.authority + mixed.path;
    return [from, to];
  });

describe('relativeURL: generated pairs', () => {
  test('parses back to `to` (ours and whatwg-url), and no candidate form is shorter', () => {
    let checked = 0;
    check(
      fc.property(pairArb, ([from, to]) => {
        if (checkPair(from, to)) checked++;
      }),
      10000,
    );
    // Most generated pairs parse: the properties are not checked on a handful only.
    const runs = LONG_RUNS ?? 10000;
    assert.ok(checked > runs / 2, `only ${checked} of ${runs} generated pairs parse`);
  });

  test("the same over the fuzz tests' base URLs and relative references (noise included)", () => {
    check(
      fc.property(arb.baseURLString, fc.oneof(arb.relativeReference, arb.urlString, arb.baseURLString), (from, to) => {
        checkPair(from, to);
      }),
      3000,
    );
  });
});

// --- Corpus pairs ------------------------------------------------------------------------------

/** The corpus's lines that parse, as serializations. */
function corpusURLs(): string[] {
  const seen = new Set<string>();
  for (const line of corpusLines()) {
    const record = parseURL(line);
    if (record !== null) seen.add(serializeURL(record));
  }
  return [...seen];
}

/** Changes to a URL's path, query and fragment, made on its serialization. */
const MUTATIONS: ((href: string, record: URLRecord, n: number) => string)[] = [
  // Another last segment.
  (href, r) => href.slice(0, href.length - tailLength(r)).replace(/[^/]*$/, 'other') + queryAndFragment(r),
  // One segment deeper.
  (href, r) => href.slice(0, href.length - tailLength(r)) + '/deeper/x' + queryAndFragment(r),
  // Up n segments.
  (href, r, n) => {
    const pathEnd = href.length - tailLength(r);
    const path = r.serializedPath;
    const pathStart = pathEnd - path.length;
    let cut = path.length;
    for (let i = 0; i <= n % 4; i++) cut = Math.max(0, path.lastIndexOf('/', cut - 1));
    return href.slice(0, pathStart) + path.slice(0, cut) + '/' + (n % 2 === 0 ? '' : 'y');
  },
  // Another query or fragment, or none.
  (href, r) => href.slice(0, href.length - tailLength(r)) + (r.query === null ? '?x=1' : '') + '#frag',
  (href, r) => href.slice(0, href.length - (r.fragment === null ? 0 : r.fragment.length + 1)),
  (href, r) => href.slice(0, href.length - tailLength(r)) + '?',
  // A segment with ":", a drive letter, a trailing empty segment, a leading "//".
  (href, r) => href.slice(0, href.length - tailLength(r)) + '/a:b' + queryAndFragment(r),
  (href, r) => href.slice(0, href.length - tailLength(r)) + '/C|/x',
  (href, r) => href.slice(0, href.length - tailLength(r)) + '/',
  (href, r) => href.slice(0, href.length - tailLength(r) - r.serializedPath.length) + '//x/y',
];

function queryAndFragment(r: URLRecord): string {
  return (r.query === null ? '' : '?' + r.query) + (r.fragment === null ? '' : '#' + r.fragment);
}

function tailLength(r: URLRecord): number {
  return queryAndFragment(r).length;
}

describe('relativeURL: corpus pairs', { skip: corpusSkip() }, () => {
  const urls = corpusURLs();
  const records = urls.map((href) => parseURL(href)!);
  const byOrigin = new Map<string, number[]>();
  records.forEach((r, i) => {
    const key = r.scheme + '://' + r.host + ':' + r.port;
    const list = byOrigin.get(key);
    if (list === undefined) byOrigin.set(key, [i]);
    else list.push(i);
  });
  const sameOriginGroups = [...byOrigin.values()].filter((list) => list.length > 1);

  test('same origin', () => {
    assert.ok(sameOriginGroups.length > 20, 'the corpus has few URLs with a shared origin');
    check(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (g, i, j) => {
        const group = sameOriginGroups[g % sameOriginGroups.length]!;
        checkPair(urls[group[i % group.length]!]!, urls[group[j % group.length]!]!);
      }),
      1500,
    );
  });

  test('different origins', () => {
    check(
      fc.property(fc.nat(urls.length - 1), fc.nat(urls.length - 1), (i, j) => {
        checkPair(urls[i]!, urls[j]!);
      }),
      1000,
    );
  });

  test('mutated paths, queries and fragments', () => {
    check(
      fc.property(fc.nat(urls.length - 1), fc.nat(MUTATIONS.length - 1), fc.nat(7), fc.boolean(), (i, m, n, swap) => {
        const record = records[i]!;
        if (record.opaquePath) {
          checkPair(urls[i]!, urls[i]! + '#x');
          return;
        }
        const mutated = MUTATIONS[m]!(urls[i]!, record, n);
        if (swap) checkPair(mutated, urls[i]!);
        else checkPair(urls[i]!, mutated);
      }),
      2000,
    );
  });
});

// --- The hard cases ----------------------------------------------------------------------------

/** Asserts the result, and that it parses back (with both parsers) and is no longer than any candidate. */
function expectRelative(from: string, to: string, expected: string, options?: RelativeURLOptions): void {
  assert.equal(relativeURL(from, to, options), expected, `relativeURL(${JSON.stringify(from)}, ${JSON.stringify(to)}, ${JSON.stringify(options)})`);
  checkPair(from, to);
}

describe('relativeURL: hard cases', () => {
  test('a first segment with ":" after a URL-scheme string needs "./" (scheme state)', () => {
    expectRelative('https://h/a/x', 'https://h/a/b:c', './b:c');
    expectRelative('https://h/a/x', 'https://h/a/http:c', './http:c');
    // Not a URL-scheme string before the ":": read as a path already.
    expectRelative('https://h/a/x', 'https://h/a/1b:c', '1b:c');
    expectRelative('https://h/a/x', 'https://h/a/b%3Ac', 'b%3Ac');
    // After "../" the string begins with ".", which starts no scheme.
    expectRelative('https://h/dir/b/x', 'https://h/dir/c:d/e', '../c:d/e');
  });

  test('percent-encoded dot segments are resolved by the parser, and never written', () => {
    expectRelative('https://h/dir/b/c', 'https://h/dir/b/%2e%2E/x', '../x');
    expectRelative('https://h/dir/b/c', 'https://h/dir/%2e/b/.%2E/y', '../y');
    expectRelative('https://h/a/b/c', 'https://h/a/b/%2e', '.');
    expectRelative('https://h/a/b/c', 'https://h/a/b/%2e%2e', '..');
  });

  test('a path that is a directory of the base: "." and ".." append the empty segment (path state)', () => {
    expectRelative('https://h/a/b/c', 'https://h/a/b/', '.');
    expectRelative('https://h/a/b/c', 'https://h/a/', '..');
    expectRelative('https://h/a/b/c/d', 'https://h/a/', '/a/');
    expectRelative('https://h/a/b/c', 'https://h/a/b/?q', '.?q');
  });

  test('Windows drive letters in file URLs (file slash state, file state, shorten)', () => {
    // "/" keeps the base's drive letter: a path on it is written without it.
    expectRelative('file:///C:/a/b', 'file:///C:/x', '/x');
    expectRelative('file:///C:/a/b', 'file:///C:/', '/');
    // Another drive letter is written; a path without one cannot be written path-absolute.
    expectRelative('file:///C:/a/b', 'file:///D:/x', '/D:/x');
    expectRelative('file:///C:/a/b', 'file:///x', '///x');
    // The drive letter cannot be gone up from.
    expectRelative('file:///C:/a/b/c', 'file:///C:/', '/');
    expectRelative('file:///C:', 'file:///C:/x', 'x');
    // After the drive letter, a segment that is a drive letter itself needs "/." before it.
    expectRelative('file:///C:/a/b', 'file:///C:/D:/x', '/./D:/x');
    expectRelative('file:///C:/a/b', 'file:///C:/D:', '/./D:');
    // A relative "C|" segment would start the path over at a drive: "./" keeps it a segment.
    expectRelative('file:///x/y', 'file:///x/D|/q', './D|/q');
    expectRelative('file:///x/y', 'file:///x/D|', './D|');
    // In another scheme "C|" is an ordinary segment.
    expectRelative('https://h/x/y', 'https://h/x/D|/q', 'D|/q');
    // Without a drive letter in the base, a path-absolute string takes none.
    expectRelative('file:///a/b', 'file:///C:/x', '/C:/x');
  });

  test('file hosts', () => {
    expectRelative('file://h/a/b', 'file://h/a/c', 'c');
    expectRelative('file://h/a/b', 'file:///a/c', '///a/c');
    expectRelative('file:///a/b', 'file://h/a/c', '//h/a/c');
    expectRelative('file://localhost/a/b', 'file:///a/c', 'c');
    expectRelative('file://h/C:/a', 'file://h/C:/b', 'b');
  });

  test('non-special URLs with and without a host, and paths that begin with "//"', () => {
    expectRelative('foo://h/a/b', 'foo://h/a/c', 'c');
    expectRelative('foo://h/a/b', 'foo://h', '//h');
    expectRelative('foo://h', 'foo://h?q', '?q');
    expectRelative('foo:/a/b', 'foo:/a/c', 'c');
    expectRelative('foo:/a/b', 'foo://h/a/c', '//h/a/c');
    expectRelative('foo://h/a/b', 'foo:/a/c', 'foo:/a/c');
    // "/." before a path that begins with "//" (the serializer's own prefix for a URL without a host).
    expectRelative('foo:/a/b', 'foo:/.//x', '/.//x');
    expectRelative('https://h/a/b/c', 'https://h//x', '/.//x');
    expectRelative('https://h/a/b', 'https://h/a//x', './/x');
    expectRelative('https://h/dir/b/c', 'https://h/dir//x', '..//x');
    // "\" is a path separator only in special URLs.
    expectRelative('foo:/a/b', 'foo:/a/c\\d', 'c\\d');
    expectRelative('https://h/a/b', 'https://h/a\\c\\d', 'c/d');
  });

  test('opaque paths: only a fragment or an absolute URL (no scheme state)', () => {
    expectRelative('mailto:a@example.com', 'mailto:a@example.com#x', '#x');
    expectRelative('mailto:a@example.com#x', 'mailto:a@example.com#y', '#y');
    expectRelative('mailto:a@example.com#x', 'mailto:a@example.com', 'mailto:a@example.com');
    expectRelative('mailto:a@example.com', 'mailto:a@example.com', 'mailto:a@example.com');
    expectRelative('mailto:a@example.com', 'mailto:b@example.com', 'mailto:b@example.com');
    expectRelative('blob:https://a.example/1', 'blob:https://a.example/1#f', '#f');
    expectRelative('data:text/plain,hi', 'data:text/plain,hi?', 'data:text/plain,hi?');
    expectRelative('https://h/a', 'data:text/plain,hi', 'data:text/plain,hi');
    expectRelative('https://h/a', 'blob:https://h/1', 'blob:https://h/1');
  });

  test('a base with a query or fragment; an empty query or fragment in `to`', () => {
    expectRelative('https://h/a/b?q#f', 'https://h/a/b?q', '');
    expectRelative('https://h/a/b?q#f', 'https://h/a/b?q#', '#');
    expectRelative('https://h/a/b?q#f', 'https://h/a/b?', '?');
    expectRelative('https://h/a/b?q#f', 'https://h/a/b', 'b');
    expectRelative('https://h/a/b?q#f', 'https://h/a/b#', 'b#');
    expectRelative('https://h/a/?q', 'https://h/a/', '.');
    expectRelative('https://h/a/b', 'https://h/a/b?#', '?#');
  });

  test('credentials, ports and IPv6 hosts are part of the authority', () => {
    expectRelative('https://u:p@h/a/b', 'https://u:p@h/a/c', 'c');
    expectRelative('https://u:p@h/a/b', 'https://h/a/c', '//h/a/c');
    expectRelative('https://h/a/b', 'https://u@h/a/c', '//u@h/a/c');
    expectRelative('https://h:8080/a/b', 'https://h/a/c', '//h/a/c');
    expectRelative('https://h:443/a/b', 'https://h/a/c', 'c');
    expectRelative('http://[::1]:8080/a/b', 'http://[0::1]:8080/a/c', 'c');
    expectRelative('http://[::1]/a', 'http://[::2]/a', '//[::2]/a');
  });

  test('special and non-special schemes; another scheme is written absolute', () => {
    expectRelative('https://h/a', 'http://h/a', 'http://h/a');
    expectRelative('https://h/a', 'wss://h/a', 'wss://h/a');
    expectRelative('foo://h/a', 'bar://h/a', 'bar://h/a');
    expectRelative('https://h/a', 'file:///a', 'file:///a');
  });
});

// --- The options, the arguments and the errors -------------------------------------------------

describe('relativeURL: options', () => {
  test('rootRelative keeps the result at least path-absolute', () => {
    expectRelative('https://h/a/b', 'https://h/a/c', '/a/c', { rootRelative: true });
    expectRelative('https://h/a/b', 'https://h/a/b#f', '/a/b#f', { rootRelative: true });
    expectRelative('https://h/a/b', 'https://h/a/b', '/a/b', { rootRelative: true });
    expectRelative('https://h/a/b', 'https://g/a/b', '//g/a/b', { rootRelative: true });
    expectRelative('mailto:x', 'mailto:x#f', 'mailto:x#f', { rootRelative: true });
  });

  test('schemeRelative: false never gives "//"', () => {
    expectRelative('https://h/a/b', 'https://g/a/b', 'https://g/a/b', { schemeRelative: false });
    expectRelative('file:///C:/a', 'file:///x', 'file:///x', { schemeRelative: false });
    expectRelative('https://h/a/b', 'https://h/a/c', 'c', { schemeRelative: false });
  });
});

describe('relativeURL: arguments', () => {
  test('strings, URL objects (ours and the platform\'s) and records give the same result', () => {
    const from = 'https://h/dir/b/c?q';
    const to = 'https://h/dir/d#f';
    const expected = relativeURL(from, to);
    assert.equal(expected, '../d#f');
    assert.equal(relativeURL(new URL(from), new URL(to)), expected);
    assert.equal(relativeURL(new globalThis.URL(from), new globalThis.URL(to)), expected);
    assert.equal(relativeURL(parseURL(from)!, parseURL(to)!), expected);
    assert.equal(relativeURL(new URL(from), parseURL(to)!), expected);
  });

  test('a string `to` is parsed against `from`', () => {
    assert.equal(relativeURL('https://h/dir/b/c', '../d'), '../d');
    assert.equal(relativeURL('https://h/a/b/c', '../../../../d'), '/d');
    assert.equal(relativeURL('https://h/a/b/c', './x/../y'), 'y');
  });

  test('a lone surrogate in either string is taken as U+FFFD, as the USVString conversion makes it', () => {
    const cases: Array<[string, string]> = [
      ['https://h/a/\uD800/b', 'https://h/a/\uD800/c\uDC00?\uD800#\uDFFF'],
      ['https://h/\uDC00', 'https://h/x'],
      ['sc:\uD800', 'sc:\uD800#\uD800'],
      ['https://h/a/b', '\uD800/x'],
    ];
    for (const [from, to] of cases) {
      const wellFormed = relativeURL(from.toWellFormed(), to.toWellFormed());
      assert.equal(relativeURL(from, to), wellFormed, `${JSON.stringify(from)} and ${JSON.stringify(to)}`);
      assert.equal(new URL(wellFormed, from).href, new URL(to, from).href);
    }
    assert.equal(relativeURL('https://h/a/\uD800/b', 'https://h/a/\uD800/c'), 'c');
  });

  test('an href or option getter that calls relativeURL itself does not change the outer answer', () => {
    const inner = () => relativeURL('https://other.example/x/y/z?q#f', 'https://other.example/x/w');
    const to = {
      get href() {
        inner();
        return 'https://h/dir/d#f';
      },
    };
    const options = {
      get rootRelative() {
        inner();
        return false;
      },
    };
    assert.equal(relativeURL('https://h/dir/b/c?q', to, options), '../d#f');
    assert.equal(relativeURL('https://h/dir/b/c?q', to), '../d#f');
  });

  test('a TypeError says which argument does not parse, and why', () => {
    assert.throws(() => relativeURL('not a URL', 'https://h/'), (e: unknown) => {
      assert.ok(e instanceof TypeError);
      assert.match(e.message, /"from" is not a URL/);
      assert.match(e.message, /no scheme/);
      return true;
    });
    assert.throws(() => relativeURL('https://h/', 'https://h:99999/'), (e: unknown) => {
      assert.ok(e instanceof TypeError);
      assert.match(e.message, /"to" is not a URL/);
      assert.match(e.message, /99999/);
      return true;
    });
    assert.throws(() => relativeURL('mailto:x', 'y'), /"to" is not a URL/);
    assert.throws(() => relativeURL(42 as unknown as string, 'https://h/'), /"from" is not a string, a URL or a URL record/);
    assert.throws(() => relativeURL('https://h/', { href: 'http://' }), /"to" is not a URL/);
  });
});
