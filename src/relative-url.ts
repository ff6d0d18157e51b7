/**
 * Relative URLs: the shortest string that the basic URL parser resolves, against a base URL, to a
 * given URL. The inverse of parsing a relative-URL string (URL Standard §4.3 and §4.4).
 *
 * https://url.spec.whatwg.org/#relative-url-string
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 *
 * The answer is one of these forms, each written with the target's components as its serialization
 * has them (never decoded, never re-encoded), so that each is a suffix of that serialization, after
 * "/.", "./", "." or "../" repeated when the form needs them:
 *
 * - absolute: the serialization itself;
 * - scheme-relative: "//" and the authority, path, query and fragment;
 * - path-absolute: the path (after "/." when the path begins with "//"), query and fragment;
 * - path-relative: "../" repeated, then the path's last segments, query and fragment;
 * - query-only: "?", the query and the fragment;
 * - fragment-only: "#" and the fragment;
 * - the empty string.
 *
 * Which forms reach the target follows from the states the parser goes through for each form's
 * first code points; the functions below cite them. No form is parsed to find out.
 */
import { codeUnitAt, CodeUnit } from './code-unit.ts';
import { schemeEnd } from './infra.ts';
import { recordOf as recordOfURL, URL } from './url.ts';
import { parseCommonShape, parseToSerialization, ReturnMode, runBasicURLParser } from './url-parser.ts';
import { isASCIIAlpha } from './url-parser-scanners.ts';
import { recordOfSerializedURL, schemeEndOfSerialization, SerializedURL, serializationOf } from './serialized-url.ts';
import { isNormalizedWindowsDriveLetter, startsWithWindowsDriveLetter, URLRecord } from './url-record.ts';
import { serializeURL } from './url-serializer.ts';
import { reporterWithMessages } from './validation-error.ts';

/** Options of {@link relativeURL}. */
export interface RelativeURLOptions {
  /**
   * Keep the result at least path-absolute ("root-relative"): it is then a path-absolute,
   * scheme-relative or absolute URL string, never a path-relative, query-only or fragment-only one
   * or the empty string. A link written so stays right wherever in the site the page moves.
   *
   * ```ts
   * relativeURL('https://example.com/a/b', 'https://example.com/a/c');                         // 'c'
   * relativeURL('https://example.com/a/b', 'https://example.com/a/c', { rootRelative: true }); // '/a/c'
   * ```
   */
  rootRelative?: boolean | undefined;
  /**
   * `false` never gives a scheme-relative result ("//host/path"): a URL on another host is written
   * absolute, with its scheme. Default `true`.
   *
   * ```ts
   * relativeURL('https://a.example/', 'https://b.example/x');                            // '//b.example/x'
   * relativeURL('https://a.example/', 'https://b.example/x', { schemeRelative: false }); // 'https://b.example/x'
   * ```
   */
  schemeRelative?: boolean | undefined;
}

/** What {@link relativeURL} takes as a URL: a string, a `URL` object (ours or the platform's), a record. */
export type RelativeURLInput = string | URL | URLRecord | { readonly href: string };

/**
 * What {@link relativeURL} has the route write a held serialization of `from` and of `to` into:
 * read within one call, never kept.
 */
const fromScratch = /* @__PURE__ */ new SerializedURL('', 0, 0, 0, 0, 0, null);
const toScratch = /* @__PURE__ */ new SerializedURL('', 0, 0, 0, 0, 0, null);

