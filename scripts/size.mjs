#!/usr/bin/env node
/**
 * Bundle sizes: `src/index.ts` (the whole library), `import { URL }` from it alone, the URLPattern
 * entry, `src/idna/index.ts` alone, and the whatwg-url drop-in's `URL` and webidl2js-wrapper entry
 * (packages/whatwg-url/size/, over the package as built), each bundled with esbuild
 * (bundle, minify, platform browser, format esm) and compressed with gzip level 9.
 *
 * Usage: node scripts/size.mjs [--json]
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { inlineCodeUnitAt } from './build/inline-code-unit-at.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What is measured: an entry module, or (`contents`) a module that imports part of one. */
const entries = [
  ['url-standard (src/index.ts)', 'src/index.ts'],
  ["import { URL } from 'url-standard'", 'src/index.ts', "export { URL } from './src/index.ts';"],
  ['url-standard/urlpattern (src/urlpattern.ts)', 'src/urlpattern.ts'],
  ['IDNA alone (src/idna/index.ts)', 'src/idna/index.ts'],
  ["import { URL } from '@url-standard/whatwg-url'", 'packages/whatwg-url/size/url.mjs'],
  ['@url-standard/whatwg-url/webidl2js-wrapper', 'packages/whatwg-url/size/webidl2js-wrapper.mjs'],
];

/**
 * The size in bytes of `entry` (a path from the repository root) bundled for browsers, minified and
 * gzipped; or, with `contents`, of that module (which imports from the repository root) instead.
 */
export async function measure(entry, contents) {
  const result = await build({
    absWorkingDir: root,
    ...(contents === undefined ? { entryPoints: [entry] } : { stdin: { contents, resolveDir: root, loader: 'js' } }),
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins: [inlineCodeUnitAt],
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

async function main() {
  const rows = [];
  for (const [name, entry, contents] of entries) {
    if (!existsSync(new URL(`../${entry}`, import.meta.url))) {
      console.log(`${name}: ${entry} does not exist yet, skipped`);
      continue;
    }
    const { minified, gzipped } = await measure(entry, contents);
    rows.push({ name, entry, minified, gzipped });
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const width = Math.max(...rows.map((row) => row.name.length));
    for (const { name, minified, gzipped } of rows) {
      console.log(`${name.padEnd(width)}  minified ${String(minified).padStart(7)} B (${kb(minified)})  gzip -9 ${String(gzipped).padStart(6)} B (${kb(gzipped)})`);
    }
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
