// The fast paths must agree with the general algorithms they shortcut. Each test runs the fast path
// and the general path on the same input and compares the answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { certainlyParses, runBasicURLParser } from '../src/url-parser.ts';
import { URL } from '../src/url.ts';
import { loadWPT } from './helpers/wpt-data.ts';
import { PRINTABLE_ASCII, stringOf, trickyChar, urlString } from './helpers/arbitraries.ts';

const corpusPath = fileURLToPath(new globalThis.URL('../../shared/corpus/urls.txt', import.meta.url));
const corpusLines = existsSync(corpusPath) ? readFileSync(corpusPath, 'utf8').split('\n').filter((l) => l !== '') : [];

function fullParserSucceeds(input: string): boolean {
  return runBasicURLParser(input, null, null, 0, null, null) !== null;
}

function checkCertainlyParses(input: string): void {
  if (certainlyParses(input)) {
    assert.ok(fullParserSucceeds(input), `certainlyParses(${JSON.stringify(input)}) is true, the parser fails`);
  }
  assert.equal(URL.canParse(input), fullParserSucceeds(input), `canParse(${JSON.stringify(input)})`);
}

test('canParse fast path: WPT inputs', () => {
  const cases = (loadWPT('urltestdata.json') as unknown[]).filter(
    (c): c is { input: string } => typeof c === 'object' && c !== null,
  );
  for (const c of cases) checkCertainlyParses(c.input);
});

test('canParse fast path: corpus lines, and it takes most of them', { skip: corpusLines.length === 0 ? 'no corpus' : false }, () => {
  let fast = 0;
  for (const line of corpusLines) {
    checkCertainlyParses(line);
    if (certainlyParses(line)) fast++;
  }
  assert.ok(fast > corpusLines.length * 0.8, `only ${fast} of ${corpusLines.length} on the fast path`);
});

test('canParse fast path: edge cases', () => {
  const inputs = [
    'http://a', 'http://a.', 'http://a..', 'http://.', 'http://..', 'http://1', 'http://a.1', 'http://a.1.',
    'http://a.0x', 'http://a.09', 'http://1.2.3.256', 'http://a.b1', 'http://a:', 'http://a:65535', 'http://a:65536',
    'http://a:0000000000080', 'http://a:8a', 'http://a: ', 'http://a ', 'http://a\t', 'http://a\t.b', 'http:/a', 'http:a',
    'http:///a', 'http:\\\\a', 'http://a\\b', 'http://a?b', 'http://a#b', 'http://a@b', 'http://[::1]', 'http://a%41',
    'HTTP://A.B', 'hTtPs://x-y.z', 'ws://a', 'wss://a', 'ftp://a', 'file://a', 'file:', 'foo:', 'foo:/', 'foo://',
    'foo://a b', 'foo:/\t/a b', 'foo:\t//a b', 'foo:/\n/', 'foo: //a b', 'a:', '1a:', ':', '', ' http://a', 'http://a/\ud800',
    'http://a\ud800', 'javascript:alert(1)', 'mailto:x@y', 'http://a:80\t', 'http://a:8\t0', 'http://xn--a', 'http://xn--',
    'ht\ttp://a', 'http\t://a', 'http:\t//a', 'http://-', 'http://a.-', 'http://a.b.', 'sc+h-e.me:x',
  ];
  for (const input of inputs) checkCertainlyParses(input);
});

test('canParse fast path: random URL strings', () => {
  const noisy = fc
    .tuple(urlString, fc.array(fc.tuple(fc.nat(), fc.oneof(trickyChar, stringOf(PRINTABLE_ASCII, 2, 1))), { maxLength: 3 }))
    .map(([s, inserts]) => {
      for (const [at, piece] of inserts) {
        const k = at % (s.length + 1);
        s = s.slice(0, k) + piece + s.slice(k);
      }
      return s;
    });
  const simple = fc
    .tuple(
      fc.constantFrom('http', 'HTTPS', 'ws', 'wss', 'ftp', 'file', 'foo', 'x'),
      fc.constantFrom('://', ':/', ':', '://\t', ':\\\\'),
      stringOf('aZ09-.:@%[] \t\\', 10),
      fc.constantFrom('', '/', '?', '#', '\\', ' ', '/x y'),
    )
    .map((xs) => xs.join(''));
  fc.assert(fc.property(fc.oneof(urlString, noisy, simple), (s) => checkCertainlyParses(s)), { numRuns: 20000 });
});
