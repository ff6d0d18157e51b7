/**
 * Differential tests of the URLPattern implementation:
 *
 * - the direct matcher against each component's own regular expression (the standard's
 *   definition), for the route table of the benchmark, every pattern of the WPT data and random
 *   patterns, over the components of the corpus URLs and random strings;
 * - each canonicalization shortcut against the basic URL parser run as the standard says;
 * - the runtime's own URLPattern (Node 24 and later), routes × corpus, when the runtime has one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from './helpers/fast-check.ts';
import { stringOf } from './helpers/arbitraries.ts';
import { URLPattern } from '../src/urlpattern.ts';
import { componentsOf, componentValuesOfURL } from '../src/urlpattern/url-pattern.ts';
import { componentExec, MatchKind, regularExpressionOf, type Component } from '../src/urlpattern/component.ts';
import * as canon from '../src/urlpattern/canonicalization.ts';
import { DEFAULT_OPTIONS, HOSTNAME_OPTIONS, parseAPatternString, parseAPatternStringByTokens, PATHNAME_OPTIONS, type Options } from '../src/urlpattern/pattern-parser.ts';
import { parseURL } from '../src/index.ts';
import { loadURLPatternWPT } from './helpers/wpt-urlpattern-data.ts';
import { CORPUS_PATH, corpusLines as readCorpusLines } from './helpers/corpus.ts';
// @ts-expect-error: a plain JavaScript module without type declarations.
import { ROUTES } from '../bench/urlpattern-routes.mjs';

type Loose = new (...args: unknown[]) => URLPattern;
const P = URLPattern as unknown as Loose;
const routes = ROUTES as unknown[][];

const corpusLines = readCorpusLines();

/** The eight component strings of each corpus URL that parses. */
const corpusComponents: string[][] = [];
for (const line of corpusLines) {
  const url = parseURL(line);
  if (url === null) continue;
  corpusComponents.push([...componentValuesOfURL(url)]);
}

/** The groups the component's regular expression gives for `input`, or null. */
function regexpGroups(component: Component, input: string): Record<string, string | undefined> | null {
  const result = regularExpressionOf(component).exec(input);
  if (result === null) return null;
  const groups: Record<string, string | undefined> = {};
  component.groupNameList.forEach((name, i) => (groups[name] = result[i + 1]));
  return groups;
}

function checkComponent(component: Component, input: string, label: string): void {
  if (component.kind === MatchKind.Regexp) return;
  assert.deepStrictEqual(componentExec(component, input), regexpGroups(component, input), `${label} on ${JSON.stringify(input)}`);
}

test('corpus is present (the differential tests below need it)', () => {
  assert.ok(corpusComponents.length > 16_000, `${CORPUS_PATH}: ${corpusComponents.length} URLs`);
});

test('the component inputs of exec() are the parsed URL\'s: every corpus line and the common shapes', () => {
  // A string input that is its URL's serialization is read off as it is, without a URL record;
  // every other input goes through the record. Both must give the record's component strings.
  const shapes = [
    'https://example.com',
    'https://example.com/',
    'https://example.com:8080',
    'https://example.com:8080/a/b?c=d#e',
    'https://example.com:443/',
    'https://example.com/?#',
    'https://example.com?q',
    'https://example.com#f',
    'http://EXAMPLE.com/A',
    'http://user:pass@example.com/',
    'http://127.0.0.1:1/x',
    'http://0x7f.1/',
    'ws://a.b/c',
    'wss://a.b:1/',
    'ftp://a.b/',
    'file:///C:/x?y#z',
    'file://host/p',
    'file:///',
    'https://example.com/a/../b',
    'https://example.com/ä?ö#ü',
    'https://example.com/a b',
    ' https://example.com/ ',
    'data:text/plain,x',
    'foo://bar/baz?q#f',
    'https://',
  ];
  const all = new URLPattern({});
  let compared = 0;
  for (const line of [...shapes, ...corpusLines]) {
    const url = parseURL(line);
    const result = all.exec(line);
    if (url === null) {
      assert.equal(result, null, line);
      continue;
    }
    assert.ok(result !== null, line);
    const v = componentValuesOfURL(url);
    const got = [result.protocol, result.username, result.password, result.hostname, result.port, result.pathname, result.search, result.hash].map((c) => c.input);
    assert.deepEqual(got, [...v], line);
    compared++;
  }
  assert.ok(compared > shapes.length + 15000, `compared ${compared}`);
});

