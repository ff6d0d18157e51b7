/**
 * The drop-in's URL class stays small enough for browsers: `import { URL } from
 * '@url-standard/whatwg-url'` (packages/whatwg-url/size/url.mjs, the package as built), bundled,
 * minified and gzipped as `npm run size` measures the main entry, within 32 KiB. The legacy
 * encoders, which only parseURL and basicURLParse with an encoding need, must not be pulled in.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain JavaScript script without type declarations.
import { measure } from '../scripts/size.mjs';

// The budget whatwg-url's users are promised; url-standard's URL class leaves the validation
// errors' messages out of its bundle to keep the drop-in within it.
const LIMIT = 32 * 1024;

test(`the drop-in's URL bundles to at most ${LIMIT} bytes gzipped`, async () => {
  const { minified, gzipped } = (await measure('packages/whatwg-url/size/url.mjs')) as { minified: number; gzipped: number };
  assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
  assert.ok(gzipped <= LIMIT, `${gzipped} bytes gzipped`);
});

test(`the drop-in's webidl2js-wrapper entry bundles to at most ${LIMIT} bytes gzipped`, async () => {
  const { minified, gzipped } = (await measure('packages/whatwg-url/size/webidl2js-wrapper.mjs')) as { minified: number; gzipped: number };
  assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
  assert.ok(gzipped <= LIMIT, `${gzipped} bytes gzipped`);
});
