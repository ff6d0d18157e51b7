/**
 * The URL Pattern suites of test/conformance/suites.js (the ones `npm run test:runtimes` runs in
 * every runtime and browser): they pass url-standard's URLPattern on the WPT data, catch a broken
 * class, leave out what a class does not have, and are skipped, with the reason, in a runtime
 * without the RegExp `v` flag.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URLPattern } from '../src/urlpattern.ts';
import { URL } from '../src/index.ts';
import { loadURLPatternWPT } from './helpers/wpt-urlpattern-data.ts';
import { runConformance, runURLPatternConformance, URLPATTERN_DATA_FILES } from './conformance/suites.js';

const data: Record<string, unknown> = {};
for (const file of URLPATTERN_DATA_FILES) data[file] = loadURLPatternWPT(file);
const snapshot = JSON.stringify(data);

test("url-standard's URLPattern passes every case of the three suites", () => {
  const results = runURLPatternConformance({ URL, URLPattern, data });
  assert.deepEqual(Object.keys(results), ['urlpattern', 'up-compare', 'up-generate']);
  for (const [name, count] of [['urlpattern', 369], ['up-compare', 25], ['up-generate', 19]] as const) {
    const result = results[name]!;
    assert.deepEqual(result.failures, [], name);
    assert.equal(result.passed, count, name);
    assert.equal(result.skipped, undefined, name);
  }
  assert.equal(JSON.stringify(data), snapshot, 'the data is left unchanged');
});

test('the suites catch a class that gets groups, comparisons or generated strings wrong', () => {
  class WrongGroups extends URLPattern {
    override exec(...args: Parameters<URLPattern['exec']>) {
      const result = super.exec(...args);
      // An optional group that did not match must be undefined, not missing.
      if (result) for (const [key, value] of Object.entries(result.pathname.groups)) if (value === undefined) delete result.pathname.groups[key];
      return result;
    }
    static override compareComponent(...args: Parameters<typeof URLPattern.compareComponent>) {
      return -URLPattern.compareComponent(...args); // reversed; and -0 for equal components
    }
    override generate(...args: Parameters<URLPattern['generate']>) {
      return super.generate(...args).toUpperCase();
    }
  }
  const results = runURLPatternConformance({ URL, URLPattern: WrongGroups, data });
  const failures = results['urlpattern']!.failures;
  assert.ok(failures.length > 0 && failures.length < 369, `${failures.length} failures`);
  assert.match(failures[0]!.message, /exec\(\) result for pathname\.groups: expected property \w+ missing/);
  assert.equal(results['up-compare']!.failed, 25, 'every comparison, equal ones as -0');
  assert.ok(results['up-generate']!.failed > 0);
});

test('a pattern string other than WPT expects, and a TypeError that does not come, fail', () => {
  class Lenient extends URLPattern {
    constructor(...args: ConstructorParameters<typeof URLPattern>) {
      try {
        super(...args);
      } catch {
        super({});
      }
    }
    override get pathname() {
      return super.pathname === '/foo/bar' ? '/foo/bar/' : super.pathname;
    }
  }
  const failures = runURLPatternConformance({ URL, URLPattern: Lenient, data })['urlpattern']!.failures;
  assert.ok(failures.some((f) => /URLPattern\(\) constructor: expected a TypeError, got no exception/.test(f.message)));
  assert.ok(failures.some((f) => f.message.includes("compiled pattern property 'pathname': expected \"/foo/bar\", got \"/foo/bar/\"")));
});

test("the tentative APIs' suites are left out for a class without them, and all of them without a class", () => {
  function Plain(...args: unknown[]) {
    return new URLPattern(...(args as ConstructorParameters<typeof URLPattern>));
  }
  assert.deepEqual(Object.keys(runURLPatternConformance({ URL, URLPattern: Plain, data })), ['urlpattern']);
  assert.equal(runURLPatternConformance({ URL, URLPattern: Plain, data })['urlpattern']!.passed, 369);
  const withoutPattern = runConformance({ URL, URLSearchParams: null, lib: null, data: { ...data, ...EMPTY_URL_DATA } });
  assert.equal(Object.keys(withoutPattern).some((name) => name.startsWith('urlpattern') || name.startsWith('up-')), false);
});

/** The URL suites' data files, empty, so that runConformance runs only the URL Pattern ones' checks. */
const EMPTY_URL_DATA = {
  'urltestdata.json': [],
  'urltestdata-javascript-only.json': [],
  'setters_tests.json': {},
  'toascii.json': [],
  'IdnaTestV2.json': [],
  'IdnaTestV2-removed.json': [],
  'percent-encoding.json': [],
};

test('without the RegExp v flag the suites are skipped with the reason, not failed', () => {
  const RealRegExp = globalThis.RegExp;
  // A runtime before the v flag: RegExp throws a SyntaxError for it.
  const OldRegExp = new Proxy(RealRegExp, {
    construct(target, args: [string | RegExp, string?]) {
      if (typeof args[1] === 'string' && args[1].includes('v')) throw new SyntaxError(`Invalid flags supplied to RegExp constructor '${args[1]}'`);
      return new target(...args);
    },
  });
  class NeedsV {
    constructor() {
      new RegExp('', 'v');
    }
    static compareComponent() {
      return 0;
    }
    generate() {
      return '';
    }
  }
  globalThis.RegExp = OldRegExp;
  let results: ReturnType<typeof runURLPatternConformance> = {};
  try {
    results = runURLPatternConformance({ URL, URLPattern: NeedsV, data });
  } finally {
    globalThis.RegExp = RealRegExp;
  }
  assert.deepEqual(Object.keys(results), ['urlpattern', 'up-compare', 'up-generate']);
  for (const result of Object.values(results)) {
    assert.deepEqual(result, { passed: 0, failed: 0, failures: [], skipped: 'no RegExp v flag (new URLPattern() throws SyntaxError)' });
  }
});
