// When the parser reports that the serialization is the input (or the input and "/"), the URL class
// builds its href from the input without running the serializer. This checks that claim against the
// serializer itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusLines, corpusSkip } from './helpers/corpus.ts';
import { parseToSerialization, parseWithStateMachine, runBasicURLParser } from '../src/url-parser.ts';
import { SerializedURL, serializationOf } from '../src/serialized-url.ts';

/** The serialization the parser knows from the input without serializing a record, or null. */
function knownSerialization(input: string, base: ReturnType<typeof runBasicURLParser>): string | null {
  const parsed = parseToSerialization(input, base);
  return parsed instanceof SerializedURL ? serializationOf(parsed) : null;
}
import { URL } from '../src/url.ts';
import { serializeURL } from '../src/url-serializer.ts';
import { loadWPT, wptSkip } from './helpers/wpt-data.ts';
import { URL as WhatwgURL } from 'whatwg-url';


function check(inputs: Array<[string, string | null]>): { verbatim: number; parsed: number } {
  let verbatim = 0;
  let parsed = 0;
  for (const [input, baseInput] of inputs) {
    const base = baseInput === null ? null : runBasicURLParser(baseInput, null, null, 0, null, null);
    if (baseInput !== null && base === null) continue;
    const record = runBasicURLParser(input, base, null, 0, null, null);
    if (record === null) continue;
    parsed++;
    const known = knownSerialization(input, base);
    if (known !== null) {
      verbatim++;
      assert.equal(known, serializeURL(record), `input ${JSON.stringify(input)}`);
    }
  }
  return { verbatim, parsed };
}

test('the verbatim shortcut agrees with the serializer on the WPT inputs', { skip: wptSkip() }, () => {
  const cases = (loadWPT('urltestdata.json') as unknown[]).filter(
    (c): c is { input: string; base: string | null } => typeof c === 'object' && c !== null,
  );
  const { verbatim } = check(cases.map((c) => [c.input, c.base]));
  assert.ok(verbatim > 50, `only ${verbatim} verbatim cases`);
});

test('the verbatim shortcut agrees with the serializer on the URL corpus', { skip: corpusSkip() }, () => {
  const lines = corpusLines();
  const { verbatim, parsed } = check(lines.map((l) => [l, null]));
  assert.ok(verbatim > parsed / 2, `only ${verbatim} of ${parsed} verbatim`);
});

test('inputs that change when parsed are not verbatim', () => {
  for (const input of [
    'HTTP://example.com/',
    'http://EXAMPLE.com/',
    'http://example.com',
    'http://example.com:80/',
    'http://example.com:080/',
    'http://example.com:/',
    'http://example.com/a/../b',
    'http://example.com/a b',
    'http://example.com/?a b',
    'http://example.com/#a b',
    'http:\\\\example.com\\',
    'http:example.com/',
    'http:///example.com/',
    'http://0x7f.1/',
    ' http://example.com/',
    'http://exa\tmple.com/',
    'sc:a ?b',
  ]) {
    const record = runBasicURLParser(input, null, null, 0, null, null);
    assert.ok(record !== null, input);
    const known = knownSerialization(input, null);
    assert.notEqual(known, input, input);
    if (known !== null) assert.equal(serializeURL(record), known, input);
    assert.notEqual(serializeURL(record), input);
  }
});

test('an input that ends with its authority is serialized with "/" after it', () => {
  for (const input of ['http://example.com', 'https://a.b:8080', 'ws://127.0.0.1', 'file://host', 'ftp://u:p@h']) {
    const record = runBasicURLParser(input, null, null, 0, null, null);
    assert.ok(record !== null, input);
    assert.equal(knownSerialization(input, null), input + '/', input);
    assert.equal(serializeURL(record), input + '/');
  }
  // "file://" is serialized as "file:///", but an input ending with "/" gets no "/" suffix: the URL
  // class tells an input that lacks the "/" from a serialization by its last code unit.
  assert.equal(knownSerialization('file://', null), null, 'file://');
  for (const input of ['http://example.com:80', 'HTTP://example.com', 'http://EXAMPLE.com', 'http://a:', 'http://@a']) {
    const record = runBasicURLParser(input, null, null, 0, null, null);
    assert.ok(record !== null, input);
    assert.equal(knownSerialization(input, null), null, input);
    assert.notEqual(serializeURL(record), input + '/');
  }
});

