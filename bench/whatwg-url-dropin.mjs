// Benchmark of the whatwg-url drop-in (packages/whatwg-url, as built): parse + serialize of the
// benchmark corpus through the drop-in, through whatwg-url 17.3 (the dev dependency), and through
// url-standard called directly, interleaved, each workload in BENCH_PROCESSES fresh processes of
// its own (default 5): every row moves by up to 2× from one process to the next, for all three at
// once, and a workload run after another inherits what the engine learned from it (V8 allocates in
// the old generation from allocation sites whose objects survived, such as the base records of the
// relative workload). It prints each one's median time per URL over the processes, and the two
// ratios the drop-in is held to, as the median and the range of each process's own ratio:
// whatwg-url's time over the drop-in's (at least 10×) and the drop-in's over url-standard's (at
// most 2×).
//
//   npm run build && node --expose-gc bench/whatwg-url-dropin.mjs
//   BENCH_PROCESSES=1 node --expose-gc bench/whatwg-url-dropin.mjs  # this process, workloads in turn
//   BENCH_QUICK=1 node --expose-gc bench/whatwg-url-dropin.mjs     # fewer rounds, shorter samples
//   BENCH_DRY_RUN=1 node bench/whatwg-url-dropin.mjs                 # one pass of each, nothing timed
//
// Workloads (each over every line of the corpus, ../shared/corpus/urls.txt or $BENCH_CORPUS):
//   records   parseURL(input) then serializeURL(record): the record API jsdom and data-urls use
//   relative  parseURL(reference, { baseURL }) then serializeURL, for references made from the corpus
//   api       new URL(input).href (invalid inputs caught): the URL class

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { median, fmtNs, fmtRatio, textTable } from './report.mjs';
import { loadCorpus } from './workloads.mjs';

const require = createRequire(import.meta.url);
const env = process.env;
const QUICK = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
const ROUNDS = QUICK ? 6 : 16;
const SAMPLE_MS = QUICK ? 10 : 40;
const WARMUP_MS = QUICK ? 100 : 400;
const PROCESSES = Number(env.BENCH_PROCESSES ?? 5);
/** Set in the processes this script starts: the workload to time, whose medians they print as JSON. */
const CHILD_WORKLOAD = env.BENCH_WHATWG_URL_WORKLOAD;
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
const now = () => process.hrtime.bigint();
let sink = 0;

/** The three implementations, each loaded as CommonJS, as Node loads the drop-in for its dependents. */
function loadImplementations() {
  const dropIn = require('../packages/whatwg-url');
  const whatwgURL = require('whatwg-url');
  const standard = require('../dist/index.cjs');
  return [
    {
      key: 'drop-in',
      parse: (input, baseURL) => dropIn.parseURL(input, baseURL === undefined ? undefined : { baseURL }),
      serialize: (record) => dropIn.serializeURL(record),
      URL: dropIn.URL,
      base: (href) => dropIn.parseURL(href),
    },
    {
      key: 'whatwg-url',
      parse: (input, baseURL) => whatwgURL.parseURL(input, baseURL === undefined ? undefined : { baseURL }),
      serialize: (record) => whatwgURL.serializeURL(record),
      URL: whatwgURL.URL,
      base: (href) => whatwgURL.parseURL(href),
    },
    {
      key: 'url-standard',
      parse: (input, base) => standard.parseURL(input, base === undefined ? undefined : { base }),
      serialize: (record) => standard.serializeURL(record),
      URL: standard.URL,
      base: (href) => standard.parseURL(href),
    },
  ];
}

/** The workloads: a function of an implementation that runs one pass and returns the number of URLs. */
function workloads(lines) {
  const references = ['x', '../y', '?q=1', '#f', '/a/b'];
  const bases = lines.filter((_, i) => i % 8 === 0);
  return {
    records: (impl) => {
      for (const line of lines) {
        const record = impl.parse(line);
        if (record !== null) sink += impl.serialize(record).length;
      }
      return lines.length;
    },
    relative: (impl) => {
      const parsedBases = impl.parsedBases ?? (impl.parsedBases = bases.map((href) => impl.base(href)).filter((b) => b !== null));
      let count = 0;
      for (const base of parsedBases) {
        for (const reference of references) {
          const record = impl.parse(reference, base);
          if (record !== null) sink += impl.serialize(record).length;
          count++;
        }
      }
      return count;
    },
    api: (impl) => {
      for (const line of lines) {
        try {
          sink += new impl.URL(line).href.length;
        } catch {
          sink++;
        }
      }
      return lines.length;
    },
  };
}

/** Time per URL (ns) of one sample: passes repeated until SAMPLE_MS have passed. */
function sample(run, impl) {
  let urls = 0;
  const start = now();
  let elapsed = 0n;
  do {
    urls += run(impl);
    elapsed = now() - start;
  } while (elapsed < BigInt(SAMPLE_MS) * 1_000_000n);
  return Number(elapsed) / urls;
}

