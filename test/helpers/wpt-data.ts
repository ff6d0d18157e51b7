/**
 * Loading of the web-platform-tests URL data files (`url/resources/*.json` upstream).
 *
 * Where the files come from, in order:
 *   1. the directory named by the `WPT_DATA` environment variable, when it is set (no fallback:
 *      a missing file there is an error);
 *   2. `../shared/wpt` next to the repository root, when that directory exists;
 *   3. `.wpt-cache/` in the repository (gitignored): used when it holds every pinned file;
 *      otherwise filled by downloading `<WPT_BASE_URL>/<WPT_REF>/url/resources/<name>` when
 *      `WPT_REF` names a web-platform-tests commit (base default: `DEFAULT_WPT_BASE_URL`).
 *
 * There is no default ref: a branch moves, and the commit the pinned files were taken from is not
 * recorded, so a download needs `WPT_REF` to say where the pinned files are. When no source has
 * the data (no `WPT_DATA`, no shared checkout, an incomplete cache and no `WPT_REF`), or the
 * download cannot reach the server, `wptSkip()` gives the reason and the tests that need the data
 * are skipped with it.
 *
 * Whatever the source, the bytes are checked against `test/wpt-data/SHA256SUMS`, which is our
 * pin of the data: a file whose SHA-256 differs is rejected with an error naming the file and
 * both hashes. A cached file that no longer matches (say, after the pin was updated) is
 * downloaded again; a download that does not match is never written to the cache.
 *
 * Loading is synchronous because test files build their `test()` calls from the data at
 * definition time. The download therefore runs in a synchronous child process (`node -e` with
 * `fetch`, bytes written to stdout) through `execFileSync`, which blocks until it is done.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file lives in `<root>/test/helpers/`. */
export const REPO_ROOT: string = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The hash list that pins the data. */
export const PIN_FILE: string = join(REPO_ROOT, 'test', 'wpt-data', 'SHA256SUMS');

/** The shared checkout of the data that is used when present. */
export const SHARED_DIR: string = resolve(REPO_ROOT, '..', 'shared', 'wpt');

/** Where downloaded files are kept. */
export const CACHE_DIR: string = join(REPO_ROOT, '.wpt-cache');

/** Raw-file base URL of the web-platform-tests repository (override: `WPT_BASE_URL`). */
export const DEFAULT_WPT_BASE_URL = 'https://raw.githubusercontent.com/web-platform-tests/wpt';

/** How long a single download may take. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Parses a `sha256sum`-style list: `<64 hex digits><space><space or *><file name>` per line. */
export function readPins(pinFile: string = PIN_FILE): Map<string, string> {
  const pins = new Map<string, string>();
  const text = readFileSync(pinFile, 'utf8');
  for (const [index, rawLine] of text.split('\n').entries()) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line);
    if (match === null) {
      throw new Error(`${pinFile}:${index + 1}: not a "<sha256>  <file>" line: ${JSON.stringify(rawLine)}`);
    }
    pins.set(match[2]!, match[1]!.toLowerCase());
  }
  return pins;
}

/** The pinned hash of `name`; throws for a file that is not pinned. */
export function pinnedHash(name: string, pins: Map<string, string> = readPins()): string {
  const expected = pins.get(name);
  if (expected === undefined) {
    throw new Error(
      `WPT data file ${JSON.stringify(name)} is not pinned in ${PIN_FILE} ` +
        `(pinned: ${[...pins.keys()].join(', ')})`,
    );
  }
  return expected;
}

/** Throws unless `bytes` has the pinned SHA-256 of `name`. `source` is named in the error. */
export function verifyWPTBytes(
  name: string,
  bytes: Uint8Array,
  source: string,
  pins: Map<string, string> = readPins(),
): void {
  const expected = pinnedHash(name, pins);
  const actual = sha256(bytes);
  if (actual !== expected) {
    throw new Error(
      `WPT data file ${name} (from ${source}) does not match the pin in ${PIN_FILE}: ` +
        `expected sha256 ${expected}, got ${actual}. Point WPT_DATA at a directory with the pinned files, ` +
        `or set WPT_REF to a web-platform-tests commit whose files match (a branch such as master moves).`,
    );
  }
}