test('direct matching equals the regular expression: route table × corpus components', () => {
  let direct = 0;
  for (const args of routes) {
    const components = componentsOf(new P(...args));
    for (let c = 0; c < 8; c++) {
      const component = components[c]!;
      if (component.kind === MatchKind.Regexp) continue;
      direct++;
      // Segment lists against every URL; the one-part kinds against a sample.
      const step = component.kind === MatchKind.Segments ? 1 : 32;
      for (let u = 0; u < corpusComponents.length; u += step) {
        checkComponent(component, corpusComponents[u]![c]!, `${JSON.stringify(args)}[${c}]`);
      }
    }
  }
  assert.ok(direct > 900, `${direct} components matched directly`);
});

test('direct matching equals the regular expression: WPT patterns × WPT and corpus inputs', () => {
  const data = loadURLPatternWPT('urlpatterntestdata.json') as { pattern: unknown[]; inputs?: unknown[]; expected_obj?: unknown }[];
  const samples = corpusComponents.filter((_, i) => i % 64 === 0);
  for (const entry of data) {
    if (entry.expected_obj === 'error') continue;
    const components = componentsOf(new P(...entry.pattern));
    const inputs: string[][] = [...samples];
    for (const input of entry.inputs ?? []) {
      if (typeof input !== 'string') continue;
      const url = parseURL(input, { base: typeof entry.inputs![1] === 'string' ? (entry.inputs![1] as string) : undefined });
      if (url !== null) inputs.push([url.scheme, url.username, url.password, url.host ?? '', url.port === null ? '' : String(url.port), url.serializedPath, url.query ?? '', url.fragment ?? '']);
    }
    for (let c = 0; c < 8; c++) for (const values of inputs) checkComponent(components[c]!, values[c]!, `${JSON.stringify(entry.pattern)}[${c}]`);
  }
});

const patternPiece = fc.constantFrom('/', '/a', '/b', 'a', '.', '.x', '-', ':id', ':x', ':y', '*', '/*', '/:id', '/:id?', '{/:z}', 'x', '%20', '{s}?', '{.x}?', '{a}?');
const inputPiece = fc.constantFrom('/', 'a', 'b', '.', 'x', '-', '/a', '/b', '//', 'ab', '%20', 'a.b', '', 's', '.x');

test('direct matching equals the regular expression: random pathname and hostname patterns', () => {
  fc.assert(
    fc.property(fc.array(patternPiece, { minLength: 1, maxLength: 6 }), fc.array(fc.array(inputPiece, { maxLength: 6 }), { minLength: 1, maxLength: 8 }), (pieces, inputs) => {
      const source = pieces.join('');
      for (const [key, c] of [['pathname', 5], ['hostname', 3], ['search', 6]] as const) {
        let pattern: URLPattern;
        try {
          pattern = new P({ [key]: source });
        } catch {
          continue; // duplicate names and the like
        }
        const component = componentsOf(pattern)[c]!;
        for (const input of inputs) checkComponent(component, input.join(''), `${key} ${JSON.stringify(source)}`);
      }
    }),
    { numRuns: 2000 },
  );
});

const canonAlphabet = 'aZ09-._~/\\?#%:@[] \t\n"<>`{}^|\'!$&()*+,;=\u00e9\u2028\uD83D\uDE00';

test('canonicalization shortcuts give what the basic URL parser gives', () => {
  const pairs: [string, (v: string) => string, (v: string) => string][] = [
    ['protocol', canon.canonicalizeAProtocol, canon.UNSHORTENED.protocol],
    ['hostname', canon.canonicalizeAHostname, canon.UNSHORTENED.hostname],
    ['port', (v) => canon.canonicalizeAPort(v), (v) => canon.UNSHORTENED.port(v)],
    ['port http', (v) => canon.canonicalizeAPort(v, 'http'), (v) => canon.UNSHORTENED.port(v, 'http')],
    ['pathname', canon.canonicalizeAPathname, canon.UNSHORTENED.pathname],
    ['opaque pathname', canon.canonicalizeAnOpaquePathname, canon.UNSHORTENED.opaquePathname],
    ['search', canon.canonicalizeASearch, canon.UNSHORTENED.search],
    ['hash', canon.canonicalizeAHash, canon.UNSHORTENED.hash],
  ];
  const outcome = (f: (v: string) => string, v: string): string => {
    try {
      return 'ok ' + f(v);
    } catch (error) {
      assert.ok(error instanceof TypeError, `${String(error)}`);
      return 'TypeError';
    }
  };
  const fixed = ['80', '443', '0080', '65535', '65536', '99999', 'http', 'HTTPS', 'a+b', 'a.b-c', 'example.com', 'EXAMPLE.com', 'xn--a', '1.2.3.4', '0x7f', '/a/b', 'a/../b', '/./', '.', '..', '%2e', '/%2E%2e/', 'a b'];
  for (const [name, shortened, full] of pairs) {
    for (const v of fixed) assert.equal(outcome(shortened, v), outcome(full, v), `${name} ${JSON.stringify(v)}`);
    fc.assert(
      fc.property(stringOf(canonAlphabet, 10), (v) => {
        assert.equal(outcome(shortened, v), outcome(full, v), `${name} ${JSON.stringify(v)}`);
      }),
      { numRuns: 3000 },
    );
  }
});

