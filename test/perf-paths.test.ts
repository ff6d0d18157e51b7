// The fast paths must agree with the general algorithms they shortcut. Each test runs the fast path
// and the general path on the same input and compares the answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from './helpers/fast-check.ts';
import {
  certainlyParses,
  parseBaseForReference,
  parseCommonShape,
  parseURL,
  parseWithStateMachine,
  ReturnMode,
  routeFormOf,
  type RouteForm,
  runBasicURLParser,
  State,
} from '../src/url-parser.ts';
import { specialSchemeDefaultPort, URLRecord } from '../src/url-record.ts';
import { toScalarValueString } from '../src/infra.ts';
import { serializeURL } from '../src/url-serializer.ts';
import { recordOfSerialization, SerializedURL, serializationOf } from '../src/serialized-url.ts';
import { URL } from '../src/url.ts';
import { loadWPT, wptSkip } from './helpers/wpt-data.ts';
import { corpusLines as readCorpusLines, corpusSkip } from './helpers/corpus.ts';
import { baseURLString, PRINTABLE_ASCII, relativeReference, stringOf, trickyChar, urlString } from './helpers/arbitraries.ts';

const corpusLines = readCorpusLines();

function fullParserSucceeds(input: string): boolean {
  return runBasicURLParser(input, null, null, 0, null, null) !== null;
}

function checkCertainlyParses(input: string): void {
  if (certainlyParses(input)) {
    assert.ok(fullParserSucceeds(input), `certainlyParses(${JSON.stringify(input)}) is true, the parser fails`);
  }
  assert.equal(URL.canParse(input), fullParserSucceeds(input), `canParse(${JSON.stringify(input)})`);
}

test('canParse fast path: WPT inputs', { skip: wptSkip() }, () => {
  const cases = (loadWPT('urltestdata.json') as unknown[]).filter(
    (c): c is { input: string } => typeof c === 'object' && c !== null,
  );
  for (const c of cases) checkCertainlyParses(c.input);
});

test('canParse fast path: corpus lines, and it takes most of them', { skip: corpusSkip() }, () => {
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
    // Dotted-decimal IPv4 hosts, and file URLs.
    'http://1.2.3.4', 'http://1.2.3.4.', 'http://1.2.3', 'http://01.2.3.4', 'http://0.0.0.0', 'http://255.255.255.255/',
    'http://256.1.1.1', 'http://1.2.3.4:80', 'http://1..2.3', 'http://1.2.3.4.5', 'http://00.1.2.3', 'http://1.2.3.08',
    'http://1.2.3.4a', 'http://4294967295', 'http://1.2.3.9999999999999999999999', 'file:///', 'file:///C|/x', 'file://C:/',
    'file://c|', 'file://C|/', 'file://localhost/x', 'file://a.1/', 'file://1.2.3.4/', 'file://1.2.3.256/', 'file://a:80/',
    'file://a\\b', 'file://a?b', 'file://a#b', 'file:////x', 'file://%41/', 'FILE://A/', 'file://a', 'file://',
    'file:/\t//a', 'file://\t/a', 'file://a b/', 'file://xn--/', 'file://a.b./', 'file://a../',
    // A last label starting with a digit in a host with letters or "-".
    'http://1a.2.3.4', 'http://a1.2.3.4', 'http://a.2.3.4', 'http://1.2.3.a4', 'http://1.2.3.4a', 'http://-1.2.3.4',
    'http://1-2.3.4.5', 'http://1.2.3.4-', 'http://1.2.3.-4', 'http://A.2.3.4', 'http://1.2.3.4.a', 'http://a.1b',
    'http://a.0x1', 'http://a.b.1.', 'http://a.b.1..', 'file://1a.2.3.4/', 'file://1.2.3.4a/',
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
  const dottedNumbers = fc
    .tuple(fc.constantFrom('http://', 'file://', 'wss://'), stringOf('0123456789.', 16), fc.constantFrom('', '/', ':1', '?', 'a'))
    .map((xs) => xs.join(''));
  const dottedMixed = fc
    .tuple(fc.constantFrom('http://', 'file://', 'wss://'), stringOf('0123456789.aAx-', 16), fc.constantFrom('', '/', ':1', '?'))
    .map((xs) => xs.join(''));
  fc.assert(fc.property(fc.oneof(urlString, noisy, simple, dottedNumbers, dottedMixed), (s) => checkCertainlyParses(s)), { numRuns: 20000 });
});

