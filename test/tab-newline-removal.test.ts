/**
 * Property: ASCII tab and newline anywhere in the input are removed before parsing (basic URL
 * parser step 3), so inserting them changes nothing — for the constructor with and without a base,
 * and for the setters. The parser looks for them lazily on its common routes, so every route has to
 * notice them; the generator mixes the pieces that select those routes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from './helpers/fast-check.ts';
import { URL } from '../src/index.ts';
import { hasTabOrNewline } from '../src/url-parser-input.ts';

const PIECES = [
  'http:', 'https:', 'HTTP:', 'ws:', 'wss:', 'ftp:', 'file:', 'data:', 'sc:', 'mailto:', 'a+b.c-d:',
  '/', '//', '\\', '\\\\', '///', '.', '..', '%2e', '%2E.', '%', '%41', '%zz',
  'example.com', 'EXAMPLE.org', 'xn--nxasmq6b', '10.0.0.1', '0x7f.1', '1.2.3', '[::1]', '[1:2::3]', '[',
  ']', 'localhost', 'C:', 'c|', 'a', 'b', 'foo', 'bar', 'é', '💩', '\uD800', '\uDC00', 'ß',
  ':', ':80', ':443', ':8080', ':65536', ':0', ':x', '@', 'user:pass@', 'u@', ':@',
  '?', '?q=1', '?a b', "?'", '#', '#f', '#a b', '#`', ' ', '"', '<', '>', '^', '{', '|',
  '\u0000', '\u001f', '\u007f', '&', '=', '+',
];
const TAB_OR_NEWLINE = ['\t', '\n', '\r', '\t\n', '\r\n'];

const piece = fc.constantFrom(...PIECES);
const inputs = fc.array(piece, { minLength: 0, maxLength: 10 }).map((a) => a.join(''));
/** An input and the same input with tabs and newlines inserted at some positions. */
const pairs = fc
  .tuple(inputs, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...TAB_OR_NEWLINE)), { minLength: 1, maxLength: 4 }))
  .map(([clean, inserts]) => {
    let dirty = clean;
    for (const [at, t] of inserts) {
      const i = at % (dirty.length + 1);
      dirty = dirty.slice(0, i) + t + dirty.slice(i);
    }
    return dirty;
  });

/** Lone surrogates become U+FFFD before the removal: two that a tab separated never pair up. */
function removeTabAndNewline(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i]! + s[i + 1]!;
        i++;
        continue;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) out += '\uFFFD';
    else if (c !== 0x09 && c !== 0x0a && c !== 0x0d) out += s[i]!;
  }
  return out;
}

function href(input: string, base?: string): string | null {
  try {
    return new URL(input, base).href;
  } catch {
    return null;
  }
}

const BASES = [
  undefined,
  'https://example.org/a/b/c?x#y',
  'http://user:pw@h:81/p/q',
  'file:///C:/a/b',
  'file://host/a/b',
  'sc:opaque?q#f',
  'sc://h/p/q',
  'data:text/plain,x',
];

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

test('tabs and newlines: constructor without and with a base', () => {
  fc.assert(
    fc.property(pairs, fc.constantFrom(...BASES), (dirty, base) => {
      const clean = removeTabAndNewline(dirty);
      assert.equal(href(dirty, base), href(clean, base), JSON.stringify({ dirty, base }));
    }),
    { seed: 20261121, numRuns: RUNS },
  );
});

test('tabs and newlines: whole-input variants', () => {
  fc.assert(
    fc.property(inputs, fc.constantFrom(...TAB_OR_NEWLINE), fc.constantFrom(...BASES), (clean, t, base) => {
      for (const dirty of [t + clean, clean + t, clean.split('').join(t), [...clean].join(t), ' ' + t + clean + t + ' ']) {
        assert.equal(href(dirty, base), href(removeTabAndNewline(dirty), base), JSON.stringify({ dirty, base }));
      }
    }),
    { seed: 7, numRuns: Math.ceil(RUNS / 3) },
  );
});