test('parseAPatternString\'s shortcut for pattern strings without pattern syntax gives what the standard\'s loop gives', () => {
  // Every encoding callback and options of the standard, with the pattern code points among the
  // others so that both branches run.
  const callbacks: [string, (v: string) => string, Options][] = [
    ['protocol', canon.canonicalizeAProtocol, DEFAULT_OPTIONS],
    ['username', canon.canonicalizeAUsername, DEFAULT_OPTIONS],
    ['hostname', canon.canonicalizeAHostname, HOSTNAME_OPTIONS],
    ['ipv6 hostname', canon.canonicalizeAnIPv6Hostname, HOSTNAME_OPTIONS],
    ['port', (v) => canon.canonicalizeAPort(v), DEFAULT_OPTIONS],
    ['pathname', canon.canonicalizeAPathname, PATHNAME_OPTIONS],
    ['opaque pathname', canon.canonicalizeAnOpaquePathname, DEFAULT_OPTIONS],
    ['search', canon.canonicalizeASearch, DEFAULT_OPTIONS],
    ['hash', canon.canonicalizeAHash, DEFAULT_OPTIONS],
  ];
  const outcome = (parse: typeof parseAPatternString, input: string, callback: (v: string) => string, options: Options): string => {
    try {
      return JSON.stringify(parse(input, options, callback));
    } catch (error) {
      assert.ok(error instanceof TypeError, `${String(error)}`);
      return 'TypeError';
    }
  };
  const alphabet = canonAlphabet + ')\uD800';
  const fixed = ['', 'https', 'en.wikipedia.org', '/wiki/', 'a)b', ')', '\uD83D\uDE00', '\uDC00x', '[::1]', '8080', 'a b'];
  let shortcuts = 0;
  for (const [name, callback, options] of callbacks) {
    const check = (input: string): void => {
      if (!/[*+?\\{}:(]/.test(input)) shortcuts++;
      assert.equal(outcome(parseAPatternString, input, callback, options), outcome(parseAPatternStringByTokens, input, callback, options), `${name} ${JSON.stringify(input)}`);
    };
    for (const input of fixed) check(input);
    fc.assert(fc.property(stringOf(alphabet, 10), check), { numRuns: 2000 });
  }
  assert.ok(shortcuts > 1000, `only ${shortcuts} inputs took the shortcut`);
});

/** A match result with the groups' keys sorted (Node sorts them; see docs/urlpattern.md). */
function normalized(result: unknown): string {
  if (result === null) return 'null';
  const r = result as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(r)) {
    if (key === 'inputs') {
      out[key] = r[key];
      continue;
    }
    const component = r[key] as { groups: Record<string, unknown>; input: string };
    const groups: Record<string, unknown> = {};
    for (const name of Object.keys(component.groups).sort()) groups[name] = component.groups[name];
    out[key] = { keys: Object.keys(component), groups, input: component.input };
  }
  return JSON.stringify(out);
}

const Native = (globalThis as { URLPattern?: Loose }).URLPattern;

test('the runtime URLPattern agrees: route table × corpus (test and exec)', { skip: Native === undefined ? `this runtime (Node ${process.version}) has no global URLPattern; run the suite with Node 24 or later for this comparison` : false }, () => {
  const ours = routes.map((args) => new P(...args));
  const theirs = routes.map((args) => new Native!(...args));
  for (let i = 0; i < routes.length; i++) {
    for (const key of ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'hasRegExpGroups'] as const) {
      assert.equal((ours[i] as unknown as Record<string, unknown>)[key], (theirs[i] as unknown as Record<string, unknown>)[key], `${JSON.stringify(routes[i])} ${key}`);
    }
  }
  for (const line of corpusLines) {
    for (let i = 0; i < routes.length; i++) {
      assert.equal(ours[i]!.test(line), theirs[i]!.test(line), `${JSON.stringify(routes[i])} test ${JSON.stringify(line)}`);
      assert.equal(normalized(ours[i]!.exec(line)), normalized(theirs[i]!.exec(line)), `${JSON.stringify(routes[i])} exec ${JSON.stringify(line)}`);
    }
  }
});
