/**
 * Inputs at the edges of single steps of the parser, the host parser, percent-encoding and the
 * urlencoded parser and serializer: each is where a one-line change to that step (a bound off by
 * one, a check dropped, a reported error left out) gives another result, and which no other test
 * reached. Results are compared with whatwg-url where it exposes them; validation errors, which it
 * does not, and the host parser's opaque hosts are checked against the step of the standard that
 * decides them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertSameAfterSteps, assertSameURLAsReference, reference } from './helpers/reference-url.ts';
import { URL, URLSearchParams, basicURLParse, parseHost, utf8PercentEncode, validateURL, type ValidationError } from '../src/index.ts';

/** The validation errors of `input` as [type, index] pairs. */
function errorsOf(input: string, base?: string): Array<[string, number]> {
  return validateURL(input, { base }).errors.map((e) => [e.type, e.index]);
}

test('U+0080, the first code point percent-encoding takes, is encoded in every component and in forms', () => {
  for (const input of ['http://a/\u0080', 'http://a/?\u0080', 'http://a/#\u0080', 'http://\u0080@a/', 'sc:\u0080', 'sc://a/\u0080']) assertSameURLAsReference(input);
  assert.equal(utf8PercentEncode('\u0080', 'path'), '%C2%80');
  const ours = new URLSearchParams();
  const theirs = new reference.URLSearchParams();
  ours.append('\u0080', 'x');
  theirs.append('\u0080', 'x');
  assert.equal(ours.toString(), theirs.toString());
});

test('a long range is encoded as a short one: U+0800 (three bytes) and a lone U+DFFF (U+FFFD) after 600 code units', () => {
  const long = 'a'.repeat(600);
  for (const tail of ['\u0800', '\u07ff', '\udfff', '\udc00', '\ud800', '\uffff', '\u{10000}']) {
    for (const input of [`http://a/?${long}${tail}`, `http://a/${long}${tail}`, `http://a/#${long}${tail}`]) assertSameURLAsReference(input);
  }
});

test('an IPv4 address in an IPv6 address may have a part that starts with 9', () => {
  for (const host of ['[::9.1.2.3]', '[::1.2.3.9]', '[::1.9.3.4]', '[::99.1.2.3]', '[::0.0.0.9]', '[::199.1.2.3]', '[::1.2.3.09]']) assertSameURLAsReference(`http://${host}/`);
});

test('the pathname setter works on a file URL that took its base\'s path and then a query', () => {
  for (const [input, base] of [['?q', 'file:///a/b'], ['#f', 'file:///a/b'], ['', 'file:///a/b?x']] as const) {
    const ours = new URL(input, base);
    const theirs = new reference.URL(input, base);
    ours.pathname = '/x';
    theirs.pathname = '/x';
    assert.equal(ours.href, theirs.href, `${input} against ${base}`);
    assert.equal(basicURLParse(input, { base })?.opaquePath, false);
  }
});

test('the host setter on a file URL: "localhost" is the empty host', () => {
  assertSameAfterSteps('file:///p', [['host', 'localhost']]);
  assertSameAfterSteps('file://h/p', [['hostname', 'localhost']]);
});

test('href read twice after a setter whose serialization is as long as the held href was', () => {
  // "https://example.com" is held without its path's "/"; "https://example.co/" has its length.
  assertSameAfterSteps('https://example.com', [['hostname', 'example.co'], ['href']]);
});

test('the pathname setter on a file URL: a drive letter written with "|" gets ":"', () => {
  assertSameAfterSteps('file:///x', [['pathname', 'C|/a']]);
  assertSameAfterSteps('file://h/x', [['pathname', '/C|']]);
});

test('the hash setter replaces the fragment, also with a tab or a newline in the value', () => {
  assertSameAfterSteps('https://a/#old', [['hash', 'x\t é']]);
  assertSameAfterSteps('foo:/p#old', [['hash', 'a\nb c']]);
  assertSameAfterSteps('https://a/#old', [['hash', '\n']]);
});

