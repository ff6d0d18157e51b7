/**
 * Loading of the web-platform-tests URLPattern data (`urlpattern/resources/*.json` upstream).
 *
 * The files are read from the directory named by `WPT_URLPATTERN_DATA` when it is set, otherwise
 * from `urlpattern/` inside the URL data directory (`WPT_DATA`, or `../shared/wpt` beside the
 * repository). Every file must match its SHA-256 in `test/wpt-data/urlpattern.SHA256SUMS`, the pin.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readPins, REPO_ROOT, SHARED_DIR, verifyWPTBytes } from './wpt-data.ts';

export const URLPATTERN_PIN_FILE: string = join(REPO_ROOT, 'test', 'wpt-data', 'urlpattern.SHA256SUMS');

/** The directory the URLPattern data is read from. */
export function urlpatternDataDir(): string {
  const fromEnv = process.env['WPT_URLPATTERN_DATA'];
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv);
  const wpt = process.env['WPT_DATA'];
  return join(wpt !== undefined && wpt !== '' ? resolve(wpt) : SHARED_DIR, 'urlpattern');
}

/** The parsed, hash-verified contents of the URLPattern data file `name`. */
export function loadURLPatternWPT(name: string): unknown {
  const dir = urlpatternDataDir();
  const path = join(dir, name);
  if (!existsSync(path)) {
    throw new Error(
      `WPT URLPattern data file ${path} is missing: set WPT_URLPATTERN_DATA to a directory holding the files pinned in ${URLPATTERN_PIN_FILE}`,
    );
  }
  const bytes = readFileSync(path);
  verifyWPTBytes(name, bytes, path, readPins(URLPATTERN_PIN_FILE));
  return JSON.parse(bytes.toString('utf8'));
}
