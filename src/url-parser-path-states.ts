/**
 * The basic URL parser's states from path start to fragment: the path, the opaque path, the query
 * and the fragment. Each is a function of the run (see url-parser-run.ts).
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { reportInvalidURLUnits } from './host.ts';
import { LONG_RANGE, stringFromASCIIBytes } from './infra.ts';
import { C0_CONTROL_SET, FRAGMENT_SET, PATH_SET, QUERY_SET, SPECIAL_QUERY_SET, utf8PercentEncodeRange } from './percent-encoding.ts';
import { isWindowsDriveLetter } from './url-record.ts';
import { dotCount, dotSegmentDots, DotSegmentRun, dotSegmentRun, leadingDotsEnd } from './dot-segments.ts';
import { at, hasTabOrNewline } from './url-parser-input.ts';
import { finish, type ParserRun, pathOf, report, RESTART, shortenPath, startQueryOrFragment, State, type StateResult } from './url-parser-run.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

// https://url.spec.whatwg.org/#path-start-state
export function pathStartState(r: ParserRun): StateResult {
  const { s, p, url } = r;
  const c = at(s, p);
  if (r.special) {
    if (c === CodeUnit.ReverseSolidus) report(r, 'invalid-reverse-solidus', p, 1, false);
    if (c !== CodeUnit.Solidus) r.verbatim = false;
    r.state = State.Path;
    if (c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus) r.p = p + 1;
    return;
  }
  if (!r.hasOverride && startQueryOrFragment(r, c, p + 1)) return;
  if (c !== -1) {
    r.state = State.Path;
    if (c === CodeUnit.Solidus) r.p = p + 1;
    return;
  }
  if (r.hasOverride && url.host === null) pathOf(r).push('');
  return finish(r);
}

// https://url.spec.whatwg.org/#path-state
export function pathState(r: ParserRun): StateResult {
  const { s, len, special, hasOverride, reporter, url } = r;
  const path = pathOf(r);
  url.opaquePath = false;
  r.verbatim = false;
  let p = r.p;
  let carried = r.carried;
  /**
   * Where the run of segments not yet appended starts, or -1. Segments that need nothing but
   * percent-encoding (no dot segment, no Windows drive letter) are appended as one item, the run of
   * input from the first to the last and percent-encoded at once, with "/" (or "\\") between them;
   * shortenPath takes its last segment off such an item. A list of millions of items costs more to
   * grow than the segments themselves.
   */
  let run = -1;
  /** Where the last segment of the run ends. */
  let runEnd = -1;
  /** What dotSegmentRun found, made at the first dot segment. */
  let dotRun: DotSegmentRun | null = null;
  for (;;) {
    const first = at(s, p);
    if (
      carried === '' &&
      reporter === null &&
      first !== CodeUnit.FullStop &&
      first !== CodeUnit.PercentSign &&
      first !== CodeUnit.QuestionMark &&
      first !== CodeUnit.NumberSign &&
      first !== -1 &&
      (run !== -1 || path.length > 0 || url.scheme !== 'file')
    ) {
      // A plain segment (not a dot segment, nor a file URL's first, which may be a Windows drive
      // letter): it and the segments after it up to the next one that may be a dot segment, or to
      // the end of the path, join the run. The loop goes on at the segment that starts with "."
      // or "%" (the run then ends at the separator before it, unless that segment is plain), or
      // at "?", "#" or the end.
      if (run === -1) run = p;
      p = runStop(s, p, len, special);
      runEnd = p - 1;
      continue;
    }
    if (carried === '' && reporter === null && (first === CodeUnit.FullStop || first === CodeUnit.PercentSign)) {
      // Dot segments each followed by a separator, from this one on, are passed over at once:
      // single-dot ones leave the path as it is, and each double-dot one shortens it.
      if (dotRun === null) dotRun = new DotSegmentRun();
      dotSegmentRun(s, p, len, special, dotRun);
      if (dotRun.end !== p) {
        let doubleDots = dotRun.doubleDots;
        if (run !== -1) {
          // The run before them ends: its segments are appended as one item, after the
          // double-dot segments take its last segments off, as shortening the path would take
          // them off the item.
          if (r.optimistic && hasTabOrNewline(s, run, runEnd)) return RESTART;
          for (; doubleDots > 0; doubleDots--) {
            const separator = lastSeparator(s, run, runEnd, special);
            if (separator === -1) break;
            runEnd = separator;
          }
          path.push(runItem(s, run, runEnd, special));
          run = -1;
        }
        for (; doubleDots > 0 && path.length > 0; doubleDots--) shortenPath(url, path);
        p = dotRun.end;
        continue;
      }
    }
    // A dot segment is told from the input: its buffer (the same code units) is not needed.
    let dots = 0;
    let q = p;
    if (carried === '' && (first === CodeUnit.FullStop || first === CodeUnit.PercentSign)) {
      q = leadingDotsEnd(s, p, len);
      dots = dotCount(q - p);
    }
    const afterDots = q;
    q = pathSegmentEnd(s, q, len, special, hasOverride);
    if (q !== afterDots) dots = 0;
    if (reporter !== null) reportInvalidURLUnits(s, p, q, reporter, 0);
    const c = at(s, q);
    if (special && c === CodeUnit.ReverseSolidus) report(r, 'invalid-reverse-solidus', q, 1, false);
    const slash = c === CodeUnit.Solidus || (special && c === CodeUnit.ReverseSolidus);
    // Not plain: a dot segment, the first segment of a file URL (it may be a Windows drive letter)
    // and the segment after a carried drive letter.
    const plain = dots === 0 && carried === '' && (url.scheme !== 'file' || path.length > 0 || run !== -1);
    if (dots === 0) {
      if (run === -1) run = p;
      runEnd = q;
    }
    if (run !== -1 && (!plain || !slash)) {
      // The run ends (at a segment that is not plain, which is then the whole run unless it is a
      // dot segment, or at the end of the path): its segments are appended as one item.
      if (r.optimistic && hasTabOrNewline(s, run, runEnd)) return RESTART;
      let buffer = runItem(s, run, runEnd, special);
      run = -1;
      // A segment that is not plain and not a dot segment is a run of its own.
      const single = !plain && dots === 0;
      if (single) {
        if (carried !== '') {
          buffer = carried + buffer;
          carried = '';
          dots = dotSegmentDots(buffer, 0, buffer.length);
        }
        if (url.scheme === 'file' && path.length === 0 && isWindowsDriveLetter(buffer)) {
          buffer = buffer[0] + ':';
        }
      }
      if (!single || dots === 0) path.push(buffer);
    }
    if (dots === 2) {
      shortenPath(url, path);
      if (!slash) path.push('');
    } else if (dots === 1) {
      if (!slash) path.push('');
    }
    if (slash) {
      p = q + 1;
      continue;
    }
    r.carried = carried;
    if (startQueryOrFragment(r, c, q + 1)) return;
    return finish(r);
  }
}