/**
 * The shortest string `r` such that parsing `r` against `from` gives exactly `to`'s serialization,
 * among the forms a URL can be written in: absolute, scheme-relative ("//host/…"), path-absolute
 * ("/…"), path-relative (with "./" and "../"), query-only ("?…"), fragment-only ("#…") and the
 * empty string. On equal lengths the form earlier in this list wins: empty, fragment-only,
 * query-only, path-absolute, path-relative, scheme-relative, absolute.
 *
 * `from` and `to` are strings, `URL` objects (this package's or the platform's), or URL records; a
 * string `to` is parsed against `from`, as `new URL(to, from)` does. A `TypeError` says which of the
 * two does not parse, and why. A record is taken as it is: one the parser cannot make (a path
 * segment "." put in by hand, say) may have no string at all that parses to its serialization.
 *
 * ```ts
 * relativeURL('https://example.com/docs/guide/intro', 'https://example.com/docs/api/url'); // '../api/url'
 * relativeURL('https://example.com/a/b?x', 'https://example.com/a/b');       // 'b'
 * relativeURL('https://example.com/a/', 'https://example.com/a/b:c');        // './b:c'
 * relativeURL('file:///C:/a/b', 'file:///C:/x');                             // '/x'
 * relativeURL('https://example.com/', 'http://example.com/');                // 'http://example.com/'
 * ```
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function relativeURL(from: RelativeURLInput, to: RelativeURLInput, options?: RelativeURLOptions): string {
  // Every argument is read first, as Web IDL converts arguments: no code of the caller (an `href`
  // or option getter) runs once the scratch objects below are in use.
  const fromInput = inputOf(from, 'from');
  const toInput = inputOf(to, 'to');
  const rootRelative = options?.rootRelative === true;
  const schemeRelative = options?.schemeRelative !== false;
  // The base's record, built only when it is needed: `from` may parse to a held serialization.
  let baseRecord: URLRecord | null = null;
  let heldBase: SerializedURL | null = null;
  let base: SplitSerialization;
  if (fromInput === null) {
    baseRecord = recordOf(from as URL | URLRecord);
    base = splitOfRecord(baseRecord, serializeURL(baseRecord), fromSplit);
  } else {
    const parsed = parseToSerialization(fromInput, null, fromScratch);
    if (parsed === null) throw argumentError(fromInput, null, 'from');
    if (parsed instanceof SerializedURL) {
      base = splitOfSerializedURL(parsed, fromSplit);
      heldBase = parsed;
    } else {
      baseRecord = parsed;
      base = splitOfRecord(parsed, serializeURL(parsed), fromSplit);
    }
  }
  let target: SplitSerialization;
  if (toInput === null) {
    const record = recordOf(to as URL | URLRecord);
    target = splitOfRecord(record, serializeURL(record), toSplit);
  } else {
    // Without a base, the route parses only strings with a scheme followed by what the basic URL
    // parser reads the same against any base; for the others (and failure) the base is built.
    let parsed = parseCommonShape(toInput, null, ReturnMode.Serialization, null, toScratch);
    if (parsed === null || typeof parsed === 'number') {
      baseRecord ??= recordOfSerializedURL(heldBase!);
      parsed = parseToSerialization(toInput, baseRecord);
      if (parsed === null) throw argumentError(toInput, baseRecord, 'to');
    }
    target = parsed instanceof SerializedURL ? splitOfSerializedURL(parsed, toSplit) : splitOfRecord(parsed, serializeURL(parsed), toSplit);
  }
  return shortestForm(base, target, rootRelative, schemeRelative);
}

/**
 * A URL's serialization and where its parts are in it. Two URLs are equal when their serializations
 * are (https://url.spec.whatwg.org/#concept-url-equals), and each part is serialized without
 * ambiguity, so comparing the parts' text compares the components.
 */
interface SplitSerialization {
  href: string;
  /** Where the scheme's ":" is. */
  schemeEnd: number;
  /**
   * Where the authority ("//", the credentials, the host and the port) ends; `schemeEnd + 1` when
   * the host is null.
   */
  authorityEnd: number;
  /** Where the path starts: `authorityEnd`, or after the "/." written before a path that begins with "//" when the host is null. */
  pathStart: number;
  /** Where the path ends: at the "?" or "#" after it, or the end. */
  pathEnd: number;
  /** Where the query ends: at the "#", or the end; `pathEnd` for a null query. */
  queryEnd: number;
  opaquePath: boolean;
}

/**
 * What {@link relativeURL} writes the split serializations of `from` and of `to` into: read within
 * one call only (they hold the last call's strings until the next).
 */
const fromSplit: SplitSerialization = { href: '', schemeEnd: 0, authorityEnd: 0, pathStart: 0, pathEnd: 0, queryEnd: 0, opaquePath: false };
const toSplit: SplitSerialization = { href: '', schemeEnd: 0, authorityEnd: 0, pathStart: 0, pathEnd: 0, queryEnd: 0, opaquePath: false };