function parse(name: string, bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (error) {
    throw new Error(`WPT data file ${name} is not valid JSON: ${String(error)}`);
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Reads `name` from `dir`, verifies it against the pin and returns the parsed JSON. */
export function loadWPTFromDir(dir: string, name: string): unknown {
  const pins = readPins();
  pinnedHash(name, pins);
  const path = join(dir, name);
  const bytes = readFileSync(path);
  verifyWPTBytes(name, bytes, path, pins);
  return parse(name, bytes);
}

export interface DownloadOptions {
  baseUrl: string;
  ref: string;
}

/** The URL `name` is downloaded from. */
export function wptFileUrl(name: string, { baseUrl, ref }: DownloadOptions): string {
  return `${baseUrl.replace(/\/+$/, '')}/${ref}/url/resources/${name}`;
}

// Run by a child `node` process: fetch argv[1] and write the body to stdout.
const FETCH_SCRIPT = `
(async () => {
  const url = process.argv[1];
  const response = await fetch(url);
  if (!response.ok) {
    process.stderr.write('HTTP ' + response.status + ' ' + response.statusText + ' for ' + url + '\\n');
    process.exitCode = 1;
    return;
  }
  process.stdout.write(Buffer.from(await response.arrayBuffer()));
})().catch((error) => {
  process.stderr.write(String(error && error.cause ? error + ' (' + error.cause + ')' : error) + '\\n');
  process.exitCode = 1;
});
`;

/** Downloads `name` synchronously and returns its bytes (unverified). */
export function downloadWPTBytes(name: string, options: DownloadOptions): Buffer {
  const url = wptFileUrl(name, options);
  try {
    return execFileSync(process.execPath, ['-e', FETCH_SCRIPT, url], {
      maxBuffer: 64 * 1024 * 1024,
      timeout: DOWNLOAD_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new DownloadError(`Could not download WPT data file ${name} from ${url}: ${stderr || String(error)}`);
  }
}

/** A download that did not complete (network, HTTP status): not a verdict on the data. */
export class DownloadError extends Error {}

/**
 * Returns the verified contents of `name` from `cacheDir`, downloading it when the cache lacks
 * it or holds bytes that do not match the pin.
 */
export function loadWPTFromCache(cacheDir: string, name: string, options: DownloadOptions): unknown {
  const pins = readPins();
  const expected = pinnedHash(name, pins);
  const path = join(cacheDir, name);
  if (existsSync(path)) {
    const cached = readFileSync(path);
    if (sha256(cached) === expected) return parse(name, cached);
  }
  const bytes = downloadWPTBytes(name, options);
  verifyWPTBytes(name, bytes, wptFileUrl(name, options), pins);
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
  return parse(name, bytes);
}

/** Download options from the environment; null without `WPT_REF` (there is no default ref). */
function downloadOptionsFromEnv(): DownloadOptions | null {
  const ref = process.env['WPT_REF'];
  if (ref === undefined || ref === '') return null;
  return { baseUrl: process.env['WPT_BASE_URL'] || DEFAULT_WPT_BASE_URL, ref };
}

/** Whether `cacheDir` holds every pinned file with its pinned hash. */
function cacheIsComplete(cacheDir: string, pins: Map<string, string>): boolean {
  for (const [name, expected] of pins) {
    const path = join(cacheDir, name);
    if (!existsSync(path) || sha256(readFileSync(path)) !== expected) return false;
  }
  return true;
}

/** What `WPT_REF` must be set to, said in every reason to skip. */
const HOW_TO_GET_DATA =
  'set WPT_DATA to a directory holding the files pinned in test/wpt-data/SHA256SUMS, put them in ' +
  '../shared/wpt beside the repository, or set WPT_REF to the web-platform-tests commit to download them from';

let skipReason: string | false | undefined;

/**
 * Why the tests that need the WPT data must be skipped, or `false` when the data is available.
 * With `WPT_REF` set and files missing from the cache, this downloads them (once per process): a
 * download that cannot reach the server is a reason to skip; bytes that do not match the pin are
 * an error.
 */
export function wptSkip(): string | false {
  if (skipReason !== undefined) return skipReason;
  const { dir, download } = resolveSource();
  skipReason = false;
  if (!download) return skipReason;
  const pins = readPins();
  if (cacheIsComplete(dir, pins)) return skipReason;
  const options = downloadOptionsFromEnv();
  if (options === null) {
    skipReason = `no web-platform-tests URL data: ${HOW_TO_GET_DATA}`;
    return skipReason;
  }
  for (const name of pins.keys()) {
    try {
      loadWPTFromCache(dir, name, options);
    } catch (error) {
      if (error instanceof DownloadError) {
        skipReason = `the web-platform-tests URL data could not be downloaded (${error.message}); ${HOW_TO_GET_DATA}`;
        return skipReason;
      }
      throw error;
    }
  }
  return skipReason;
}

function resolveSource(): { dir: string; download: boolean } {
  const fromEnv = process.env['WPT_DATA'];
  if (fromEnv !== undefined && fromEnv !== '') return { dir: resolve(fromEnv), download: false };
  if (isDirectory(SHARED_DIR)) return { dir: SHARED_DIR, download: false };
  return { dir: CACHE_DIR, download: true };
}

/** The directory the data is read from (the cache directory when neither other source applies). */
export function wptDataDir(): string {
  return resolveSource().dir;
}

/**
 * The parsed, hash-verified contents of the WPT data file `name` (e.g. `urltestdata.json`).
 * Callers check `wptSkip()` first; without data this throws, naming what to set.
 */
export function loadWPT(name: string): unknown {
  const { dir, download } = resolveSource();
  if (!download) return loadWPTFromDir(dir, name);
  const reason = wptSkip();
  if (reason !== false) throw new Error(reason);
  return loadWPTFromDir(dir, name);
}

/** `text` cut to at most `max` code points (marked with an ellipsis), for test names. */
export function truncateLabel(text: string, max = 80): string {
  const codePoints = [...text];
  return codePoints.length <= max ? text : `${codePoints.slice(0, max).join('')}…`;
}