// https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
export function opaquePathState(r: ParserRun): StateResult {
  const { s, p, len, url } = r;
  // The path ends at the first "?" or "#": one native search instead of a loop over its code
  // units.
  let q = s.slice(p).search(QUERY_OR_FRAGMENT_START);
  q = q < 0 ? len : p + q;
  if (r.reporter !== null) reportInvalidURLUnits(s, p, q, r.reporter, 0);
  if (r.optimistic && hasTabOrNewline(s, p, q)) return RESTART;
  if (q < len && q > p && codeUnitAt(s, q - 1) === CodeUnit.Space) {
    // A space right before "?" or "#" is encoded so that it cannot end up trailing.
    url.serializedPath += utf8PercentEncodeRange(s, p, q - 1, C0_CONTROL_SET) + '%20';
    r.verbatim = false;
  } else {
    const encoded = utf8PercentEncodeRange(s, p, q, C0_CONTROL_SET);
    if (encoded.length !== q - p) r.verbatim = false;
    url.serializedPath += encoded;
  }
  if (startQueryOrFragment(r, at(s, q), q + 1)) return;
  return finish(r);
}

// https://url.spec.whatwg.org/#query-state
export function queryState(r: ParserRun): StateResult {
  const { s, p, len, special, queryEncoder, url } = r;
  let q = len;
  if (!r.hasOverride) {
    const hash = s.indexOf('#', p);
    if (hash !== -1) q = hash;
  }
  if (r.reporter !== null) reportInvalidURLUnits(s, p, q, r.reporter, 0);
  if (r.optimistic && hasTabOrNewline(s, p, q)) return RESTART;
  let encoded: string;
  if (queryEncoder !== null && special && url.scheme !== 'ws' && url.scheme !== 'wss') {
    encoded = queryEncoder(s.slice(p, q), special);
    r.verbatim = false;
  } else {
    encoded = utf8PercentEncodeRange(s, p, q, special ? SPECIAL_QUERY_SET : QUERY_SET);
    if (encoded.length !== q - p) r.verbatim = false;
  }
  url.query = url.query === null || url.query === '' ? encoded : url.query + encoded;
  if (q < len) {
    url.fragment = '';
    r.state = State.Fragment;
    r.p = q + 1;
    return;
  }
  return finish(r);
}

