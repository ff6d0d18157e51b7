// Run one benchmark workload on one implementation (ours by default) for a
// fixed time, for CPU profiling.
//
//   node --cpu-prof --cpu-prof-dir=bench/results bench/profile.mjs 1 10
//   node bench/profile.mjs 3 10 --summary         # built-in profiler + top-functions table
//   node bench/profile.mjs 4 5 --impl=node        # same workload on Node's URL, for comparison
//
// Arguments: [workload id, default 1] [seconds, default 10]
// Options:   --impl=ours|node|whatwg-url   --summary   --quick (quarter corpus)

import { writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { WORKLOADS, loadImplementations, prepareInputs, completeURLPatternInputs, instantiate, repoRoot } from './workloads.mjs';

const args = process.argv.slice(2);
const flags = new Map(
  args.filter((a) => a.startsWith('--')).map((a) => {
    const [k, v] = a.slice(2).split('=');
    return [k, v ?? true];
  }),
);
const positional = args.filter((a) => !a.startsWith('--'));
const workloadId = positional[0] ?? '1';
const seconds = Number(positional[1] ?? 10);
const implName = String(flags.get('impl') ?? 'ours');
const implKey = { ours: 'ours', node: 'node', 'whatwg-url': 'whatwg', whatwg: 'whatwg' }[implName];

const workload = WORKLOADS.find((w) => w.id === workloadId);
if (!workload || !implKey || !(seconds > 0)) {
  console.error(`usage: node [--cpu-prof] bench/profile.mjs [workload] [seconds] [--impl=ours|node|whatwg-url] [--summary] [--quick]`);
  console.error(`workloads: ${WORKLOADS.map((w) => `${w.id} (${w.short})`).join(', ')}`);
  process.exit(2);
}

const { impls, oursStatus } = await loadImplementations();
const impl = impls.find((i) => i.key === implKey);
if (!impl) {
  console.error(`ours is unavailable: could not load ${oursStatus.path}: ${oursStatus.error}`);
  console.error('build it first (npm run build), or pass --impl=node / --impl=whatwg-url');
  process.exit(1);
}
const data = prepareInputs({ quick: !!flags.get('quick'), reference: impls.find((i) => i.key === 'whatwg').URL });
// The URLPattern rows' scan lengths and (route, URL) pairs, from the same class as bench.mjs uses.
const byKey = Object.fromEntries(impls.map((i) => [i.key, i]));
completeURLPatternInputs(data, byKey.ours?.URLPattern ?? byKey.node?.URLPattern ?? byKey.whatwg.URLPattern);
const inst = instantiate(workload, impl, data);
if (!inst) {
  console.error(`${impl.label} cannot run workload ${workload.id} (no domainToASCII export?)`);
  process.exit(1);
}

let session = null;
if (flags.get('summary')) {
  const inspector = await import('node:inspector/promises');
  session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 }); // µs
}

// Warm up (about 1 s, or 3 passes) so the profile shows optimized code.
let sink = 0;
{
  const end = performance.now() + 1000;
  for (let k = 0; k < 3 || performance.now() < end; k++) sink += inst.run(inst.prepare());
}

if (session) await session.post('Profiler.start');
let passes = 0;
let timedNs = 0n;
const deadline = performance.now() + seconds * 1000;
while (performance.now() < deadline) {
  const arg = inst.prepare();
  const t0 = process.hrtime.bigint();
  sink += inst.run(arg);
  timedNs += process.hrtime.bigint() - t0;
  passes++;
}
const ops = passes * inst.ops;
console.log(
  `workload ${workload.id} (${workload.name}) on ${impl.label}: ${passes} passes, ${ops} ops, ` +
    `${(Number(timedNs) / ops).toFixed(1)} ns/op (checksum ${sink})`,
);

if (session) {
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const dir = resolve(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `profile-${workload.id}-${impl.key}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  // Self time per function, from sample counts.
  const total = profile.nodes.reduce((n, x) => n + (x.hitCount || 0), 0) || 1;
  const self = new Map();
  for (const node of profile.nodes) {
    const cf = node.callFrame;
    const where = cf.url ? `${cf.url.replace(/^file:\/\/.*\//, '')}:${cf.lineNumber + 1}` : '';
    const key = `${cf.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) || 0) + (node.hitCount || 0));
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`\nTop functions by self time (${total} samples at 100 µs):`);
  for (const [key, hits] of top) console.log(`${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key}`);
  console.log(`\nwrote ${file}`);
}

console.log(`
How to read the profile:
- A .cpuprofile is written when the process exits under --cpu-prof (to --cpu-prof-dir,
  default the current directory), or to bench/results/ with --summary.
- Open it in Chrome DevTools (Performance panel > Load profile), or open the file in VS Code.
- Use the Bottom-Up / self-time view first: it ranks functions by the time spent in their
  own code. Frames named bench_pass_${workload.id}_${impl.key} are the benchmark loop itself;
  functions from dist/index.js are the library; "(garbage collector)" is GC, and a large
  share there means the parser allocates too much per URL.
- The first ~1 s is warm-up (interpreter and baseline code); the steady state follows.
- Compare with --impl=node on the same workload to see the share Node spends in C++.`);
