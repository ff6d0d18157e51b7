#!/usr/bin/env node
/**
 * Runs the test suites of whatwg-url's dependents (../shared/dependents/: jsdom 30.0.1's test/api,
 * whatwg-url's own tests, mongodb-connection-string-url's tests) with every whatwg-url in their
 * dependency trees replaced by this repository's drop-in, packages/whatwg-url (or, with
 * --reference, with the real whatwg-url 17.3.0), and prints each suite's counts beside the
 * baseline of the real whatwg-url. It fails when a test that passes with the real whatwg-url fails.
 *
 * The dependents are installed from the npm registry, pinned by ../shared/dependents/harness's
 * package-lock.json, into a cache folder outside the repository:
 *
 *   $URL_STANDARD_DEPENDENTS_DIR, else ${XDG_CACHE_HOME:-~/.cache}/url-standard/dependents
 *
 * with one tree for the drop-in (drop-in/) and one for the real whatwg-url (reference/). A tree is
 * installed again only when the harness's lock changes. When the registry cannot be reached, the
 * run is skipped with the reason printed.
 *
 * The suites run under Node 24 (scripts/runtimes/install.mjs), first on PATH: jsdom 30.0.1 needs
 * Node >= 22.22, and one of its tests spawns `node`. The Node running this script is used when it
 * is recent enough.
 *
 * Usage: node scripts/dependents/run.mjs [--reference] [--suite jsdom|whatwg-url|mongodb ...]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIMES, installRuntime } from '../runtimes/install.mjs';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dependentsDir = resolve(repositoryRoot, '..', 'shared', 'dependents');
const harnessDir = join(dependentsDir, 'harness');
const dropInDir = join(repositoryRoot, 'packages', 'whatwg-url');

/** The suites, their baselines with the real whatwg-url 17.3.0 (../shared/dependents/README.md). */
const SUITES = [
  { id: 'jsdom', title: 'jsdom 30.0.1 test/api', baseline: 573 },
  { id: 'whatwg-url', title: 'whatwg-url tests', baseline: 190 },
  { id: 'mongodb', title: 'mongodb-connection-string-url tests', baseline: 61 },
];

/** No suite may take longer than this (the three together take a few minutes). */
const SUITE_TIMEOUT_MS = 8 * 60_000;

function cacheDir() {
  const fromEnv = process.env.URL_STANDARD_DEPENDENTS_DIR;
  if (fromEnv) return fromEnv;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'url-standard', 'dependents');
}