// https://url.spec.whatwg.org/#fragment-state
export function fragmentState(r: ParserRun): StateResult {
  const { s, p, len, url } = r;
  if (r.reporter !== null) reportInvalidURLUnits(s, p, len, r.reporter, 0);
  if (r.optimistic && hasTabOrNewline(s, p, len)) return RESTART;
  const encoded = utf8PercentEncodeRange(s, p, len, FRAGMENT_SET);
  if (encoded.length !== len - p) r.verbatim = false;
  url.fragment = url.fragment === null || url.fragment === '' ? encoded : url.fragment + encoded;
  return finish(r);
}

/** "?" or "#": the end of an opaque path. */
const QUERY_OR_FRAGMENT_START = /[?#]/;

/**
 * "." or "%" after a separator (the start of a possible dot segment), or the end of the path. The
 * separator is looked behind for once "." or "%" matched, so that the scan goes from one of ".%?#"
 * to the next: a run of separators does not start a match at each of them.
 */
const RUN_STOP = /[.%](?<=\/.)|[?#]/g;
const RUN_STOP_SPECIAL = /[.%](?<=[/\\].)|[?#]/g;

/**
 * Where the path state goes on after the run of segments that joins its run from `q`: at the first
 * code unit of a segment that starts with "." or "%" (a possible dot segment), at "?" or "#", or at
 * `len`. One native scan by a regular expression, not a turn of the path state's loop a segment.
 */
function runStop(s: string, q: number, len: number, special: boolean): number {
  const stop = special ? RUN_STOP_SPECIAL : RUN_STOP;
  stop.lastIndex = q;
  // A match is one code unit.
  return stop.test(s) ? stop.lastIndex - 1 : len;
}

/** What may end a path segment. */
const SEGMENT_END = /[/\\?#]/g;

/**
 * Where the path state's segment starting at `p` ends: at "/", "\\" for special URLs, or (without
 * a state override) "?" or "#"; the end otherwise. https://url.spec.whatwg.org/#path-state
 */
function pathSegmentEnd(s: string, p: number, len: number, special: boolean, hasOverride: boolean): number {
  for (let q = p; q < len; q++) {
    // Past its first LONG_RANGE code units, a native scan by a regular expression finds the next
    // code unit that may end the segment, so that a long segment is not read one code unit a turn.
    if (q - p >= LONG_RANGE) {
      SEGMENT_END.lastIndex = q;
      if (!SEGMENT_END.test(s)) break;
      q = SEGMENT_END.lastIndex - 1;
    }
    const c = codeUnitAt(s, q);
    if (c === CodeUnit.Solidus || (special && c === CodeUnit.ReverseSolidus) || (!hasOverride && (c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign))) return q;
  }
  return len;
}

/**
 * The path state's run of segments `s[start, end)` as one item of the path: percent-encoded, with
 * "\\" made "/" in a special URL.
 */
function runItem(s: string, start: number, end: number, special: boolean): string {
  const buffer = utf8PercentEncodeRange(s, start, end, PATH_SET);
  return special && buffer.includes('\\') ? backslashesToSlashes(buffer) : buffer;
}

/**
 * The index of the last path separator ("/", and "\\" in a special URL) in `s[start, end)`, or -1:
 * read back from `end`, so that taking segments off a run one at a time reads each once.
 */
function lastSeparator(s: string, start: number, end: number, special: boolean): number {
  for (let i = end - 1; i >= start; i--) {
    const c = codeUnitAt(s, i);
    if (c === CodeUnit.Solidus || (special && c === CodeUnit.ReverseSolidus)) return i;
  }
  return -1;
}

/**
 * `s`, which is ASCII, with every "\\" (a separator of a special URL's path segments) made "/".
 * Written into one byte buffer and decoded once: `replace` with a regular expression, or `split`
 * and `join`, would make a string for every separator.
 */
function backslashesToSlashes(s: string): string {
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = codeUnitAt(s, i);
    bytes[i] = c === CodeUnit.ReverseSolidus ? CodeUnit.Solidus : c;
  }
  return stringFromASCIIBytes(bytes);
}