/** Writes `into` with the given parts, and returns it. */
function writeSplit(
  into: SplitSerialization,
  href: string,
  schemeEnd: number,
  authorityEnd: number,
  pathStart: number,
  pathEnd: number,
  queryEnd: number,
  opaquePath: boolean,
): SplitSerialization {
  into.href = href;
  into.schemeEnd = schemeEnd;
  into.authorityEnd = authorityEnd;
  into.pathStart = pathStart;
  into.pathEnd = pathEnd;
  into.queryEnd = queryEnd;
  into.opaquePath = opaquePath;
  return into;
}

/** The split serialization of a URL the parser returned as a {@link SerializedURL}, written into `into`. */
function splitOfSerializedURL(url: SerializedURL, into: SplitSerialization): SplitSerialization {
  if (url.record !== null) return splitOfRecord(url.record, url.href, into);
  const href = serializationOf(url);
  // A held href may lack the path "/" after the host or port (see SerializedURL): the path is then
  // that "/", which serializationOf appends, and the href ends after it.
  const pathOnlySlash = url.pathStart === url.href.length;
  const pathEnd = pathOnlySlash ? href.length : url.pathEnd;
  const queryEnd = pathOnlySlash ? href.length : url.queryEnd;
  return writeSplit(into, href, schemeEndOfSerialization(href, url.hostStart), url.pathStart, url.pathStart, pathEnd, queryEnd, false);
}

/**
 * The split serialization of `record`, whose serialization is `href`, written into `into`.
 * https://url.spec.whatwg.org/#concept-url-serializer
 */
function splitOfRecord(record: URLRecord, href: string, into: SplitSerialization): SplitSerialization {
  const queryEnd = record.fragment === null ? href.length : href.length - record.fragment.length - 1;
  const pathEnd = record.query === null ? queryEnd : queryEnd - record.query.length - 1;
  const pathStart = pathEnd - record.serializedPath.length;
  const schemeEnd = record.scheme.length;
  return writeSplit(into, href, schemeEnd, record.host === null ? schemeEnd + 1 : pathStart, pathStart, pathEnd, queryEnd, record.opaquePath);
}

/** The number of code units `a` and `b` both begin with, at most `limit`. */
function commonPrefixLength(a: string, b: string, limit: number): number {
  let i = 0;
  while (i < limit && codeUnitAt(a, i) === codeUnitAt(b, i)) i++;
  return i;
}

/** The shortest string that parses against `base` to `target` (see {@link relativeURL}). */
function shortestForm(base: SplitSerialization, target: SplitSerialization, rootRelative: boolean, schemeRelative: boolean): string {
  const href = target.href;
  const baseHref = base.href;
  // A part of the two serializations is the same when it starts and ends at the same places in
  // both, within the text they begin with.
  const common = commonPrefixLength(baseHref, href, Math.min(base.queryEnd, target.queryEnd));
  const queryEnd = target.queryEnd;
  // https://url.spec.whatwg.org/#no-scheme-state: against a base with an opaque path, only a
  // string that begins with "#" (or has a scheme) parses; it keeps the base's path and query.
  if (base.opaquePath) {
    if (!rootRelative && queryEnd < href.length && base.queryEnd === queryEnd && common === queryEnd) return href.slice(queryEnd);
    return href;
  }
  // Every form but the absolute one takes its scheme from the base (the relative and file states).
  const schemeEnd = target.schemeEnd;
  if (base.schemeEnd !== schemeEnd || common < schemeEnd) return href;

  let best = href;
  // https://url.spec.whatwg.org/#relative-slash-state and #file-slash-state: "//" starts the
  // authority (or the file host), which the serialization writes as the parser reads it.
  if (schemeRelative && target.authorityEnd > schemeEnd + 1) best = href.slice(schemeEnd + 1);

  // The remaining forms take the authority from the base (the relative state, the relative slash
  // state and the file states copy it), and a list path.
  if (target.opaquePath || base.authorityEnd !== target.authorityEnd || common < target.authorityEnd) return best;

  const pathStart = target.pathStart;
  const pathEnd = target.pathEnd;
  const samePathStart = base.pathStart === pathStart;
  if (!rootRelative && samePathStart && base.pathEnd === pathEnd && common >= pathEnd) {
    // https://url.spec.whatwg.org/#relative-state (and #file-state): the empty string keeps all
    // of the base but its fragment; "#" keeps all of it but sets the fragment.
    if (base.queryEnd === queryEnd && common >= queryEnd) return href.slice(queryEnd);
    // "?" keeps the base's path and sets the query; every other form is longer.
    if (pathEnd < queryEnd) return href.slice(pathEnd);
  }

  // A target with an empty path (a non-special URL with a host) is reached only by the forms with
  // "//"; the path-absolute and path-relative forms make at least one segment.
  if (pathStart === pathEnd) return best;

  const file = schemeEnd === 4 && href.startsWith('file');
  const pathAbsolute = pathAbsoluteForm(base, target, file);
  // The answer so far, when it is not `best`: `bestPrefix` followed by href from `bestStart`.
  let bestStart = -1;
  let bestPrefix = '';
  let bestLength = best.length;
  if (pathAbsolute !== NO_FORM) {
    const start = pathAbsolute >> 1;
    const length = href.length - start + (pathAbsolute & 1) * 2;
    if (length <= bestLength) {
      bestStart = start;
      bestPrefix = (pathAbsolute & 1) === 1 ? '/.' : '';
      bestLength = length;
    }
  }
  if (!rootRelative) {
    const relative = pathRelativeForm(base, target, file, samePathStart ? Math.max(common - pathStart, 0) : 0);
    if (relative !== null) {
      const start = pathStart + relative.remainderStart;
      const length = relative.prefixLength + href.length - start;
      // On equal lengths the path-absolute form stays: it does not depend on the base's path.
      if (length < bestLength || (length === bestLength && bestStart === -1)) {
        bestStart = start;
        bestPrefix = pathRelativePrefix(relative, start, pathEnd);
        bestLength = length;
      }
    }
  }
  return bestStart === -1 ? best : bestPrefix + href.slice(bestStart);
}

