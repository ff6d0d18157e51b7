// Pathological input: url-standard against the runtime's own URL and URLSearchParams on long
// inputs of hostile shapes, at 1 MB and 10 MB. Prints, per shape, the best time of each side, the
// ratio ours/native, and our 10 MB / 1 MB ratio (about 10 when linear). See bench/README.md.
//
//   node bench/adversarial.mjs            # after npm run build
//   bun bench/adversarial.mjs; deno run -A bench/adversarial.mjs
//   ADV_SIZES=1 ADV_ONLY=tabs,ipv6 node bench/adversarial.mjs

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// BENCH_OURS: another build to time as "ours" (as in bench.mjs), e.g. a copy of a previous dist/.
const dist = process.env.BENCH_OURS ? resolve(process.env.BENCH_OURS) : fileURLToPath(new URL('../dist/index.js', import.meta.url));
if (!existsSync(dist)) {
  console.error(`${dist} is missing: run npm run build first`);
  process.exit(2);
}
const ours = await import(pathToFileURL(dist).href);
const Native = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };

const MB = 1 << 20;
const sizes = (process.env.ADV_SIZES ?? '1,10').split(',').map(Number);
const only = process.env.ADV_ONLY ? new Set(process.env.ADV_ONLY.split(',')) : null;
const RUNS = Number(process.env.ADV_RUNS ?? 5);

/** Repeats `unit` to about `bytes` code units, between `head` and `tail`. */
const fill = (head, unit, bytes, tail = '') => head + unit.repeat(Math.max(1, Math.floor(bytes / unit.length))) + tail;

// [id, description, make(bytes) -> input, run(impl, input)]
const parse = (impl, s) => {
  try {
    return new impl.URL(s).href.length;
  } catch {
    return -1;
  }
};
const SHAPES = [
  ['file-slashes', '"file:" then "/" x n', (n) => fill('file:', '/', n), parse],
  ['tabs', 'path of "a\\t" x n', (n) => fill('http://h/', 'a\t', n), parse],
  ['ipv4-parts', 'host "1." x n', (n) => fill('http://', '1.', n, '/'), parse],
  ['drive-letters', '"C:/" x n in a file URL', (n) => fill('file:///', 'C:/', n), parse],
  ['ipv6', 'host "[1:1:…"', (n) => fill('http://[', '1:', n, ']/'), parse],
  ['percent', 'path of "%" x n', (n) => fill('http://h/', '%', n), parse],
  ['dot-dot', 'path of "../" x n', (n) => fill('http://h/', '../', n), parse],
  ['pct-dot-dot', 'path of "%2e%2e/" x n', (n) => fill('http://h/', '%2e%2e/', n), parse],
  ['at-signs', 'userinfo "@" x n', (n) => fill('http://', '@', n, 'h/'), parse],
  ['idn', 'host "é" x n (one label)', (n) => fill('http://', 'é', n, '/'), parse],
  [
    'usp-parse',
    'URLSearchParams("a=b&" x n)',
    (n) => fill('', 'a=b&', n),
    (impl, s) => {
      let k = 0;
      for (const _ of new impl.URLSearchParams(s)) k++;
      return k;
    },
  ],
  [
    'usp-sort',
    'URLSearchParams sort of n/10 shuffled names',
    (n) => Array.from({ length: Math.floor(n / 10) }, (_, i) => `k${(i * 7919) % 1000003}=${i}`).join('&'),
    (impl, s) => {
      const p = new impl.URLSearchParams(s);
      p.sort();
      return p.toString().length;
    },
  ],
  [
    'usp-delete',
    'URLSearchParams delete of every other pair',
    (n) => fill('', 'a=1&b=2&', n),
    (impl, s) => {
      const p = new impl.URLSearchParams(s);
      p.delete('a');
      return p.toString().length;
    },
  ],
];

function best(run, impl, input) {
  let min = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    run(impl, input);
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

const v = process.versions;
const runtime = v.bun ? `Bun ${v.bun}` : v.deno ? `Deno ${v.deno}` : `Node ${process.version}`;
console.log(`adversarial input, ${runtime}, best of ${RUNS}, ${new Date().toISOString()}`);
console.log('shape          | size  | ours ms  | native ms | ours/native | ours 10 MB / 1 MB');
console.log('---------------|-------|----------|-----------|-------------|------------------');
for (const [id, , make, run] of SHAPES) {
  if (only !== null && !only.has(id)) continue;
  const times = {};
  let nativeSlow = false;
  for (const size of sizes) {
    if (nativeSlow) {
      // The runtime's own implementation took over a second at the previous size: at this one it
      // would take minutes if it is not linear (Node 20's URLSearchParams delete is quadratic).
      console.log(`${id.padEnd(14)} | ${String(size).padStart(2)} MB | skipped: the runtime's own took over 1 s at the size before`);
      continue;
    }
    const input = make(size * MB);
    // Interleaved: a warm-up of each, then the timed runs of each.
    const oursResult = run(ours, input);
    const nativeResult = run(Native, input);
    const a = best(run, ours, input);
    const b = best(run, Native, input);
    nativeSlow = b > 1000;
    times[size] = a;
    const growth = size !== sizes[0] && times[sizes[0]] ? (a / times[sizes[0]]).toFixed(1) : '';
    console.log(
      `${id.padEnd(14)} | ${String(size).padStart(2)} MB | ${a.toFixed(1).padStart(8)} | ${b.toFixed(1).padStart(9)} | ${(a / b).toFixed(2).padStart(10)}× | ${growth}` +
        // The runtime's own URL throws on some of these (Node 26 and Bun refuse labels of more than
        // 8,192 code points and long hosts), where the standard parses: the ratio is then ours
        // against an early rejection.
        (nativeResult === -1 && oursResult !== -1 ? ' (the runtime\'s own rejects this input; ours parses it)' : ''),
    );
  }
}
