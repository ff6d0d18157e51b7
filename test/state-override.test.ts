/**
 * basicURLParse with `url` and `stateOverride` runs the basic URL parser from the named state on an
 * existing record (https://url.spec.whatwg.org/#concept-basic-url-parser). Each of the standard's
 * 21 state names is compared with whatwg-url, the standard's reference implementation, on records
 * and inputs of many shapes: the same failures and the same records after.
 *
 * The API's setters use seven of the states, on records they prepare (the search setter sets the
 * query to the empty string first, for instance). From the other states, or on other records, some
 * steps read what is not there: the base of the relative states (none is given), a path list where
 * the record has an opaque path, a query or fragment that is null. The standard gives those no
 * meaning and whatwg-url throws or writes "null" into the URL there; this library returns failure
 * or a record, and never throws.
 */
import { STATE_OVERRIDES } from './helpers/whatwg-url-differential.ts';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import fc from './helpers/fast-check.ts';
import { basicURLParse, parseURL, serializeURL, type StateOverride } from '../src/index.ts';

interface OracleRecord {
  readonly scheme: string;
}
const oracle = createRequire(import.meta.url)('whatwg-url') as {
  parseURL(input: string): OracleRecord | null;
  basicURLParse(input: string, options: { url: OracleRecord; stateOverride: string }): OracleRecord | null;
  serializeURL(url: OracleRecord): string;
};

const STATES: readonly StateOverride[] = STATE_OVERRIDES;

const RECORDS = [
  'https://u:p@example.com:8080/a/b?q#f',
  'http://h/',
  'ws://h:1/',
  'foo://h/p',
  'foo://h/p?#',
  'file:///C:/x',
  'file://h/x?q#f',
  'mailto:someone',
  'mailto:someone?q#f',
];
const INPUTS = [
  '',
  'ws',
  'https:',
  'x:y',
  'x.org',
  'x.org:81',
  '81',
  ':1',
  'a/b',
  '/a/../b',
  '/..',
  '//h/p',
  '\\\\h\\p',
  'C|/d',
  '?q',
  'q#f',
  'é',
  'a b',
  '[::1]',
  '%zz',
  'u@h',
  'u:p@h:2/x?y#z',
];

/** Runs `parse` on a fresh record of `href`: "failure " or "" followed by the record serialized. */
function outcome<R>(
  href: string,
  parseHref: (href: string) => R | null,
  parse: (record: R) => unknown,
  serialize: (record: R) => string,
): string {
  const record = parseHref(href)!;
  return (parse(record) === null ? 'failure ' : '') + serialize(record);
}

test('every state override name starts the parser in its state, as in whatwg-url', () => {
  let compared = 0;
  let changed = 0;
  for (const state of STATES) {
    for (const href of RECORDS) {
      for (const input of INPUTS) {
        const what = `${JSON.stringify(input)} from the ${state} state on ${href}`;
        const ours = outcome(href, parseURL, (url) => basicURLParse(input, { url, stateOverride: state }), serializeURL);
        let theirs: string;
        try {
          theirs = outcome(href, oracle.parseURL, (url) => oracle.basicURLParse(input, { url, stateOverride: state }), oracle.serializeURL);
        } catch {
          continue; // Steps without meaning, see above.
        }
        const record = parseURL(href)!;
        if ((state === 'opaque path') !== record.opaquePath) continue;
        if ((state === 'query' && record.query === null) || (state === 'fragment' && record.fragment === null)) continue;
        assert.equal(ours, theirs, what);
        compared++;
        if (ours !== href) changed++;
      }
    }
  }
  // Not vacuous: most combinations are compared, and most of those change the record or fail.
  assert.ok(compared > 2500, `${compared} combinations compared`);
  assert.ok(changed > compared / 2, `${changed} of ${compared} changed`);
});

/** Pieces of inputs that select the parser's branches. */
const PIECES = ['http:', 'https:', 'file:', 'sc:', 'a+b:', '/', '//', '\\', '.', '..', '%2e', '%', '%41', 'example.com', 'EXAMPLE.org', '10.0.0.1', '0x7f.1', '[::1]', '[', ']', 'C:', 'c|', 'a', 'é', '💩', '\uD800', ':', ':80', ':443', ':65536', '@', 'u:p@', '?', '#', ' ', '\t', '<', '^', '|', '\u0000', '\u007f', '&', '='];
const MORE_RECORDS = [...RECORDS, 'foo:///x', 'foo:/p?#', 'file:///', 'http://[::1]:81/?#', 'sc://%41/', 'http://1.2.3.4/'];

test('state overrides on inputs made of pieces, as in whatwg-url (property)', () => {
  let compared = 0;
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((a) => a.join('')), fc.constantFrom(...STATES), fc.constantFrom(...MORE_RECORDS), (input, state, href) => {
      const record = parseURL(href)!;
      if ((state === 'opaque path') !== record.opaquePath) return;
      if ((state === 'query' && record.query === null) || (state === 'fragment' && record.fragment === null)) return;
      let theirs: string;
      try {
        theirs = outcome(href, oracle.parseURL, (url) => oracle.basicURLParse(input, { url, stateOverride: state }), oracle.serializeURL);
      } catch {
        return;
      }
      const ours = outcome(href, parseURL, (url) => basicURLParse(input, { url, stateOverride: state }), serializeURL);
      assert.equal(ours, theirs, `${JSON.stringify(input)} from the ${state} state on ${href}`);
      compared++;
    }),
    { seed: 20261126, numRuns: Number(process.env.FUZZ_RUNS ?? 3000) },
  );
  assert.ok(compared > 1000, `${compared} compared`);
});

test('from any state, on any record, basicURLParse returns failure or the record and never throws', () => {
  for (const state of STATES) {
    for (const href of RECORDS) {
      for (const input of INPUTS) {
        const url = parseURL(href)!;
        const result = basicURLParse(input, { url, stateOverride: state });
        assert.ok(result === null || result === url, `${JSON.stringify(input)} from the ${state} state on ${href}`);
      }
    }
  }
});

test('the relative states fail without a base, and take the base when there is one', () => {
  const base = parseURL('https://u@example.com/a/b?q')!;
  for (const state of ['relative', 'relative slash', 'special relative or authority'] as const) {
    const url = parseURL('https://x/')!;
    assert.equal(basicURLParse('c', { url, stateOverride: state }), null, state);
    assert.equal(serializeURL(url), 'https://x/', state);
  }
  const url = parseURL('https://x/')!;
  assert.equal(basicURLParse('c', { url, base, stateOverride: 'relative' }), url);
  assert.equal(serializeURL(url), 'https://u@example.com/a/c');
});

test('an unknown state name is failure, and the record is left alone', () => {
  for (const name of ['', 'Host', 'host ', 'scheme-start', 'toString', '__proto__', 'constructor', 'hasOwnProperty']) {
    const record = parseURL('https://example.com/')!;
    assert.equal(basicURLParse('x.org', { url: record, stateOverride: name as StateOverride }), null, name);
    assert.equal(serializeURL(record), 'https://example.com/');
  }
});
