/**
 * `npm run test:runtimes`: the conformance suites (test/conformance/suites.js) against the built
 * package (dist/, built by the npm script first) in every runtime and browser engine:
 * Node 20.19.0, 22, 24 and 26, Bun, Deno (installed by install.mjs into a cache folder), and
 * Debian's Chromium, Firefox ESR and WebKitGTK (installed by .ci/run). Prints one table,
 * runtime × suite, and the failures; exits 1 when a runtime that is installed fails a test or
 * cannot run the suites. A runtime that is not installed is skipped, and the reason printed.
 *
 * Run with `node --import tsx` (the data loader is TypeScript). Options:
 *   --native          run the suites against each runtime's own URL, URLSearchParams and
 *                     URLPattern (where it has one) instead (a report of what they get wrong:
 *                     exits 0 whatever the counts);
 *   --only=a,b        only these runtimes (ids: node-20 node-22 node-24 node-26 bun deno
 *                     chromium firefox webkit);
 *   --examples        print, for each input of EXAMPLES (test/conformance/suites.js), the href
 *                     each runtime's own URL gives where it differs from the standard's;
 *   --markdown        print the table as Markdown too;
 *   --json=<file>     write every result, with every failure, to <file>.
 *
 * The web-platform-tests data is read and SHA-256 verified by test/helpers/wpt-data.ts (from
 * WPT_DATA, ../shared/wpt, or the download cache) and, for URL patterns, by
 * test/helpers/wpt-urlpattern-data.ts (WPT_URLPATTERN_DATA, or urlpattern/ in the former), and
 * handed to each runtime as one JSON file in a temporary folder.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

import { loadWPT } from '../../test/helpers/wpt-data.ts';
import { loadURLPatternWPT } from '../../test/helpers/wpt-urlpattern-data.ts';
import { normalizationCases } from '../../test/conformance/normalization-cases.ts';
import { identifierCases } from '../../test/conformance/identifier-cases.ts';
import { corpusCases } from '../../test/conformance/corpus-cases.ts';
import {
  DATA_FILES,
  EXAMPLES,
  LIBRARY_SUITES,
  SUITES,
  URLPATTERN_DATA_FILES,
  URLPATTERN_SUITES,
} from '../../test/conformance/suites.js';
import { ENGINES, waitFor } from './browsers.ts';
import { installRuntime, RUNTIMES } from './install.mjs';

const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PAGE_TIMEOUT_MS = 180_000;

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>url-standard conformance</title>
<body>
<script type="module" src="/test/conformance/browser.js"></script>
`;

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8' };

/**
 * Serves the conformance page, the verified data (`dataJSON`, a string), the built package
 * (dist/) and the suites (test/conformance/) on a free local port, and records in
 * `progress.entry` the URL Pattern entry the page reports running (see browser.js). Resolves to
 * { origin, close }.
 */
function startServer(dataJSON, progress) {
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost/');
    const path = decodeURIComponent(url.pathname);
    const send = (status, type, body) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/progress' && request.method === 'POST') {
      const entry = url.searchParams.get('entry');
      progress.entry = entry === '' || entry === null ? null : Number(entry);
      return send(204, 'text/plain', '');
    }
    if (path === '/conformance.html') return send(200, 'text/html; charset=utf-8', PAGE);
    if (path === '/data.json') return send(200, TYPES['.json'], dataJSON);
    const file = normalize(join(REPO_ROOT, path));
    const allowed = [join(REPO_ROOT, 'dist') + '/', join(REPO_ROOT, 'test', 'conformance') + '/'];
    if (allowed.some((prefix) => file.startsWith(prefix)) && existsSync(file)) {
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    }
    return send(404, 'text/plain', 'not found');
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolvePromise({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const MAX_CRASHES = 10;

/**
 * Runs the conformance page in one browser engine: { version, results } or { skip }. When the
 * page dies while a URL Pattern entry runs (the engine's own URLPattern can crash its content
 * process), the page is run again in a new session, with that entry counted as a failure.
 */
async function runBrowser(id, launch, origin, progress) {
  const crashed = [];
  for (;;) {
    progress.entry = null;
    try {
      return await runPage(launch, origin, crashed);
    } catch (error) {
      const entry = progress.entry;
      if (entry === null || crashed.includes(entry) || crashed.length >= MAX_CRASHES) throw error;
      crashed.push(entry);
      process.stderr.write(`${id}: the page died while urlpatterntestdata.json entry #${entry} ran (${String(error.message).split('\n')[0]}); running the page again without it\n`);
    }
  }
}

async function runPage(launch, origin, crashed) {
  const launched = await launch();
  if (launched.skip) return launched;
  const { session } = launched;
  try {
    const query = examples ? '?examples' : `?${native ? 'native&' : ''}crashed=${crashed.join(',')}`;
    await session.goto(`${origin}/conformance.html${query}`);
    const text = await waitFor(session, 'document.body ? document.body.dataset.results || null : null', PAGE_TIMEOUT_MS);
    const value = JSON.parse(text);
    if (value.error) throw new Error(`the page failed: ${value.error}`);
    return { version: session.version, results: value.results };
  } finally {
    await session.close();
  }
}

const CHILD_TIMEOUT_MS = 300_000;
const SHOWN_FAILURES = 10;

const args = process.argv.slice(2);
const examples = args.includes('--examples');
const native = args.includes('--native') || examples;
const markdown = args.includes('--markdown');
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const jsonPath = args.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);
const wanted = (id) => only === undefined || only.includes(id);

/** Runs `command args` and resolves to its stdout; rejects with stderr on failure or timeout. */
function run(command, commandArgs, env = process.env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, commandArgs, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(stdout);
      else reject(new Error(`exit ${code ?? signal}: ${stderr.trim().split('\n').slice(-5).join('\n')}`));
    });
  });
}

