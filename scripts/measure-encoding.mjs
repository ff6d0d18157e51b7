#!/usr/bin/env node
/**
 * Measures what the legacy-encoding entry costs compared with the main entry:
 *
 * 1. Import time. Both entries are bundled with esbuild the way they are published (own code in
 *    one file, dependencies left as imports resolved from node_modules) and imported in fresh
 *    `node` processes; each process reports the time of the dynamic `import()` and, for some rows,
 *    of a first call made right after it (the first multi-byte call reads and expands an index
 *    table). Both wall-clock time and the process's CPU time (user + system, which is less
 *    sensitive to other load on the machine) are recorded. A trivial module gives the fixed cost
 *    of the ES module loader. Rows are run round-robin, several times; medians are reported.
 * 2. Bundle size. Both entries are bundled for browsers with every dependency included, minified,
 *    and gzipped at level 9. The esbuild metafile gives how much of the output comes from
 *    @exodus/bytes and from its multi-byte index data.
 *
 * Usage: node scripts/measure-encoding.mjs [--runs=15] [--json]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Inside node_modules so that the bundles' bare imports resolve to the repository's dependencies.
const outDir = join(root, 'node_modules', '.cache', 'url-standard-measure-encoding');

const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = runsArg === undefined ? 15 : Number(runsArg.slice('--runs='.length));
const asJSON = args.includes('--json');
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${runsArg}`);

const entries = {
  main: join(root, 'src', 'index.ts'),
  'legacy-encoding': join(root, 'src', 'legacy-encoding.ts'),
};

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

// 1. Import time -----------------------------------------------------------------------------

async function buildForNode(name, entry, inlineDependencies = false) {
  const outfile = join(outDir, 'node', `${name}.mjs`);
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // esbuild bundles the data file that @exodus/bytes require()s lazily into a wrapper that is
    // still only evaluated on first use.
    ...(inlineDependencies ? {} : { packages: 'external' }),
    logLevel: 'error',
  });
  return pathToFileURL(outfile).href;
}

const nodeBuilds = {};
for (const [name, entry] of Object.entries(entries)) nodeBuilds[name] = await buildForNode(name, entry);
// For comparison: the same entry with @exodus/bytes inlined into the one file.
nodeBuilds['legacy-encoding-inlined'] = await buildForNode(
  'legacy-encoding-inlined',
  entries['legacy-encoding'],
  true,
);

const trivial = join(outDir, 'node', 'trivial.mjs');
writeFileSync(trivial, 'export const x = 1;\n');

/** Each row: what to import and what to call right after (timed separately). */
const rows = [
  { label: 'baseline: a one-line ES module', specifier: pathToFileURL(trivial).href, action: '' },
  { label: 'main entry: import', specifier: nodeBuilds.main, action: '' },
  { label: 'legacy-encoding entry: import', specifier: nodeBuilds['legacy-encoding'], action: '' },
  {
    label: 'legacy-encoding entry: first parseURL, windows-1252, non-ASCII query',
    specifier: nodeBuilds['legacy-encoding'],
    action: "m.parseURL('https://example.com/?caf\\u00E9', { encoding: 'windows-1252' });",
  },
  {
    label: 'legacy-encoding entry: first parseURL, Shift_JIS, ASCII query',
    specifier: nodeBuilds['legacy-encoding'],
    action: "m.parseURL('https://example.com/?q=a+b', { encoding: 'Shift_JIS' });",
  },
  {
    label: 'legacy-encoding entry: first parseURL, Shift_JIS, non-ASCII query',
    specifier: nodeBuilds['legacy-encoding'],
    action: "m.parseURL('https://example.com/?\\u2261', { encoding: 'Shift_JIS' });",
  },
  {
    label: 'legacy-encoding entry: first parseURL, Big5, non-ASCII query',
    specifier: nodeBuilds['legacy-encoding'],
    action: "m.parseURL('https://example.com/?\\u4E00', { encoding: 'Big5' });",
  },
  {
    label: 'legacy-encoding entry with @exodus/bytes inlined: import',
    specifier: nodeBuilds['legacy-encoding-inlined'],
    action: '',
  },
  {
    label: 'legacy-encoding entry with @exodus/bytes inlined: first parseURL, Shift_JIS, non-ASCII query',
    specifier: nodeBuilds['legacy-encoding-inlined'],
    action: "m.parseURL('https://example.com/?\\u2261', { encoding: 'Shift_JIS' });",
  },
  {
    label: 'dependency alone: @exodus/bytes/encoding-lite.js + whatwg.js',
    specifier: null,
    imports: ['@exodus/bytes/encoding-lite.js', '@exodus/bytes/whatwg.js'],
    action: '',
  },
  {
    label: 'dependency alone: @exodus/bytes/encoding.js + whatwg.js (multi-byte registered)',
    specifier: null,
    imports: ['@exodus/bytes/encoding.js', '@exodus/bytes/whatwg.js'],
    action: '',
  },
];