function parseArguments(argv) {
  const options = { reference: false, suites: SUITES.map((suite) => suite.id) };
  const chosen = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--reference') options.reference = true;
    else if (argv[i] === '--suite') chosen.push(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (chosen.length > 0) options.suites = chosen;
  return options;
}

/** Whether `version` ("v22.23.5") is one jsdom 30.0.1 supports: ^22.22.2 || ^24.15.0 || >=26. */
function satisfiesJsdom(version) {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  if (major >= 26) return true;
  if (major === 24) return minor >= 15;
  if (major === 22) return minor > 22 || (minor === 22 && patch >= 2);
  return false;
}

/** The Node binary the suites run under, or null with the reason. */
function chooseNode() {
  if (satisfiesJsdom(process.version)) return { bin: process.execPath };
  const runtime = RUNTIMES.find((candidate) => candidate.id === 'node-24');
  const result = installRuntime(runtime);
  return result.ok ? { bin: result.bin } : { bin: null, reason: result.reason };
}

/** Runs npm in `cwd`; returns { ok, output }. */
function npm(cwd, args) {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8', timeout: 10 * 60_000 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** Whether npm's output says the registry could not be reached. */
function isNetworkFailure(output) {
  return /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|network|socket hang up/i.test(output);
}

/**
 * Installs the harness into `dir` (when its lock changed since the last install), with whatwg-url
 * replaced by the drop-in unless `reference`. Returns { ok, skip?, reason? }.
 */
function installTree(dir, reference) {
  const lock = readFileSync(join(harnessDir, 'package-lock.json'));
  const manifest = JSON.parse(readFileSync(join(harnessDir, 'package.json'), 'utf8'));
  const stamp = createHash('sha256')
    .update(lock)
    .update(JSON.stringify(manifest))
    .update(reference ? 'reference' : dropInDir)
    .digest('hex');
  const stampFile = join(dir, '.installed');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(join(dir, 'node_modules'))) {
    return { ok: true };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  writeFileSync(join(dir, 'package-lock.json'), lock);
  const common = ['--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
  let result = npm(dir, ['ci', ...common]);
  if (!result.ok) {
    return isNetworkFailure(result.output)
      ? { ok: false, skip: true, reason: `the npm registry cannot be reached: ${firstLines(result.output)}` }
      : { ok: false, reason: `npm ci failed: ${firstLines(result.output)}` };
  }
  if (!reference) {
    // The override "$whatwg-url" makes every whatwg-url in the tree (jsdom's, data-urls's nested
    // copy, mongodb-connection-string-url's) the one in dependencies: the drop-in's directory.
    manifest.dependencies['whatwg-url'] = `file:${dropInDir}`;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
    result = npm(dir, ['install', ...common]);
    if (!result.ok) {
      return isNetworkFailure(result.output)
        ? { ok: false, skip: true, reason: `the npm registry cannot be reached: ${firstLines(result.output)}` }
        : { ok: false, reason: `npm install of the drop-in failed: ${firstLines(result.output)}` };
    }
  }
  writeFileSync(stampFile, stamp);
  return { ok: true };
}

function firstLines(text) {
  return text.split('\n').filter((line) => line.trim() !== '').slice(0, 3).join(' | ');
}

/** Every whatwg-url directory in the tree's node_modules, nested copies included. */
function findWhatwgURLCopies(nodeModules) {
  const copies = [];
  const visit = (dir, scoped = false) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('@') && entry.isDirectory()) {
        visit(path, true);
        continue;
      }
      if (!scoped && entry.name === 'whatwg-url') copies.push(path);
      if (entry.isDirectory()) visit(join(path, 'node_modules'));
    }
  };
  visit(nodeModules);
  return copies;
}

/** Checks that the packages under test load the expected whatwg-url; returns a problem or null. */
function checkTree(dir, reference) {
  const copies = findWhatwgURLCopies(join(dir, 'node_modules'));
  if (copies.length === 0) return 'no whatwg-url in the tree';
  const expected = reference ? null : realpathSync(dropInDir);
  for (const copy of copies) {
    const real = realpathSync(copy);
    if (expected !== null && real !== expected) return `${copy} is not the drop-in (it is ${real})`;
    if (expected === null) {
      const { name, version } = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8'));
      if (name !== 'whatwg-url' || version !== '17.3.0') return `${copy} is ${name} ${version}, not whatwg-url 17.3.0`;
    }
  }
  return null;
}

/**
 * Copies the suites into the tree, where they find the packages they test (see
 * ../shared/dependents/README.md).
 */
function placeSuites(dir) {
  const nodeModules = join(dir, 'node_modules');
  const jsdomTests = join(nodeModules, 'jsdom', 'test');
  rmSync(jsdomTests, { recursive: true, force: true });
  cpSync(join(dependentsDir, 'jsdom-30.0.1', 'test'), jsdomTests, { recursive: true });

  const whatwgURLTests = join(dir, 'whatwg-url-tests');
  rmSync(whatwgURLTests, { recursive: true, force: true });
  mkdirSync(whatwgURLTests, { recursive: true });
  cpSync(join(dependentsDir, 'whatwg-url', 'test'), join(whatwgURLTests, 'test'), { recursive: true });
  writeFileSync(join(whatwgURLTests, 'index.js'), 'module.exports = require("whatwg-url");\n');

  const mongodb = join(nodeModules, 'mongodb-connection-string-url');
  rmSync(join(mongodb, 'test'), { recursive: true, force: true });
  cpSync(join(dependentsDir, 'mongodb-connection-string-url', 'test'), join(mongodb, 'test'), { recursive: true });
  cpSync(join(dependentsDir, 'mongodb-connection-string-url', 'tsconfig.json'), join(mongodb, 'tsconfig.json'));
}

