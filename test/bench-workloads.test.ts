// The benchmark's workloads (bench/workload-defs.mjs, shared by npm run bench and the browser
// page) run once each on the whole corpus and the IDN hosts with this package and with whatwg-url:
// the two must give the same checksum on every workload, as the benchmark reports it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusLines, corpusSkip } from './helpers/corpus.ts';
import { URLPattern as Polyfill } from 'urlpattern-polyfill/urlpattern';
import * as whatwg from 'whatwg-url';
import { completeURLPatternInputs, deriveInputs, idnHostsOf, instantiate, roundOrder, WORKLOADS, type Implementation } from '../bench/workload-defs.mjs';
import { domainToASCII, URL, URLSearchParams } from '../src/index.ts';
import { URLPattern } from '../src/urlpattern.ts';
import { loadWPT, wptSkip } from './helpers/wpt-data.ts';


const ours: Implementation = {
  key: 'ours',
  label: 'ours',
  URL,
  URLSearchParams,
  domainToASCII,
  domainToASCIILabel: 'domainToASCII(d, false)',
  URLPattern,
  URLPatternLabel: 'url-standard/urlpattern',
};
const reference: Implementation = {
  key: 'whatwg',
  label: 'whatwg-url',
  URL: whatwg.URL,
  URLSearchParams: whatwg.URLSearchParams,
  domainToASCII: null,
  domainToASCIILabel: "new URL('https://'+d+'/').hostname",
  URLPattern: Polyfill,
  URLPatternLabel: 'urlpattern-polyfill',
};

test('benchmark workloads: this package and whatwg-url give the same checksums', { skip: corpusSkip() || wptSkip() }, () => {
  const lines = corpusLines();
  const data = deriveInputs({ lines, hosts: idnHostsOf(loadWPT('IdnaTestV2.json') as unknown[]), reference: whatwg.URL, quick: true });
  completeURLPatternInputs(data, URLPattern);
  let compared = 0;
  for (const workload of WORKLOADS) {
    const a = instantiate(workload, ours, data);
    const b = instantiate(workload, reference, data);
    if (a === null || b === null) continue;
    const argA = a.prepare();
    const argB = b.prepare();
    const sumA = a.run(argA);
    const sumB = b.run(argB);
    assert.equal(a.verify ? a.verify(argA) : sumA, b.verify ? b.verify(argB) : sumB, `workload ${workload.id} (${workload.short})`);
    compared++;
  }
  assert.ok(compared >= 12, `only ${compared} workloads compared`);
});

test('instantiate runs a pass over the first 16 inputs before it returns, so that no timed pass is the first to run the whole loop', () => {
  const seen: string[] = [];
  class CountingURL extends URL {
    constructor(url: string, base?: string) {
      seen.push(url);
      super(url, base);
    }
  }
  const inputs = Array.from({ length: 40 }, (_, i) => `https://example.com/${i}`);
  const workload = WORKLOADS.find((w) => w.id === '1')!;
  const instance = instantiate(workload, { ...ours, URL: CountingURL }, { all: inputs, valid: inputs, hosts: [] });
  assert.ok(instance !== null);
  assert.deepEqual(seen, inputs.slice(0, 16));
  const checksum = instance.run(instance.prepare());
  assert.equal(seen.length, 16 + 40);
  assert.equal(checksum, inputs.reduce((sum, s) => sum + new URL(s).href.length, 0));
});

test('roundOrder times each implementation once a round, and ours and Node follow whatwg-url equally often', () => {
  const timed = ['ours', 'node', 'whatwg'].map((key) => ({ impl: { key } }));
  const follows = new Map<string, number>([['ours', 0], ['node', 0]]);
  let previous = '';
  const rounds = 14;
  for (let r = 0; r < rounds; r++) {
    const order = roundOrder(timed, r).map((t) => t.impl.key);
    assert.deepEqual([...order].sort(), ['node', 'ours', 'whatwg'], `round ${r}: ${order.join(', ')}`);
    for (const key of order) {
      if (previous === 'whatwg') follows.set(key, follows.get(key)! + 1);
      previous = key;
    }
  }
  assert.equal(follows.get('ours'), rounds / 2);
  assert.equal(follows.get('node'), rounds / 2);
  // Without whatwg-url, the order rotates: each implementation goes first in every other round.
  const two = timed.slice(0, 2);
  assert.deepEqual([0, 1, 2].map((r) => roundOrder(two, r).map((t) => t.impl.key).join(',')), ['ours,node', 'node,ours', 'ours,node']);
});
