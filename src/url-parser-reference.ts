/**
 * Relative references on the route for common shapes: the equivalent form of a reference that the
 * route takes (routeFormOf), and the part of a base URL that a reference reads
 * (parseBaseForReference).
 *
 * https://url.spec.whatwg.org/#relative-state
 */
import { CodeUnit, codeUnitAt } from './code-unit.ts';
import { schemeEnd } from './infra.ts';
import { at } from './url-parser-input.ts';
import type { URLRecord } from './url-record.ts';
import { certainlyParses } from './url-can-parse.ts';
import { parseCommonShape, ReturnMode } from './url-parser-route.ts';
import { isASCIIAlpha, isFileScheme, leadingSpecialScheme, SchemeMatch, schemeOfMatch } from './url-parser-scanners.ts';

/** What {@link routeFormOf} writes besides the input it returns; its caller owns it. */
export interface RouteForm {
  /**
   * The base's serialized path, or its part up to and including a "/", that the route puts before
   * the input's path (parseCommonShape's `pathPrefix`); '' for none.
   */
  pathPrefix: string;
  /** Where the route starts to read the input after a path prefix (past a leading "./" or "../"). */
  start: number;
}

/**
 * `reference` as a reference that the basic URL parser resolves to the same URL against `base` and
 * that the route for common shapes takes, or else `reference` itself. The route reads the returned
 * input from `form.start` on, after `form.pathPrefix`; this function sets both. A reference that
 * starts with "/" is taken as it is: the route reads path-absolute and scheme-relative ones itself.
 *
 * A path-relative reference becomes the path-absolute reference it resolves like, written as a
 * path prefix and the rest of the reference. A reference without a scheme (here: without ":")
 * that starts with neither "/", "\\", "?", "#", a C0 control nor a space (here: with a code unit
 * after "-" other than "\\"; "/" and "?" are taken above) leaves the relative state by its last
 * branch: the URL takes the base's path without its last segment, and the path state appends the
 * reference's segments to it (https://url.spec.whatwg.org/#relative-state,
 * https://url.spec.whatwg.org/#path-state). The base's serialized path up to its last "/"
 * followed by the reference parses to the same segments: the base's segments are percent-encoded
 * already and none is a dot segment, so each parses to itself. Leading "./" and "../" are applied
 * to that prefix here as the path state applies them (a double-dot segment removes the last
 * segment, if there is one); the route gives up on other dot segments, and on tabs and newlines,
 * and the caller then parses the reference itself.
 *
 * A reference that starts with "?" or "#" takes the base's serialized path as its path prefix, and
 * one that starts with "#" is preceded by "?" and the base's query when it has one; so does the
 * empty one, which becomes "?" and the base's query (or stays empty): the relative state's branches
 * for "?", "#" and the end copy the base's path and query, then the query state sets the query or
 * the fragment state the fragment. The base's query is percent-encoded already and has no "#", so
 * it parses to itself.
 */
export function routeFormOf(reference: string, base: URLRecord, form: RouteForm): string {
  form.pathPrefix = '';
  form.start = 0;
  // Every read goes through `at`, which gives -1 past the end: JavaScriptCore compiles a read past
  // the end as a call. `first` is -1 for the empty reference, which keeps the base's path and query.
  const first = at(reference, 0);
  if (first === CodeUnit.Solidus) return reference;
  if (base.opaquePath) return reference;
  const path = base.serializedPath;
  // "?", "#" and the end: the relative state's branches that keep the base's path, and its query
  // but for "?".
  if (first === CodeUnit.QuestionMark || first === CodeUnit.NumberSign || first === -1) {
    form.pathPrefix = path;
    return first === CodeUnit.QuestionMark || base.query === null ? reference : '?' + base.query + reference;
  }
  // A ":" anywhere: the reference may have a scheme, and is taken as it is.
  if (!(first > CodeUnit.HyphenMinus) || first === CodeUnit.ReverseSolidus || reference.includes(':')) return reference;
  let end = lastSolidus(path, path.length) + 1;
  let i = 0;
  // "./" and "../" at i.
  while (at(reference, i) === CodeUnit.FullStop) {
    const next = at(reference, i + 1);
    if (next === CodeUnit.Solidus) {
      i += 2;
    } else if (next === CodeUnit.FullStop && at(reference, i + 2) === CodeUnit.Solidus) {
      i += 3;
      if (end > 1) end = lastSolidus(path, end - 1) + 1;
    } else {
      break;
    }
  }
  // After "./" or "../" alone, the path is the prefix: the route reads nothing from `start`.
  form.pathPrefix = path.slice(0, end);
  form.start = i;
  return reference;
}

/** The index of the last "/" in `path` before `end`, or -1. */
function lastSolidus(path: string, end: number): number {
  let i = end - 1;
  while (i >= 0 && codeUnitAt(path, i) !== CodeUnit.Solidus) i--;
  return i;
}

/**
 * The base for a reference that reads only the base's scheme and authority (the API URL parser's
 * base, parsed once per call), written into `into` (a record the caller owns) and returned; null
 * when the base fails to parse; `undefined` for any other reference, and when the base needs the
 * full parser.
 *
 * - A reference starting with "/" is, after the basic URL parser's cleaning, path-absolute or
 *   scheme-relative, and the relative and relative slash states then read only the base's scheme,
 *   credentials, host and port — and its path for a "file" base, which the route's authority-only
 *   mode leaves to the full parser.
 * - An absolute URL that starts with a special scheme other than "file" and "//" reads nothing of
 *   the base (the special authority slashes state, or the special relative or authority state
 *   when the base has that scheme, goes on to the special authority ignore slashes state), but the
 *   base must still parse.
 * - An absolute URL whose scheme is not special reads nothing of the base either: the scheme state
 *   goes on to the opaque path state or the path or authority state whatever the base is. When
 *   {@link certainlyParses} tells that the base parses, it is not parsed at all, and `into` is
 *   returned as it is, which such a reference never reads.
 *
 * The states after the authority never fail, so the authority-only parse fails exactly when the
 * full one does.
 */
export function parseBaseForReference(base: string, reference: string, into: URLRecord): URLRecord | null | undefined {
  const first = codeUnitAt(reference, 0);
  if (first !== CodeUnit.Solidus) {
    const match = leadingSpecialScheme(reference, first);
    if (match === SchemeMatch.None) {
      // A scheme that is neither special nor "file" (the only special scheme leadingSpecialScheme
      // does not take). The ":" is looked for first: most references without a scheme have none.
      const colon = reference.indexOf(':');
      return colon > 0 && isASCIIAlpha(first) && schemeEnd(reference, 1) === colon && !isFileScheme(reference, colon) && certainlyParses(base) ? into : undefined;
    }
    if (!reference.startsWith('//', schemeOfMatch(match).length + 1)) return undefined;
  }
  const result = parseCommonShape(base, null, ReturnMode.Authority, into);
  return typeof result === 'number' ? undefined : (result as URLRecord | null);
}
