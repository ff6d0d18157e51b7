/**
 * The conformance suites (suites.js) in a browser page, served by scripts/runtimes/test-runtimes.mjs:
 * the page at /conformance.html[?native] loads this module, which fetches the verified data from
 * /data.json, runs the suites against the built package (/dist/index.js, and /dist/urlpattern.js
 * for the URL Pattern suites) or, with ?native, the browser's own URL, URLSearchParams and
 * URLPattern (where it has one), and leaves the JSON of
 * { results: { <suite>: { passed, failed, failures } } } in document.body.dataset.results.
 *
 * With ?examples, the results are the hrefs of suites.js's EXAMPLES by the browser's URL and the
 * package's.
 *
 * Without ?native a global suite also runs: /dist/global.js installs the package's classes as
 * globalThis.URL and URLSearchParams, and the WPT parser data then passes through the globals.
 */
import { runConformance, runExamples } from './suites.js';

/**
 * Tells the server which entry of urlpatterntestdata.json is about to run (null: none is running),
 * synchronously, so that the runner knows it if the entry crashes the page; the entries in the
 * page's ?crashed= list crashed it before and are counted as failures, not run again.
 */
function crashReporting(query) {
  const crashed = (query.get('crashed') || '').split(',').filter(Boolean).map(Number);
  const beforeEntry = (index) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/progress?entry=${index === null ? '' : index}`, false);
    request.send();
  };
  return { crashed, beforeEntry };
}

async function main() {
  const query = new globalThis.URLSearchParams(location.search);
  if (query.has('examples')) {
    return { native: runExamples(globalThis.URL), standard: runExamples((await import('/dist/index.js')).URL) };
  }
  const native = query.has('native');
  const data = await (await fetch('/data.json')).json();
  if (native) {
    // The browser's own URLPattern, when it has one (none: the URL Pattern suites are left out).
    const { URL, URLSearchParams, URLPattern } = globalThis;
    return runConformance({ URL, URLSearchParams, URLPattern, lib: null, data, ...crashReporting(query) });
  }
  const lib = await import('/dist/index.js');
  const { URLPattern } = await import('/dist/urlpattern.js');
  const results = runConformance({ URL: lib.URL, URLSearchParams: lib.URLSearchParams, URLPattern, lib, data, ...crashReporting(query) });
  const global = { passed: 0, failed: 0, failures: [] };
  const check = (name, fn) => {
    try {
      fn();
      global.passed++;
    } catch (error) {
      global.failed++;
      global.failures.push({ name, message: String(error && error.message) });
    }
  };
  const entry = await import('/dist/global.js');
  check("globalThis.URL and URLSearchParams are the package's", () => {
    if (globalThis.URL !== entry.URL || globalThis.URL !== lib.URL) throw new Error('globalThis.URL is not the package\'s URL');
    if (globalThis.URLSearchParams !== lib.URLSearchParams) throw new Error('globalThis.URLSearchParams is not the package\'s');
  });
  check('the globals pass the WPT parser data', () => {
    const { urltestdata: r } = runConformance({ URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams, lib: null, data });
    if (r.failed !== 0 || r.passed < 800) throw new Error(`${r.passed} passed, ${r.failed} failed (first: ${JSON.stringify(r.failures[0])})`);
  });
  results.global = global;
  return results;
}

main().then(
  (results) => {
    document.body.dataset.results = JSON.stringify({ results });
  },
  (error) => {
    document.body.dataset.results = JSON.stringify({ error: `${error && error.name}: ${error && error.message}` });
  },
);
