/**
 * Runs the conformance suites (suites.js) in the runtime executing this file: Node, Bun or Deno.
 * Started by scripts/runtimes/test-runtimes.ts, which verifies the web-platform-tests data and
 * writes it to one JSON file:
 *
 *   <runtime> test/conformance/run.mjs <data.json> [--native]
 *
 * Prints one line of JSON: { version, results: { <suite>: { passed, failed, failures } } }.
 * Without --native the suites run against the built package (dist/: the URL Pattern suites against
 * url-standard/urlpattern), and two more run:
 *   - smoke: every entry of the exports map but ./global loads by the package name, with import and with
 *     require, exports the same names both ways, and works;
 *   - global: `url-standard/global` installs the package's classes as globalThis.URL and
 *     URLSearchParams, and the WPT parser data then passes through the globals.
 * With --native they run against the runtime's own URL, URLSearchParams and URLPattern (the URL
 * Pattern suites only where the runtime has one). With --examples,
 * `results` is instead the href of each input of EXAMPLES (suites.js) by the runtime's own URL
 * and by the package's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';

import { runConformance, runExamples } from './suites.js';

const [dataPath, ...flags] = process.argv.slice(2);
const native = flags.includes('--native');
const data = JSON.parse(readFileSync(dataPath, 'utf8'));

function runtimeVersion() {
  if (typeof globalThis.Deno !== 'undefined') return `Deno ${globalThis.Deno.version.deno}`;
  if (typeof globalThis.Bun !== 'undefined') return `Bun ${globalThis.Bun.version}`;
  return `Node ${process.versions.node}`;
}

/** A suite of named checks, each either passing or failing with a message. */
async function checks(list) {
  const result = { passed: 0, failed: 0, failures: [] };
  for (const [name, fn] of list) {
    try {
      await fn();
      result.passed++;
    } catch (error) {
      result.failed++;
      result.failures.push({ name, message: `${error && error.name}: ${error && error.message}` });
    }
  }
  return result;
}

function describe(value) {
  return typeof value === 'function' ? `function ${value.name}` : JSON.stringify(value);
}

function equal(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${describe(expected)}, got ${describe(actual)}`);
}

/** What each entry must do once loaded, whichever way. */
const ENTRY_CHECKS = {
  'url-standard': (m) => {
    equal(new m.URL('HTTP://EXAMPLE.com/a/../b').href, 'http://example.com/b', 'URL');
    equal(m.parseURL('https://a.example/x')?.host, 'a.example', 'parseURL');
    equal(m.URL.name, 'URL', 'URL.name');
  },
  'url-standard/site': (m) => equal(m.registrableDomain('www.example.com'), 'example.com', 'registrableDomain'),
  'url-standard/display': (m) => equal(m.displayURL('https://user:pw@example.com/'), 'https://example.com/', 'displayURL'),
  'url-standard/legacy-encoding': (m) =>
    equal(m.parseURL('https://example.com/?≡', { encoding: 'Shift_JIS' })?.query, '%81%DF', 'Shift_JIS query'),
};
// url-standard/global is loaded by the global suite, which checks what the import and the require
// do to the globals, in that order.

/** Every entry of package.json's exports map but ./global and ./package.json. */
function entries() {
  const pkg = JSON.parse(readFileSync(new globalThis.URL('../../package.json', import.meta.url), 'utf8'));
  return Object.keys(pkg.exports)
    .filter((key) => key !== './package.json' && key !== './global')
    .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
}

async function smoke() {
  const require = createRequire(import.meta.url);
  const list = [];
  for (const entry of entries()) {
    // An entry without a check of its own must at least export something, the same names both ways.
    const check = ENTRY_CHECKS[entry] ?? ((m) => equal(Object.keys(m).length > 0, true, 'has exports'));
    list.push([`import('${entry}')`, async () => check(await import(entry))]);
    list.push([`require('${entry}')`, () => check(require(entry))]);
    list.push([`import('${entry}') and require('${entry}') export the same names`, async () => {
      const esm = Object.keys(await import(entry)).filter((name) => name !== 'default' && name !== 'module.exports').sort();
      const cjs = Object.keys(require(entry)).filter((name) => name !== '__esModule').sort();
      equal(esm.join(), cjs.join(), 'export names');
    }]);
  }
  list.push(['every entry was loaded', () => equal(entries().length >= Object.keys(ENTRY_CHECKS).length, true, 'entries')]);
  return checks(list);
}

async function global(lib) {
  const require = createRequire(import.meta.url);
  const esm = await import('url-standard/global');
  const results = await checks([
    ['import: globalThis.URL and URLSearchParams are the package\'s', () => {
      // The entry's own exports. (Deno can evaluate the shared chunk twice when entries are also
      // loaded through computed specifiers, as the smoke suite does, so the classes are compared
      // with the entry's exports and by behaviour, not with the main entry's by identity.)
      equal(globalThis.URL, esm.URL, 'URL');
      equal(globalThis.URLSearchParams, esm.URLSearchParams, 'URLSearchParams');
      equal(new globalThis.URL('sc:a ?b').href, new lib.URL('sc:a ?b').href, 'href of sc:a ?b');
      const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'URL');
      equal(descriptor.enumerable, false, 'enumerable');
      equal(descriptor.writable && descriptor.configurable, true, 'writable and configurable');
    }],
    ['the globals pass the WPT parser data', () => {
      const { urltestdata: r } = runConformance({ URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams, lib: null, data });
      equal(r.failed, 0, `failures (first: ${JSON.stringify(r.failures[0])})`);
      equal(r.passed > 800, true, 'cases run');
    }],
    ['require: globalThis.URL is the CommonJS build\'s', () => {
      const cjs = require('url-standard/global');
      equal(globalThis.URL, require('url-standard').URL, 'URL');
      equal(cjs.URLSearchParams, globalThis.URLSearchParams, 'URLSearchParams');
    }],
  ]);
  return results;
}

let results;
if (flags.includes('--examples')) {
  const lib = await import('url-standard');
  results = { native: runExamples(globalThis.URL), standard: runExamples(lib.URL) };
} else if (native) {
  // The runtime's own URLPattern, when it has one (none: the URL Pattern suites are left out).
  const { URL, URLSearchParams, URLPattern } = globalThis;
  results = runConformance({ URL, URLSearchParams, URLPattern, lib: null, data });
} else {
  const lib = await import('url-standard');
  const { URLPattern } = await import('url-standard/urlpattern');
  results = runConformance({ URL: lib.URL, URLSearchParams: lib.URLSearchParams, URLPattern, lib, data });
  results.smoke = await smoke();
  results.global = await global(lib);
}
process.stdout.write(`${JSON.stringify({ version: runtimeVersion(), results })}\n`);