// The common-shape route (parseCommonShape) must give exactly the state machine's record; asked for
// a serialization, it must give one only when the serializer gives it back, and the split of a
// serialization it holds without a record (recordOfSerialization) must be that record.
function checkCommonShape(input: string, base: URLRecord | null): boolean {
  const fast = parseCommonShape(input, base, ReturnMode.Record);
  if (typeof fast === 'number') return false;
  assert.ok(!(fast instanceof SerializedURL), 'a record is asked for');
  const held = parseCommonShape(input, base, ReturnMode.Serialization);
  const slow = parseWithStateMachine(input, base);
  const what = `${JSON.stringify(input)}${base === null ? '' : ` against ${serializeURL(base)}`}`;
  if (fast === null) {
    assert.equal(held, null, `asked for a serialization, the route parses ${what}`);
    assert.equal(slow, null, `the route fails on ${what}, the state machine parses it`);
    return true;
  }
  assert.ok(slow !== null, `the route parses ${what}, the state machine fails`);
  assert.deepEqual({ ...fast }, { ...slow }, what);
  assert.ok(typeof held !== 'number' && held !== null, `the route gives up on ${what} only when asked for a serialization`);
  const serialization = serializeURL(slow);
  if (held instanceof SerializedURL) {
    assert.equal(serializationOf(held), serialization, `the serialization the route knows for ${what}`);
    if (held.record !== null) {
      // Only an input with a scheme that is not special comes with its record.
      assert.deepEqual({ ...held.record }, { ...slow }, `the record the route builds for ${what}`);
      assert.ok(specialSchemeDefaultPort(slow.scheme) === undefined, `the route builds a record for ${what}`);
      assert.ok(held.href === input || (held.href === input + '/' && !input.endsWith('/')), `the input is the serialization of ${what}`);
    } else {
      assert.deepEqual({ ...recordOfSerialization(held.href, held.hostStart, held.hostEnd, held.pathStart, held.pathEnd, held.queryEnd) }, { ...slow }, `the split of ${what}`);
      if (held.href === input) {
        // The URL class writes out the path "/" after an input that lacks it, with the path's end.
        if (held.pathStart === input.length) {
          const n = input.length;
          assert.deepEqual({ ...recordOfSerialization(input + '/', held.hostStart, held.hostEnd, n, n + 1, n + 1) }, { ...slow }, `the split of ${what} and "/"`);
          assert.notEqual(input.at(-1), '/', `the path "/" after ${what}`);
        }
      } else {
        // A path-absolute reference, whose serialization is the base's scheme and authority
        // (credentials, host and port) followed by the reference.
        assert.ok(base !== null && input.startsWith('/'), `the route holds ${what}`);
        assert.equal(held.href.slice(held.href.length - input.length), input, `the reference ends the serialization held for ${what}`);
      }
    }
  } else {
    assert.deepEqual({ ...held }, { ...slow }, `the record the route builds for ${what}`);
    assert.ok(serialization !== input && (serialization !== input + '/' || input.endsWith('/')), `no serialization is known for ${what}`);
  }
  return true;
}

const corpusBase = parseWithStateMachine('https://example.org/a/b/c?x#y', null)!;

test('common-shape route: WPT inputs, with and without their bases', { skip: wptSkip() }, () => {
  const cases = (loadWPT('urltestdata.json') as unknown[]).filter(
    (c): c is { input: string; base: string | null } => typeof c === 'object' && c !== null,
  );
  let taken = 0;
  for (const c of cases) {
    const base = c.base === null ? null : parseWithStateMachine(c.base, null);
    if (checkCommonShape(c.input, base)) taken++;
    if (checkCommonShape(c.input, null)) taken++;
  }
  assert.ok(taken > 100, `only ${taken} WPT inputs took the route`);
});

test('common-shape route: corpus lines and their paths against a base, and it takes most', { skip: corpusSkip() }, () => {
  let absolute = 0;
  let relative = 0;
  for (const line of corpusLines) {
    if (checkCommonShape(line, null)) absolute++;
    const parsed = parseWithStateMachine(line, null);
    if (parsed === null) continue;
    const rel = parsed.serializedPath + (parsed.query === null ? '' : `?${parsed.query}`) + (parsed.fragment === null ? '' : `#${parsed.fragment}`);
    if (checkCommonShape(rel, corpusBase)) relative++;
  }
  assert.ok(absolute > corpusLines.length * 0.75, `only ${absolute} of ${corpusLines.length} absolute`);
  assert.ok(relative > corpusLines.length * 0.75, `only ${relative} of ${corpusLines.length} relative`);
});

