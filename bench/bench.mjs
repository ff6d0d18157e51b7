// Benchmark: url-standard (../dist/index.js) vs Node's built-in URL (ada, C++)
// vs whatwg-url, in one process, interleaved. See bench/README.md.
//
//   npm run bench                      # build, then run everything (~1-2 min on 2 cores)
//   BENCH_QUICK=1 node --expose-gc bench/bench.mjs
//   BENCH_ROUNDS=25 BENCH_ONLY=1,3 node --expose-gc bench/bench.mjs

import os from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { WORKLOADS, loadImplementations, prepareInputs, completeURLPatternInputs, instantiate, repoRoot, BASE } from './workloads.mjs';
import { roundOrder } from './workload-defs.mjs';
import { renderChart } from './chart.mjs';
import { fmtBytes, fmtNs, fmtRatio, mad, mainTable, mdTable, median, summarizeWorkload, textTable } from './report.mjs';

// ---------------------------------------------------------------------------
// Settings

const env = process.env;
const QUICK = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
const intEnv = (name, dflt) => {
  const v = Number.parseInt(env[name] ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};
// An even number, so that ours and Node's own each follow whatwg-url in half of the rounds (see
// roundOrder).
const ROUNDS = intEnv('BENCH_ROUNDS', QUICK ? 6 : 16);
const WARMUP_MS = intEnv('BENCH_WARMUP_MS', QUICK ? 100 : 400); // per implementation and workload
const WARMUP_MIN_PASSES = QUICK ? 2 : 4;
const SAMPLE_MS = intEnv('BENCH_SAMPLE_MS', QUICK ? 10 : 40); // minimum timed work per sample
const MEMORY_COUNT = intEnv('BENCH_MEMORY_COUNT', QUICK ? 20_000 : 100_000);
const ONLY = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
// V8 (Node, Deno) exposes gc() with --expose-gc; Bun has Bun.gc(true) (a synchronous full collection).
const gc =
  typeof globalThis.gc === 'function'
    ? globalThis.gc
    : typeof globalThis.Bun?.gc === 'function'
      ? () => globalThis.Bun.gc(true)
      : null;
// A forced major GC before every sample (off by default). Real programs run
// major GCs far less often than every 40 ms, and V8 may throw away optimized
// code at a major GC (deopt reason "weak objects"), so this mode measures
// "performance right after a major GC"; it is a diagnostic, not the default.
const GC_EACH_SAMPLE = env.BENCH_GC_EACH_SAMPLE === '1';
// The implementations timed (keys ours, node, whatwg; all by default): a diagnostic, for instance to
// see how much one implementation's runs change another's in the same process.
const TIMED = env.BENCH_IMPLS ? new Set(env.BENCH_IMPLS.split(',').map((s) => s.trim())) : null;

const now = () => process.hrtime.bigint();
const log = (...a) => console.error(...a); // progress to stderr; results to stdout
let sink = 0; // checksum sink: keeps every result observable

/** The JavaScript runtime running the benchmark, with its engine. */
function runtimeName() {
  const v = process.versions;
  if (v.bun) return `Bun ${v.bun} (JavaScriptCore${v.webkit ? ` ${v.webkit.slice(0, 12)}` : ''})`;
  if (v.deno) return `Deno ${v.deno} (V8 ${v.v8})`;
  return `Node ${process.version} (V8 ${v.v8}${v.ada ? `, ada ${v.ada}` : ''})`;
}

// ---------------------------------------------------------------------------
// Timing

// One sample: `reps` passes, each on freshly prepared input (preparation is
// not timed; it only does something for the setters workload). Returns
// wall-clock ns/op and process CPU ns/op (user + system, all threads: GC
// helper threads included); CPU time is much less affected when other
// processes compete for the cores.
function sample(inst, reps) {
  if (gc && GC_EACH_SAMPLE) gc();
  let ns = 0n;
  let cpuUs = 0;
  let cs = 0;
  for (let k = 0; k < reps; k++) {
    const arg = inst.prepare();
    const c0 = process.cpuUsage();
    const t0 = now();
    cs += inst.run(arg);
    ns += now() - t0;
    const c = process.cpuUsage(c0);
    cpuUs += c.user + c.system;
  }
  sink += cs;
  const ops = reps * inst.ops;
  return { wall: Number(ns) / ops, cpu: (cpuUs * 1000) / ops };
}

// Warm-up: a checksum pass, then passes until both WARMUP_MS and
// WARMUP_MIN_PASSES are reached. Returns the checksum and the number of
// passes per sample needed to reach SAMPLE_MS.
function warmup(inst) {
  const arg = inst.prepare();
  const checksum = inst.run(arg);
  const failures = inst.lastFailures();
  const verified = inst.verify ? inst.verify(arg) : checksum;
  const start = now();
  const passTimes = [];
  while (passTimes.length < WARMUP_MIN_PASSES || Number(now() - start) / 1e6 < WARMUP_MS) {
    const a = inst.prepare();
    const t0 = now();
    sink += inst.run(a);
    passTimes.push(Number(now() - t0) / 1e6);
  }
  const passMs = Math.max(1e-3, median(passTimes.slice(-3)));
  return { checksum: verified, failures, reps: Math.max(1, Math.ceil(SAMPLE_MS / passMs)), passMs };
}

// ---------------------------------------------------------------------------
// Memory: retained heap per parsed URL object

function measureMemory(impl, valid, count) {
  // Inputs are re-created from bytes for every object, so a URL object that
  // keeps its input string alive is charged for it (as it would be in an
  // application where the input string would otherwise be garbage).
  const bufs = valid.map((s) => Buffer.from(s, 'utf8'));
  const keep = new Array(count).fill(null); // array storage is in the baseline
  gc();
  gc();
  const m0 = process.memoryUsage();
  let failures = 0;
  const U = impl.URL;
  for (let i = 0; i < count; i++) {
    const s = bufs[i % bufs.length].toString('utf8');
    try {
      keep[i] = new U(s);
    } catch {
      failures++;
    }
  }
  gc();
  gc();
  const m1 = process.memoryUsage();
  sink += keep.length + (keep[count - 1] ? 1 : 0);
  const ok = count - failures;
  const per = (k) => (ok > 0 ? (m1[k] - m0[k]) / ok : NaN);
  return {
    count,
    failures,
    heapUsedPerUrl: per('heapUsed'),
    externalPerUrl: per('external'),
    arrayBuffersPerUrl: per('arrayBuffers'),
    rssPerUrl: per('rss'),
  };
}

function gitInfo() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return { head, srcDirty: dirty };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Main

async function main() {
  const started = Date.now();
  const { impls, oursStatus } = await loadImplementations();
  const byKey = Object.fromEntries(impls.map((i) => [i.key, i]));
  const data = prepareInputs({ quick: QUICK, reference: byKey.whatwg.URL });
  completeURLPatternInputs(data, byKey.ours?.URLPattern ?? byKey.node?.URLPattern ?? byKey.whatwg.URLPattern);

  const cpus = os.cpus();
  const meta = {
    date: new Date().toISOString(),
    runtime: runtimeName(),
    node: process.version,
    v8: process.versions.v8,
    platform: `${process.platform} ${process.arch}`,
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    loadAverageAtStart: os.loadavg().map((x) => +x.toFixed(2)),
    git: gitInfo(),
    whatwgUrl: await import('whatwg-url/package.json', { with: { type: 'json' } })
      .then((m) => m.default.version)
      .catch(() => 'unknown'),
    settings: { quick: QUICK, rounds: ROUNDS, warmupMs: WARMUP_MS, sampleMs: SAMPLE_MS, memoryCount: MEMORY_COUNT, gcBeforeEachWorkload: !!gc, gcBeforeEachSample: !!gc && GC_EACH_SAMPLE },
    inputs: {
      corpus: data.corpusPath,
      corpusLines: data.all.length,
      validLines: data.valid.length,
      invalidLines: data.all.length - data.valid.length,
      relativeInputs: data.rel.length,
      base: BASE,
      queries: data.queries.length,
      corpusQueries: data.corpusQueries,
      syntheticQueries: data.syntheticQueries,
      idna: data.idnaPath,
      idnHosts: data.hosts.length,
    },
    ours: oursStatus,
  };

  const oursLine = oursStatus.available
    ? `ours: ${oursStatus.path}${oursStatus.builtAt ? ` (built ${oursStatus.builtAt})` : ''}`
    : `ours: UNAVAILABLE — could not load ${oursStatus.path}: ${oursStatus.error}. Running Node and whatwg-url only (build with \`npm run build\`).`;
  if (!oursStatus.available) log(oursLine);
  if (meta.loadAverageAtStart[0] > meta.cores * 0.5)
    log(`warning: 1-min load average is ${meta.loadAverageAtStart[0]} on ${meta.cores} cores; other processes will add noise`);
  if (!gc) log('warning: gc() not exposed; run with node --expose-gc (clean heap per workload, memory rows)');
  log(`rounds=${ROUNDS} warmup=${WARMUP_MS}ms sample>=${SAMPLE_MS}ms${QUICK ? ' (quick)' : ''}`);

  const workloads = WORKLOADS.filter((w) => !ONLY || ONLY.has(w.id));
  const results = [];
  for (const [wi, w] of workloads.entries()) {
    const t0 = Date.now();
    const insts = [];
    for (const impl of impls) {
      if (TIMED !== null && !TIMED.has(impl.key)) continue;
      const inst = instantiate(w, impl, data);
      if (inst) insts.push({ impl, inst });
    }
    const per = {};
    if (gc) gc(); // each workload starts from a clean heap
    for (const { impl, inst } of insts) {
      const wu = warmup(inst);
      per[impl.key] = { ...wu, samples: [], cpuSamples: [], variant: inst.variant, ops: inst.ops };
    }
    for (let r = 0; r < ROUNDS; r++) {
      // whatwg-url first, then the others in an order rotated every round (see roundOrder).
      for (const { impl, inst } of roundOrder(insts, r)) {
        const { wall, cpu } = sample(inst, per[impl.key].reps);
        per[impl.key].samples.push(wall);
        per[impl.key].cpuSamples.push(cpu);
      }
    }
    const row = summarizeWorkload(w, per);
    results.push(row);
    log(`[${wi + 1}/${workloads.length}] ${w.id} ${w.short}: ${insts.map(({ impl }) => `${impl.label} ${fmtNs(row.results[impl.key].median)}`).join(', ')} ns/op (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  }

  // Memory
  const memory = [];
  const wantMemory = !ONLY || ONLY.has('memory');
  if (gc && wantMemory) {
    for (const impl of impls) {
      const m = measureMemory(impl, data.valid, MEMORY_COUNT);
      memory.push({ impl: impl.key, label: impl.label, ...m });
      log(`memory ${impl.label}: ${fmtBytes(m.heapUsedPerUrl)} B/URL heapUsed`);
    }
  }

  // -------------------------------------------------------------------------
  // Report
  const { header, rows } = mainTable(results);
  // Views that are less sensitive to other processes on a busy machine:
  // best of rounds (wall clock) and median process CPU time.
  const minHeader = ['workload (robust views)', 'ours min', 'Node min', 'whatwg-url min', 'ours/Node min', 'whatwg-url/ours min', 'ours/Node CPU', 'whatwg-url/ours CPU'];
  const minRows = results.map((r) => [
    `${r.id} ${r.short}`,
    fmtNs(r.results.ours?.min),
    fmtNs(r.results.node?.min),
    fmtNs(r.results.whatwg?.min),
    fmtRatio(r.oursVsNodeMin),
    fmtRatio(r.whatwgVsOursMin),
    fmtRatio(r.oursVsNodeCpu),
    fmtRatio(r.whatwgVsOursCpu),
  ]);
  const memHeader = ['memory (retained per URL)', 'heapUsed B', 'external B', 'arrayBuffers B', 'rss B', 'objects'];
  const memRows = memory.map((m) => [
    m.label,
    fmtBytes(m.heapUsedPerUrl),
    fmtBytes(m.externalPerUrl),
    fmtBytes(m.arrayBuffersPerUrl),
    fmtBytes(m.rssPerUrl),
    `${(m.count - m.failures).toLocaleString('en-US')}${m.failures ? ` (${m.failures} failed)` : ''}`,
  ]);
  const all = results.flatMap((r) => r.targets);
  const passed = all.filter((t) => t.pass === true).length;
  const failed = all.filter((t) => t.pass === false).length;
  const unknown = all.filter((t) => t.pass === null).length;
  const mismatches = results.filter((r) => r.checksumMatchesWhatwg === false);

  const I = meta.inputs;
  const metaLines = [
    `date: ${meta.date}`,
    `runtime: ${meta.runtime}; its own URL is the "Node" column${meta.runtime.startsWith('Node') ? '' : ` (Node-compatible version ${meta.node})`}, ${meta.platform}`,
    `cpu: ${meta.cpu} × ${meta.cores} cores (load average at start ${meta.loadAverageAtStart.join(' ')})`,
    `git: ${meta.git ? `${meta.git.head}${meta.git.srcDirty ? ' (src/ has uncommitted changes)' : ''}` : 'unknown'}`,
    oursLine,
    `whatwg-url: ${meta.whatwgUrl}`,
    `inputs: ${I.corpusLines} corpus lines (${I.invalidLines} invalid per whatwg-url), ${I.queries} queries (${I.corpusQueries} corpus + ${I.syntheticQueries} synthetic), ${I.idnHosts} IDN hosts; base ${I.base}`,
    `method: ${ROUNDS} interleaved rounds, whatwg-url first in each, then the others in an order rotated each round; median ±MAD of ns/op; warm-up ≥${WARMUP_MS} ms; samples ≥${SAMPLE_MS} ms${gc ? (GC_EACH_SAMPLE ? ', gc() before each sample (BENCH_GC_EACH_SAMPLE)' : ', gc() before each workload') : ''}${QUICK ? '; QUICK (¼ corpus)' : ''}`,
  ];
  const notes = [
    '6b: ours = domainToASCII(d, false); Node = url.domainToASCII(d); whatwg-url has no domainToASCII, so its column is new URL("https://"+d+"/").hostname.',
    'memory: heapUsed delta after gc() per retained URL object; external/arrayBuffers/rss deltas for information (Node keeps URL data off the JS heap only if those grow).',
  ];
  const failureLines = results.map(
    (r) =>
      `${r.id}: ` +
      Object.entries(r.results)
        .map(([k, v]) => `${byKey[k].label} ${v.failures}`)
        .join(', ') +
      ` of ${r.ops.node ?? r.ops.ours ?? r.ops.whatwg}`,
  );
  const summary = `targets: ${passed} pass, ${failed} fail${unknown ? `, ${unknown} n/a` : ''}`;
  const checksumLine = !oursStatus.available
    ? null
    : mismatches.length
      ? `checksum differs from whatwg-url (results differ, numbers may not be comparable): ${mismatches
          .map((r) => `${r.id} (ours ${r.results.ours.checksum} vs ${r.results.whatwg.checksum})`)
          .join(', ')}`
      : 'checksums: ours matches whatwg-url on every workload';

  const out = [
    'url-standard benchmark',
    ...metaLines,
    '',
    textTable(header, rows),
    '',
    textTable(minHeader, minRows),
    '',
    memRows.length ? textTable(memHeader, memRows) : `memory: skipped (${wantMemory ? 'run with node --expose-gc' : 'not in BENCH_ONLY'})`,
    '',
    ...notes,
    `failures per pass (exception, null/'' or false): ${failureLines.join('; ')}`,
    ...(checksumLine ? [checksumLine] : []),
    summary,
    `total time: ${((Date.now() - started) / 1000).toFixed(1)} s; load average at end ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
  ].join('\n');
  console.log(out);

  const md = [
    '## Benchmark results',
    '',
    ...metaLines.map((l) => `- ${l}`),
    '',
    mdTable(header, rows),
    '',
    '<details><summary>Robust views: best of rounds (min ns/op) and median CPU-time ratios</summary>',
    '',
    mdTable(minHeader, minRows),
    '',
    '</details>',
    '',
    ...(memRows.length ? [mdTable(memHeader, memRows), ''] : []),
    ...notes.map((n) => `- ${n}`),
    `- failures per pass (exception, null/'' or false): ${failureLines.join('; ')}`,
    ...(checksumLine ? [`- ${checksumLine}`] : []),
    `- ${summary}`,
    '',
  ].join('\n');

  const dir = resolve(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    resolve(dir, 'latest.json'),
    JSON.stringify({ meta, workloads: results, memory, summary: { passed, failed, unknown }, checksum: sink }, null, 2) + '\n',
  );
  writeFileSync(resolve(dir, 'latest.md'), md);
  // The chart of this run (bench/chart.mjs): this library and whatwg-url over the runtime's own.
  writeFileSync(resolve(dir, 'latest.svg'), renderChart([{ meta, workloads: results }]));
  log(`wrote bench/results/latest.json, latest.md and latest.svg (sink ${sink})`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
