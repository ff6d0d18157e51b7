// The benchmark in the three browser engines (Chromium, Firefox ESR, WebKitGTK), each against its
// own URL, URLSearchParams and URLPattern: serves browser-page.mjs with this package's build,
// whatwg-url and urlpattern-polyfill bundled for the browser, and the corpus and IDNA data read in
// place; opens the page in each engine (scripts/runtimes/browsers.ts) and prints bench.mjs's
// table from the page's samples. See bench/README.md.
//
//   npm run bench:browsers                               # build, then every engine
//   node --import tsx bench/browsers.mjs --only=firefox  # one engine, the dist/ that is there
//   BENCH_QUICK=1 BENCH_ONLY=1,3 node --import tsx bench/browsers.mjs
//
// BENCH_QUICK, BENCH_ROUNDS, BENCH_WARMUP_MS, BENCH_SAMPLE_MS and BENCH_ONLY mean what they mean
// for bench.mjs. Writes bench/results/browser-<engine>.md and .json.

import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { build } from 'esbuild';
import { ENGINES, waitFor } from '../scripts/runtimes/browsers.ts';
import { BASE, WORKLOADS, loadCorpus, loadIdna, repoRoot } from './workloads.mjs';
import { mainTable, mdTable, summarizeWorkload, textTable } from './report.mjs';

