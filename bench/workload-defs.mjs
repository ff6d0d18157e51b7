// The workloads of the benchmark, with nothing specific to a runtime: the workload list, the
// inputs derived from the corpus lines and IDN hosts, and the compiler of each loop. Shared by
// workloads.mjs (Node, Bun, Deno) and browser-page.mjs (the browsers).
//
// Every workload is a *pass*: one loop over an input array that returns a
// numeric checksum (sum of result lengths). The loop body is kept as source
// text and compiled once per (workload, implementation) with `new Function`,
// so each implementation gets its own function, its own inline caches and its
// own type feedback. A single shared loop would see three different `URL`
// classes at one call site, go megamorphic and penalise whoever runs last.

import { ROUTES } from './urlpattern-routes.mjs';

export const BASE = 'https://example.org/a/b/c?x#y';
/** A base with credentials and a port: the relative rows must not depend on the base's shape. */
export const CREDENTIALS_BASE = 'https://user@example.org:8080/a/b/c/d?q=1#f';

// ---------------------------------------------------------------------------
// Inputs (all precomputed, outside any timed region)

// Deterministic PRNG so synthetic inputs are the same on every run.
function mulberry32(seed) {
  return function () {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function syntheticQueries(count) {
  const rnd = mulberry32(0x5eed);
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const keys = ['q', 'id', 'page', 'utm_source', 'utm_medium', 'utm_campaign', 'sort', 'filter[name]', 'lang', 'ref', 'a', 'session_id', 'x-y', 'ñ', '键'];
  const values = [
    '', '1', '42', 'hello', 'hello+world', 'hello%20world', 'a%2Bb%3Dc', 'caf%C3%A9', 'café', '日本語',
    'true', 'desc', 'en-US', '%E2%9C%93', 'x%y', 'a=b', '%%', 'newsletter', '2024-01-01T00%3A00%3A00Z',
    'aGVsbG8gd29ybGQ%3D', 'foo/bar?baz', '😀', 'a b', '+++',
  ];
  const out = [];
  for (let i = 0; i < count; i++) {
    const pairs = 1 + Math.floor(rnd() * rnd() * 16);
    const parts = [];
    for (let j = 0; j < pairs; j++) {
      const r = rnd();
      if (r < 0.05) parts.push(pick(keys)); // key without '='
      else if (r < 0.08) parts.push(''); // empty sequence ('&&')
      else parts.push(pick(keys) + '=' + pick(values));
    }
    out.push((rnd() < 0.5 ? '?' : '') + parts.join('&'));
  }
  return out;
}

/** The IDN hosts of IdnaTestV2.json (its parsed entries): the non-ASCII or "xn--" inputs with an output. */
export function idnHostsOf(entries) {
  const hosts = [];
  for (const entry of entries) {
    if (entry === null || typeof entry !== 'object') continue; // comment strings
    if (entry.output === null || entry.output === undefined) continue;
    const input = String(entry.input);
    if (/[^\x00-\x7f]/.test(input) || /xn--/i.test(input)) hosts.push(input);
  }
  return hosts;
}

/**
 * A relative reference of another shape than row 3's path-absolute ones, made from the URL `u`,
 * in turn: its last path segment, that segment after "../", after "./", after one more segment,
 * its query (or "?q=1"), its fragment (or "#top"), and its host and path after "//".
 */
function otherReference(u, i) {
  const last = u.pathname.slice(u.pathname.lastIndexOf('/') + 1) || 'index.html';
  switch (i % 7) {
    case 0: return last + u.search;
    case 1: return '../' + last;
    case 2: return './' + last;
    case 3: return 'img/' + last;
    case 4: return u.search || '?q=1';
    case 5: return u.hash || '#top';
    default: return '//' + u.host + u.pathname;
  }
}

/**
 * The i-th link of a scheme that is not special made from the parsed corpus line `u`, in turn: an
 * e-mail address at its host, a `git://` URL of its host and path, a `javascript:` call with its
 * last path segment, a telephone number, and an `ssh://` URL with a user name (a shape with
 * credentials).
 */
function nonSpecialLink(u, i) {
  const last = u.pathname.slice(u.pathname.lastIndexOf('/') + 1) || 'index';
  switch (i % 5) {
    case 0: return 'mailto:info@' + u.hostname;
    case 1: return 'git://' + u.host + u.pathname;
    case 2: return "javascript:open('" + last + "')";
    case 3: return 'tel:+1-555-' + (1000 + (i % 9000));
    default: return 'ssh://git@' + u.hostname + u.pathname;
  }
}

/**
 * The inputs of every workload, from the corpus lines and the IDN hosts (untimed): "valid" means
 * parses in `reference` (whatwg-url), and `acceptsHost` (the runtime's own domainToASCII, when it
 * has one) picks the hosts of row 6c.
 */
export function deriveInputs({ lines, hosts, reference, quick = false, acceptsHost = null }) {
  if (quick) lines = lines.filter((_, i) => i % 4 === 0);
  const valid = [];
  const invalid = [];
  const rel = [];
  const relOther = [];
  const nonSpecial = [];
  const queries = [];
  for (const s of lines) {
    let u;
    try {
      u = new reference(s);
    } catch {
      invalid.push(s);
      continue;
    }
    valid.push(s);
    rel.push(u.pathname + u.search + u.hash);
    relOther.push(otherReference(u, relOther.length));
    nonSpecial.push(nonSpecialLink(u, nonSpecial.length));
    if (u.search !== '') queries.push(u.search);
  }
  const corpusQueries = queries.length;
  const synth = syntheticQueries(quick ? 500 : 2000);
  // Node's domainToASCII rejects some of these (it returns ''); row 6c keeps
  // only the ones it accepts, so that no side is timed on a fast failure path.
  const hostsNodeOk = acceptsHost === null ? [] : hosts.filter(acceptsHost);
  const urlpattern = prepareURLPatternInputs(valid, quick);
  return {
    ...urlpattern,
    all: lines,
    valid,
    invalid,
    rel,
    relOther,
    nonSpecial,
    queries: queries.concat(synth),
    corpusQueries,
    syntheticQueries: synth.length,
    hosts,
    hostUrls: hosts.map((h) => 'https://' + h + '/'),
    hostsNodeOk,
    hostUrlsNodeOk: hostsNodeOk.map((h) => 'https://' + h + '/'),
    setterPools: {
      hosts: ['example.com', 'www.example.org:8080', 'sub.domain.example.net', '127.0.0.1', 'EXAMPLE.COM', 'xn--fa-hia.de', 'a.b.c.d.example', 'localhost:3000'],
      paths: ['/', '/a/b/c', '/index.html', '/path with space/', '/%7Euser/file.txt', '/a/./b/../c', '/über', '/api/v1/items/42'],
      searches: ['', '?q=1', '?a=b&c=d', '?q=hello world', '?x=%20y', '?utm_source=x&utm_medium=y', '?ä=ö', 'k'],
      hashes: ['', '#top', '#section-2', '#a b', '#%20', '#/route/x', '#ü', 'x'],
    },
  };
}

/**
 * Inputs of the URLPattern rows, from the route table and every 16th valid corpus line (every
 * 4th of the quarter with quick): the routes' argument lists (8a), the lines (8b) and (route, line) pairs that
 * match (8c). The number of test() calls of a scan and the pairs are filled in by
 * completeURLPatternInputs once a URLPattern class is loaded.
 */
function prepareURLPatternInputs(valid, quick) {
  const lines = valid.filter((_, i) => i % (quick ? 4 : 16) === 0);
  return { routeArgs: ROUTES, patternLines: lines, patternScanCalls: 0, patternMatches: [] };
}

/**
 * Fills in the URLPattern rows' inputs with a reference URLPattern class (untimed): the number of
 * test() calls the scans of row 8b make, and the first matching route of each line (row 8c).
 * (An implementation that disagrees on a match makes a different number of calls; the checksums
 * show it.)
 */
export function completeURLPatternInputs(data, URLPattern) {
  if (!URLPattern) return;
  const patterns = ROUTES.map((args) => new URLPattern(...args));
  let calls = 0;
  const matches = [];
  for (const line of data.patternLines) {
    let first = -1;
    for (let j = 0; j < patterns.length; j++) {
      calls++;
      if (patterns[j].test(line)) {
        first = j;
        break;
      }
    }
    if (first >= 0) matches.push([first, line]);
  }
  data.patternScanCalls = calls;
  data.patternMatches = matches;
}

// ---------------------------------------------------------------------------
// Workloads
//
// Loop bodies are compiled with parameters (URL, URLSearchParams, d2a, inputs, P).
// Failures (exceptions) are caught identically for every implementation and
// count 1 in the checksum.

// `nf` counts failures (exceptions, null/'' from domainToASCII, false from
// canParse); it is written to F[0] once per pass so it can be reported.
const loop = (body) => `
  let cs = 0, nf = 0;
  for (let i = 0; i < inputs.length; i++) {
    ${body}
  }
  F[0] = nf;
  return cs;`;

// The route table's patterns, built once per implementation (not per pass: the rows time matching).
const PATTERNS_ONCE = `
  if (!R.built) R.built = new Map();
  let pats = R.built.get(UP);
  if (!pats) { pats = R.map((a) => new UP(...a)); R.built.set(UP, pats); }
`;

export const WORKLOADS = [
  {
    id: '1',
    name: 'new URL(s).href, every corpus line',
    short: 'href (corpus, incl. invalid)',
    inputs: 'all',
    source: loop(`try { cs += new URL(inputs[i]).href.length; } catch { cs += 1; nf++; }`),
    target: { oursVsNode: 1.0, whatwgVsOurs: 15 },
  },
  {
    id: '1v',
    name: 'new URL(s).href, valid corpus lines only',
    short: 'href (valid only) [info]',
    inputs: 'valid',
    source: loop(`try { cs += new URL(inputs[i]).href.length; } catch { cs += 1; nf++; }`),
    target: null,
    info: true,
  },
  {
    id: '1i',
    name: 'new URL(s).href, invalid corpus lines only (the cost of failing: parse, then throw and catch)',
    short: 'href (invalid only) [info]',
    inputs: 'invalid',
    source: loop(`try { cs += new URL(inputs[i]).href.length; } catch { cs += 1; nf++; }`),
    target: null,
    info: true,
  },
  {
    id: '2',
    name: 'parse + protocol, host, pathname, search, hash, origin',
    short: 'parse + 6 getters',
    inputs: 'valid',
    source: loop(`try {
      const u = new URL(inputs[i]);
      cs += u.protocol.length + u.host.length + u.pathname.length + u.search.length + u.hash.length + u.origin.length;
    } catch { cs += 1; nf++; }`),
    target: { oursVsNode: 1.25, whatwgVsOurs: 15 },
  },
  {
    id: '3',
    name: `new URL(pathname+search+hash, '${BASE}').href`,
    short: 'resolve relative vs base',
    inputs: 'rel',
    source: loop(`try { cs += new URL(inputs[i], ${JSON.stringify(BASE)}).href.length; } catch { cs += 1; nf++; }`),
    target: { oursVsNode: 1.25, whatwgVsOurs: 15 },
  },
  {
    id: '3c',
    name: `new URL(pathname+search+hash, '${CREDENTIALS_BASE}').href`,
    short: 'resolve relative vs base with credentials and port',
    inputs: 'rel',
    source: loop(`try { cs += new URL(inputs[i], ${JSON.stringify(CREDENTIALS_BASE)}).href.length; } catch { cs += 1; nf++; }`),
    target: { oursVsNode: 1.25, whatwgVsOurs: 15 },
  },
  {
    id: '3o',
    name: `new URL(ref, '${BASE}').href, relative references of other shapes`,
    short: 'resolve other relative references [info]',
    inputs: 'relOther',
    source: loop(`try { cs += new URL(inputs[i], ${JSON.stringify(BASE)}).href.length; } catch { cs += 1; nf++; }`),
    target: null,
    info: true,
  },
  {
    id: '3n',
    name: `new URL(link, '${BASE}').href, links whose scheme is not special`,
    short: 'resolve non-special links [info]',
    inputs: 'nonSpecial',
    source: loop(`try { cs += new URL(inputs[i], ${JSON.stringify(BASE)}).href.length; } catch { cs += 1; nf++; }`),
    target: null,
    info: true,
  },
  {
    id: '4',
    name: 'new URLSearchParams(q); append; toString()',
    short: 'URLSearchParams',
    inputs: 'queries',
    source: loop(`try {
      const p = new URLSearchParams(inputs[i]);
      p.append('utm_source', 'bench');
      cs += p.toString().length;
    } catch { cs += 1; nf++; }`),
    target: { oursVsNode: 1.25, whatwgVsOurs: 15 },
  },
  {
    id: '5',
    name: 'setters host, pathname, search, hash on fresh pre-parsed URLs (parse not timed)',
    short: 'setters x4',
    inputs: 'valid',
    // `inputs` here is the array of freshly parsed URL objects (see prepare).
    source: loop(`const u = inputs[i];
    try {
      u.host = P.hosts[i & 7];
      u.pathname = P.paths[(i >> 3) & 7];
      u.search = P.searches[(i >> 1) & 7];
      u.hash = P.hashes[(i >> 2) & 7];
      cs += u.hash.length;
    } catch { cs += 1; nf++; }`),
    // Untimed per-pass preparation: parse the valid lines with the same impl.
    prepare: `
      const objs = new Array(inputs.length);
      for (let i = 0; i < inputs.length; i++) {
        try { objs[i] = new URL(inputs[i]); } catch { objs[i] = new URL('http://invalid.example/'); }
      }
      return objs;`,
    // Used once for the cross-implementation checksum: sum of href lengths after the pass.
    verify: loop(`cs += inputs[i].href.length;`),
    target: { oursVsNode: 1.25, whatwgVsOurs: 15 },
  },
  {
    id: '6a',
    name: "IDN: new URL('https://' + host + '/').host (IdnaTestV2 non-ASCII / xn-- inputs, non-null output)",
    short: 'IDN host via URL',
    inputs: 'hostUrls',
    source: loop(`try { cs += new URL(inputs[i]).host.length; } catch { cs += 1; nf++; }`),
    target: { oursVsNode: 3.0, whatwgVsOurs: null },
  },
  {
    id: '6b',
    name: 'IDN: domainToASCII alone (whatwg-url: URL hostname, labelled)',
    short: 'domainToASCII',
    inputs: 'hosts',
    needsDomainToASCII: true,
    source: loop(`try { const r = d2a(inputs[i], false); if (r === null || r === '') { cs += 1; nf++; } else cs += r.length; } catch { cs += 1; nf++; }`),
    // whatwg-url has no domainToASCII export: time its URL constructor's host instead.
    fallback: {
      inputs: 'hostUrls',
      source: loop(`try { cs += new URL(inputs[i]).hostname.length; } catch { cs += 1; nf++; }`),
    },
    target: { oursVsNode: 3.0, whatwgVsOurs: null },
  },
  {
    id: '6c',
    name: 'IDN: domainToASCII alone, only inputs Node accepts (whatwg-url: URL hostname)',
    short: 'domainToASCII, Node-valid [info]',
    inputs: 'hostsNodeOk',
    needsDomainToASCII: true,
    source: loop(`try { const r = d2a(inputs[i], false); if (r === null || r === '') { cs += 1; nf++; } else cs += r.length; } catch { cs += 1; nf++; }`),
    fallback: {
      inputs: 'hostUrlsNodeOk',
      source: loop(`try { cs += new URL(inputs[i]).hostname.length; } catch { cs += 1; nf++; }`),
    },
    target: null,
    info: true,
  },
  {
    id: '7',
    name: 'URL.canParse(s), every corpus line',
    short: 'URL.canParse',
    inputs: 'all',
    source: loop(`if (URL.canParse(inputs[i])) cs += 2; else { cs += 1; nf++; }`),
    target: { oursVsNode: 1.25, whatwgVsOurs: 15 },
  },
  {
    id: '8a',
    name: 'new URLPattern(...route) for the 124 routes of bench/urlpattern-routes.mjs (third column: urlpattern-polyfill)',
    short: 'URLPattern construct',
    inputs: 'routeArgs',
    needsURLPattern: true,
    source: loop(`try { cs += new UP(...inputs[i]).pathname.length; } catch { cs += 1; nf++; }`),
    target: { oursVsNode: 2.0, whatwgVsOurs: 4 },
  },
  {
    id: '8b',
    name: 'test(url) over the route table to the first match, per test() call (third column: urlpattern-polyfill)',
    short: 'URLPattern test() scan',
    inputs: 'patternLines',
    opsKey: 'patternScanCalls',
    needsURLPattern: true,
    prepare: PATTERNS_ONCE + `return { pats, lines: inputs };`,
    source: `
  let cs = 0;
  const pats = inputs.pats, lines = inputs.lines;
  for (let i = 0; i < lines.length; i++) {
    const u = lines[i];
    for (let j = 0; j < pats.length; j++) {
      if (pats[j].test(u)) { cs += j; break; }
    }
  }
  F[0] = 0;
  return cs;`,
    target: { oursVsNode: 1.2, whatwgVsOurs: 4 },
  },
  {
    id: '8d',
    name: 'exec(url) over the route table to the first match, reading a group, per URL scanned (third column: urlpattern-polyfill)',
    short: 'URLPattern exec() scan',
    inputs: 'patternLines',
    needsURLPattern: true,
    prepare: PATTERNS_ONCE + `return { pats, lines: inputs };`,
    source: `
  let cs = 0, nf = 0;
  const pats = inputs.pats, lines = inputs.lines;
  for (let i = 0; i < lines.length; i++) {
    const u = lines[i];
    let j = 0;
    for (; j < pats.length; j++) {
      const r = pats[j].exec(u);
      if (r !== null) { cs += j + r.pathname.input.length + r.hostname.input.length; break; }
    }
    if (j === pats.length) nf++;
  }
  F[0] = nf;
  return cs;`,
    target: { oursVsNode: 0.5, whatwgVsOurs: 4 },
  },
  {
    id: '8c',
    name: 'exec(url) of the route that matches it, reading a group (third column: urlpattern-polyfill)',
    short: 'URLPattern exec() match',
    inputs: 'patternMatches',
    needsURLPattern: true,
    prepare: PATTERNS_ONCE + `return { pats, pairs: inputs };`,
    source: `
  let cs = 0, nf = 0;
  const pats = inputs.pats, pairs = inputs.pairs;
  for (let i = 0; i < pairs.length; i++) {
    const r = pats[pairs[i][0]].exec(pairs[i][1]);
    if (r === null) { cs += 1; nf++; } else cs += r.pathname.input.length + r.hostname.input.length;
  }
  F[0] = nf;
  return cs;`,
    target: { oursVsNode: 0.5, whatwgVsOurs: 4 },
  },
];

/**
 * The order in which round `r` times the implementations of `timed` (each `{ impl }`, with
 * `impl.key` one of ours, node, whatwg): whatwg-url first, then the others in an order rotated
 * every round. With three, the rounds alternate whatwg-url, ours, Node and whatwg-url, Node, ours,
 * so that every implementation follows each of the other two in every other round (and none
 * follows itself).
 *
 * A sample is slower right after some implementations' samples, whoever takes it: their garbage is
 * collected in its time. With the whole list rotated (ours, Node, whatwg-url / Node, whatwg-url,
 * ours / whatwg-url, ours, Node), ours came right after whatwg-url in 10 of 15 rounds, Node's own
 * URL in only 5, and whatwg-url came right after Node in 10. Full runs on Node 26, two processes
 * with the whole list rotated and three with this order (2026-11-27):
 *
 * - Rows 1–5: a sample after whatwg-url's is 5–15% slower for ours and Node alike (row 1: ours 165
 *   and 173 ns after it against 146 and 151 otherwise; Node 178 and 195 against 165 and 167). The
 *   whole list rotated read row 1 at 0.97× and 1.01× where either kind of round read 0.88–0.93×.
 * - Rows 8a and 8c: a sample after Node's own URLPattern is the slow one (8c: urlpattern-polyfill
 *   2,618–2,817 ns after it against 2,193–2,388 after ours; ours 654–741 against 573–624 after the
 *   polyfill), so the polyfill, after Node in two rounds of three, read slower then.
 *
 * With an odd number of rounds, one implementation follows whatwg-url once more than the other, and
 * its median falls among its slow samples: bench.mjs runs 16 rounds.
 */
export function roundOrder(timed, r) {
  const first = timed.filter((t) => t.impl.key === 'whatwg');
  const rest = timed.filter((t) => t.impl.key !== 'whatwg');
  return first.concat(rest.map((_, k) => rest[(r + k) % rest.length]));
}

const PARAMS = ['URL', 'URLSearchParams', 'd2a', 'inputs', 'P', 'F', 'UP', 'R'];

// Build the runnable pieces of one workload for one implementation, or null
// if the implementation cannot run it.
export function instantiate(workload, impl, data) {
  let source = workload.source;
  let inputsKey = workload.inputs;
  let variant = null;
  if (workload.needsDomainToASCII && !impl.domainToASCII) {
    if (impl.key === 'whatwg' && workload.fallback) {
      source = workload.fallback.source;
      inputsKey = workload.fallback.inputs;
      variant = impl.domainToASCIILabel;
    } else {
      return null;
    }
  } else if (workload.needsDomainToASCII) {
    variant = impl.domainToASCIILabel;
  }
  if (workload.needsURLPattern) {
    if (!impl.URLPattern) return null;
    variant = impl.URLPatternLabel;
  }
  // Named functions, so the loops are recognisable in CPU profiles
  // (e.g. bench_pass_1_ours).
  const compile = (src, kind = 'pass') =>
    new Function(`return function bench_${kind}_${workload.id}_${impl.key}(${PARAMS.join(', ')}) {${src}\n};`)();
  const fn = compile(source);
  const prepare = workload.prepare ? compile(workload.prepare, 'prepare') : null;
  const verify = workload.verify ? compile(workload.verify, 'verify') : null;
  const inputs = data[inputsKey];
  const { URL, URLSearchParams, domainToASCII } = impl;
  const P = data.setterPools;
  const UP = impl.URLPattern ?? null;
  const R = data.routeArgs;
  const F = new Float64Array(1); // failures in the last pass
  const scratch = new Float64Array(1);
  // One pass over the first few inputs, untimed, so that every statement of the pass has run
  // before a long pass is optimized while it runs (on-stack replacement). Without it, V8 compiled
  // the loop during the first pass, before the store to F after the loop had run, and that code
  // then deoptimized at that store at the end of every pass, for every implementation (Node 26,
  // --trace-deopt).
  const head = inputs.slice(0, 16);
  fn(URL, URLSearchParams, domainToASCII, prepare ? prepare(URL, URLSearchParams, domainToASCII, head, P, scratch, UP, R) : head, P, F, UP, R);
  return {
    ops: workload.opsKey ? data[workload.opsKey] : inputs.length,
    variant,
    // Returns the prepared argument for one pass (untimed).
    prepare: prepare ? () => prepare(URL, URLSearchParams, domainToASCII, inputs, P, scratch, UP, R) : () => inputs,
    run: (arg) => fn(URL, URLSearchParams, domainToASCII, arg, P, F, UP, R),
    verify: verify ? (arg) => verify(URL, URLSearchParams, domainToASCII, arg, P, scratch, UP, R) : null,
    lastFailures: () => F[0],
  };
}