test('forms: three-byte characters past the first pieces are kept whole, and a mixed-case escape is written in upper case', () => {
  const value = ('中'.repeat(20) + '+').repeat(200);
  for (const input of [`a=${value}`, `a=${value}&b=${value}`, `${'é'.repeat(300)}=${'€'.repeat(3000)}`]) {
    const ours = new URLSearchParams(input);
    const theirs = new reference.URLSearchParams(input);
    assert.equal(ours.get('a'), theirs.get('a'));
    assert.equal(ours.toString(), theirs.toString());
  }
  for (const input of ['a=%C3%a9', 'a=%c3%A9', 'a=%e2%82%AC&b=%F0%9f%92%a9', '%c3%a9=1']) {
    assert.equal(new URLSearchParams(input).toString(), new reference.URLSearchParams(input).toString(), input);
  }
});

test('the host parser keeps an opaque host that is empty or looks like an IPv4 address', () => {
  // https://url.spec.whatwg.org/#concept-host-parser step 2: with isOpaque, the result is the
  // opaque-host parse of the input, which accepts the empty string and does not read IPv4.
  assert.equal(parseHost('', true), '');
  assert.equal(parseHost('1.2.3.4', true), '1.2.3.4');
  assert.equal(parseHost('0x7f.1', true), '0x7f.1');
  assert.equal(parseHost(''), null);
  assert.equal(parseHost('1.2.3.4'), 0x01020304);
});

test('validation errors at the edges of the scheme, file, relative slash, host and IPv6 steps', () => {
  // https://url.spec.whatwg.org/#scheme-state 2.6.1: "special-scheme-missing-following-solidus"
  // when the rest does not start with "//".
  assert.deepEqual(errorsOf('file:/x'), [['special-scheme-missing-following-solidus', 5]]);
  // https://url.spec.whatwg.org/#relative-slash-state 1.1, #file-state 1.1, #file-slash-state 1.1:
  // "invalid-reverse-solidus" for a "\\".
  assert.deepEqual(errorsOf('/\\x', 'http://a/'), [['invalid-reverse-solidus', 1]]);
  assert.deepEqual(errorsOf('file:\\x'), [['special-scheme-missing-following-solidus', 5], ['invalid-reverse-solidus', 5]]);
  assert.deepEqual(errorsOf('file:/\\x'), [['special-scheme-missing-following-solidus', 5], ['invalid-reverse-solidus', 6]]);
  // https://url.spec.whatwg.org/#concept-ipv6-parser: "IPv6-piece-leading-zero" only for a piece of
  // more than one digit.
  assert.deepEqual(errorsOf('http://[::0:1]/'), []);
  assert.deepEqual(errorsOf('http://[::00:1]/').map(([type]) => type), ['IPv6-piece-leading-zero']);
  // https://url.spec.whatwg.org/#concept-ipv4-parser steps 7–9: one "IPv4-out-of-range-part" for
  // any number of such parts, located (as this library locates it) at the first.
  assert.deepEqual(errorsOf('http://300.400.1.1/'), [['IPv4-out-of-range-part', 7]]);
  // https://url.spec.whatwg.org/#concept-opaque-host-parser steps 2–3: a code point that is not a
  // URL code point, and a "%" not followed by two hex digits, are two errors.
  assert.deepEqual(errorsOf('foo://a\uffff%zz/'), [['invalid-URL-unit', 7], ['invalid-URL-unit', 8]]);
  // https://url.spec.whatwg.org/#host-state 3.2: with a state override, an empty host before ":"
  // is "host-missing" and failure.
  const url = basicURLParse('http://h/')!;
  const errors: ValidationError[] = [];
  assert.equal(basicURLParse(':80', { url, stateOverride: 'host', onValidationError: (e) => errors.push(e) }), null);
  assert.deepEqual(errors.map((e) => e.type), ['host-missing']);
});