/** Runs a command under the chosen Node (first on PATH); returns its exit status and output. */
function run(nodeBin, cwd, args, extraEnv = {}) {
  const env = { ...process.env, ...extraEnv, PATH: `${dirname(nodeBin)}:${process.env.PATH}` };
  delete env.NODE_OPTIONS;
  const result = spawnSync(nodeBin, args, { cwd, env, encoding: 'utf8', timeout: SUITE_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  const timedOut = result.error !== undefined && /ETIMEDOUT/.test(String(result.error));
  return { status: result.status, timedOut, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/**
 * A test's identity: its file, its full title and its occurrence (two tests of whatwg-url's
 * validation.js share a name).
 */
function identify(results) {
  const seen = new Map();
  return results.map(({ file, title, passed }) => {
    const key = `${file}\u0000${title}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return { id: `${file} › ${title}${occurrence > 1 ? ` (#${occurrence})` : ''}`, passed };
  });
}

/** Runs mocha with its JSON reporter into a file, and reads the tests' results from it. */
function runMocha(nodeBin, cwd, mochaArgs, extraEnv = {}) {
  const reportFile = join(cwd, '.mocha-report.json');
  rmSync(reportFile, { force: true });
  const mocha = join(cwd, '..', 'mocha', 'bin', 'mocha.js');
  const outcome = run(nodeBin, cwd, [mocha, '--reporter', 'json', '--reporter-option', `output=${reportFile}`, ...mochaArgs], extraEnv);
  if (!existsSync(reportFile)) return { error: `mocha wrote no report (exit ${outcome.status}): ${lastLines(outcome.output)}` };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const results = [];
  for (const test of report.passes) results.push({ file: relativeFile(cwd, test.file), title: test.fullTitle, passed: true });
  for (const test of report.failures) results.push({ file: relativeFile(cwd, test.file), title: test.fullTitle, passed: false, error: test.err?.message });
  for (const test of report.pending) results.push({ file: relativeFile(cwd, test.file), title: test.fullTitle, passed: false, pending: true });
  return { results: identify(results), failures: report.failures.map((test) => `${test.fullTitle}: ${test.err?.message ?? ''}`) };
}

function relativeFile(cwd, file) {
  return file === undefined ? '' : file.startsWith(cwd) ? file.slice(cwd.length + 1) : file;
}

function lastLines(text) {
  return text.split('\n').filter((line) => line.trim() !== '').slice(-5).join(' | ');
}

/** Runs node --test with the TAP reporter and reads each test's result (leaves and suites' tests). */
function runNodeTest(nodeBin, cwd, files) {
  const results = [];
  const failures = [];
  for (const file of files) {
    const outcome = run(nodeBin, cwd, ['--test', '--test-reporter=tap', file]);
    // TAP: "ok 3 - name" / "not ok 3 - name", indented by nesting; a suite's line follows its tests.
    const lines = outcome.output.split('\n');
    const stack = [];
    let found = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
      if (subtest) {
        stack.push({ depth: subtest[1].length, name: subtest[2], hasChildren: false });
        for (const frame of stack.slice(0, -1)) frame.hasChildren = true;
        continue;
      }
      const result = /^(\s*)(not ok|ok) \d+ - (.*?)(\s+#\s*(SKIP|TODO).*)?$/.exec(line);
      if (result && stack.length > 0) {
        const frame = stack.pop();
        // Only leaf tests count (as node --test's "# tests" does); a suite's own line is skipped.
        if (frame.hasChildren) continue;
        const title = [...stack.map((parent) => parent.name), frame.name].join(' › ');
        const passed = result[2] === 'ok' && result[5] === undefined;
        results.push({ file, title, passed });
        if (!passed) failures.push(`${file} › ${title}`);
        found++;
      }
    }
    if (found === 0) failures.push(`${file}: no test ran (exit ${outcome.status}): ${lastLines(outcome.output)}`);
  }
  return { results: identify(results), failures };
}

function runSuite(id, dir, nodeBin) {
  const nodeModules = join(dir, 'node_modules');
  switch (id) {
    case 'jsdom':
      // One retry of a failed test: a few of jsdom's tests have timeouts of a few seconds that a
      // busy machine can exceed (from-outside.js spawns a Node that fills a 2^25-element array).
      return runMocha(nodeBin, join(nodeModules, 'jsdom'), ['--retries', '1', 'test/api/']);
    case 'whatwg-url':
      return runNodeTest(nodeBin, join(dir, 'whatwg-url-tests'), [
        'test/validation.js',
        'test/mdn.js',
        'test/file-url-origin.js',
        'test/webidl.js',
      ]);
    case 'mongodb':
      return runMocha(nodeBin, join(nodeModules, 'mongodb-connection-string-url'), ['-r', 'ts-node/register', 'test/index.ts', 'test/redact.ts'], {
        TS_NODE_SKIP_IGNORE: 'true',
      });
    default:
      return { error: `unknown suite ${id}` };
  }
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  const mode = options.reference ? 'reference' : 'drop-in';
  if (!options.reference && !existsSync(join(dropInDir, 'dist', 'index.js'))) {
    console.error('packages/whatwg-url is not built: run npm run build first');
    process.exit(1);
  }
  const node = chooseNode();
  if (node.bin === null) {
    console.log(`dependents: skipped, no Node >= 22.22 (${node.reason})`);
    return;
  }
  const dir = join(cacheDir(), mode);
  const installed = installTree(dir, options.reference);
  if (!installed.ok) {
    if (installed.skip) {
      console.log(`dependents: skipped, ${installed.reason}`);
      return;
    }
    console.error(`dependents: ${installed.reason}`);
    process.exit(1);
  }
  const problem = checkTree(dir, options.reference);
  if (problem !== null) {
    console.error(`dependents: ${problem}`);
    process.exit(1);
  }
  placeSuites(dir);
  const nodeVersion = execFileSync(node.bin, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`dependents with ${options.reference ? 'the real whatwg-url 17.3.0' : 'the drop-in (packages/whatwg-url)'}, Node ${nodeVersion}, in ${dir}`);

  // The reference run's results, when there is one, say which tests pass with the real whatwg-url;
  // without it, every test of the baseline does (../shared/dependents/README.md).
  const referenceFile = join(cacheDir(), 'reference-results.json');
  const referenceResults = !options.reference && existsSync(referenceFile) ? JSON.parse(readFileSync(referenceFile, 'utf8')) : null;
  const recorded = {};
  let failed = false;
  for (const suite of SUITES.filter((candidate) => options.suites.includes(candidate.id))) {
    const started = Date.now();
    const outcome = runSuite(suite.id, dir, node.bin);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    if (outcome.error !== undefined) {
      console.log(`  ${suite.title}: did not run: ${outcome.error}`);
      failed = true;
      continue;
    }
    const passed = outcome.results.filter((test) => test.passed);
    recorded[suite.id] = passed.map((test) => test.id);
    const regressions =
      referenceResults?.[suite.id] !== undefined
        ? referenceResults[suite.id].filter((id) => !passed.some((test) => test.id === id))
        : outcome.results.filter((test) => !test.passed).map((test) => test.id);
    const belowBaseline = referenceResults?.[suite.id] === undefined && passed.length < suite.baseline;
    console.log(
      `  ${suite.title}: ${passed.length} passed, ${outcome.results.length - passed.length} failed of ${outcome.results.length}` +
        ` (baseline with whatwg-url 17.3.0: ${suite.baseline} of ${suite.baseline}) in ${seconds} s`,
    );
    if (!options.reference && (regressions.length > 0 || belowBaseline)) {
      failed = true;
      for (const id of regressions.slice(0, 20)) console.log(`    fails: ${id}`);
      for (const failure of outcome.failures.slice(0, 20)) console.log(`    ${failure.split('\n')[0]}`);
    }
  }
  if (options.reference) writeFileSync(referenceFile, JSON.stringify(recorded, null, 1) + '\n');
  if (failed) {
    console.log('dependents: FAILED');
    process.exit(1);
  }
  console.log('dependents: ok');
}

main();
