/**
 * The drop-in's URL class stays small enough for browsers: `import { URL } from
 * '@url-standard/whatwg-url'` (packages/whatwg-url/size/url.mjs, the package as built), bundled,
 * minified and gzipped as `npm run size` measures the main entry, under 33 KiB. The legacy
 * encoders, which only parseURL and basicURLParse with an encoding need, must not be pulled in.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain JavaScript script without type declarations.
import { measure } from '../scripts/size.mjs';

// The paths for hostile IDN labels and dot-segment runs took the drop-in past 32 KiB.
const LIMIT = 33 * 1024;

test(`the drop-in's URL bundles to under ${LIMIT} bytes gzipped`, async () => {
  const { minified, gzipped } = (await measure('packages/whatwg-url/size/url.mjs')) as { minified: number; gzipped: number };
  assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
  assert.ok(gzipped < LIMIT, `${gzipped} bytes gzipped`);
});

test(`the drop-in's webidl2js-wrapper entry bundles to under ${LIMIT} bytes gzipped`, async () => {
  const { minified, gzipped } = (await measure('packages/whatwg-url/size/webidl2js-wrapper.mjs')) as { minified: number; gzipped: number };
  assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
  assert.ok(gzipped < LIMIT, `${gzipped} bytes gzipped`);
});