/** A form that does not reach the target. */
const NO_FORM = -1;

/**
 * The path-absolute form of the target, as one number: where in `href` the form's text starts,
 * times two, plus one when "/." goes before that text; {@link NO_FORM} when no path-absolute
 * string reaches the target. The caller has checked that the scheme and authority are the base's
 * and the path is a list path, not empty.
 *
 * https://url.spec.whatwg.org/#relative-slash-state: "/" followed by anything but "/" (and "\" in a
 * special URL) keeps the base's authority and goes to the path state, which reads the serialized
 * path back segment by segment (a serialized segment is never a dot segment, and holds no "/", no
 * "?", no "#", and in a special URL no "\"). A path that begins with "//" needs "/." before it, as
 * the serializer writes for a URL without a host: "//" would start an authority.
 *
 * https://url.spec.whatwg.org/#file-slash-state: in a file URL, "/" followed by anything but a
 * Windows drive letter also takes the base's drive letter, when its path begins with one. A target
 * on that drive is then written without it (after "/." when the next segment is a drive letter
 * too); a target on another drive, with its own; a target without a drive letter cannot be written
 * path-absolute.
 */
function pathAbsoluteForm(base: SplitSerialization, target: SplitSerialization, file: boolean): number {
  const href = target.href;
  const pathStart = target.pathStart;
  const pathEnd = target.pathEnd;
  if (file && startsWithNormalizedDriveLetterSegment(base.href, base.pathStart, base.pathEnd)) {
    if (!startsWithNormalizedDriveLetterSegment(href, pathStart, pathEnd)) return NO_FORM;
    // The target's own drive letter is written when it is another one, or when the path is that
    // segment alone.
    if (codeUnitAt(href, pathStart + 1) !== codeUnitAt(base.href, base.pathStart + 1) || pathEnd - pathStart === 3) return pathStart * 2;
    // Otherwise the rest of the path, from its "/", with "/." before it when it begins with "//" or
    // with a segment that is a Windows drive letter (which would not take the base's then).
    const dotSlash = codeUnitAt(href, pathStart + 4) === CodeUnit.Solidus || startsWithWindowsDriveLetter(href, pathStart + 4);
    return (pathStart + 3) * 2 + (dotSlash ? 1 : 0);
  }
  // (After the path comes "?", "#" or the end, never "/".)
  return pathStart * 2 + (codeUnitAt(href, pathStart + 1) === CodeUnit.Solidus ? 1 : 0);
}

