/**
 * The entries stay small enough for browsers: each bundled, minified and gzipped as `npm run size`
 * measures it. The Public Suffix List, the script data for display and the legacy encoders are in
 * entries of their own and must not be pulled into these.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain JavaScript script without type declarations.
import { measure } from '../scripts/size.mjs';

type Size = { minified: number; gzipped: number };

const KiB = 1024;

const budgets: Array<[name: string, entry: string, contents: string | undefined, limit: number]> = [
  // Long hostile inputs (IDN labels of joiners, runs of dot segments) take paths of their own in
  // the IDNA code and the path state.
  ['the main entry', 'src/index.ts', undefined, 34 * KiB],
  // The URL class finds the failing validation error for its TypeError, without the messages.
  ["import { URL } from 'url-standard' alone", 'src/index.ts', "export { URL } from './src/index.ts';", 29.5 * KiB],
  ['the url-standard/urlpattern entry, with the URL parser it needs', 'src/urlpattern.ts', undefined, 32 * KiB],
];

for (const [name, entry, contents, limit] of budgets) {
  test(`${name} bundles to at most ${limit} bytes gzipped`, async () => {
    const { minified, gzipped } = (await measure(entry, contents)) as Size;
    assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
    assert.ok(gzipped <= limit, `${gzipped} bytes gzipped`);
  });
}
