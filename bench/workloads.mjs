// Shared by bench.mjs and profile.mjs: input loading and implementation loading in Node, Bun and
// Deno; the workloads themselves (runtime-neutral) are in workload-defs.mjs, re-exported here.

import { readFileSync, existsSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import * as nodeUrl from 'node:url';
import { deriveInputs, idnHostsOf } from './workload-defs.mjs';

export { BASE, WORKLOADS, completeURLPatternInputs, deriveInputs, idnHostsOf, instantiate } from './workload-defs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..');

// ---------------------------------------------------------------------------
// Data files (read in place; never copied into the repository)

function findData(envName, rel) {
  const candidates = [
    process.env[envName],
    resolve(repoRoot, '..', 'shared', rel),
  ].filter(Boolean);
  for (const c of candidates) if (existsSync(c)) return c;
  throw new Error(
    `cannot find ${rel}; looked in:\n  ${candidates.join('\n  ')}\nset ${envName}=/path/to/file`,
  );
}

export function loadCorpus() {
  const path = findData('BENCH_CORPUS', 'corpus/urls.txt');
  // Split on LF only: a few lines deliberately contain CR, tabs or spaces and
  // those are part of the input (the parser strips or rejects them).
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return { path, lines };
}

export function loadIdna() {
  const path = findData('BENCH_IDNA', 'wpt/IdnaTestV2.json');
  return { path, hosts: idnHostsOf(JSON.parse(readFileSync(path, 'utf8'))) };
}

// ---------------------------------------------------------------------------
// Implementations

export async function loadImplementations() {
  const impls = [];
  const oursPath = process.env.BENCH_OURS
    ? pathToFileURL(resolve(process.env.BENCH_OURS)).href
    : new URL('../dist/index.js', import.meta.url).href;
  let oursStatus;
  try {
    const mod = await import(oursPath);
    if (typeof mod.URL !== 'function') throw new Error('module does not export URL');
    if (typeof mod.URLSearchParams !== 'function') throw new Error('module does not export URLSearchParams');
    let builtAt = null;
    try {
      builtAt = statSync(fileURLToPath(oursPath)).mtime.toISOString();
    } catch {}
    oursStatus = { available: true, path: oursPath, builtAt, hasDomainToASCII: typeof mod.domainToASCII === 'function' };
    impls.push({
      key: 'ours',
      label: 'ours',
      URL: mod.URL,
      URLSearchParams: mod.URLSearchParams,
      domainToASCII: typeof mod.domainToASCII === 'function' ? mod.domainToASCII : null,
      domainToASCIILabel: 'domainToASCII(d, false)',
      URLPattern: await import(oursPath.replace(/index\.js$/, 'urlpattern.js')).then(
        (m) => m.URLPattern,
        () => null,
      ),
      URLPatternLabel: 'url-standard/urlpattern',
    });
  } catch (err) {
    oursStatus = { available: false, path: oursPath, error: String(err && err.message ? err.message : err).split('\n')[0] };
  }
  {
    impls.push({
      key: 'node',
      label: 'Node',
      URL: globalThis.URL,
      URLSearchParams: globalThis.URLSearchParams,
      domainToASCII: nodeUrl.domainToASCII,
      domainToASCIILabel: "require('node:url').domainToASCII",
      // Node 24 and later have a global URLPattern; the URLPattern rows skip Node where it is absent.
      URLPattern: typeof globalThis.URLPattern === 'function' ? globalThis.URLPattern : null,
      URLPatternLabel: 'Node URLPattern',
    });
    const w = await import('whatwg-url');
    if (typeof w.URL.canParse !== 'function') throw new Error('whatwg-url has no URL.canParse (need >= 12)');
    impls.push({
      key: 'whatwg',
      label: 'whatwg-url',
      URL: w.URL,
      URLSearchParams: w.URLSearchParams,
      domainToASCII: null, // no such export: workload 6b uses its URL host instead
      domainToASCIILabel: "new URL('https://'+d+'/').hostname",
      // The URLPattern rows compare with urlpattern-polyfill in this column.
      URLPattern: (await import('urlpattern-polyfill/urlpattern')).URLPattern,
      URLPatternLabel: 'urlpattern-polyfill',
    });
  }
  return { impls, oursStatus };
}

export function prepareInputs({ quick = false, reference } = {}) {
  const corpus = loadCorpus();
  const idna = loadIdna();
  const data = deriveInputs({
    lines: corpus.lines,
    hosts: idna.hosts,
    reference,
    quick,
    acceptsHost: (h) => nodeUrl.domainToASCII(h) !== '',
  });
  return { ...data, corpusPath: corpus.path, idnaPath: idna.path };
}
