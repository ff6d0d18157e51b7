// relativeURL(from, to) on pairs of corpus URLs, against `new URL(to).href` (this package's URL
// and the runtime's own) on the same `to` strings, in one process, interleaved. The target:
// relativeURL at most 3× the time of `new URL(to).href`, in Node 26.
//
//   npm run build && node --expose-gc bench/relative-url.mjs
//   BENCH_ROUNDS=25 node --expose-gc bench/relative-url.mjs
//   node bench/relative-url.mjs --check     # no timing: checks every pair's answer parses back
//
// The pairs (from, to), strings, made from the corpus's URLs that parse: URLs of one origin paired
// with each other, URLs of different origins, and URLs paired with a change of their own path,
// query or fragment (another last segment, a deeper path, a path higher up, another query or
// fragment). Each kind is a third of the pairs, in a fixed order.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from './workloads.mjs';
import { median, mad, fmtNs, fmtRatio, textTable } from './report.mjs';

const env = process.env;
const intEnv = (name, dflt) => {
  const v = Number.parseInt(env[name] ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};
const ROUNDS = intEnv('BENCH_ROUNDS', 16);
const WARMUP_MS = intEnv('BENCH_WARMUP_MS', 400);
const SAMPLE_MS = intEnv('BENCH_SAMPLE_MS', 40);
const PAIRS = intEnv('BENCH_PAIRS', 9000);
const CHECK = process.argv.includes('--check');
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
const log = (...a) => console.error(...a);

const oursPath = env.BENCH_OURS ? pathToFileURL(resolve(env.BENCH_OURS)).href : new URL('../dist/index.js', import.meta.url).href;
const ours = await import(oursPath);
if (typeof ours.relativeURL !== 'function') throw new Error(`${oursPath} does not export relativeURL: run npm run build`);
const NativeURL = globalThis.URL;

// ---------------------------------------------------------------------------
// The pairs

/** The corpus's URLs that parse, serialized, without repeats, in corpus order. */
function corpusHrefs() {
  const seen = new Set();
  for (const line of loadCorpus().lines) {
    const url = ours.URL.parse(line);
    if (url !== null) seen.add(url.href);
  }
  return [...seen];
}

/** `href` changed in its path, query or fragment (`n` picks the change), or null for an opaque path. */
function mutate(href, n) {
  const url = new ours.URL(href);
  if (!url.pathname.startsWith('/')) return null;
  const path = url.pathname;
  switch (n % 5) {
    case 0:
      url.pathname = path.replace(/[^/]*$/, 'other');
      break;
    case 1:
      url.pathname = path.replace(/\/?$/, '/deeper/page');
      break;
    case 2:
      url.pathname = path.replace(/[^/]*\/[^/]*$/, '') + 'up';
      break;
    case 3:
      url.search = url.search === '' ? '?page=2' : '';
      break;
    default:
      url.hash = url.hash === '' ? '#section' : '';
      break;
  }
  return url.href;
}

function makePairs(hrefs) {
  const byOrigin = new Map();
  for (const href of hrefs) {
    const url = new ours.URL(href);
    const origin = url.protocol + '//' + url.host;
    const list = byOrigin.get(origin);
    if (list === undefined) byOrigin.set(origin, [href]);
    else list.push(href);
  }
  const third = Math.floor(PAIRS / 3);
  const sameOrigin = [];
  for (const list of byOrigin.values()) {
    for (let i = 1; i < list.length && sameOrigin.length < third; i++) sameOrigin.push([list[i - 1], list[i]]);
    if (sameOrigin.length >= third) break;
  }
  const differentOrigins = [];
  const half = hrefs.length >> 1;
  for (let i = 0; i < half && differentOrigins.length < third; i++) differentOrigins.push([hrefs[i], hrefs[i + half]]);
  const mutated = [];
  for (let i = 0; i < hrefs.length && mutated.length < third; i++) {
    const other = mutate(hrefs[i], i);
    if (other !== null) mutated.push(i % 2 === 0 ? [hrefs[i], other] : [other, hrefs[i]]);
  }
  return { sameOrigin, differentOrigins, mutated, all: [...sameOrigin, ...differentOrigins, ...mutated] };
}

const pairs = makePairs(corpusHrefs());
const froms = pairs.all.map(([from]) => from);
const tos = pairs.all.map(([, to]) => to);
log(`${pairs.all.length} pairs: ${pairs.sameOrigin.length} same origin, ${pairs.differentOrigins.length} different origins, ${pairs.mutated.length} mutated`);

if (CHECK) {
  let bad = 0;
  for (let i = 0; i < froms.length; i++) {
    const r = ours.relativeURL(froms[i], tos[i]);
    if (new ours.URL(r, froms[i]).href !== new ours.URL(tos[i]).href) {
      bad++;
      if (bad <= 10) log(`does not parse back: relativeURL(${JSON.stringify(froms[i])}, ${JSON.stringify(tos[i])}) = ${JSON.stringify(r)}`);
    }
  }
  console.log(bad === 0 ? `all ${froms.length} answers parse back` : `${bad} of ${froms.length} answers do not parse back`);
  process.exit(bad === 0 ? 0 : 1);
}

// ---------------------------------------------------------------------------
// The rows: one pass over every pair, checksum in `sink`

let sink = 0;
const ROWS = [
  {
    name: 'relativeURL(from, to)',
    pass() {
      let s = 0;
      for (let i = 0; i < froms.length; i++) s += ours.relativeURL(froms[i], tos[i]).length;
      return s;
    },
  },
  {
    name: 'relativeURL(from, to, { rootRelative: true })',
    pass() {
      const options = { rootRelative: true };
      let s = 0;
      for (let i = 0; i < froms.length; i++) s += ours.relativeURL(froms[i], tos[i], options).length;
      return s;
    },
  },
  {
    name: 'new URL(to).href (ours)',
    pass() {
      let s = 0;
      for (let i = 0; i < tos.length; i++) s += new ours.URL(tos[i]).href.length;
      return s;
    },
  },
  {
    name: `new URL(to).href (${process.versions.bun ? 'Bun' : process.versions.deno ? 'Deno' : 'Node'})`,
    pass() {
      let s = 0;
      for (let i = 0; i < tos.length; i++) s += new NativeURL(tos[i]).href.length;
      return s;
    },
  },
];

/** Nanoseconds per pair of one sample: as many passes as take SAMPLE_MS. */
function sample(row) {
  let passes = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    sink += row.pass();
    passes++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  } while (elapsed < SAMPLE_MS);
  return (elapsed * 1e6) / (passes * froms.length);
}

