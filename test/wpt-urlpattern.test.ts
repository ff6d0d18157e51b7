/**
 * The web-platform-tests URLPattern data, with the semantics of WPT's own scripts
 * (`urlpattern/resources/urlpatterntests.js`, `urlpattern-compare-tests.tentative.js`,
 * `urlpattern-hasregexpgroups-tests.js`, `urlpattern-constructor.any.js`) and of the generate data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URLPattern } from '../src/urlpattern.ts';
import { URL } from '../src/index.ts';
import { loadURLPatternWPT } from './helpers/wpt-urlpattern-data.ts';
import { truncateLabel } from './helpers/wpt-data.ts';

type Component = 'protocol' | 'username' | 'password' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash';

// The harness's list (it names "password" twice; the repetition checks nothing more).
const COMPONENTS: readonly Component[] = ['protocol', 'username', 'password', 'hostname', 'port', 'password', 'pathname', 'search', 'hash'];

const EARLIER_COMPONENTS: Record<Component, readonly string[]> = {
  protocol: [],
  hostname: ['protocol'],
  port: ['protocol', 'hostname'],
  username: [],
  password: [],
  pathname: ['protocol', 'hostname', 'port'],
  search: ['protocol', 'hostname', 'port', 'pathname'],
  hash: ['protocol', 'hostname', 'port', 'pathname', 'search'],
};

interface Entry {
  pattern: unknown[];
  inputs?: unknown[];
  expected_obj?: 'error' | Partial<Record<Component, string>>;
  expected_match?: 'error' | null | Record<string, unknown>;
  exactly_empty_components?: Component[];
}

type Ctor = new (...args: unknown[]) => URLPattern;
const Pattern = URLPattern as unknown as Ctor;

/** Runs one entry as `urlpatterntests.js` does. */
export function runEntry(entry: Entry, Impl: Ctor = Pattern, URLImpl: typeof URL = URL): void {
  if (entry.expected_obj === 'error') {
    assert.throws(() => new Impl(...entry.pattern), TypeError, 'URLPattern() constructor');
    return;
  }
  const pattern = new Impl(...entry.pattern) as unknown as Record<string, unknown> & URLPattern;
  const expectedObj = entry.expected_obj ?? {};
  const first = entry.pattern[0] as Record<string, string> | string | undefined;
  for (const component of COMPONENTS) {
    let expected = expectedObj[component];
    if (expected == undefined) {
      let baseURL: URL | null = null;
      if (entry.pattern.length > 0 && typeof first === 'object' && first !== null && first.baseURL) {
        baseURL = new URLImpl(first.baseURL);
      } else if (entry.pattern.length > 1 && typeof entry.pattern[1] === 'string') {
        baseURL = new URLImpl(entry.pattern[1]);
      }
      if (entry.exactly_empty_components?.includes(component)) {
        expected = '';
      } else if (typeof first === 'object' && first !== null && first[component]) {
        expected = first[component];
      } else if (typeof first === 'object' && first !== null && EARLIER_COMPONENTS[component].some((c) => c in first)) {
        expected = '*';
      } else if (baseURL && component !== 'username' && component !== 'password') {
        let baseValue = baseURL[component];
        if (component === 'protocol') baseValue = baseValue.substring(0, baseValue.length - 1);
        else if (component === 'search' || component === 'hash') baseValue = baseValue.substring(1, baseValue.length);
        expected = baseValue;
      } else {
        expected = '*';
      }
    }
    assert.equal(pattern[component], expected, `compiled pattern property '${component}'`);
  }
  const inputs = entry.inputs ?? [];
  if (entry.expected_match === 'error') {
    assert.throws(() => pattern.test(...(inputs as [])), TypeError, 'test() result');
    assert.throws(() => pattern.exec(...(inputs as [])), TypeError, 'exec() result');
    return;
  }
  assert.equal(pattern.test(...(inputs as [])), !!entry.expected_match, 'test() result');
  const execResult = pattern.exec(...(inputs as [])) as unknown as Record<string, unknown> | null;
  if (!entry.expected_match || typeof entry.expected_match !== 'object') {
    assert.equal(execResult, entry.expected_match, 'exec() failed match result');
    return;
  }
  assert.ok(execResult !== null, 'exec() result');
  const expectedMatch = { ...entry.expected_match };
  if (!expectedMatch['inputs']) expectedMatch['inputs'] = inputs;
  const resultInputs = execResult['inputs'] as unknown[];
  const expectedInputs = expectedMatch['inputs'] as unknown[];
  assert.equal(resultInputs.length, expectedInputs.length, 'exec() result.inputs.length');
  for (let i = 0; i < resultInputs.length; i++) {
    const input = resultInputs[i];
    const expectedInput = expectedInputs[i];
    if (typeof input === 'string') {
      assert.equal(input, expectedInput, `exec() result.inputs[${i}]`);
      continue;
    }
    for (const component of COMPONENTS) {
      assert.equal(
        (input as Record<string, unknown>)[component],
        (expectedInput as Record<string, unknown>)[component],
        `exec() result.inputs[${i}][${component}]`,
      );
    }
  }
  for (const component of COMPONENTS) {
    let expected = expectedMatch[component] as { input: string; groups: Record<string, string | null | undefined> } | undefined;
    if (!expected) {
      expected = { input: '', groups: {} };
      if (!entry.exactly_empty_components || !entry.exactly_empty_components.includes(component)) {
        expected.groups['0'] = '';
      }
    }
    const groups: Record<string, string | undefined> = {};
    for (const key of Object.keys(expected.groups)) {
      const value = expected.groups[key];
      groups[key] = value === null ? undefined : value;
    }
    // assert_object_equals: own enumerable properties, recursively, compared with ===.
    assert.deepStrictEqual(
      { ...(execResult[component] as object) },
      { input: expected.input, groups },
      `exec() result for ${component}`,
    );
    assert.deepStrictEqual(
      { ...((execResult[component] as { groups: object }).groups) },
      groups,
      `exec() result groups for ${component}`,
    );
  }
}

