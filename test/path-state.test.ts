/**
 * The path state appends a run of segments that need nothing but percent-encoding as one item of
 * the path list, and shortening takes the last segment off such an item
 * (https://url.spec.whatwg.org/#path-state, https://url.spec.whatwg.org/#shorten-a-urls-path).
 * These tests compare the result with whatwg-url, which keeps one item per segment, on paths that
 * mix long runs with dot segments, Windows drive letters and both separators, in special,
 * non-special and file URLs, relative references and the pathname setter.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import fc from './helpers/fast-check.ts';
import { URL, parseURL, serializeURL } from '../src/index.ts';
import { joinPath, splitPath } from '../src/url-record.ts';

const oracle = createRequire(import.meta.url)('whatwg-url') as typeof import('whatwg-url');

/** Path pieces: ordinary segments, dot segments in several spellings, drive letters, separators. */
const piece = fc.constantFrom(
  'a',
  'bc',
  'é',
  '%41',
  '',
  '.',
  '..',
  '%2e',
  '.%2E',
  '%2E%2e',
  '%2e.',
  '%2E',
  '%2',
  'C:',
  'c|',
  'C|x',
  '/',
  '\\',
  '/',
  '/',
  ' ',
  '\t',
);
const pathText = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

const PREFIXES = ['http://h/', 'https://h', 'file:///', 'file://h/', 'file:', 'foo://h/', 'foo:/', 'foo://h'];
const BASES = ['http://h/a/b/c', 'http://h/', 'file:///C:/a/b', 'file:///a', 'foo://h/a/b', 'foo:/a/b/'];

function oracleHref(input: string, base?: string): string | null {
  try {
    return new oracle.URL(input, base).href;
  } catch {
    return null;
  }
}

function oursHref(input: string, base?: string): string | null {
  try {
    return new URL(input, base).href;
  } catch {
    return null;
  }
}