test('common-shape route: edge cases', () => {
  const bases = [null, corpusBase, parseWithStateMachine('http://u:p@h:81/x', null), parseWithStateMachine('file:///C:/x', null), parseWithStateMachine('sc:opaque', null), parseWithStateMachine('sc://h/p', null)];
  const driveLetters = [
    'file:///C|/x', 'file:///c|', 'file:///C|?q', 'file:///C|#f', 'file://h/C|/x', 'file://localhost/C|/x', 'FILE:///C|/x', 'file:///C|x/',
    'file:///CC|/', 'file:///1|/', 'file:///C|/./x', 'file:///C|/a b', 'file:///C|\\x', 'file:///C|/C|/', 'file:///C:/C|', 'file:///C| ',
    'file:///z|/%41', 'file:///Z|/é', 'file:///C|/?a|b#c|d', 'file:///|/', 'file:///C|', 'file:///C/|',
  ];
  const inputs = [
    'http://a', 'http://a/', 'http://a.', 'http://1', 'http://a.1', 'http://a.0x', 'http://A.b/', 'http://a:', 'http://a:/', 'http://a:80/',
    'http://a:080/', 'http://a:65535', 'http://a:65536/', 'http://a:8a/', 'http://a:8\\', 'http://a\\b', 'http://a/b\\c', 'http://a?b', 'http://a#b',
    'http://a@b/', 'http://u:p@b/', 'http://[::1]/', 'http://a]/', 'http://a%41/', 'http://%zz/', 'http://a b/', 'http://a/ ', 'http://a/\t', 'http://a/b\tc',
    'http://a/b\nc?d', 'http://a/?b\tc', 'http://a/#b\rc', 'http://a/./', 'http://a/../', 'http://a/.%2e/', 'http://a/%2E', 'http://a/.x', 'http://a/%41',
    'http://a/..b', 'http://a/x/..', 'http://a/x/.?q', 'http://a/x/%2e%2E#f', 'http://a/é', 'http://a/\ud800', 'http://a/?\ud800', 'http://a/#\udc00',
    "http://a/?'", 'http://a/?"<>', 'http://a/#`', 'http://a/{}^`', 'http:///a', 'http:\\\\a', 'http:/a', 'http:a', 'http://', 'http:// ', 'http://:80/',
    'http://a b:p@h/', 'http://u:99999@h/', 'http://a%zz:1@h/', 'http://a:99999/', 'http://a:1x/', 'http://a:1 /', 'http://a:1\t/', 'http://a:1\\/', 'http://a b:1/', 'http://a%zz/', 'http://a%00/', 'http://a<b/',
    'HTTPS://EXAMPLE.COM/', 'hTtPs://x-y.z/', 'ws://a', 'wss://a:443', 'ftp://a:21/', 'file://a/', 'foo://a/', 'javascript:x', 'http://münchen.de/',
    'http://xn--mnchen-3ya.de/', 'http://xn--a/', 'http://a..b/', 'http://a../', 'http://1../', 'http://a.1./', 'http://./', 'http://../',
    'http://.a/', 'http://a.-1/', 'http://0x/', 'http://a.0x./', 'http://a.b1/', 'http://1a/', 'http://a.09./', 'HTTP://A.1/', 'wss://x.2', 'http://ex%61mple.com/', 'http://0x7f.1/', 'http://a/?#', 'http://a/#', 'http://a/?',
    '/', '/a', '//a', '/\\a', '/a/../b', '/a?b#c', '/ a', '/a\tb', '?q', '#f', 'a', '', ' http://a/', 'http://a/ ', '\thttp://a/',
    // Slashes right after "//" (the special authority ignore slashes state), an authority that ends
    // at once, and last labels that end in "a" to "f" (mayEndInANumber reads them).
    'https:///h/', 'https:////h', 'https://\\h', 'https:///', 'https://?x', 'https://#x', 'https://@/', 'http://x.de', 'http://x.1e',
    'http://x.0e/', 'http://x.ae.', 'http://1.de', 'file://', 'file:///', 'file://h',
    // Authorities past 256 code units, whose simple start and runs of code units that are not ASCII
    // are found by regular expressions.
    ...['', '/', '/p?q#f', ':8080/', ':80', '.', '1', '0x', 'A/', '@h/', 'é/', '%41/', '|/', '\\x', ' ', '\t/', ' \x01', '[/'].flatMap((tail) => [
      'http://' + 'a.'.repeat(200) + 'b' + tail,
      'http://' + '1.'.repeat(200) + '1' + tail,
      'https://' + 'x'.repeat(300) + tail,
      'https://' + 'x'.repeat(250) + 'Y' + 'x'.repeat(50) + tail,
      'http://' + 'é'.repeat(300) + tail,
      'http://a.' + 'é'.repeat(300) + 'B' + 'ü'.repeat(20) + tail,
      'http://u' + 'é'.repeat(300) + ':p' + 'ü'.repeat(300) + '@h' + tail,
      'http://' + '\u{1f600}'.repeat(200) + '\ud800' + tail,
    ]),
    // Forbidden domain code points in the host (the route fails there), and "%" before two hex digits or not.
    'http://a|b/', 'http://a^b:1/', 'http://a<b>/', 'http://a\x7f/', 'http://a\x01b/', 'http://a%4:1/', 'http://a%/', 'http://a%4',
    'http://a%4g/', 'http://a%41%/', 'http://u|v@a/', 'http://u@a|b/', 'http://a|b@c/', 'http://a:1|/', 'http://%7c/', 'http://a%20b/',
    // "<" and ">" with U+0338 after them: normalization composes "≮" and "≯", which are valid.
    'http://a>\u0338b/', 'http://<\u0338/', 'http://a>b/', 'http://=\u0338/', 'http://a<\u0338>/', 'http://a|\u0338/',
    // Credentials.
    'http://a@b@c/', 'http://a:b:c@h/', 'http://a:b@c:d@h/', 'http://:@h/', 'http://@h/', 'http://u:@h/', 'http://:p@h/', 'http://u@/',
    'http://u@:80/', 'http://u@h:/', 'http://é:ü@h/', 'http://u:p@h:8080/x?q#f', 'http://u@h:0/', 'http://u@[::1]/', 'http://u@h:x/',
    'http://u p@h/', 'http://u%41@h/', 'http://u\tv@h/', 'http://u@h\\x', 'http://u@1.2.3.4/', 'http://u@a b/', 'http://u@1.2.3.4.5/',
    'https://user@example.org:8080/a/b/c/d?q=1#f', 'http://u@H.example/', 'http://u@/x', 'http://@/', 'http://u:p@/',
    // File URLs.
    'file:///', 'file://', 'file:///a/b?c#d', 'FILE:///a', 'File://h/x', 'file://localhost/x', 'file://localhost', 'file://LOCALHOST/x',
    'file://localhost.', 'file:////x', 'file:///C:/x', 'file:///C|/x', 'file:///c|', 'file://C:/x', 'file://c|/x', 'file://h/C|/x',
    'file://h/C:/x', 'file:///C:/../x', 'file:///x/..', 'file://1.2.3.4/x', 'file://1.2.3.4.5/x', 'file://0x7f.1/', 'file://h:80/',
    'file://u@h/', 'file://h\\x', 'file:\\\\h\\x', 'file:x', 'file:/x', 'file://?q', 'file://#f', 'file://h?q', 'file://a b/',
    'file://%41/', 'file://é/', 'file:///a b/é?q r#f s', 'file://h./x', 'file://-a-/x', 'file:///C:', 'file:///C:/', 'file:///a%2e/',
    // Trailing C0 controls and spaces (removed before parsing), and empty hosts.
    'http://a\x00', 'http://a/b \x01', 'http://a \x1f', 'http://a:80\x00', 'http://a:\x00', 'http://u@\x00', 'http://u@h\x00 ',
    'http://a/?q \x00', 'http://a/#f\x1f ', 'http://a/b\t ', 'http://a/b\n\x00', 'http://a\x01b\x00', 'http://a\x00b/c', 'https://\r',
    'http://\x00', 'http:// \x00', 'http:\x00', 'http:/\x00', 'HTTP://A.COM\x00', 'file://h\x00', 'file:///\x00', 'file://\x00',
    'file:///C|\x00', '/a\x00', '/\x00', ' \x00', '\x00', 'http://#', 'http://?', 'https://@', 'https://:443', 'http://@/x',
    'https://user:pass@', 'http://a@:1/', 'http://:@', 'ws://', 'ftp://?q', 'http://a/' + 'b'.repeat(300) + '\t\x00 ',
    'http://a/' + 'é'.repeat(300) + ' \x00', 'http://a/' + 'b'.repeat(300) + '\x00\x01\n?', 'http://a/' + 'b'.repeat(300) + '/.\x00',
    // ASCII hosts the domain parser keeps or lowercases, with other code units than a-z, 0-9, "-", ".".
    'http://EXAMPLE.COM/', 'http://Ex_Am~Ple.com/', 'http://a_b/', 'http://A.0X1F/', 'http://0X7F.1/', 'http://A._1/', 'http://{}.com/',
    'http://a`b/', 'http://u@H_/', 'http://H:8_0/', "http://a'b/", "http://!$&'()*+,;=_`{}~/", 'http://A.1./', 'http://A.B./', 'http://_.9/',
    'http://XN--MNCHEN-3YA.DE/', 'http://a.B.xn--X/', 'http://Xn--/', 'http://a~@B~/', 'http://U:P@X.Y:8080/', 'http://a"b/', 'HTTP://X_Y',
    'file://AdminPolicy.json', 'file://LOCALHOST/x', 'file://LocalHost', 'file://localhost', 'file://~/x', 'file://C/x', 'file://C:/x', 'file://c|',
    'file://_/', 'file://A.0X1/', 'file://XN--A/', 'file://A~B?q#f', 'file://Ab/C|/x', 'file://Ab/C:/x', 'file://A.1./', 'file://{}/x',
    // Dot segments (taken by the route for special URLs other than "file").
    'http://a/b/c/../../../d', 'http://a/b/./c/.', 'http://a/%2e%2E/x', 'http://a/b/..%2f', 'http://a/b/.../c', 'http://a/é/../ü', 'http://a/b/..?',
    'http://a/b/.#', 'http://a//../x', 'http://a/b//./', 'ws://a/./b', 'HTTP://A/./B', 'http://a/.', 'http://a/..', 'http://a/b/%2e.', 'http://a/b/.%2E/',
    'http://a/b/..x/..', 'http://a/b c/../d e', 'http://a/../../', 'file:///a/../b', 'file://h/./x', '/a/./b/../c?q', '/..', '/./', 'http://a/b/\\../c',
  ];
  for (const base of bases) for (const input of [...inputs, ...driveLetters]) checkCommonShape(input, base);
  // A first path segment "C|" of a file URL is taken by the route, which writes it "C:".
  for (const input of ['file:///C|/x', 'file:///c|', 'file://h/C|/x?q#f', 'file:///C|/C|/']) {
    const record = parseCommonShape(input, null, ReturnMode.Record);
    assert.ok(record instanceof URLRecord, `the route takes ${input}`);
    assert.match(record.serializedPath, /^\/[A-Za-z]:/, input);
  }
});