/** The result line a child runtime prints. */
function parseChildOutput(stdout) {
  const line = stdout.trim().split('\n').pop();
  return JSON.parse(line);
}

async function runCommandLineRuntime(runtime, dataPath, work) {
  const installed = installRuntime(runtime);
  if (!installed.ok) return { skip: installed.reason };
  const script = join('test', 'conformance', 'run.mjs');
  const extra = examples ? ['--examples'] : native ? ['--native'] : [];
  const commandArgs =
    runtime.id === 'deno' ? ['run', '--allow-read', '--allow-env', script, dataPath, ...extra] : [script, dataPath, ...extra];
  // Deno keeps what it learns about CommonJS modules in DENO_DIR; a fresh one per run makes sure
  // it reads this build's files (a rebuilt dist/ has new chunk names at the same paths).
  const env = runtime.id === 'deno' ? { ...process.env, DENO_DIR: join(work, 'deno') } : process.env;
  return parseChildOutput(await run(installed.bin, commandArgs, env));
}

const rows = [];

function record(id, outcome) {
  rows.push({ id, ...outcome });
  const status = outcome.skip
    ? `skipped: ${outcome.skip}`
    : outcome.error
      ? `ERROR: ${outcome.error}`
      : examples
        ? outcome.version
        : `${outcome.version}: ${Object.values(outcome.results).reduce((n, r) => n + r.failed, 0)} failed`;
  process.stderr.write(`${id}: ${status}\n`);
}

