/**
 * The semantics of WPT's `urlpatterntests.js` (kept beside the data in `harness/`), for any
 * URLPattern class: `expected_obj` (filled in from the pattern, earlier components and the base URL
 * when absent), `expected_match`, `exactly_empty_components`, `null` groups meaning undefined, and
 * "error" meaning a TypeError, `assert_object_equals` on the results. The runner itself is the
 * conformance suite's, shared with every runtime of `npm run test:runtimes`.
 */
import { URLPattern } from '../../src/urlpattern.ts';
import { URL } from '../../src/index.ts';
import { runPatternEntry } from '../conformance/suites.js';

export type Component = 'protocol' | 'username' | 'password' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash';

export interface Entry {
  pattern: unknown[];
  inputs?: unknown[];
  expected_obj?: 'error' | Partial<Record<Component, string>>;
  expected_match?: 'error' | null | Record<string, unknown>;
  exactly_empty_components?: Component[];
}

export type Ctor = new (...args: unknown[]) => URLPattern;
const Pattern = URLPattern as unknown as Ctor;

/**
 * Runs one entry as `urlpatterntests.js` does, throwing at the first mismatch: the conformance
 * suite's runner (test/conformance/suites.js), which every runtime of `npm run test:runtimes` runs
 * too, so that the two cannot drift apart.
 */
export function runEntry(entry: Entry, Impl: Ctor = Pattern, URLImpl: typeof URL = URL): void {
  runPatternEntry(entry, Impl, URLImpl);
}