test('URL objects: the href of an input that ends with its host or port, read once and after changes', () => {
  for (const input of ['https://example.com', 'http://a.b:81', 'file://', 'file://h', 'ws://1.2.3.4', 'https://example.com/', 'http://a/?', 'http://a/#']) {
    const expected = serializeURL(parseWithStateMachine(input, null)!);
    assert.equal(URL.parse(input)!.href, expected, `URL.parse(${JSON.stringify(input)})`);
    const url = new URL(input);
    assert.equal(url.href, expected, input);
    assert.equal(String(url), expected, input);
    assert.equal(url.toJSON(), expected, input);
    const late = new URL(input);
    late.searchParams.append('q', '1');
    assert.equal(late.href, serializeURL(parseWithStateMachine(expected.replace(/[?#].*$/, '') + '?q=1' + (expected.includes('#') ? '#' : ''), null)!), input);
    const hashed = new URL(input);
    hashed.hash = 'x';
    assert.equal(hashed.href, expected.replace(/#.*$/, '') + '#x', input);
  }
});

test('URL.parse and the constructor give the serializer\'s href, with and without a base', { skip: corpusSkip() }, () => {
  const lines = corpusLines();
  const bases = [undefined, 'https://example.org/a/b/c?x#y', 'http://u:p@h:81/x'];
  let checked = 0;
  for (const line of lines) {
    for (const base of bases) {
      const record = parseWithStateMachine(line, base === undefined ? null : parseWithStateMachine(base, null));
      const viaParse = URL.parse(line, base);
      assert.equal(viaParse === null, record === null, `URL.parse(${JSON.stringify(line)}, ${base})`);
      if (record === null || viaParse === null) continue;
      const expected = serializeURL(record);
      assert.equal(viaParse.href, expected, `URL.parse(${JSON.stringify(line)}, ${base})`);
      assert.equal(new URL(line, base).href, expected, `new URL(${JSON.stringify(line)}, ${base})`);
      checked++;
    }
  }
  assert.ok(checked > lines.length * 2, `only ${checked} parses`);
});

// A URL made from an input that is its serialization keeps the input, and its record is split from
// it when a component is first read (recordOfSerialization). Whatever is read first — the href, a
// component, the search params, or a setter that changes the URL — every member must then give
// what the state machine's record gives.
const MEMBERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/** The members whatwg-url (the standard's reference implementation) gives for `input`. */
function expectedMembers(input: string, base?: string): Record<string, string> {
  const reference = new WhatwgURL(input, base);
  return Object.fromEntries(MEMBERS.map((m) => [m, reference[m]]));
}

function checkHeld(input: string, base?: string): void {
  const record = parseWithStateMachine(input, base === undefined ? null : parseWithStateMachine(base, null));
  if (record === null) return;
  const expected = expectedMembers(input, base);
  const what = JSON.stringify(input) + (base === undefined ? '' : ` against ${base}`);
  const read = (url: URL, first: string): void => {
    for (const m of MEMBERS) assert.equal(url[m], expected[m], `${m} of ${what}, ${first} read first`);
  };
  // Each member read first, then all of them.
  for (const first of MEMBERS) {
    const url = new URL(input, base);
    assert.equal(url[first], expected[first], `${first} of ${what}, read first`);
    read(url, first);
  }
  const viaParse = URL.parse(input, base)!;
  read(viaParse, 'nothing (URL.parse)');
  // The search params first; then a change through them.
  const withParams = new URL(input, base);
  assert.equal(withParams.searchParams.toString(), new URLSearchParams(record.query ?? '').toString(), `searchParams of ${what}`);
  read(withParams, 'searchParams');
  withParams.searchParams.append('k', 'v');
  assert.equal(withParams.search, (record.query ? `?${new URLSearchParams(record.query).toString()}&` : '?') + 'k=v', `search after append, ${what}`);
  // A setter before anything else is read, then the href.
  const changed = new URL(input, base);
  changed.pathname = '/p';
  const reference = new WhatwgURL(input, base);
  reference.pathname = '/p';
  assert.equal(changed.href, reference.href, `href after the pathname setter, ${what}`);
  // The href read, then a setter.
  const late = new URL(input, base);
  assert.equal(late.href, expected.href, `href of ${what}`);
  late.pathname = '/p';
  assert.equal(late.href, reference.href, `href after reading it and the pathname setter, ${what}`);
  const hashed = new URL(input, base);
  hashed.hash = 'h';
  assert.equal(hashed.href, expected.href.replace(/#.*$/, '') + '#h', `href after the hash setter, ${what}`);
}

test('URLs held as their serialization: every member, whatever is read or set first (edge cases)', () => {
  for (const input of [
    'https://example.com',
    'https://example.com/',
    'http://a.b:81',
    'http://a.b:81/x?y#z',
    'http://1.2.3.4:8080/',
    'http://1.2.3.4/',
    'http://a1:1/',
    'http://a12345/',
    'ws://h?',
    'ws://h/?',
    'ws://h/#',
    'ws://h/?#',
    'wss://h/a?b?c#d?e#f',
    'ftp://h:65535/a/b',
    'file:///C:/x',
    'file:///',
    'file://host/share/x?q#f',
    'file://h',
    'https://u:p@h/',
    'https://u@h',
    'http://h/a%20b/%F0%9F%92%A9?%3F#%23',
  ]) {
    checkHeld(input);
  }
});

test('URLs held as their serialization: every member on the URL corpus', { skip: corpusSkip() }, () => {
  const lines = corpusLines();
  // Every tenth line: each line is parsed 15 times.
  for (let i = 0; i < lines.length; i += 10) checkHeld(lines[i]!);
});

test('URLs held as their serialization: path-absolute references against a base, every member', () => {
  // The serialization of such a reference against a special base without credentials is the
  // base's scheme and authority followed by the reference, and is held as that.
  const bases = ['https://example.com', 'http://a.b:81/x?y#z', 'wss://h/', 'http://1.2.3.4/p', 'ftp://h:21/', 'https://u:p@h/', 'https://u@h/', 'file:///C:/x', 'sc://h/p'];
  const references = ['/', '/a', '/a/b?c#d', '/?', '/#', '/?#', '/a%20b', '/a b', '/a/./b', '/a/../b', '/é', '/a?b c#d e', '/a?\ud800', '/x\\y', '//h2/x', '/a\t/b', '/a '];
  for (const base of bases) for (const reference of references) checkHeld(reference, base);
});

test('URLs held as their serialization: the corpus paths against a base, every member', { skip: corpusSkip() }, () => {
  const lines = corpusLines();
  for (let i = 0; i < lines.length; i += 10) {
    const record = parseWithStateMachine(lines[i]!, null);
    if (record === null || record.opaquePath) continue;
    const reference = serializeURL(record).replace(/^[^:]*:(\/\/[^/?#]*)?/, '');
    if (reference.startsWith('/')) checkHeld(reference, 'https://example.org:8080/a/b?c#d');
  }
});