async function main() {
  const data = {};
  for (const file of DATA_FILES) data[file] = loadWPT(file);
  for (const file of URLPATTERN_DATA_FILES) data[file] = loadURLPatternWPT(file);
  if (!native) {
    data.normalization = await normalizationCases();
    data.corpus = corpusCases();
  }
  data['urlpattern-names'] = await identifierCases();
  const dataJSON = JSON.stringify(data);
  const work = mkdtempSync(join(tmpdir(), 'url-standard-runtimes-'));
  const dataPath = join(work, 'wpt-data.json');
  writeFileSync(dataPath, dataJSON);
  try {
    for (const runtime of RUNTIMES) {
      if (!wanted(runtime.id)) continue;
      try {
        record(runtime.id, await runCommandLineRuntime(runtime, dataPath, work));
      } catch (error) {
        record(runtime.id, { error: error.message });
      }
    }
    const browsers = Object.entries(ENGINES).filter(([id]) => wanted(id));
    if (browsers.length > 0) {
      const progress = { entry: null };
      const server = await startServer(dataJSON, progress);
      try {
        for (const [id, launch] of browsers) {
          try {
            record(id, await runBrowser(id, launch, server.origin, progress));
          } catch (error) {
            record(id, { error: String(error.message).split('\n')[0] });
          }
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function suiteNames() {
  const names = [];
  for (const row of rows) for (const name of Object.keys(row.results ?? {})) if (!names.includes(name)) names.push(name);
  return names;
}

function cell(result) {
  if (result === undefined) return '–';
  if (result.skipped) return 'skipped';
  const skipped = result.skippedTests ? ` ${result.skippedTests.length} skipped` : '';
  return (result.failed === 0 ? `${result.passed} ✓` : `${result.passed} ✓ ${result.failed} ✗`) + skipped;
}

function printTable() {
  const suites = suiteNames();
  const header = ['runtime', 'version', ...suites];
  const body = rows.map((row) => {
    if (row.skip) return [row.id, 'skipped', `${row.skip}`];
    if (row.error) return [row.id, 'error', row.error.split('\n')[0]];
    return [row.id, row.version, ...suites.map((name) => cell(row.results[name]))];
  });
  const widths = header.map((h, i) => Math.max([...h].length, ...body.filter((r) => r.length === header.length).map((r) => [...r[i]].length)));
  const line = (cells) => cells.map((c, i) => (cells.length === header.length ? c.padEnd(widths[i]) : c)).join('  ');
  console.log(`\nConformance of ${native ? "each runtime's own URL, URLSearchParams and URLPattern" : 'the built package'} (passed ✓, failed ✗)\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
  for (const row of rows) {
    for (const [suite, result] of Object.entries(row.results ?? {})) {
      if (result.skipped) console.log(`${row.id}, ${suite}: skipped: ${result.skipped}`);
      const reasons = new Map();
      for (const { reason } of result.skippedTests ?? []) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      for (const [reason, count] of reasons) console.log(`${row.id}, ${suite}: ${count} skipped: ${reason}`);
    }
  }
  if (markdown) {
    console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
    for (const row of body) console.log(`| ${row.join(' | ')} |`);
  }
}

function printFailures() {
  for (const row of rows) {
    for (const [suite, result] of Object.entries(row.results ?? {})) {
      if (result.failed === 0) continue;
      console.log(`\n${row.id} (${row.version}), ${suite}: ${result.failed} failed`);
      for (const failure of result.failures.slice(0, SHOWN_FAILURES)) console.log(`  ✗ ${failure.name}\n      ${failure.message}`);
      if (result.failures.length > SHOWN_FAILURES) console.log(`  … and ${result.failures.length - SHOWN_FAILURES} more`);
    }
  }
}

/** The examples table: input, the standard's href, then what each runtime that differs gives. */
function printExamples() {
  const ran = rows.filter((row) => row.results);
  const code = (text) => `\`${text.replace(/[\u0080-\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}\``;
  console.log('\n| input | the standard (url-standard) | runtimes whose own URL differs |\n|---|---|---|');
  EXAMPLES.forEach(([input, base], i) => {
    const standard = ran[0].results.standard[i];
    const agree = ran.every((row) => row.results.standard[i] === standard);
    const byValue = new Map();
    for (const row of ran) {
      const value = row.results.native[i];
      if (value === standard) continue;
      byValue.set(value, [...(byValue.get(value) ?? []), row.version]);
    }
    const differs = [...byValue].map(([value, versions]) => `${versions.join(', ')}: ${value === 'failure' ? 'failure' : code(value)}`);
    const shownInput = base === null ? code(input) : `${code(input)} against ${code(base)}`;
    console.log(`| ${shownInput} | ${standard === 'failure' ? 'failure' : code(standard)}${agree ? '' : ' (NOT THE SAME IN EVERY RUNTIME)'} | ${differs.join('<br>') || 'none'} |`);
  });
}

await main();
if (examples) {
  printExamples();
  process.exit(0);
}
/** The suites a runtime must have run, each with at least one test, or why not. */
function missingSuites(row) {
  const expected = Object.keys(SUITES).filter((name) => !native || !LIBRARY_SUITES.includes(name));
  // The package has every URL Pattern suite; a runtime's own URLPattern may not exist, or lack the
  // tentative APIs. A suite skipped for a reason (no RegExp v flag) is not missing.
  if (!native) expected.push(...Object.keys(URLPATTERN_SUITES), ...(ENGINES[row.id] ? ['global'] : ['smoke', 'global']));
  const ran = (result) => result && (result.skipped || result.passed + result.failed > 0);
  const missing = expected.filter((name) => !ran(row.results[name]));
  return missing.length === 0 ? null : `no tests ran in ${missing.join(', ')}`;
}
for (const row of rows) {
  const missing = row.results ? missingSuites(row) : null;
  if (missing) {
    row.error = missing;
    console.log(`${row.id}: ${missing}`);
  }
}
printTable();
if (jsonPath) writeFileSync(jsonPath, `${JSON.stringify({ date: new Date().toISOString(), native, rows }, null, 1)}\n`);
if (!native) printFailures();
const broken = rows.filter((row) => row.error || (row.results && Object.values(row.results).some((r) => r.failed > 0)));
const ran = rows.filter((row) => row.results);
console.log(
  `\n${ran.length} runtimes ran, ${rows.filter((row) => row.skip).length} skipped` +
    `${broken.length > 0 ? `, ${broken.length} with failures or errors: ${broken.map((r) => r.id).join(', ')}` : ''}`,
);
if (!native && broken.length > 0) process.exitCode = 1;