// A reference starting with "/", or with a special scheme other than "file" and "//", is parsed
// against only the scheme and authority of its base (parseBaseForReference): the result must be the
// one against the whole base, and so must the URL class's.
function checkPartialBase(reference: string, base: string): boolean {
  const partial = parseBaseForReference(base, reference, new URLRecord());
  const full = parseWithStateMachine(base, null);
  const slow = full === null ? null : parseWithStateMachine(reference, full);
  const what = `${JSON.stringify(reference)} against ${JSON.stringify(base)}`;
  let href: string | null = null;
  try {
    href = new URL(reference, base).href;
  } catch {}
  assert.equal(href, slow === null ? null : serializeURL(slow), `new URL of ${what}`);
  if (partial === undefined) return false;
  assert.equal(partial === null, full === null, `base failure for ${what}`);
  if (partial === null || full === null) return true;
  const fast = runBasicURLParser(reference, partial, null, 0, null, null);
  assert.deepEqual(fast === null ? null : { ...fast }, slow === null ? null : { ...slow }, what);
  return true;
}

test('partial base of a reference starting with "/": edge cases and random strings', () => {
  const bases = [
    'https://example.org/a/b/c?x#y', 'http://u:p@h:81/x', 'HTTP://H.EXAMPLE:80/x', 'http://h', 'http://h?q', 'http://h/\t/x', 'ws://h/ü',
    'http://h:65536/', 'http://a b/', 'http://1.2.3.4.5/', 'http://[::1]/', 'http://h\\x', 'file:///C:/x', 'file://h/x', 'sc://h/p',
    'sc:opaque', '', ' http://h/', 'http://h/ ', 'http://h\t/', 'http://%41/',
  ];
  const references = [
    '/', '/x', '//y/z', '/\\y', '/\t/y', '/\n\\y', '/..', '/../x', '/?q', '/#f', '/C:/x', '/C|', '/ x', '/\ud800', '/%2e%2E/x', '//', '///x',
    // Absolute URLs: a special scheme other than "file" and "//" take the partial base, others not.
    'http://x/y', 'HTTPS://X/', 'ws://h:1/', 'wss://u:p@h/', 'ftp://h/../x', 'http://h\t/x', 'https://', 'http:///x', 'http://[::1]/',
    'http://a b/', 'http:/x', 'http:x', 'http:\\\\x', 'https:\\/x', 'file://h/x', 'sc://h/x', ' http://x/', 'ht\ttp://x/',
  ];
  let taken = 0;
  for (const base of bases) for (const reference of references) if (checkPartialBase(reference, base)) taken++;
  assert.ok(taken > 150, `only ${taken} cases took the partial base`);
  fc.assert(
    fc.property(fc.oneof(urlString, baseURLString), relativeReference, fc.constantFrom('/', 'http://', 'HTTPS://', 'ws:', 'ftp://'), (base, reference, head) => {
      checkPartialBase(head + reference, base);
    }),
    { numRuns: 5000 },
  );
});

