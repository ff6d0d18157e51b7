/**
 * The WPT data loader: every source is checked against test/wpt-data/SHA256SUMS.
 */
import { match, ok, strictEqual, throws } from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';

import {
  CACHE_DIR,
  REPO_ROOT,
  SHARED_DIR,
  loadWPT,
  loadWPTFromCache,
  loadWPTFromDir,
  readPins,
  sha256,
  wptDataDir,
  wptSkip,
} from './helpers/wpt-data.ts';

const pins = readPins();
const NAME = 'toascii.json';

const scratch = mkdtempSync(join(tmpdir(), 'wpt-data-loader-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Why the tests that need the real data skip (no source of it here), or false. */
const SKIP = wptSkip();

/** The real bytes of every pinned file, and a copy of the data where one file was altered. */
const realBytes = new Map<string, Buffer>();
for (const name of pins.keys()) {
  if (SKIP !== false) break;
  loadWPT(name); // verifies the file, and fills the download cache when that is the source
  realBytes.set(name, readFileSync(join(wptDataDir(), name)));
}
const realDir = join(scratch, 'real');
const tamperedDir = join(scratch, 'tampered');
mkdirSync(realDir);
mkdirSync(tamperedDir);
for (const [name, bytes] of realBytes) {
  writeFileSync(join(realDir, name), bytes);
  writeFileSync(join(tamperedDir, name), bytes);
}
// Still valid JSON, one expected output changed: only the hash check can notice.
const tamperedText = (realBytes.get(NAME) ?? Buffer.from('"xn--a---kp0a"')).toString('utf8').replace('"xn--a---kp0a"', '"xn--a---kp0b"');
const tamperedBytes = Buffer.from(tamperedText, 'utf8');
writeFileSync(join(tamperedDir, NAME), tamperedBytes);
const tamperedHash = sha256(tamperedBytes);

/**
 * A copy of the loader and the pin list in a directory with no shared checkout beside it and an
 * empty download cache: a clone of the repository on a machine without the data.
 */
const isolatedRoot = join(scratch, 'isolated', 'repo');
mkdirSync(join(isolatedRoot, 'test', 'helpers'), { recursive: true });
mkdirSync(join(isolatedRoot, 'test', 'wpt-data'), { recursive: true });
writeFileSync(join(isolatedRoot, 'test', 'helpers', 'wpt-data.ts'), readFileSync(join(REPO_ROOT, 'test', 'helpers', 'wpt-data.ts')));
writeFileSync(join(isolatedRoot, 'test', 'wpt-data', 'SHA256SUMS'), readFileSync(join(REPO_ROOT, 'test', 'wpt-data', 'SHA256SUMS')));
writeFileSync(join(isolatedRoot, 'package.json'), '{"type":"module"}');

/** tsx, from this repository whatever the working directory (its package's "." export). */
const TSX = pathToFileURL(join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** Runs a module snippet with the loader in a fresh process (so env overrides take effect). */
function runLoader(
  env: Record<string, string | undefined>,
  code: string,
  root: string = REPO_ROOT,
): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(
      process.execPath,
      ['--import', TSX, '--input-type=module', '-e', `import * as wpt from './test/helpers/wpt-data.ts';\n${code}`],
      { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('pin list', () => {
  test('pins the seven WPT URL data files by SHA-256', () => {
    strictEqual(pins.size, 7);
    for (const [name, hash] of pins) {
      match(name, /^[\w.-]+\.json$/);
      match(hash, /^[0-9a-f]{64}$/);
    }
  });
});

describe('without any source of the data', () => {
  const noSource = { WPT_DATA: undefined, WPT_REF: undefined, WPT_BASE_URL: undefined };

  test('without WPT_REF, the tests are skipped with a reason that says what to set', () => {
    const r = runLoader(noSource, 'console.log(JSON.stringify(wpt.wptSkip()));', isolatedRoot);
    strictEqual(r.status, 0, r.stderr);
    const reason = JSON.parse(r.stdout) as string;
    match(reason, /^no web-platform-tests URL data: set WPT_DATA .* \.\.\/shared\/wpt .* set WPT_REF to the web-platform-tests commit/);
    strictEqual(existsSync(join(isolatedRoot, '.wpt-cache')), false, 'nothing is downloaded');
  });

  test('loading a file then fails with the same reason instead of downloading from a moving branch', () => {
    const r = runLoader(noSource, `wpt.loadWPT('${NAME}');`, isolatedRoot);
    ok(r.status !== 0);
    match(r.stderr, /no web-platform-tests URL data/);
  });

  test('with WPT_REF but no server to reach, the tests are skipped with the download error', () => {
    // Port 9 (discard) on loopback: the connection is refused at once, as when offline.
    const r = runLoader({ ...noSource, WPT_REF: 'some-commit', WPT_BASE_URL: 'http://127.0.0.1:9' }, 'console.log(JSON.stringify(wpt.wptSkip()));', isolatedRoot);
    strictEqual(r.status, 0, r.stderr);
    match(JSON.parse(r.stdout) as string, /^the web-platform-tests URL data could not be downloaded \(Could not download WPT data file .* from http:\/\/127\.0\.0\.1:9\/some-commit\/url\/resources\//);
  });
});

describe('loading from a directory', { skip: SKIP }, () => {
  test('accepts the real data for every pinned file', () => {
    ok(pins.size > 0);
    for (const name of pins.keys()) {
      const data = loadWPT(name);
      ok(typeof data === 'object' && data !== null, name);
      strictEqual(sha256(realBytes.get(name)!), pins.get(name), name);
    }
    ok(Array.isArray(loadWPT('urltestdata.json')));
  });

  test('rejects a tampered file, naming it and both hashes', () => {
    ok(tamperedHash !== pins.get(NAME));
    throws(
      () => loadWPTFromDir(tamperedDir, NAME),
      (error: Error) =>
        error.message.includes(NAME) &&
        error.message.includes(`expected sha256 ${pins.get(NAME)}`) &&
        error.message.includes(`got ${tamperedHash}`),
    );
    // The untouched files in the same directory still load.
    ok(Array.isArray(loadWPTFromDir(tamperedDir, 'urltestdata.json')));
  });

  test('rejects a file that is not pinned', () => {
    writeFileSync(join(realDir, 'unpinned.json'), '[]');
    throws(() => loadWPTFromDir(realDir, 'unpinned.json'), /not pinned/);
    throws(() => loadWPTFromDir(realDir, '../real/toascii.json'), /not pinned/);
  });

  test('WPT_DATA selects the directory, and a tampered file there is rejected', () => {
    const good = runLoader(
      { WPT_DATA: realDir },
      `console.log(JSON.stringify([wpt.wptDataDir(), wpt.loadWPT('${NAME}').length]));`,
    );
    strictEqual(good.status, 0, good.stderr);
    const [dir, length] = JSON.parse(good.stdout) as [string, number];
    strictEqual(dir, realDir);
    ok(length > 0);

    const bad = runLoader({ WPT_DATA: tamperedDir }, `wpt.loadWPT('${NAME}');`);
    ok(bad.status !== 0, 'loading a tampered file must fail');
    ok(bad.stderr.includes(NAME), bad.stderr);
    ok(bad.stderr.includes(pins.get(NAME)!), bad.stderr);
    ok(bad.stderr.includes(tamperedHash), bad.stderr);
  });

  test('without WPT_DATA, the shared checkout is used when present, else the download cache', () => {
    const result = runLoader({ WPT_DATA: undefined }, 'console.log(wpt.wptDataDir());');
    strictEqual(result.status, 0, result.stderr);
    strictEqual(result.stdout.trim(), existsSync(SHARED_DIR) ? SHARED_DIR : CACHE_DIR);
  });
});

describe('downloading into the cache', { skip: SKIP }, () => {
  // A static file server in its own process (the download blocks this one), serving
  // <root>/<ref>/url/resources/<name> for the refs "good" and "tampered".
  const served = join(scratch, 'served');
  let server: ChildProcess | undefined;
  let baseUrl = '';

  before(async () => {
    for (const ref of ['good', 'tampered']) {
      const dir = join(served, ref, 'url', 'resources');
      mkdirSync(dir, { recursive: true });
      if (ref === 'good') for (const [name, bytes] of realBytes) writeFileSync(join(dir, name), bytes);
      else writeFileSync(join(dir, NAME), tamperedBytes);
    }
    const script = `
      const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
      const root = process.argv[1];
      const server = http.createServer((req, res) => {
        const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
        if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) { res.statusCode = 404; res.end('not found'); return; }
        res.end(fs.readFileSync(file));
      });
      server.listen(0, '127.0.0.1', () => console.log(server.address().port));
      process.stdin.on('end', () => server.close()).resume();
    `;
    server = spawn(process.execPath, ['-e', script, served], { stdio: ['pipe', 'pipe', 'inherit'] });
    const port = await new Promise<string>((resolve, reject) => {
      server!.once('error', reject);
      server!.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    });
    baseUrl = `http://127.0.0.1:${port}/`;
  });

  after(() => {
    server?.stdin?.end();
  });

  test('downloads a matching file, caches it, and then works without the server', () => {
    const cache = join(scratch, 'cache-good');
    const data = loadWPTFromCache(cache, NAME, { baseUrl, ref: 'good' });
    ok(Array.isArray(data));
    strictEqual(sha256(readFileSync(join(cache, NAME))), pins.get(NAME));
    // Port 9 (discard) on loopback: any download attempt would fail.
    const again = loadWPTFromCache(cache, NAME, { baseUrl: 'http://127.0.0.1:9', ref: 'good' });
    strictEqual(JSON.stringify(again), JSON.stringify(data));
  });

  test('rejects a download that does not match the pin and does not cache it', () => {
    const cache = join(scratch, 'cache-tampered');
    throws(
      () => loadWPTFromCache(cache, NAME, { baseUrl, ref: 'tampered' }),
      (error: Error) =>
        error.message.includes(NAME) &&
        error.message.includes(`expected sha256 ${pins.get(NAME)}`) &&
        error.message.includes(`got ${tamperedHash}`),
    );
    strictEqual(existsSync(join(cache, NAME)), false);
  });

  test('replaces a cached file that does not match the pin', () => {
    const cache = join(scratch, 'cache-stale');
    mkdirSync(cache);
    writeFileSync(join(cache, NAME), tamperedBytes);
    ok(Array.isArray(loadWPTFromCache(cache, NAME, { baseUrl, ref: 'good' })));
    strictEqual(sha256(readFileSync(join(cache, NAME))), pins.get(NAME));
  });

  test('with WPT_REF naming a commit that has the pinned files, downloads them all and uses them', () => {
    const root = join(scratch, 'isolated-download', 'repo');
    mkdirSync(join(root, 'test'), { recursive: true });
    execFileSync('cp', ['-r', join(isolatedRoot, 'test'), join(root)]);
    writeFileSync(join(root, 'package.json'), '{"type":"module"}');
    const env = { WPT_DATA: undefined, WPT_REF: 'good', WPT_BASE_URL: baseUrl };
    const r = runLoader(env, `console.log(JSON.stringify([wpt.wptSkip(), wpt.loadWPT('urltestdata.json').length]));`, root);
    strictEqual(r.status, 0, r.stderr);
    const [skip, length] = JSON.parse(r.stdout) as [string | false, number];
    strictEqual(skip, false);
    ok(length > 0);
    for (const [name, hash] of pins) strictEqual(sha256(readFileSync(join(root, '.wpt-cache', name))), hash, name);
    // The complete cache is used without WPT_REF, and without the server.
    const offline = runLoader({ WPT_DATA: undefined, WPT_REF: undefined, WPT_BASE_URL: 'http://127.0.0.1:9' }, 'console.log(JSON.stringify(wpt.wptSkip()));', root);
    strictEqual(offline.stdout.trim(), 'false', offline.stderr);
  });

  test('reports a failed download', () => {
    const cache = join(scratch, 'cache-missing');
    throws(() => loadWPTFromCache(cache, NAME, { baseUrl, ref: 'no-such-ref' }), /Could not download .*HTTP 404/);
    strictEqual(existsSync(join(cache, NAME)), false);
  });
});
