/**
 * The viewer's URL pattern field: whether the input matches a URL pattern (url-standard/urlpattern),
 * and its groups. Computed without touching the DOM.
 */
import { URLPattern } from '../../src/urlpattern.ts';

/** The components of a URLPattern result, in the standard's order. */
export const PATTERN_COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

export type PatternOutcome =
  | { kind: 'invalid'; message: string }
  | { kind: 'no match' }
  | {
      kind: 'match';
      /** Each component whose pattern is not "*" and that has groups: its input and groups. */
      groups: Array<{ component: string; pattern: string; input: string; groups: Array<[string, string | undefined]> }>;
    };

/** Matches `input` (relative to `base` when given) with `pattern` (relative to `base` too). */
export function matchPattern(pattern: string, input: string, base: string | undefined): PatternOutcome {
  let compiled: URLPattern;
  try {
    compiled = base === undefined ? new URLPattern(pattern) : new URLPattern(pattern, base);
  } catch (error) {
    return { kind: 'invalid', message: error instanceof Error ? error.message : String(error) };
  }
  const result = base === undefined ? compiled.exec(input) : compiled.exec(input, base);
  if (result === null) return { kind: 'no match' };
  const groups = [];
  for (const component of PATTERN_COMPONENTS) {
    const entries = Object.entries(result[component].groups);
    if (compiled[component] === '*' || entries.length === 0) continue;
    groups.push({ component, pattern: compiled[component], input: result[component].input, groups: entries });
  }
  return { kind: 'match', groups };
}