for (const row of ROWS) {
  const start = Date.now();
  do sink += row.pass();
  while (Date.now() - start < WARMUP_MS);
}
const times = ROWS.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  // Each round in another rotation of the rows, so that none always follows the same one.
  for (let k = 0; k < ROWS.length; k++) {
    const index = (k + round) % ROWS.length;
    gc?.();
    times[index].push(sample(ROWS[index]));
  }
}

const medians = times.map(median);
const reference = medians[2];
const runtime = process.versions.bun ? `Bun ${process.versions.bun}` : `Node ${process.version}`;
console.log(`${runtime}, ${froms.length} corpus pairs, ${ROUNDS} rounds, median ns per pair ± MAD`);
console.log(
  textTable(
    ['row', 'ns / pair', '÷ new URL(to).href (ours)', '÷ new URL(to).href (native)'],
    ROWS.map((row, i) => [
      row.name,
      `${fmtNs(medians[i])} ±${((100 * mad(times[i])) / medians[i]).toFixed(1)}%`,
      fmtRatio(medians[i] / reference),
      fmtRatio(medians[i] / medians[3]),
    ]),
  ),
);
const ratio = medians[0] / reference;
console.log(`relativeURL: ${fmtRatio(ratio)} the time of new URL(to).href (ours); the target is 3× or less: ${ratio <= 3 ? 'met' : 'NOT met'}`);
// Keeps every result observable.
if (sink === 0.5) console.log('');
