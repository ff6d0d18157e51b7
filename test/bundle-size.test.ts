/**
 * The main entry stays small enough for browsers: bundled, minified and gzipped as
 * `npm run size` measures it, under 32 KiB. The Public Suffix List, the script data for display
 * and the legacy encoders are in their own entries and must not be pulled into it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain JavaScript script without type declarations.
import { measure } from '../scripts/size.mjs';

const LIMIT = 32 * 1024;

test(`the main entry bundles to under ${LIMIT} bytes gzipped`, async () => {
  const { minified, gzipped } = (await measure('src/index.ts')) as { minified: number; gzipped: number };
  assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
  assert.ok(gzipped < LIMIT, `${gzipped} bytes gzipped`);
});

test(`the url-standard/urlpattern entry, with the URL parser it needs, bundles to under ${LIMIT} bytes gzipped`, async () => {
  const { minified, gzipped } = (await measure('src/urlpattern.ts')) as { minified: number; gzipped: number };
  assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
  assert.ok(gzipped < LIMIT, `${gzipped} bytes gzipped`);
});