const data = loadURLPatternWPT('urlpatterntestdata.json') as Entry[];

test('urlpatterntestdata.json has the 369 pinned entries', () => {
  assert.equal(data.length, 369);
});

for (const [index, entry] of data.entries()) {
  const label = truncateLabel(`Pattern: ${JSON.stringify(entry.pattern)} Inputs: ${JSON.stringify(entry.inputs)}`, 140);
  test(`urlpatterntestdata #${index}: ${label}`, () => {
    // The harness mutates entries (fills expected_obj); run each on a copy.
    runEntry(structuredClone(entry));
  });
}

interface CompareEntry {
  component: Component;
  left: unknown;
  right: unknown;
  expected: number;
}

const compareData = loadURLPatternWPT('urlpattern-compare-test-data.json') as CompareEntry[];

test('urlpattern-compare-test-data.json has the 25 pinned entries', () => {
  assert.equal(compareData.length, 25);
});

for (const entry of compareData) {
  test(`compareComponent ${entry.component} Left: ${JSON.stringify(entry.left)} Right: ${JSON.stringify(entry.right)}`, () => {
    const left = new Pattern(entry.left);
    const right = new Pattern(entry.right);
    assert.equal(URLPattern.compareComponent(entry.component, left, right), entry.expected);
    const reverseExpected = ~~(entry.expected * -1);
    assert.equal(URLPattern.compareComponent(entry.component, right, left), reverseExpected, 'reverse order');
    assert.equal(URLPattern.compareComponent(entry.component, left, left), 0, 'left equality');
    assert.equal(URLPattern.compareComponent(entry.component, right, right), 0, 'right equality');
  });
}

interface GenerateEntry {
  pattern: unknown;
  component: string;
  groups: Record<string, string>;
  expected: string | null;
}

const generateData = loadURLPatternWPT('urlpattern-generate-test-data.json') as GenerateEntry[];

test('urlpattern-generate-test-data.json has the 19 pinned entries', () => {
  assert.equal(generateData.length, 19);
});

for (const entry of generateData) {
  test(`generate ${entry.component} Pattern: ${JSON.stringify(entry.pattern)} Groups: ${JSON.stringify(entry.groups)}`, () => {
    const pattern = new Pattern(entry.pattern);
    if (entry.expected === null) {
      assert.throws(() => pattern.generate(entry.component as Component, entry.groups), TypeError);
    } else {
      assert.equal(pattern.generate(entry.component as Component, entry.groups), entry.expected);
    }
  });
}

// urlpattern-hasregexpgroups-tests.js
test('hasRegExpGroups', () => {
  assert.ok('hasRegExpGroups' in URLPattern.prototype);
  assert.equal(new Pattern({}).hasRegExpGroups, false, 'match-everything pattern');
  for (const component of ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash']) {
    assert.equal(new Pattern({ [component]: '*' }).hasRegExpGroups, false, `wildcard in ${component}`);
    assert.equal(new Pattern({ [component]: ':foo' }).hasRegExpGroups, false, `segment wildcard in ${component}`);
    assert.equal(new Pattern({ [component]: ':foo?' }).hasRegExpGroups, false, `optional segment wildcard in ${component}`);
    assert.equal(new Pattern({ [component]: ':foo(hi)' }).hasRegExpGroups, true, `named regexp group in ${component}`);
    assert.equal(new Pattern({ [component]: '(hi)' }).hasRegExpGroups, true, `anonymous regexp group in ${component}`);
    if (component !== 'protocol' && component !== 'port') {
      assert.equal(new Pattern({ [component]: 'a-{:hello}-z-*-a' }).hasRegExpGroups, false, `wildcards mixed in with fixed text in ${component}`);
      assert.equal(new Pattern({ [component]: 'a-(hi)-z-(lo)-a' }).hasRegExpGroups, true, `regexp groups mixed in with fixed text in ${component}`);
    }
  }
  assert.equal(new Pattern({ pathname: '/a/:foo/:baz?/b/*' }).hasRegExpGroups, false, 'complex pathname with no regexp');
  assert.equal(new Pattern({ pathname: '/a/:foo/:baz([a-z]+)?/b/*' }).hasRegExpGroups, true, 'complex pathname with regexp');
});

// urlpattern-constructor.any.js
test('constructor: unclosed token', () => {
  assert.throws(() => new Pattern(new URL('https://example.org/%(')), TypeError);
  assert.throws(() => new Pattern(new URL('https://example.org/%((')), TypeError);
  assert.throws(() => new Pattern('(\\'), TypeError);
});

test('constructor: undefined arguments', () => {
  new Pattern(undefined, undefined);
});