const PAGE_TIMEOUT_MS = 30 * 60_000;
const env = process.env;
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>url-standard benchmark</title>
<body>
<script type="module" src="/bench/browser-page.mjs"></script>
`;
const TYPES = { '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8' };

/** whatwg-url and urlpattern-polyfill as one browser module (esbuild, in memory). */
async function referenceBundle() {
  const result = await build({
    stdin: {
      contents: "export { URL, URLSearchParams } from 'whatwg-url';\nexport { URLPattern } from 'urlpattern-polyfill/urlpattern';\n",
      resolveDir: repoRoot,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // webidl-conversions reads SharedArrayBuffer.prototype when it loads; an engine without it
    // (WebKitGTK, even cross-origin isolated) gets a stand-in that no benchmark input is.
    banner: {
      js:
        "if (typeof SharedArrayBuffer === 'undefined') globalThis.SharedArrayBuffer = class SharedArrayBuffer {" +
        ' get byteLength() { return 0; } get growable() { return false; } };',
    },
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

/** Serves the page, bench/, dist/, the reference bundle and the data files on a free port. */
function startServer(files) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://localhost/').pathname);
    const send = (status, type, body) => {
      // Cross-origin isolated: whatwg-url's Web IDL conversions need SharedArrayBuffer, and
      // performance.now() is less coarse there.
      response.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      response.end(body);
    };
    if (path === '/bench.html') return send(200, 'text/html; charset=utf-8', PAGE);
    if (path in files) return send(200, files[path].type, files[path].body());
    const file = normalize(join(repoRoot, path));
    const allowed = [join(repoRoot, 'dist') + '/', join(repoRoot, 'bench') + '/'];
    if (allowed.some((prefix) => file.startsWith(prefix)) && TYPES[extname(file)] && existsSync(file)) {
      return send(200, TYPES[extname(file)], readFileSync(file));
    }
    return send(404, 'text/plain', 'not found');
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolvePromise({ origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

function pageQuery() {
  const q = new URLSearchParams();
  if (env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true') q.set('quick', '1');
  if (env.BENCH_ROUNDS) q.set('rounds', env.BENCH_ROUNDS);
  if (env.BENCH_WARMUP_MS) q.set('warmup', env.BENCH_WARMUP_MS);
  if (env.BENCH_SAMPLE_MS) q.set('sample', env.BENCH_SAMPLE_MS);
  if (env.BENCH_ONLY) q.set('only', env.BENCH_ONLY);
  return q.toString();
}

/** Runs the page in one engine: { version, value } or { skip }. */
async function runEngine(id, origin) {
  const launched = await ENGINES[id]();
  if (launched.skip) return launched;
  const { session } = launched;
  try {
    await session.goto(`${origin}/bench.html?${pageQuery()}`);
    const text = await waitFor(session, 'document.body && document.body.dataset.results ? document.body.dataset.results : null', PAGE_TIMEOUT_MS);
    const value = JSON.parse(text);
    if (value.error) throw new Error(`the page failed: ${value.error}`);
    return { version: session.version, value };
  } finally {
    await session.close();
  }
}

function report(id, version, value) {
  const byId = new Map(WORKLOADS.map((w) => [w.id, w]));
  const results = value.results.map((r) => summarizeWorkload(byId.get(r.id), r.per));
  const { header, rows } = mainTable(results, 'native');
  const s = value.settings;
  const I = value.inputs;
  const metaLines = [
    `date: ${new Date().toISOString()}`,
    `engine: ${version} (${value.userAgent}); its own URL is the "native" column`,
    `inputs: ${I.corpusLines} corpus lines (${I.corpusLines - I.validLines} invalid per whatwg-url), ${I.queries} queries, ${I.idnHosts} IDN hosts; base ${BASE}`,
    `method: ${s.rounds} interleaved rounds, whatwg-url first in each, then the others in an order rotated each round; median ±MAD of ns/op (performance.now()); warm-up ≥${s.warmupMs} ms; samples ≥${s.sampleMs} ms${s.quick ? '; QUICK (¼ corpus)' : ''}`,
  ];
  const mismatches = results.filter((r) => r.checksumMatchesWhatwg === false);
  // The URLPattern rows' third column is urlpattern-polyfill, which canonicalizes each component
  // with the browser's own URL: where that URL departs from the standard, so does the polyfill
  // (in Firefox, whose URL drops a file URL's host, `file:///*` matches `file://host/p`).
  const reference = (r) => (byId.get(r.id).needsURLPattern ? `${r.id} (urlpattern-polyfill, on the browser's own URL)` : r.id);
  const checksumLine = mismatches.length
    ? `checksum differs from the third column (whatwg-url; urlpattern-polyfill for 8a-8c): ${mismatches.map(reference).join(', ')}`
    : 'checksums: ours matches whatwg-url (urlpattern-polyfill for 8a-8c) on every workload';
  const notes = [
    '6b: the browsers have no domainToASCII (native column empty); 6c (Node-valid hosts) and the memory rows are Node-only.',
  ];
  console.log([`url-standard benchmark in ${version}`, ...metaLines, '', textTable(header, rows), '', ...notes, checksumLine, ''].join('\n'));
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `browser-${id}.json`), JSON.stringify({ engine: version, ...value, rows: results }, null, 2));
  writeFileSync(
    join(dir, `browser-${id}.md`),
    [`## Benchmark results: ${version}`, '', ...metaLines.map((l) => `- ${l}`), '', mdTable(header, rows), '', ...notes.map((n) => `- ${n}`), `- ${checksumLine}`, ''].join('\n'),
  );
}

async function main() {
  if (!existsSync(join(repoRoot, 'dist', 'index.js'))) {
    console.error('dist/index.js is missing: run npm run build first (npm run bench:browsers does)');
    process.exit(2);
  }
  const corpus = loadCorpus();
  const idna = loadIdna();
  const bundle = await referenceBundle();
  const server = await startServer({
    '/whatwg-bundle.js': { type: TYPES['.js'], body: () => bundle },
    '/corpus.txt': { type: 'text/plain; charset=utf-8', body: () => readFileSync(corpus.path) },
    '/idna.json': { type: 'application/json; charset=utf-8', body: () => readFileSync(idna.path) },
  });
  let failed = false;
  try {
    for (const id of Object.keys(ENGINES)) {
      if (only && !only.includes(id)) continue;
      console.error(`${id}: running the benchmark page…`);
      try {
        const outcome = await runEngine(id, server.origin);
        if (outcome.skip) console.log(`${id}: skipped: ${outcome.skip}\n`);
        else report(id, outcome.version, outcome.value);
      } catch (error) {
        failed = true;
        console.log(`${id}: failed: ${String(error.message).split('\n')[0]}\n`);
      }
    }
  } finally {
    await server.close();
  }
  process.exit(failed ? 1 : 0);
}

await main();