// A path-relative reference is given to the route as a path prefix (the base's path, or its part up
// to a "/") and the rest of the reference (routeFormOf); a path-absolute or scheme-relative one as it
// is, which the route reads itself: what the route makes of that must be the state machine's URL for
// the reference, and so must what the URL class and the basic URL parser with a base make of it.
function checkRouteForm(reference: string, base: string): boolean {
  const baseRecord = parseWithStateMachine(base, null);
  if (baseRecord === null) return false;
  const what = `${JSON.stringify(reference)} against ${JSON.stringify(base)}`;
  const slow = parseWithStateMachine(reference, baseRecord);
  const expected = slow === null ? null : serializeURL(slow);
  let href: string | null = null;
  try {
    href = new URL(reference, base).href;
  } catch {}
  assert.equal(href, expected, `new URL of ${what}`);
  assert.equal(URL.parse(reference, base)?.href ?? null, href, `URL.parse of ${what}`);
  const record = runBasicURLParser(reference, baseRecord, null, 0, null, null);
  assert.deepEqual(record === null ? null : { ...record }, slow === null ? null : { ...slow }, `the basic URL parser on ${what}`);
  const viaParseURL = parseURL(reference, { base: baseRecord });
  assert.equal(viaParseURL === null ? null : serializeURL(viaParseURL), expected, `parseURL of ${what}`);
  const scratch: RouteForm = { pathPrefix: '', start: 0 };
  const form = routeFormOf(reference, baseRecord, scratch);
  const prefix = scratch.pathPrefix;
  // The input is the reference, or for a fragment or the empty reference, "?", the base's query
  // (when it has one) and the reference; a path prefix is the base's path, or its part up to a "/".
  const rest = (reference.startsWith('#') || reference === '') && baseRecord.query !== null ? '?' + baseRecord.query + reference : reference;
  assert.equal(form, reference.startsWith('/') || baseRecord.opaquePath ? reference : rest, `the form of ${what}`);
  assert.ok(baseRecord.serializedPath.startsWith(prefix), `the path prefix of ${what}: ${JSON.stringify(prefix)}`);
  if (form === reference && prefix === '' && !reference.startsWith('/')) return false;
  const fast = parseCommonShape(form, baseRecord, ReturnMode.Record, null, null, prefix, scratch.start) as URLRecord | null | number;
  if (typeof fast === 'number') return false;
  assert.deepEqual(fast === null ? null : { ...fast }, slow === null ? null : { ...slow }, `the route on ${JSON.stringify(prefix)} and ${JSON.stringify(form)} for ${what}`);
  // In the mode the URL class uses, the same URL, held as its serialization or not.
  const held = parseCommonShape(form, baseRecord, ReturnMode.Serialization, null, null, prefix, scratch.start);
  assert.ok(typeof held !== 'number', `the route in Serialization mode gives up on ${what}`);
  assert.equal(held === null ? null : held instanceof URLRecord ? serializeURL(held) : serializationOf(held), expected, `the route's serialization for ${what}`);
  return true;
}

