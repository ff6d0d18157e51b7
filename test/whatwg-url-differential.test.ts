/**
 * packages/whatwg-url against whatwg-url 17.3.0, record by record: the WPT URL data
 * (urltestdata.json), the WPT setters data (setters_tests.json) through the API's setters and
 * through the basic URL parser with every state override, and the URL corpus. Records,
 * serializers, origin, validation errors, validity, and the API's getters and errors must all be
 * the same, apart from the documented cases where the drop-in follows the standard
 * (docs/whatwg-url.md).
 */
import { deepEqual, equal, ok } from 'node:assert/strict';
import { describe, test } from 'node:test';

import { corpusLines, corpusSkip } from './helpers/corpus.ts';
import { loadWPT, wptSkip } from './helpers/wpt-data.ts';
import {
  GETTERS,
  STATE_OVERRIDES,
  compare,
  compareInput,
  compareSetter,
  compareStateOverride,
  describeDifferences,
  dropIn,
  isReferenceCrash,
  outcome,
  reference,
  type Difference,
} from './helpers/whatwg-url-differential.ts';
import type { URLRecord } from '../packages/whatwg-url/src/record.ts';

interface URLTestCase {
  input: string;
  base?: string | null;
}

interface SetterCase {
  href: string;
  new_value: string;
}

const skip = wptSkip();
const urlTests = (skip === false ? loadWPT('urltestdata.json') : []) as unknown[];
const setterTests = (skip === false ? loadWPT('setters_tests.json') : {}) as Record<string, unknown>;

function urlCases(): URLTestCase[] {
  return urlTests.filter((c): c is URLTestCase => typeof c === 'object' && c !== null);
}

function setterCases(): [attribute: string, cases: SetterCase[]][] {
  return Object.entries(setterTests).filter(([attribute]) => attribute !== 'comment') as [string, SetterCase[]][];
}