/**
 * The path-relative form: `remainderStart` is where in the target's path the segments it writes
 * start (after a "/"), `upCount` how many "../" go before them, and `prefixLength` the length of
 * what goes before them (the "../", or what {@link pathRelativePrefix} makes).
 */
interface PathRelativeForm {
  remainderStart: number;
  upCount: number;
  prefixLength: number;
  /** Whether "./" goes before the segments (see {@link needsDotSlash}). */
  dotSlash: boolean;
}

/**
 * The path-relative form of the target's path against the base's, or null when none
 * reaches it. The caller has checked that the scheme and authority are the base's and the target's
 * path is a list path, not empty.
 *
 * https://url.spec.whatwg.org/#relative-state (and #file-state): a string that begins with anything
 * but "/", "\" (in a special URL), "?" or "#" starts from the base's path shortened
 * (https://url.spec.whatwg.org/#shorten-a-urls-path: without its last segment; a file URL's path
 * that is only a drive letter stays). https://url.spec.whatwg.org/#path-state: each ".." segment
 * shortens the path again, and a last segment "." or ".." appends the empty segment.
 *
 * So the segments of the shortened base path that the target's path begins with are kept, and the
 * rest go up with "../". The most segments kept make the shortest string: one more kept saves a
 * "../" and a segment with its "/", which outweighs any "./", "." or ".." that choice may need. At
 * least the target's last segment is written. A file URL's drive letter cannot be gone up from.
 */
function pathRelativeForm(base: SplitSerialization, target: SplitSerialization, file: boolean, knownCommon: number): PathRelativeForm | null {
  // The paths are read in place: `baseHref` from `basePathStart` to `basePathEnd`, `href` from
  // `pathStart` to `pathEnd`; the positions below count from each path's start.
  const baseHref = base.href;
  const basePathStart = base.pathStart;
  const basePathEnd = base.pathEnd;
  const href = target.href;
  const pathStart = target.pathStart;
  // The shortened base path: up to its last "/", unless a file URL's path is only a drive letter.
  // (A list path that is not empty begins with "/".)
  let directoryEnd = basePathEnd > basePathStart ? baseHref.lastIndexOf('/', basePathEnd - 1) - basePathStart : 0;
  if (file && directoryEnd === 0 && startsWithNormalizedDriveLetterSegment(baseHref, basePathStart, basePathEnd)) directoryEnd = basePathEnd - basePathStart;
  // The longest run of code units both paths begin with (at least `knownCommon`).
  const targetLength = target.pathEnd - pathStart;
  let common = Math.min(knownCommon, directoryEnd, targetLength);
  while (common < directoryEnd && common < targetLength && codeUnitAt(baseHref, basePathStart + common) === codeUnitAt(href, pathStart + common)) common++;
  // The "/" that starts the first segment written: the end of the run when both paths have a
  // segment end there and the target's path goes on, else the "/" before the run's last segment
  // (-1 for an empty base path).
  let kept = common;
  if (common !== directoryEnd || common === targetLength || codeUnitAt(href, pathStart + common) !== CodeUnit.Solidus) {
    kept = basePathEnd === basePathStart ? -1 : common === 0 ? 0 : baseHref.lastIndexOf('/', basePathStart + common - 1) - basePathStart;
  }
  if (file && kept === 0 && startsWithNormalizedDriveLetterSegment(baseHref, basePathStart, basePathEnd)) return null;
  // One "../" for every segment of the shortened base path after the kept ones.
  let upCount = 0;
  for (let i = basePathStart + Math.max(kept, 0); i < basePathStart + directoryEnd; i++) if (codeUnitAt(baseHref, i) === CodeUnit.Solidus) upCount++;
  const remainderStart = kept + 1;
  let prefixLength = upCount * 3;
  let dotSlash = false;
  if (remainderStart === targetLength) {
    // The target's last segment is empty: "." (or a last ".." in place of "../") appends it.
    prefixLength = upCount === 0 ? 1 : prefixLength - 1;
  } else if (upCount === 0 && needsDotSlash(href, pathStart + remainderStart, target.pathEnd, file)) {
    dotSlash = true;
    prefixLength = 2;
  }
  return { remainderStart, upCount, prefixLength, dotSlash };
}

