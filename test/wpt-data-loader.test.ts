/**
 * The WPT data loader: every source is checked against test/wpt-data/SHA256SUMS.
 */
import { match, ok, strictEqual, throws } from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
} from './helpers/wpt-data.ts';

const pins = readPins();
const NAME = 'toascii.json';

const scratch = mkdtempSync(join(tmpdir(), 'wpt-data-loader-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The real bytes of every pinned file, and a copy of the data where one file was altered. */
const realBytes = new Map<string, Buffer>();
for (const name of pins.keys()) {
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
const tamperedText = realBytes.get(NAME)!.toString('utf8').replace('"xn--a---kp0a"', '"xn--a---kp0b"');
const tamperedBytes = Buffer.from(tamperedText, 'utf8');
writeFileSync(join(tamperedDir, NAME), tamperedBytes);
const tamperedHash = sha256(tamperedBytes);

/** Runs a module snippet with the loader in a fresh process (so env overrides take effect). */
function runLoader(env: Record<string, string | undefined>, code: string): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `import * as wpt from './test/helpers/wpt-data.ts';\n${code}`],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
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

describe('loading from a directory', () => {
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

describe('downloading into the cache', () => {
  // A static file server in its own process (the download blocks this one), serving
  // <root>/<ref>/url/resources/<name> for the refs "good" and "tampered".
  const served = join(scratch, 'served');
  let server: ChildProcess | undefined;
  let baseUrl = '';

  before(async () => {
    for (const ref of ['good', 'tampered']) {
      const dir = join(served, ref, 'url', 'resources');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, NAME), ref === 'good' ? realBytes.get(NAME)! : tamperedBytes);
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

  test('reports a failed download', () => {
    const cache = join(scratch, 'cache-missing');
    throws(() => loadWPTFromCache(cache, NAME, { baseUrl, ref: 'no-such-ref' }), /Could not download .*HTTP 404/);
    strictEqual(existsSync(join(cache, NAME)), false);
  });
});