// username and password do not run the parser; search, hash and port look at the value before it
// does (the empty string, a leading "?" or "#"), so their values get a fixed first code unit.
const SETTERS = ['href', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
const PREFIX: Partial<Record<(typeof SETTERS)[number], string>> = { port: '1', search: '?', hash: '#' };
const TARGETS = ['https://u:p@example.org:8080/a/b?q#f', 'file:///C:/x', 'sc://h/p', 'sc:opaque', 'http://h/'];

test('tabs and newlines: setters', () => {
  fc.assert(
    fc.property(pairs, fc.constantFrom(...SETTERS), fc.constantFrom(...TARGETS), (value, setter, target) => {
      const dirty = (PREFIX[setter] ?? '') + value;
      const clean = removeTabAndNewline(dirty);
      const a = new URL(target);
      const b = new URL(target);
      let ea: unknown = null;
      let eb: unknown = null;
      try {
        a[setter] = dirty;
      } catch (e) {
        ea = (e as Error).name;
      }
      try {
        b[setter] = clean;
      } catch (e) {
        eb = (e as Error).name;
      }
      assert.equal(ea, eb);
      assert.equal(a.href, b.href, JSON.stringify({ dirty, setter, target }));
    }),
    { seed: 99, numRuns: RUNS },
  );
});

test('tabs and newlines: long ASCII inputs (the byte-buffer removal) and ones that are not', () => {
  const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
  for (const body of [ascii.repeat(40), 'a\t\n\rb'.repeat(2000), ascii.repeat(40) + '\u0080', '\u00ff' + ascii.repeat(40), ascii.repeat(20) + '\ud800' + ascii.repeat(20)]) {
    for (const dirty of ['http://h/' + body, 'sc:' + body, 'http://h/?' + body + '#' + body]) {
      assert.equal(href(dirty), href(removeTabAndNewline(dirty)), JSON.stringify(dirty.slice(0, 40)));
    }
  }
});

test('tabs and newlines: long inputs (past the chunked removal size of 4,096 code units)', () => {
  // The chunked copy carries each code unit across chunk boundaries; surrogate pairs and lone
  // surrogates on either side of a boundary must come out as without the removal.
  fc.assert(
    fc.property(
      fc.array(piece, { minLength: 1, maxLength: 6 }).map((a) => a.join('')),
      fc.integer({ min: 4000, max: 9000 }),
      fc.constantFrom(...TAB_OR_NEWLINE),
      fc.constantFrom(...BASES),
      (unit, length, t, base) => {
        let body = '';
        while (body.length < length) body += unit + (body.length % 7 === 0 ? t : '');
        for (const dirty of ['http://h/' + body, body, 'sc:' + body + '#' + t + body]) {
          assert.equal(href(dirty, base), href(removeTabAndNewline(dirty), base), JSON.stringify({ unit, length, t, base }));
        }
      },
    ),
    { seed: 4096, numRuns: Math.ceil(RUNS / 30) },
  );
});

test('hasTabOrNewline: long ranges (a native scan) and short ones, a tab or newline at either end or outside', () => {
  // Bodies of one-byte code units, and of code units that hold the bytes of a tab (0x09) or a
  // carriage return (0x0D) in either half, which a search for one code unit must not take for one.
  for (const [length, unit] of [10, 256, 257, 1000].flatMap((n) => ['a', '\u0915', '\u200d', '\u0d28', '\u090a'].map((u) => [n, u] as const))) {
    const body = unit.repeat(length);
    for (const c of ['\t', '\n', '\r']) {
      for (const at of [0, 1, length - 1]) {
        const s = 'x' + body.slice(0, at) + c + body.slice(at + 1) + 'y';
        // The range [1, length + 1) holds the tab or newline; the ranges beside it do not.
        assert.equal(hasTabOrNewline(s, 1, length + 1), true, `${length} ${at} ${JSON.stringify(unit)}`);
        if (at === 0) assert.equal(hasTabOrNewline(s, 2, s.length), false);
        if (at === length - 1) assert.equal(hasTabOrNewline(s, 0, length), false);
      }
    }
    assert.equal(hasTabOrNewline('\t' + body + '\n', 1, length + 1), false);
    assert.equal(hasTabOrNewline(body, 0, length), false, `${length} ${JSON.stringify(unit)}`);
  }
});