/**
 * What goes before the target's segments in the path-relative form: "./", "../" repeated, or "."
 * or "../" repeated ending in ".." for an empty last segment (`start`, where the segments start in
 * the serialization, is then `pathEnd`, where the path ends).
 */
function pathRelativePrefix(form: PathRelativeForm, start: number, pathEnd: number): string {
  if (form.dotSlash) return './';
  if (start !== pathEnd) return '../'.repeat(form.upCount);
  return form.upCount === 0 ? '.' : '../'.repeat(form.upCount - 1) + '..';
}

/**
 * Whether a path-relative string that begins with the target's segments from `start` (with no
 * "../" before them) needs "./" before them to be read as a path:
 *
 * - it begins with "/": an empty first segment, which would make it path-absolute;
 * - its first segment is a URL-scheme string followed by ":"
 *   (https://url.spec.whatwg.org/#scheme-state): it would be read as a scheme;
 * - in a file URL, its first segment is a Windows drive letter ("C|"; "C:" is a scheme already):
 *   https://url.spec.whatwg.org/#file-state would start the path over at that drive.
 */
function needsDotSlash(href: string, start: number, pathEnd: number, file: boolean): boolean {
  const first = codeUnitAt(href, start);
  if (first === CodeUnit.Solidus) return true;
  if (!isASCIIAlpha(first)) return false;
  // The scheme state's loop: a "/" (or the path's end, where "?", "#" or the end follows) stops it.
  const schemeStringEnd = schemeEnd(href, start + 1);
  const next = codeUnitAt(href, schemeStringEnd);
  if (next === CodeUnit.Colon) return true;
  return file && schemeStringEnd === start + 1 && next === CodeUnit.VerticalLine && segmentEndsAt(href, schemeStringEnd + 1, pathEnd);
}

/** Whether a segment of the path in `s` that ends at `pathEnd` ends at `i`: at a "/" or at the path's end. */
function segmentEndsAt(s: string, i: number, pathEnd: number): boolean {
  return i === pathEnd || codeUnitAt(s, i) === CodeUnit.Solidus;
}

/**
 * Whether the serialized list path `s[pathStart, pathEnd)` begins with a segment that is a
 * normalized Windows drive letter.
 * https://url.spec.whatwg.org/#normalized-windows-drive-letter
 */
function startsWithNormalizedDriveLetterSegment(s: string, pathStart: number, pathEnd: number): boolean {
  return pathEnd - pathStart >= 3 && isNormalizedWindowsDriveLetter(s, pathStart + 1, pathStart + 3) && segmentEndsAt(s, pathStart + 3, pathEnd);
}

/**
 * The string one of {@link relativeURL}'s arguments is parsed from: the string itself, or the
 * `href` of an object that is neither a record nor a `URL` object of this package (those have
 * their record already: null).
 */
function inputOf(value: RelativeURLInput, name: 'from' | 'to'): string | null {
  // The parser treats a lone surrogate exactly as U+FFFD (as the URL class relies on), and the
  // answer is cut from the parser's serializations, so no scalar value conversion is needed.
  if (typeof value === 'string') return value;
  if (value instanceof URLRecord || value instanceof URL) return null;
  if (typeof value === 'object' && value !== null && typeof value.href === 'string') return value.href;
  throw new TypeError(`relativeURL: "${name}" is not a string, a URL or a URL record.`);
}

/** The record of a record or of a `URL` object of this package. */
function recordOf(value: URL | URLRecord): URLRecord {
  return value instanceof URLRecord ? value : recordOfURL(value);
}

/** The TypeError for an argument that does not parse, with the reason. */
function argumentError(input: string, base: URLRecord | null, name: 'from' | 'to'): TypeError {
  return new TypeError(`relativeURL: "${name}" is not a URL${base === null ? '' : ' (against "from")'}: ${failureReason(input, base)}`);
}

/** The message of the validation error the basic URL parser returns failure at, for `input`. */
function failureReason(input: string, base: URLRecord | null): string {
  let reason = 'the URL parser returns failure.';
  const reporter = reporterWithMessages(input, (error) => {
    if (error.failure) reason = error.message;
  });
  runBasicURLParser(input, base, null, 0, reporter, null);
  return reason;
}
