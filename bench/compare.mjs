// Compare two builds of this package, each against the runtime's own URL, in alternating
// processes: run `bench.mjs` with BENCH_OURS set to build A, then to build B, and so on, and
// report each build's ours/native ratios per row, with a 90% bootstrap interval of B/A.
//
//   node bench/compare.mjs --a=/tmp/before/index.js --b=dist/index.js --runs=4 --only=1,1i
//   node bench/compare.mjs --a=… --b=… --runtime=/path/to/bun --only=3
//
// Why processes and not one process with both builds: two copies of the same build, loaded into
// one process and timed interleaved, gave B/A ratios of 1.06–1.18 on rows 1, 1v and 3 (Node 26),
// where 1.00 was due; the cause was not pinned down. One build per process, each timed against
// the runtime's own URL, cancels the machine's drift between processes (up to 2× on a shared
// virtual machine) in the ratio, and alternating the order cancels slow phases that last longer
// than a process.
//
// Options:
//   --a, --b      the builds' index.js (or their directories)
//   --runs        pairs of processes (default 4)
//   --only        bench rows (default 1,3); see bench/README.md
//   --rounds      BENCH_ROUNDS per process (default 12: even, see roundOrder)
//   --impls       BENCH_IMPLS per process (default ours,node; ours,node,whatwg times the three
//                 as the full benchmark does, whose garbage then falls on the other two)
//   --runtime     the runtime binary (default: the one running this script); bun and deno are
//                 recognised by their names and started as bench/README.md shows
//
// Each process overwrites bench/results/latest.json and latest.md; the ratios of every process
// are written to bench/results/compare.json.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { repoRoot } from './workloads.mjs';
import { median, mdTable } from './report.mjs';

const resultsDir = resolve(repoRoot, 'bench', 'results');

const flags = new Map(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k, v.join('=')];
  }),
);

/** A build's index.js, from a file or a directory. */
function buildPath(value, name) {
  if (!value) {
    console.error(`compare: --${name}=<build index.js or directory> is required`);
    process.exit(2);
  }
  const path = resolve(value);
  const file = existsSync(path) && statSync(path).isDirectory() ? resolve(path, 'index.js') : path;
  if (!existsSync(file)) {
    console.error(`compare: ${file} does not exist`);
    process.exit(2);
  }
  return file;
}

const builds = [
  { label: 'A', path: buildPath(flags.get('a'), 'a') },
  { label: 'B', path: buildPath(flags.get('b'), 'b') },
];
const runs = Number(flags.get('runs') || 4);
const only = flags.get('only') || '1,3';
const rounds = flags.get('rounds') || '12';
const impls = flags.get('impls') || 'ours,node';
const runtime = flags.get('runtime') || process.execPath;

/** The command line that runs bench.mjs in `runtime`. */
function benchArgs() {
  const name = basename(runtime);
  if (name.startsWith('bun')) return ['bench/bench.mjs'];
  if (name.startsWith('deno')) return ['run', '-A', '--v8-flags=--expose-gc', 'bench/bench.mjs'];
  return ['--expose-gc', 'bench/bench.mjs'];
}

/** Row id → ours/native median ratio of one process, for build `path`. */
function runOnce(path) {
  const result = spawnSync(runtime, benchArgs(), {
    cwd: repoRoot,
    env: { ...process.env, BENCH_OURS: path, BENCH_ONLY: only, BENCH_IMPLS: impls, BENCH_ROUNDS: rounds },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.error(result.stderr || result.error?.message);
    process.exit(1);
  }
  const { workloads } = JSON.parse(readFileSync(resolve(resultsDir, 'latest.json'), 'utf8'));
  return Object.fromEntries(workloads.filter((w) => w.oursVsNode !== null).map((w) => [w.id, w.oursVsNode]));
}

const ratios = { A: [], B: [] };
for (let i = 0; i < runs; i++) {
  // A then B, then B then A: a slow phase longer than a process falls on both builds.
  const order = i % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    const r = runOnce(build.path);
    ratios[build.label].push(r);
    console.error(`run ${i + 1}/${runs} ${build.label}: ${Object.entries(r).map(([id, x]) => `${id} ${x.toFixed(3)}`).join('  ')}`);
  }
}

/**
 * A 90% bootstrap interval of median(b) / median(a): each build's per-process ratios resampled with
 * replacement, 2,000 times, with a fixed seed (the same ratios give the same interval). An interval
 * that holds 1 shows no difference between the builds: on Node 26, medians of 15–20 processes of
 * the same parser moved by 4% from one set to the next (docs/benchmarks.md).
 */
function bootstrapInterval(a, b) {
  let seed = 0x9e3779b9;
  const random = () => {
    // xorshift32
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x100000000;
  };
  const resample = (xs) => xs.map(() => xs[Math.floor(random() * xs.length)]);
  const quotients = [];
  for (let i = 0; i < 2000; i++) quotients.push(median(resample(b)) / median(resample(a)));
  quotients.sort((x, y) => x - y);
  return [quotients[Math.floor(0.05 * quotients.length)], quotients[Math.floor(0.95 * quotients.length)]];
}

const fmt = (xs) => xs.map((x) => x.toFixed(2)).join(' ');
const table = Object.keys(ratios.A[0] ?? {}).map((id) => {
  const a = ratios.A.map((r) => r[id]);
  const b = ratios.B.map((r) => r[id]);
  const [low, high] = bootstrapInterval(a, b);
  return [id, fmt(a), fmt(b), median(a).toFixed(3), median(b).toFixed(3), (median(b) / median(a)).toFixed(3), `${low.toFixed(3)}–${high.toFixed(3)}`];
});
console.log(`A: ${builds[0].path}\nB: ${builds[1].path}\nruntime: ${runtime}; ${runs} pairs of processes; ours/native per process\n`);
console.log(mdTable(['row', 'A (each process)', 'B (each process)', 'A median', 'B median', 'B/A', 'B/A, 90% interval'], table));
mkdirSync(resultsDir, { recursive: true });
writeFileSync(resolve(resultsDir, 'compare.json'), JSON.stringify({ builds, runtime, only, rounds, ratios }, null, 2) + '\n');
