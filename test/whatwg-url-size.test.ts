/**
 * The drop-in's URL class stays small enough for browsers: `import { URL } from
 * '@url-standard/whatwg-url'` bundled as `npm run size` bundles the main entry (esbuild: bundle,
 * minify, platform browser, ES modules; gzip level 9), from the package as built, under 32 KiB.
 * The legacy encoders, which only parseURL and basicURLParse with an encoding need, must not be
 * pulled into it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const LIMIT = 32 * 1024;
const packageDir = fileURLToPath(new URL('../packages/whatwg-url/', import.meta.url));

/** The size of `contents` (an ES module importing the package by name) bundled for browsers. */
async function measure(contents: string): Promise<{ minified: number; gzipped: number }> {
  const result = await build({
    stdin: { contents, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

test(`the drop-in's URL bundles to under ${LIMIT} bytes gzipped`, async () => {
  const { minified, gzipped } = await measure("export { URL } from '@url-standard/whatwg-url';");
  assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
  assert.ok(gzipped < LIMIT, `${gzipped} bytes gzipped`);
});

test(`the drop-in's webidl2js-wrapper entry bundles to under ${LIMIT} bytes gzipped`, async () => {
  const { minified, gzipped } = await measure("export * from '@url-standard/whatwg-url/webidl2js-wrapper';");
  assert.ok(minified > 10_000, `${minified} bytes minified: the bundle is implausibly small`);
  assert.ok(gzipped < LIMIT, `${gzipped} bytes gzipped`);
});
