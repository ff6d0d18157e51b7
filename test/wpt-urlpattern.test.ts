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
import { runEntry, type Component, type Ctor, type Entry } from './helpers/urlpattern-harness.ts';
import { truncateLabel } from './helpers/wpt-data.ts';

const Pattern = URLPattern as unknown as Ctor;
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