describe('the path state with runs of segments agrees with whatwg-url', () => {
  test('absolute URLs', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PREFIXES), pathText, fc.constantFrom('', '?q', '#f'), (prefix, path, rest) => {
        const input = prefix + path + rest;
        assert.equal(oursHref(input), oracleHref(input), JSON.stringify(input));
        // The record's serialization, as well as the URL class's href.
        const record = parseURL(input);
        assert.equal(record === null ? null : serializeURL(record), oracleHref(input), JSON.stringify(input));
      }),
      { numRuns: 3000, seed: 20261126 },
    );
  });

  test('relative references', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), pathText, (base, reference) => {
        assert.equal(oursHref(reference, base), oracleHref(reference, base), JSON.stringify([reference, base]));
      }),
      { numRuns: 3000, seed: 20261127 },
    );
  });

  test('the pathname setter', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), pathText, (start, pathname) => {
        const ours = new URL(start);
        const theirs = new oracle.URL(start);
        ours.pathname = pathname;
        theirs.pathname = pathname;
        assert.equal(ours.href, theirs.href, JSON.stringify([start, pathname]));
      }),
      { numRuns: 3000, seed: 20261128 },
    );
  });

  test('long segments (a native scan past 256 code units) and long ranges with tabs and newlines', () => {
    const long = 'x'.repeat(300);
    const segments = fc.array(
      fc.constantFrom(long, long + '\\' + long, long + '?' + long, long + '#', long + '\t' + long, long + '\n', 'é' + long, '..', 'a'),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...PREFIXES), segments, fc.constantFrom('/', '\\'), (prefix, parts, sep) => {
        const input = prefix + parts.join(sep);
        assert.equal(oursHref(input), oracleHref(input), `${prefix} ${JSON.stringify(parts.map((p) => p.length))}`);
        // The pathname setter: "?" and "#" are then part of the path.
        const ours = new URL('foo://h/');
        const theirs = new oracle.URL('foo://h/');
        ours.pathname = parts.join(sep);
        theirs.pathname = parts.join(sep);
        assert.equal(ours.href, theirs.href);
      }),
      { numRuns: 300, seed: 20261129 },
    );
  });

  // A run of plain segments is read by a loop up to 256 code units, then by a native scan; runs of
  // dot segments are taken at once, and double-dot ones take segments off the run before it.
  test('runs of plain segments of any length between runs of dot segments', () => {
    const plain = fc.constantFrom('a', 'bc', 'x'.repeat(120), 'y'.repeat(300), '%41', 'é', 'C:');
    const dot = fc.constantFrom('.', '..', '%2e', '%2E', '%2e%2E', '.%2e', '%2E.', '...', '%2e%2', '.\t.');
    const segments = fc.array(fc.oneof(fc.array(plain, { minLength: 1, maxLength: 4 }), fc.array(dot, { minLength: 1, maxLength: 4 })), { maxLength: 6 });
    fc.assert(
      fc.property(fc.constantFrom(...PREFIXES), segments, fc.constantFrom('/', '\\', '/\\'), fc.constantFrom('', '?q', '#f', '/'), (prefix, groups, seps, rest) => {
        const parts = groups.flat();
        const input = prefix + parts.map((part, i) => part + seps[i % seps.length]).join('') + rest;
        assert.equal(oursHref(input), oracleHref(input), JSON.stringify(input.length > 200 ? parts : input));
      }),
      { numRuns: 2000, seed: 20261130 },
    );
  });

  test('long runs, shortened from their end', () => {
    const n = 20_000;
    const cases: [string, string?][] = [
      ['http://h/' + 'a\\'.repeat(n) + '..'],
      ['http://h/' + 'a/'.repeat(n) + '../'.repeat(n - 1) + 'x'],
      ['http://h/' + 'a/'.repeat(n) + '../'.repeat(n + 5) + 'x'],
      ['foo://h/' + 'a\\/'.repeat(n) + '..'],
      ['file:///C:/' + 'a/'.repeat(n) + '../'.repeat(n + 2) + 'x'],
      ['file:///' + 'b/'.repeat(n) + '..'],
      ['a/'.repeat(n) + '../'.repeat(n / 2), 'http://h/x/y'],
      ['a\\b/'.repeat(n) + '..', 'http://h/x/y'],
      ['c|/' + 'a/'.repeat(n) + '..', 'file:///x'],
      // A base path of many segments, which the reference shortens or keeps.
      ['x', 'http://h/' + 'a/'.repeat(n)],
      ['../'.repeat(n / 2) + 'x', 'http://h/' + 'a/'.repeat(n)],
      ['../'.repeat(n + 2) + 'x', 'file:///C:/' + 'a/'.repeat(n)],
      ['x', 'file:///C:/' + 'a\\'.repeat(n)],
      ['/x', 'file:///C:/' + 'a/'.repeat(n)],
      ['..', 'foo://h/' + 'a/'.repeat(n) + 'b'],
    ];
    for (const [input, base] of cases) {
      assert.equal(oursHref(input, base), oracleHref(input, base), `${input.slice(0, 24)}… (${input.length} code units)`);
    }
  });
});

describe('a record keeps its list path serialized', () => {
  // https://url.spec.whatwg.org/#url-path-serializer: a segment never contains "/", so splitting
  // the serialization gives the list back, empty segments and all.
  test('splitPath gives back the list that joinPath serialized', () => {
    for (const list of [[], [''], ['', ''], ['a'], ['a', ''], ['', 'a'], ['a', 'b'], ['a', '', 'b'], ['a', 'b', 'c', ''], ['é', '%2F', 'x y']]) {
      assert.deepEqual(splitPath(joinPath(list)), list, JSON.stringify(list));
    }
    const segment = fc.stringMatching(/^[^/]{0,4}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 12 }), (list) => {
        assert.deepEqual(splitPath(joinPath(list)), list);
      }),
      { numRuns: 2000, seed: 20261129 },
    );
  });
});