function scriptFor(row) {
  const load =
    row.specifier === null
      ? `const m = await Promise.all(${JSON.stringify(row.imports)}.map((s) => import(s)));`
      : `const m = await import(${JSON.stringify(row.specifier)});`;
  return [
    'const c0 = process.cpuUsage();',
    'const t0 = performance.now();',
    load,
    'const t1 = performance.now();',
    'const c1 = process.cpuUsage(c0);',
    row.action,
    'const t2 = performance.now();',
    'const c2 = process.cpuUsage(c0);',
    'const cpu = (c) => (c.user + c.system) / 1000;',
    'console.log(JSON.stringify([t1 - t0, t2 - t1, cpu(c1), cpu(c2) - cpu(c1)]));',
  ].join('\n');
}

function runOnce(row) {
  // cwd inside the repository so that bare specifiers in the inline module resolve.
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', scriptFor(row)], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim());
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const loadBefore = loadavg()[0];
const samples = rows.map(() => ({ importMs: [], callMs: [], importCpuMs: [], callCpuMs: [] }));
runOnce(rows[0]); // warm the file system cache
for (let r = 0; r < runs; r++) {
  for (let i = 0; i < rows.length; i++) {
    const [importMs, callMs, importCpuMs, callCpuMs] = runOnce(rows[i]);
    samples[i].importMs.push(importMs);
    samples[i].callMs.push(callMs);
    samples[i].importCpuMs.push(importCpuMs);
    samples[i].callCpuMs.push(callCpuMs);
  }
}

const timing = rows.map((row, i) => ({
  label: row.label,
  importMs: median(samples[i].importMs),
  importCpuMs: median(samples[i].importCpuMs),
  firstCallMs: row.action === '' ? null : median(samples[i].callMs),
  firstCallCpuMs: row.action === '' ? null : median(samples[i].callCpuMs),
}));
const loadAfter = loadavg()[0];

// 2. Bundle size -----------------------------------------------------------------------------

async function bundleForBrowsers(name, entry) {
  const outfile = join(outDir, 'browser', `${name}.js`);
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    metafile: true,
    logLevel: 'error',
  });
  const bytes = readFileSync(outfile);
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  let exodus = 0;
  let multiByteData = 0;
  for (const [path, info] of Object.entries(inputs)) {
    if (path.includes('node_modules/@exodus/bytes/')) exodus += info.bytesInOutput;
    if (path.endsWith('multi-byte.encodings.json')) multiByteData += info.bytesInOutput;
  }
  return {
    entry: name,
    minifiedBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
    exodusBytesInOutput: exodus,
    multiByteDataInOutput: multiByteData,
  };
}

const sizes = [];
for (const [name, entry] of Object.entries(entries)) sizes.push(await bundleForBrowsers(name, entry));

rmSync(outDir, { recursive: true, force: true });

// Report -------------------------------------------------------------------------------------

const report = {
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  runs,
  loadAverage: [loadBefore, loadAfter],
  timing,
  sizes,
};

if (asJSON) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const ms = (x) => (x === null ? '–' : `${x.toFixed(2)} ms`);
  const kb = (x) => `${(x / 1024).toFixed(1)} KiB`;
  console.log(
    `Node ${report.node} (${report.platform}), median of ${runs} fresh processes per row, ` +
      `1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after\n`,
  );
  console.log('| What | import(): wall | import(): CPU | first call: wall | first call: CPU |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const t of timing) {
    console.log(
      `| ${t.label} | ${ms(t.importMs)} | ${ms(t.importCpuMs)} | ${ms(t.firstCallMs)} | ${ms(t.firstCallCpuMs)} |`,
    );
  }
  console.log('\nBrowser bundle (esbuild, all dependencies bundled, minified; gzip -9)\n');
  console.log('| Entry | minified | gzip -9 | of which @exodus/bytes (minified) | of which multi-byte index data (minified) |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const s of sizes) {
    console.log(
      `| ${s.entry} | ${kb(s.minifiedBytes)} | ${kb(s.gzipBytes)} | ${kb(s.exodusBytesInOutput)} | ${kb(s.multiByteDataInOutput)} |`,
    );
  }
}