test('path- and scheme-relative references in the route\'s form: edge cases and random strings', () => {
  const bases = [
    'https://example.org/a/b/c?x#y', 'http://u:p@h:81/x', 'http://h', 'http://h/', 'http://h//x/y', 'https://h/a/b/', 'HTTP://H/A/B',
    'ws://h/ü/x', 'http://h/%2e%2E/x/', 'file:///C:/x/y', 'file://h/x', 'file:///', 'sc://h/p/q', 'sc://h', 'sc:opaque', 'sc:/p/q',
    'mailto:http://x/', 'javascript:a/b', 'sc:/http://h/x', 'http://h/p?#f', 'https://h/a/?q=%zz',
  ];
  const references = [
    'img/a.png', 'a', 'a b', 'a?q', 'a#f', 'a?q#f', './a', '../a', '../../../../a', './../a', '.././a', '../', './', '..', '.', '../..',
    '../.', './/x', '..//x', 'a/./b', 'a/../b', 'a/..', '%2e/a', '.%2e/a', '%2E%2e/a', '..\\a', '.\\a', 'a\\b', 'a\tb', '.\t./a',
    ' a', 'a ', 'a\u0000', '../?q', './#f', '../#', 'ü', '\ud800x', 'a:b', '../a:b', '1/x', '?', '#', '', 'C|/x', 'C:/x', '../C|/x',
    'a%2fb', '~user', '-x', '@x', '[x]', 'a?b:c', '.htaccess', '..a', '.a/..', 'a/.', 'a/%2e',
    // Dot segments past the leading ones, and what the parser removes or reads as "/" around them.
    'a/../b/c.png', 'a/./b', 'a/b/../../../../c', 'a/%2E%2e/b', 'a/.%2e/b?q#f', 'a/%2e./', 'x/./y/../z.html?q#f', 'a/..?q',
    'a/..#f', 'a/../', 'a/..//b', 'a/.../b', 'a/..b/c', '.', '..', '.a', './.', 'a/b/..', 'a\\..\\b', 'a\\b/../c', '.\t./../x',
    'a/.\t./b', 'a/../b ', 'a/.. ', 'a/..\u0000', 'a/../é/./b', 'a/%2e%2e%2f/b', 'a/?/../b', 'a/#/../b',
    // A query, a fragment or nothing: the base's path, and its query unless the reference has one.
    '?x=1&y=2', '#frag', '?q#f', '?', '#', '?\t', '#\t', '?q ', '?é', "?'", '#é`', '?%zz', '??', '##',
    // Scheme-relative: the route reads these as absolute URLs with the base's scheme.
    '//x', '//x/y?q#f', '//u:p@x/', '//u@x', '//:p@x', '//x:80/', '//x:81', '//X.EXAMPLE/', '///x', '//\\x', '//', '//x\ty',
    '//[::1]/', '//1.2.3.4/', '//exa mple/', '//x?q', '//x#f', '//x/../y', '//ü/', '//x:99999/', '// x',
  ];
  let taken = 0;
  for (const base of bases) for (const reference of references) if (checkRouteForm(reference, base)) taken++;
  assert.ok(taken > 150, `only ${taken} cases took the route`);
  fc.assert(
    fc.property(fc.oneof(urlString, baseURLString), relativeReference, (base, reference) => {
      checkRouteForm(reference, base);
      checkRouteForm(reference.replace(/^[/\\?#]+/, ''), base);
      checkRouteForm('../' + reference.replace(/^[/\\?#]+/, ''), base);
    }),
    { numRuns: 5000 },
  );
});

test('path-relative references in the route\'s form: corpus paths, and the route takes most', { skip: corpusSkip() }, () => {
  let count = 0;
  let taken = 0;
  for (const line of corpusLines) {
    const parsed = parseWithStateMachine(line, null);
    if (parsed === null) continue;
    const last = parsed.serializedPath.slice(parsed.serializedPath.lastIndexOf('/') + 1) || 'index.html';
    for (const reference of [last, '../' + last, './' + last, 'img/' + last + (parsed.query === null ? '' : `?${parsed.query}`)]) {
      count++;
      if (checkRouteForm(reference, 'https://example.org/a/b/c?x#y')) taken++;
    }
  }
  assert.ok(taken > count * 0.75, `only ${taken} of ${count} taken`);
});

test('common-shape route: random URL strings', () => {
  const simple = fc
    .tuple(
      fc.constantFrom('http://', 'HTTPS://', 'ws://', 'wss:/', 'ftp://', 'file://', 'foo://', '/', '//', ''),
      stringOf('aZ09-.:@%[] \t\\é_~X{', 10),
      fc.constantFrom('', '/', '?', '#', '\\', ' ', '/x y', '/./', '/%2e./', '/..'),
      stringOf('aZ/.%?#\'"\t\\ é', 8),
      fc.constantFrom('', '', ' ', '\x00', '\t\x1f ', '\r'),
    )
    .map((xs) => xs.join(''));
  const base = fc.constantFrom(null, corpusBase, parseWithStateMachine('ws://h:1/a/b', null), parseWithStateMachine('sc:x', null));
  fc.assert(fc.property(fc.oneof(urlString, simple, relativeReference), base, (s, b) => void checkCommonShape(s, b)), { numRuns: 20000 });
});

// The setters' state-override shortcuts must leave the record exactly as the basic URL parser with
// the state override does (the steps of the setters, run here on a copy of the record).
function setViaStateMachine(record: URLRecord, name: 'host' | 'hostname' | 'pathname' | 'search' | 'hash', value: string): URLRecord {
  const url = record.clone();
  const v = toScalarValueString(value);
  switch (name) {
    case 'host':
    case 'hostname':
      if (!url.opaquePath) runBasicURLParser(v, null, url, name === 'host' ? State.Host : State.Hostname, null, null);
      break;
    case 'pathname':
      if (!url.opaquePath) {
        url.serializedPath = '';
        runBasicURLParser(v, null, url, State.PathStart, null, null);
      }
      break;
    case 'search':
      if (v === '') url.query = null;
      else {
        url.query = '';
        runBasicURLParser(v.startsWith('?') ? v.slice(1) : v, null, url, State.Query, null, null);
      }
      break;
    case 'hash':
      if (v === '') url.fragment = null;
      else {
        url.fragment = '';
        runBasicURLParser(v.startsWith('#') ? v.slice(1) : v, null, url, State.Fragment, null, null);
      }
      break;
  }
  return url;
}

function checkSetter(href: string, name: 'host' | 'hostname' | 'pathname' | 'search' | 'hash', value: string): void {
  const record = parseWithStateMachine(href, null);
  if (record === null) return;
  const url = new URL(href);
  url[name] = value;
  const expected = serializeURL(setViaStateMachine(record, name, value));
  assert.equal(url.href, expected, `${name} = ${JSON.stringify(value)} on ${JSON.stringify(href)}`);
}

test('setter shortcuts: the state machine with a state override gives the same URL', () => {
  const hrefs = ['https://example.com/a/b?q#f', 'http://u:p@h:81/x', 'ws://h/', 'ftp://h', 'file:///C:/x', 'file://host/p', 'sc://h/p?q#f', 'sc:/p', 'sc:opaque', 'blob:https://a/b'];
  const values = [
    '', 'example.com', 'EXAMPLE.com', 'a.b1', 'a.1', '1', 'a..', 'a.', '.', 'xn--fa-hia.de', 'xn--a', 'h:8080', 'h:', ':1', 'h/p', 'h?q', 'h#f', 'h\\p',
    'a\tb', '[::1]', 'ex%61mple', 'ü.de', '/', '//', '/a/b', 'a/b', '/a/./b', '/a/../b', '..', '%2e', '/.%2E/', '/.x', '/%41', '/a b', '/ü', '/a?b#c',
    '\\a', '/a\\b', '/a\tb', '?', '?a=b', 'a=b', '?a b#c', "?'", '#', '#a', 'a', '#a b', '#\t', '#\u0000', '\ud800', '/\ud800', '?\udc00', '#`',
  ];
  for (const href of hrefs) {
    for (const name of ['host', 'hostname', 'pathname', 'search', 'hash'] as const) {
      for (const value of values) checkSetter(href, name, value);
    }
  }
  fc.assert(
    fc.property(
      fc.constantFrom(...hrefs),
      fc.constantFrom('host', 'hostname', 'pathname', 'search', 'hash'),
      stringOf('aZ09-.:/\\?#%2eé \t[]@', 10),
      (href, name, value) => checkSetter(href, name as 'host', value),
    ),
    { numRuns: 20000 },
  );
});

test('common-shape route: long paths (the regular-expression scan past 256 code units)', () => {
  const piece = fc.constantFrom('a', 'Z', '/', '//', '.', '..', '%', '%2e', '%2E.', '%41', 'é', '💩', '\ud800', ' ', '"', '^', '|', '[', ']', '{', '~', '@', ':', ';', '=', '`', '\\', '\t', '?', '#', '?x', '#y');
  const longPath = fc
    .tuple(fc.array(fc.constantFrom('a', 'bc', '/', 'x/', '%', '.'), { minLength: 150, maxLength: 400 }), fc.array(piece, { maxLength: 4 }), fc.array(fc.nat(), { maxLength: 4 }))
    .map(([filler, extras, positions]) => {
      const parts: string[] = [...filler];
      extras.forEach((e, i) => parts.splice((positions[i] ?? 0) % (parts.length + 1), 0, e));
      return parts.join('');
    });
  const prefix = fc.constantFrom('http://h/', 'https://u:p@h:8080/', 'file:///', 'file://h/', '/');
  fc.assert(
    fc.property(prefix, longPath, (pre, path) => {
      const input = pre + path;
      if (input.length - pre.length + 1 > 256) checkCommonShape(input, pre === '/' ? corpusBase : null);
    }),
    { numRuns: 3000 },
  );
  // Every long shape of the adversarial benchmark that the route takes.
  for (const input of ['http://h/' + '%'.repeat(5000), 'file:' + '/'.repeat(5000), 'http://h/' + 'é'.repeat(3000) + '?q', 'http://h/' + 'a/'.repeat(3000) + '%2e']) {
    checkCommonShape(input, null);
  }
});

/**
 * Parses `input` without a validation-error callback (a long authority is scanned natively) and
 * with one (the parser keeps the loop that reports each "@"): the records must be the same.
 */
function assertNativeAuthorityScanAgrees(input: string, shown: number): void {
  const fast = parseURL(input);
  const loop = parseURL(input, { onValidationError: () => {} });
  assert.deepEqual(fast === null ? null : { ...fast }, loop === null ? null : { ...loop }, JSON.stringify(input.slice(0, shown)));
}

test('state machine: a short authority before a long rest: the native scans stop at its end', () => {
  // An input over 4,096 code units is scanned natively whatever its authority's length; a ":", "["
  // or "]" after the authority must not count as the port's colon or close a bracket.
  for (const pre of ['http://h', 'http://h:1', 'http://[::1', 'http://[::1]', 'http://u@h', 'sc://h', 'sc://[::1', 'sc://u:p@h', 'http://h@']) {
    for (const rest of ['/' + 'a:'.repeat(3000), '/' + 'a]:1'.repeat(1500), '/' + '[:'.repeat(3000), '?' + ':@]['.repeat(1500), '#' + ']:'.repeat(3000), '\\' + 'b:]'.repeat(2000)]) {
      assertNativeAuthorityScanAgrees(pre + rest, 40);
    }
  }
});

test('state machine: long authorities (native scans past 4,096 code units) agree with the code-point loop', () => {
  // With a validation-error callback the parser keeps the loop that reports each "@"; without
  // one, an authority this long is scanned natively. Both must find the same end, "@" and ":".
  const piece = fc.constantFrom('a', 'b.', '1', ':', '::', '@', 'u:p@', '[', ']', '[::1]', '%41', 'é', '\\', '/', '?', '#', '\t');
  const authority = fc
    .tuple(fc.array(fc.constantFrom('a', '1:', 'bc', '.', '1.'), { minLength: 2200, maxLength: 2600 }), fc.array(piece, { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 5 }))
    .map(([filler, extras, positions]) => {
      const parts: string[] = [...filler];
      extras.forEach((e, i) => parts.splice((positions[i] ?? 0) % (parts.length + 1), 0, e));
      return parts.join('');
    });
  const scheme = fc.constantFrom('http://', 'https://[', 'sc://', 'sc://[', 'ws://u@');
  // A long userinfo before a short host: the last "@" and the ":" after it decide the result.
  const host = fc.constantFrom('', '@h', '@h:1', '@[::1]', '@[::1]:8080', '@[1:2::3]:', '@[::1', '@:1', '@a@b:2', '@h:x', '@[::1]x:3');
  fc.assert(
    fc.property(scheme, authority, host, fc.constantFrom('', '/p', '?q', '#f', '\\x'), (pre, auth, tail, post) => {
      assertNativeAuthorityScanAgrees(pre + auth + tail + post, 80);
    }),
    // Shrinking inputs of thousands of pieces takes minutes: report the first failure as found.
    { numRuns: 400, endOnFailure: true },
  );
});

// The route for URLs with an opaque path must give the state machine's record, or leave the input
// to it; when it says the input is the serialization, it is.
function checkOpaqueShape(input: string): boolean {
  const fast = parseCommonShape(input, null, ReturnMode.Record) as URLRecord | null | number;
  if (typeof fast === 'number') return false;
  const slow = parseWithStateMachine(input, null);
  assert.deepEqual(fast === null ? null : { ...fast }, slow === null ? null : { ...slow }, JSON.stringify(input));
  const held = parseCommonShape(input, null, ReturnMode.Serialization);
  if (held instanceof SerializedURL) assert.equal(serializationOf(held), serializeURL(slow!), `the serialization of ${JSON.stringify(input)}`);
  return fast !== null && specialSchemeDefaultPort(fast.scheme) === undefined;
}

test('routes for schemes that are not special (opaque path, or opaque host and path): edge cases and random strings', () => {
  const inputs = [
    'mailto:a@example.com', 'javascript:void(0)', 'tel:+15550100', 'data:,x', 'data:text/html,<b>', 'a:', 'a:?', 'a:#', 'a:?#', 'a:#?',
    'sc:x?q#f', 'sc:x#f#g', 'sc:x?q?r', 'sc:x#f?g', 'sc:x y', 'sc:x ?q', 'sc:x?q"', 'sc:x#`', 'sc:x?`', 'sc:x#"', 'sc:x?<', 'sc:x#>',
    'sc:/x', 'sc://h', 'Sc:x', 'sC:x', 'http:x', 'https:x', 'file:x', 'ws:x', 'wss:x', 'ftp:x', 'blob:x', 'sc+1.-x:y', '1sc:x', '+sc:x',
    ' sc:x', 'sc:x ', 'sc:x\t', 'sc:\tx', 'sc:x\u0000', 'sc:\u007f', 'sc:é', 'sc:x?é', 'sc:x#é', 'sc:%', 'sc:%zz', 'sc:%41', 'sc:\\x',
    'javascript:alert(1)//', 'about:blank', 'urn:isbn:0451450523', 'sc:~!$&\'()*+,;=:@[]{}|^', 'sc:\ud800', 'sc:x?\udc00#\ud800', 'MAILTO:A',
    'sc:x?q\t', 'sc:x#f\n', 'sc:x \u0001', 'c:x', 'C:/x', 'c:\\x', "sc:x?a'b", "sc:x#a'b",
    // "//" and an authority (an opaque host, an optional port), then a path.
    'git://github.com/x/y.git', 'ssh://h:22/x', 'GIT://h/x', 'git://h:0/x', 'git://h:022/x', 'git://h:65535/x', 'git://h:65536/x',
    'git://h:99999999999/x', 'git://h:/x', 'git://h:1a/x', 'git://h', 'git://h?q', 'git://h#f', 'git://h:8', 'git:///x', 'git:/x',
    'git://H/x', 'git://h_x/', 'git://h%41/', 'git://1.2.3.4/', 'git://0x7f.1/', 'git://[::1]/', 'git://u@h/', 'git://h./x', 'git://-/x',
    'git://h/a/../b', 'git://h/./b', 'git://h/a\\b', "git://h/?a'b", 'git://h/#`', 'git://h/é', 'git://h/a b', 'git://h/x?é#é',
    'ssh://git@github.com/x.git', 'ssh://git@h:22/x', 'ssh://a@b@h/x', 'ssh://@h/x', 'ssh://git@/x', 'ssh://u:p@h/x', 'ssh://GIT@h/x',
    'ssh://g_t@h/x', 'ssh://git@h', 'ssh://a.b-1@h/x', 'ssh://git@h:/x',
  ];
  let opaquePaths = 0;
  let opaqueHosts = 0;
  for (const input of inputs) {
    if (checkOpaqueShape(input)) {
      if (parseWithStateMachine(input, null)!.opaquePath) opaquePaths++;
      else opaqueHosts++;
    }
  }
  assert.ok(opaquePaths >= 35, `only ${opaquePaths} inputs took the route with an opaque path`);
  assert.ok(opaqueHosts >= 12, `only ${opaqueHosts} inputs took the route with an opaque host`);
  // Through the API, with and without a base: the state machine's href, and failure when the base
  // fails (whether or not the base certainly parses, which is all such a reference asks of it).
  const bases = [undefined, 'https://example.org/a/b?q#f', 'sc:opaque', 'file:///C:/x', 'http://[::1]/x', 'http://a b/', 'http://a:99999/', 'nope', '', 'http://a/\t'];
  for (const input of inputs) {
    for (const base of bases) {
      const parsedBase = base === undefined ? null : parseWithStateMachine(base, null);
      const slow = base !== undefined && parsedBase === null ? null : parseWithStateMachine(input, parsedBase);
      assert.equal(URL.parse(input, base)?.href ?? null, slow === null ? null : serializeURL(slow), `${JSON.stringify(input)} against ${base}`);
    }
  }
  fc.assert(
    fc.property(fc.constantFrom('sc:', 'mailto:', 'a1+.-:', 'Sc:', 'http:', 'file:', 'sc://', 'sc://h', 'sc://h:8', 'sc://h/', 'Sc://h.a-1:0', 'sc://u@', 'sc://u@h'), stringOf('aZ09 "<>`#?%/:@\t\\é~\u0000\u007f\ud800', 12), (head, rest) => {
      checkOpaqueShape(head + rest);
    }),
    { numRuns: 20000 },
  );
});