/**
 * The number of corpus lines whose serialization through `impl` differs from whatwg-url's (the
 * drop-in must have none; url-standard's records serialize the same as whatwg-url's too).
 */
function mismatches(impls, lines) {
  const [dropIn, whatwgURL, standard] = impls;
  const counts = { 'drop-in': 0, 'url-standard': 0 };
  for (const line of lines) {
    const expected = whatwgURL.parse(line);
    const expectedHref = expected === null ? null : whatwgURL.serialize(expected);
    for (const [key, impl] of [['drop-in', dropIn], ['url-standard', standard]]) {
      const record = impl.parse(line);
      if ((record === null ? null : impl.serialize(record)) !== expectedHref) counts[key]++;
    }
  }
  return counts;
}

/** Each workload's median time per URL (ns) of each implementation, in this process. */
function timeWorkloads(byName, impls) {
  const result = {};
  for (const [name, run] of Object.entries(byName)) {
    for (const impl of impls) {
      const until = Date.now() + WARMUP_MS;
      do run(impl);
      while (Date.now() < until);
    }
    const times = new Map(impls.map((impl) => [impl.key, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // A different order each round, so that no implementation always follows the same one.
      const order = round % 2 === 0 ? impls : [...impls].reverse();
      for (const impl of order) {
        if (gc !== null) gc();
        times.get(impl.key).push(sample(run, impl));
      }
    }
    result[name] = Object.fromEntries([...times].map(([key, xs]) => [key, median(xs)]));
  }
  return result;
}

/**
 * {@link timeWorkloads} for each of `names` in PROCESSES fresh processes, one after another: one
 * result a process round, with every workload.
 */
function mediansOfProcesses(names) {
  const script = fileURLToPath(import.meta.url);
  const results = [];
  for (let i = 0; i < PROCESSES; i++) {
    const result = {};
    for (const name of names) {
      const child = spawnSync(process.execPath, [...process.execArgv, script], {
        env: { ...env, BENCH_WHATWG_URL_WORKLOAD: name },
        encoding: 'utf8',
      });
      if (child.status !== 0) throw new Error(`the ${name} workload's process failed:\n${child.stderr}`);
      Object.assign(result, JSON.parse(child.stdout));
    }
    results.push(result);
  }
  return results;
}

/** The median of `ratios`, with their range when there are several. */
function fmtRatios(ratios) {
  const middle = fmtRatio(median(ratios));
  if (ratios.length === 1) return middle;
  return `${middle} (${fmtRatio(Math.min(...ratios))}–${fmtRatio(Math.max(...ratios))})`;
}

function main() {
  const { lines, path } = loadCorpus();
  const impls = loadImplementations();
  const byName = workloads(lines);
  if (CHILD_WORKLOAD !== undefined) {
    console.log(JSON.stringify(timeWorkloads({ [CHILD_WORKLOAD]: byName[CHILD_WORKLOAD] }, impls)));
    return;
  }
  const counts = mismatches(impls, lines);
  if (counts['drop-in'] !== 0 || counts['url-standard'] !== 0) {
    console.log(`results differ from whatwg-url's: drop-in ${counts['drop-in']} lines, url-standard ${counts['url-standard']} lines`);
  }
  console.log(`whatwg-url drop-in benchmark: ${lines.length} corpus lines (${path}), Node ${process.version}, ${ROUNDS} rounds`);
  if (env.BENCH_DRY_RUN === '1') {
    for (const [name, run] of Object.entries(byName)) {
      console.log(`${name}: ${impls.map((impl) => `${impl.key} ${run(impl)} URLs`).join(', ')}`);
    }
    return;
  }
  // Each process's medians, by workload and implementation.
  const byProcess = PROCESSES > 1 ? mediansOfProcesses(Object.keys(byName)) : [timeWorkloads(byName, impls)];
  const rows = Object.keys(byName).map((name) => {
    const ofWorkload = byProcess.map((byWorkload) => byWorkload[name]);
    const time = (key) => median(ofWorkload.map((byKey) => byKey[key]));
    const ratios = (over, under) => ofWorkload.map((byKey) => byKey[over] / byKey[under]);
    return [name, ...impls.map((impl) => fmtNs(time(impl.key))), fmtRatios(ratios('whatwg-url', 'drop-in')), fmtRatios(ratios('drop-in', 'url-standard'))];
  });
  if (byProcess.length > 1) console.log(`Medians of ${byProcess.length} processes a workload; the ratios' range in brackets.`);
  console.log(
    textTable(
      ['workload', 'drop-in ns/URL', 'whatwg-url ns/URL', 'url-standard ns/URL', 'whatwg-url ÷ drop-in (≥ 10×)', 'drop-in ÷ url-standard (≤ 2×)'],
      rows,
    ),
  );
  if (sink === 0.5) console.log(sink);
}

main();