describe('whatwg-url drop-in: differential with whatwg-url 17.3.0', () => {
  test('urltestdata.json: records, serializers, origin, validation errors, validity, API', { skip }, () => {
    const differences: Difference[] = [];
    const cases = urlCases();
    ok(cases.length > 500, `urltestdata.json has ${cases.length} cases`);
    for (const c of cases) compareInput(differences, c.input, c.base ?? undefined);
    equal(differences.length, 0, describeDifferences(differences));
  });

  test('setters_tests.json through the API setters', { skip }, () => {
    const differences: Difference[] = [];
    let count = 0;
    for (const [attribute, cases] of setterCases()) {
      for (const c of cases) {
        compareSetter(differences, c.href, attribute, c.new_value);
        count++;
      }
    }
    ok(count > 200, `setters_tests.json has ${count} cases`);
    equal(differences.length, 0, describeDifferences(differences));
  });

  test('urltestdata.json inputs through the href setter: the URL afterwards, or the same TypeError and the URL unchanged', { skip }, () => {
    // setters_tests.json has one href case; the inputs of urltestdata.json include every kind of
    // failure, and lone surrogates, whose message shows the USVString.
    const differences: Difference[] = [];
    const values = [...new Set(urlCases().map((c) => c.input)), 'http://h/\uD800', '\uDC00'];
    let failures = 0;
    for (const href of ['https://u:p@a.example:81/x/y?q=1#f', 'file:///C:/a']) {
      for (const value of values) {
        const observe = (implementation: typeof reference): unknown => {
          const url = new implementation.URL(href);
          const thrown = outcome(() => {
            url.href = value;
          });
          return { thrown, after: GETTERS.map((getter) => url[getter]), searchParams: [...url.searchParams] };
        };
        compare(differences, 'href setter', `<${href}>.href = ${value}`, observe(reference), observe(dropIn));
        if (!reference.URL.canParse(value)) failures++;
      }
    }
    ok(failures > 100, `${failures} of the values fail to parse`);
    equal(differences.length, 0, describeDifferences(differences));
  });

  test('setters_tests.json through the basic URL parser with every state override', { skip }, () => {
    const differences: Difference[] = [];
    const counts = new Map<string, Map<string, number>>();
    for (const [, cases] of setterCases()) {
      for (const c of cases) {
        for (const stateOverride of STATE_OVERRIDES) {
          const result = compareStateOverride(differences, c.href, c.new_value, stateOverride);
          const byState = counts.get(result) ?? new Map<string, number>();
          byState.set(stateOverride, (byState.get(stateOverride) ?? 0) + 1);
          counts.set(result, byState);
        }
      }
    }
    // Every state is compared on some input; what was not compared is printed.
    const compared = counts.get('compared') ?? new Map<string, number>();
    for (const stateOverride of STATE_OVERRIDES) ok((compared.get(stateOverride) ?? 0) > 0, `${stateOverride} compared`);
    for (const [result, byState] of counts) {
      if (result === 'compared') continue;
      console.log(`${result}: ${[...byState].map(([state, n]) => `${state} ${n}`).join(', ')}`);
    }
    equal(differences.length, 0, describeDifferences(differences));
  });

  test('urltestdata.json through the basic URL parser with a record and no state override', { skip }, () => {
    // The standard's basic URL parser given a URL and no state override parses into that URL, over
    // its fields: what the record had and the parser does not set stays.
    const differences: Difference[] = [];
    let crashes = 0;
    for (const href of ['https://u:p@a.example:81/x/y?q#f', 'file:///C:/a/b', 'foo://h/p?q']) {
      for (const c of urlCases()) {
        const baseInput = c.base ?? undefined;
        const expectedRecord = reference.parseURL(href)!;
        const actualRecord = dropIn.parseURL(href)!;
        const expectedBase = baseInput === undefined ? null : reference.parseURL(baseInput);
        const actualBase = baseInput === undefined ? null : dropIn.parseURL(baseInput);
        const expected = outcome(() => reference.basicURLParse(c.input, { url: expectedRecord, baseURL: expectedBase }));
        const actual = outcome(() => dropIn.basicURLParse(c.input, { url: actualRecord, baseURL: actualBase }));
        if ('threw' in expected && isReferenceCrash(expected.threw)) {
          crashes++;
          continue;
        }
        compare(differences, `basicURLParse into <${href}>`, c.input, expected, actual);
        compare(differences, `basicURLParse into <${href}> (record)`, c.input, { ...expectedRecord }, { ...actualRecord });
      }
    }
    if (crashes > 0) console.log(`not compared (whatwg-url throws a TypeError of its own code): ${crashes}`);
    equal(differences.length, 0, describeDifferences(differences));
  });

  test('the URL corpus: records, serializers, origin, validation errors, validity, API', { skip: corpusSkip() }, () => {
    const differences: Difference[] = [];
    const lines = corpusLines();
    for (const line of lines) compareInput(differences, line);
    equal(differences.length, 0, describeDifferences(differences));
  });

  test('the corpus against a base, with relative references made from it', { skip: corpusSkip() }, () => {
    const differences: Difference[] = [];
    const lines = corpusLines().filter((_, i) => i % 16 === 0);
    for (const line of lines) {
      for (const relative of ['', '.', '..', '/x', '//h.example/y', '?q', '#f', 'a b', '\\\\x\\y']) {
        compareInput(differences, relative, line);
      }
    }
    equal(differences.length, 0, describeDifferences(differences));
  });

  test('one base record reused, and changed in place between parses (its path, host, port, query)', () => {
    const differences: Difference[] = [];
    const references = ['x', '../y', '?q', '#f', '', '/a', '//other/'];
    // Each step changes the base in place as a dependent might, then parses against it again.
    const changes: Array<(record: URLRecord) => void> = [
      () => {},
      (record) => (record.path as string[]).push('pushed'),
      (record) => ((record.path as string[])[0] = 'changed'),
      (record) => (record.path as string[]).pop(),
      (record) => (record.host = 'other.example'),
      (record) => (record.port = 8080),
      (record) => (record.query = 'z=1'),
      (record) => (record.username = 'user'),
      (record) => (record.path = ['new', 'path']),
      (record) => (record.host = 0x7f000001),
      (record) => (record.scheme = 'ws'),
    ];
    for (const href of ['https://example.org/a/b/c?x#y', 'http://[::1]:81/p/q', 'file:///C:/a/b', 'sc://h/a/b']) {
      const bases = [dropIn.parseURL(href)!, reference.parseURL(href)!];
      for (const change of changes) {
        for (const base of bases) change(base);
        for (const input of references) {
          const [actual, expected] = bases.map((base, i) => {
            const record = (i === 0 ? dropIn : reference).parseURL(input, { baseURL: base });
            return record === null ? null : { ...record, href: (i === 0 ? dropIn : reference).serializeURL(record) };
          });
          compare(differences, `against ${reference.serializeURL(bases[1]!)}`, input, expected, actual);
          // The record's path is its own list, as whatwg-url's is (it clones the base's).
          const record = dropIn.parseURL(input, { baseURL: bases[0]! });
          ok(record === null || typeof record.path === 'string' || record.path !== bases[0]!.path, `${input}: a path of its own`);
        }
      }
    }
    equal(differences.length, 0, describeDifferences(differences));
  });

  test('lone surrogates in the arguments of the URL constructor, URL.parse and URL.canParse: the same results and messages', () => {
    // The drop-in converts these arguments to strings only and leaves the USVString conversion to
    // url-standard's parser, which reads a lone surrogate as U+FFFD; the messages show the USVString.
    const inputs = ['http://h/\uD800', 'http://\uD800/', '\uD800', 'http://h/?\uDC00#\uD800', 'foo:\uD800', 'x\uDBFF', 'http://h/p'];
    const bases = [undefined, 'http://b/\uD800', '\uDC00', 'http://b/'];
    const results = (URLClass: typeof reference.URL, input: string, base: string | undefined): unknown[] => {
      let constructed: string;
      try {
        constructed = new URLClass(input, base).href;
      } catch (error) {
        constructed = `${(error as Error).name}: ${(error as Error).message}`;
      }
      return [constructed, URLClass.parse(input, base)?.href ?? null, URLClass.canParse(input, base)];
    };
    for (const input of inputs) {
      for (const base of bases) {
        deepEqual(results(dropIn.URL, input, base), results(reference.URL, input, base), JSON.stringify([input, base]));
      }
    }
  });

  test('legacy encodings for the query: the same records, except UTF-16 and replacement (the standard uses UTF-8)', { skip }, () => {
    const differences: Difference[] = [];
    const inputs = urlCases()
      .filter((c) => c.base === undefined || c.base === null)
      .map((c) => c.input)
      .concat(['http://example.com/?\u00e9\u2661\u{1f600}#\u00e9', 'ws://example.com/?\u00e9', 'foo://example.com/?\u00e9']);
    for (const encoding of ['windows-1252', 'latin1', 'Shift_JIS', 'ISO-2022-JP', 'gb18030', 'x-user-defined', 'utf8', 'no-such-encoding']) {
      for (const input of inputs) {
        compare(
          differences,
          `parseURL with encoding ${encoding}`,
          input,
          outcome(() => reference.parseURL(input, { encoding })),
          outcome(() => dropIn.parseURL(input, { encoding })),
        );
      }
    }
    equal(differences.length, 0, describeDifferences(differences));

    // whatwg-url 17.3 has no encoder for these, and throws; the standard's "get an output
    // encoding" makes them UTF-8.
    for (const encoding of ['UTF-16LE', 'UTF-16BE', 'replacement']) {
      const input = 'http://example.com/?\u00e9';
      deepEqual(outcome(() => reference.parseURL(input, { encoding })), { threw: 'RangeError: Unknown encoding' });
      equal(dropIn.parseURL(input, { encoding })?.query, '%C3%A9');
    }
  });
});
