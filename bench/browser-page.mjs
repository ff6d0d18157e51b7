// The benchmark in a browser page, served and driven by browsers.mjs: the workloads of
// workload-defs.mjs, interleaved, against the browser's own URL, URLSearchParams and URLPattern,
// this package (/dist/index.js, /dist/urlpattern.js) and whatwg-url with urlpattern-polyfill
// (/whatwg-bundle.js, bundled by browsers.mjs). The corpus and the IDNA data come from the server
// (/corpus.txt, /idna.json). The page leaves its samples as JSON in document.body.dataset.results
// and its progress in document.title.
//
// Query: rounds, warmup (ms), sample (ms), quick (1), only (comma-separated workload ids).
//
// Timing is performance.now(), which browsers coarsen (to 5 µs to 100 µs); every sample runs
// passes for at least `sample` ms, so the coarsening is a small fraction of it. There is no CPU
// time and no gc() here: the memory rows are Node's only.

import { WORKLOADS, completeURLPatternInputs, deriveInputs, idnHostsOf, instantiate, roundOrder } from './workload-defs.mjs';
import { median } from './report.mjs';

const query = new URLSearchParams(location.search);
const intParam = (name, fallback) => {
  const v = Number.parseInt(query.get(name) ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const QUICK = query.get('quick') === '1';
// An even number, as in bench.mjs (see roundOrder).
const ROUNDS = intParam('rounds', QUICK ? 6 : 16);
const WARMUP_MS = intParam('warmup', QUICK ? 100 : 400);
const SAMPLE_MS = intParam('sample', QUICK ? 10 : 40);
const WARMUP_MIN_PASSES = QUICK ? 2 : 4;
const ONLY = query.get('only') ? new Set(query.get('only').split(',')) : null;

const yieldToBrowser = () => new Promise((done) => setTimeout(done, 0));

async function implementations() {
  const ours = await import('/dist/index.js');
  const oursPattern = await import('/dist/urlpattern.js');
  const reference = await import('/whatwg-bundle.js');
  return [
    {
      key: 'ours',
      label: 'ours',
      URL: ours.URL,
      URLSearchParams: ours.URLSearchParams,
      domainToASCII: ours.domainToASCII,
      domainToASCIILabel: 'domainToASCII(d, false)',
      URLPattern: oursPattern.URLPattern,
      URLPatternLabel: 'url-standard/urlpattern',
    },
    {
      key: 'node',
      label: 'native',
      URL: globalThis.URL,
      URLSearchParams: globalThis.URLSearchParams,
      // Browsers have no domainToASCII: rows 6b and 6c leave this column empty.
      domainToASCII: null,
      domainToASCIILabel: 'none',
      URLPattern: typeof globalThis.URLPattern === 'function' ? globalThis.URLPattern : null,
      URLPatternLabel: 'the browser URLPattern',
    },
    {
      key: 'whatwg',
      label: 'whatwg-url',
      URL: reference.URL,
      URLSearchParams: reference.URLSearchParams,
      domainToASCII: null,
      domainToASCIILabel: "new URL('https://'+d+'/').hostname",
      URLPattern: reference.URLPattern,
      URLPatternLabel: 'urlpattern-polyfill',
    },
  ];
}

/** One sample: `reps` passes on freshly prepared arguments (untimed); ns per operation. */
function sample(inst, reps) {
  let ms = 0;
  let cs = 0;
  for (let k = 0; k < reps; k++) {
    const arg = inst.prepare();
    const t0 = performance.now();
    cs += inst.run(arg);
    ms += performance.now() - t0;
  }
  globalThis.benchSink = (globalThis.benchSink ?? 0) + cs;
  return (ms * 1e6) / (reps * inst.ops);
}

/** A checksum pass, then passes until WARMUP_MS and WARMUP_MIN_PASSES; the passes per sample. */
function warmup(inst) {
  const arg = inst.prepare();
  const checksum = inst.run(arg);
  const failures = inst.lastFailures();
  const verified = inst.verify ? inst.verify(arg) : checksum;
  const start = performance.now();
  const passTimes = [];
  while (passTimes.length < WARMUP_MIN_PASSES || performance.now() - start < WARMUP_MS) {
    const a = inst.prepare();
    const t0 = performance.now();
    inst.run(a);
    passTimes.push(performance.now() - t0);
  }
  const passMs = Math.max(1e-3, median(passTimes.slice(-3)));
  return { checksum: verified, failures, reps: Math.max(1, Math.ceil(SAMPLE_MS / passMs)) };
}

async function main() {
  const impls = await implementations();
  const [corpusText, idna] = await Promise.all([
    fetch('/corpus.txt').then((r) => r.text()),
    fetch('/idna.json').then((r) => r.json()),
  ]);
  // Split on LF only, as workloads.mjs does: some lines hold CR, tabs or spaces on purpose.
  const lines = corpusText.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const reference = impls.find((i) => i.key === 'whatwg');
  const data = deriveInputs({ lines, hosts: idnHostsOf(idna), reference: reference.URL, quick: QUICK });
  completeURLPatternInputs(data, impls[0].URLPattern);

  const workloads = WORKLOADS.filter((w) => (!ONLY || ONLY.has(w.id)) && w.id !== '6c');
  const results = [];
  for (const [index, w] of workloads.entries()) {
    document.title = `${index + 1}/${workloads.length} ${w.id}`;
    await yieldToBrowser();
    const insts = [];
    for (const impl of impls) {
      const inst = instantiate(w, impl, data);
      if (inst) insts.push({ impl, inst });
    }
    const per = {};
    for (const { impl, inst } of insts) {
      per[impl.key] = { ...warmup(inst), samples: [], variant: inst.variant, ops: inst.ops };
      await yieldToBrowser();
    }
    for (let r = 0; r < ROUNDS; r++) {
      // whatwg-url first, then the others in an order rotated every round (see roundOrder).
      for (const { impl, inst } of roundOrder(insts, r)) {
        per[impl.key].samples.push(sample(inst, per[impl.key].reps));
      }
      await yieldToBrowser();
    }
    results.push({ id: w.id, per });
  }
  return {
    settings: { quick: QUICK, rounds: ROUNDS, warmupMs: WARMUP_MS, sampleMs: SAMPLE_MS },
    inputs: { corpusLines: data.all.length, validLines: data.valid.length, queries: data.queries.length, idnHosts: data.hosts.length },
    userAgent: navigator.userAgent,
    results,
  };
}

main().then(
  (value) => {
    document.title = 'done';
    document.body.dataset.results = JSON.stringify(value);
  },
  (error) => {
    document.title = 'failed';
    document.body.dataset.results = JSON.stringify({ error: String(error && error.stack ? error.stack : error) });
  },
);
