/**
 * The basic URL parser (URL Standard §4.4).
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 *
 * The state machine follows the standard state by state. Where the standard appends one code point
 * at a time to a buffer, this parser finds the end of the run first and percent-encodes the whole
 * run at once (returning the input slice when nothing needs encoding), which gives the same result.
 * `p` is always the position of the standard's "c" for the state about to run: the standard's
 * "decrease pointer by 1" becomes "stay at p", its plain transition "p + 1".
 */
import { parseHostToString, reportInvalidURLUnits } from './host.ts';
import { asciiClass, asciiLowercase, codePointLength, FORBIDDEN_DOMAIN, isASCIIHexDigit, SCHEME, stringFromASCIIBytes, toScalarValueString } from './infra.ts';
import {
  C0_CONTROL_SET,
  FRAGMENT_SET,
  PATH_SET,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  USERINFO_SET,
  utf8PercentEncodeRange,
} from './percent-encoding.ts';
import {
  isNormalizedWindowsDriveLetter,
  isWindowsDriveLetter,
  joinPath,
  specialSchemeDefaultPort,
  splitPath,
  startsWithWindowsDriveLetter,
  URLRecord,
} from './url-record.ts';
import { ValidationReporter, type ValidationErrorCallback } from './validation-error.ts';

/** The parser states. https://url.spec.whatwg.org/#concept-basic-url-parser */
export const enum State {
  SchemeStart = 1,
  Scheme,
  NoScheme,
  SpecialRelativeOrAuthority,
  PathOrAuthority,
  Relative,
  RelativeSlash,
  SpecialAuthoritySlashes,
  SpecialAuthorityIgnoreSlashes,
  Authority,
  Host,
  Hostname,
  Port,
  File,
  FileSlash,
  FileHost,
  PathStart,
  Path,
  OpaquePath,
  Query,
  Fragment,
}

/** The state override names accepted by {@link basicURLParse}. */
export type StateOverride =
  | 'scheme start'
  | 'scheme'
  | 'no scheme'
  | 'special relative or authority'
  | 'path or authority'
  | 'relative'
  | 'relative slash'
  | 'special authority slashes'
  | 'special authority ignore slashes'
  | 'authority'
  | 'host'
  | 'hostname'
  | 'port'
  | 'file'
  | 'file slash'
  | 'file host'
  | 'path start'
  | 'path'
  | 'opaque path'
  | 'query'
  | 'fragment';

const STATE_NAMES: Record<StateOverride, State> = {
  'scheme start': State.SchemeStart,
  scheme: State.Scheme,
  'no scheme': State.NoScheme,
  'special relative or authority': State.SpecialRelativeOrAuthority,
  'path or authority': State.PathOrAuthority,
  relative: State.Relative,
  'relative slash': State.RelativeSlash,
  'special authority slashes': State.SpecialAuthoritySlashes,
  'special authority ignore slashes': State.SpecialAuthorityIgnoreSlashes,
  authority: State.Authority,
  host: State.Host,
  hostname: State.Hostname,
  port: State.Port,
  file: State.File,
  'file slash': State.FileSlash,
  'file host': State.FileHost,
  'path start': State.PathStart,
  path: State.Path,
  'opaque path': State.OpaquePath,
  query: State.Query,
  fragment: State.Fragment,
};

/** Maps a state override name to the parser's state; `undefined` for an unknown name. */
export function stateFromName(name: string): State | undefined {
  return Object.prototype.hasOwnProperty.call(STATE_NAMES, name) ? STATE_NAMES[name as StateOverride] : undefined;
}

/**
 * Percent-encodes a query for a legacy (non-UTF-8) encoding: the standard's "percent-encode after
 * encoding" with the query's percent-encode set. Supplied by the legacy-encoding module.
 */
export type QueryEncoder = (query: string, isSpecial: boolean) => string;

/** Authority scan classes: 0 for a code unit that keeps a host "simple" (a-z, 0-9, "-", "."). */
const AUTHORITY_END = 1;
const AUTHORITY_OTHER = 2;
const AUTHORITY_CLASS: Uint8Array = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128).fill(AUTHORITY_OTHER);
  for (let c = 0x61; c <= 0x7a; c++) t[c] = 0;
  for (let c = 0x30; c <= 0x39; c++) t[c] = 0;
  t[0x2d] = 0;
  t[0x2e] = 0;
  t[0x2f] = AUTHORITY_END;
  t[0x3f] = AUTHORITY_END;
  t[0x23] = AUTHORITY_END;
  return t;
})();

/** Whether `s[i]`, a "%", and the two code units after it are a percent-encoded byte. */
function isPercentEncodedByteAt(s: string, i: number): boolean {
  return i + 2 < s.length && isASCIIHexDigit(String.prototype.charCodeAt.call(s, i + 1)) && isASCIIHexDigit(String.prototype.charCodeAt.call(s, i + 2));
}

/** The code unit at `i`, or -1 (the EOF code point) past the end. */
function at(s: string, i: number): number {
  return i < s.length ? String.prototype.charCodeAt.call(s, i) : -1;
}

/**
 * Removes leading and trailing C0 control or space, and all ASCII tab or newline (basic URL parser
 * steps 1.2–3). Each of the two validation errors is reported once, as the standard says "if input
 * contains any", located at the first run of offending code units.
 */
function cleanInput(input: string, trim: boolean, reporter: ValidationReporter | null): string {
  let start = 0;
  let end = input.length;
  if (trim && end > 0 && (String.prototype.charCodeAt.call(input, 0) <= 0x20 || String.prototype.charCodeAt.call(input, end - 1) <= 0x20)) {
    while (start < end && String.prototype.charCodeAt.call(input, start) <= 0x20) start++;
    while (end > start && String.prototype.charCodeAt.call(input, end - 1) <= 0x20) end--;
    if (reporter !== null) {
      reporter.trimStart = start;
      // Step 1.2: one invalid-URL-unit error.
      if (start > 0) reporter.emit('invalid-URL-unit', 0, start, false);
      else reporter.emit('invalid-URL-unit', end, input.length - end, false);
    }
  }
  const trimmed = start === 0 && end === input.length ? input : input.slice(start, end);
  // indexOf is a native scan, several times faster than a loop over code units.
  let tabOrNewline = trimmed.indexOf('\t');
  const lf = trimmed.indexOf('\n');
  if (lf !== -1 && (tabOrNewline === -1 || lf < tabOrNewline)) tabOrNewline = lf;
  const cr = trimmed.indexOf('\r');
  if (cr !== -1 && (tabOrNewline === -1 || cr < tabOrNewline)) tabOrNewline = cr;
  if (tabOrNewline === -1) return trimmed;
  if (reporter !== null) {
    // Step 2: one invalid-URL-unit error, at the first run of ASCII tab or newline.
    let runEnd = tabOrNewline + 1;
    for (let c = String.prototype.charCodeAt.call(trimmed, runEnd); c === 0x09 || c === 0x0a || c === 0x0d; c = String.prototype.charCodeAt.call(trimmed, ++runEnd));
    reporter.emit('invalid-URL-unit', tabOrNewline + start, runEnd - tabOrNewline, false);
  }
  // The input is a scalar value string before the removal: two lone surrogates that a tab or
  // newline separates are two U+FFFD, never one pair. (Converting keeps every index.)
  const source = toScalarValueString(trimmed);
  // Without a reporter the removed positions are not needed. A long input is copied code unit by
  // code unit into chunks: fewer intermediate strings than replace or slices, whose garbage
  // dominated (a path of 512k "a\t": replace 12 ms, slices 17 ms, chunks 3 ms on Node 26).
  if (reporter === null) return source.length > 4096 ? removeTabOrNewline(source) : source.replace(TAB_OR_NEWLINE, '');
  let out = '';
  let runStart = 0;
  const removed: number[] = [];
  for (let i = tabOrNewline; i < source.length; i++) {
    const c = String.prototype.charCodeAt.call(source, i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) {
      // The cleaned index of the code unit after this one: i minus those removed before it.
      removed.push(i - removed.length);
      out += source.slice(runStart, i);
      runStart = i + 1;
    }
  }
  reporter.removed = removed;
  return out + source.slice(runStart);
}

interface Encoder {
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
let encoder: Encoder | null = null;

/** A UTF-8 encoder, which writes an ASCII string's code units as bytes. */
function asciiEncoder(): Encoder {
  if (encoder === null) encoder = new TextEncoder();
  return encoder;
}

/** ASCII tab or newline, every occurrence. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;

/**
 * `s` without ASCII tab or newline. An ASCII input is encoded into one byte buffer (a native copy
 * whatever the string's representation), compacted there and decoded once; another one is copied
 * code unit by code unit in chunks of 4,096. (A path of 512k "a\t" on Node 26: 4.2 -> 2.2 ms for
 * the whole parse; 5M: 42 -> 15 ms.)
 */
function removeTabOrNewline(s: string): string {
  const bytes = new Uint8Array(s.length);
  const { read, written } = asciiEncoder().encodeInto(s, bytes);
  let n = 0;
  if (read === s.length && written === s.length) {
    for (let i = 0; i < written; i++) {
      const c = bytes[i]!;
      // Each byte is stored; only one that is not a tab or newline moves the end on.
      bytes[n] = c;
      if (c > 0x0d || (c !== 0x09 && c !== 0x0a && c !== 0x0d)) n++;
    }
    return stringFromASCIIBytes(bytes.subarray(0, n));
  }
  const chunk = new Uint16Array(4096);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = String.prototype.charCodeAt.call(s, i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    chunk[n++] = c;
    if (n === 4096) {
      out += String.fromCharCode.apply(null, chunk as unknown as number[]);
      n = 0;
    }
  }
  return out + String.fromCharCode.apply(null, chunk.subarray(0, n) as unknown as number[]);
}

/** Step 1.2 of the basic URL parser alone: removes leading and trailing C0 control or space. */
function trimInput(input: string): string {
  let end = input.length;
  if (end === 0 || (String.prototype.charCodeAt.call(input, 0) > 0x20 && String.prototype.charCodeAt.call(input, end - 1) > 0x20)) return input;
  let start = 0;
  while (start < end && String.prototype.charCodeAt.call(input, start) <= 0x20) start++;
  while (end > start && String.prototype.charCodeAt.call(input, end - 1) <= 0x20) end--;
  return input.slice(start, end);
}

/** https://url.spec.whatwg.org/#single-dot-path-segment */
function isSingleDot(b: string): boolean {
  return dotSegmentDots(b, 0, b.length) === 1;
}

/** https://url.spec.whatwg.org/#double-dot-path-segment */
function isDoubleDot(b: string): boolean {
  return dotSegmentDots(b, 0, b.length) === 2;
}

/**
 * 1 when `s[start, end)` is a single-dot path segment ("." or "%2e", ASCII case-insensitively), 2
 * when it is a double-dot path segment (two of those), 0 otherwise. Reads code units, so that the
 * path state tells a dot segment without making its buffer. (A path of 150k "%2e%2e/": 5.4 ->
 * 4.1 ms on Node 26; 350k "../": 7.1 -> 5.1 ms.)
 */
function dotSegmentDots(s: string, start: number, end: number): number {
  let dots = 0;
  for (let i = start; i < end; dots++) {
    if (dots === 2) return 0;
    const c = String.prototype.charCodeAt.call(s, i);
    if (c === 0x2e) {
      i++;
    } else if (c === 0x25 && i + 3 <= end && String.prototype.charCodeAt.call(s, i + 1) === 0x32 && (String.prototype.charCodeAt.call(s, i + 2) | 0x20) === 0x65) {
      i += 3;
    } else {
      return 0;
    }
  }
  return dots;
}

/** The end of a special authority: "/", "?", "#" or "\\". */
const SPECIAL_AUTHORITY_END = /[/?#\\]/g;
/** The end of another authority. */
const AUTHORITY_END_RE = /[/?#]/g;
/** ":" or "[", for the first ":" outside brackets. */
const COLON_OR_BRACKET = /[:[]/g;

let longAuthorityLastAt = -1;
let longAuthorityColon = -1;

/**
 * The authority state's one-pass scan (see State.Authority) for a long authority, with native
 * scans: returns the end of the authority and sets the last "@" before it and the first ":"
 * outside brackets after that. Each scan goes forward from where the last one stopped, so the
 * whole is linear. (An IPv6-like host of a million code units: 3.2 -> 0.5 ms on Node 26.) The input
 * has no ASCII tab or newline: one longer than {@link LONG_INPUT} is cleaned before any run (see
 * runBasicURLParser), and the other runs parse cleaned input.
 */
function scanLongAuthority(s: string, p: number, len: number, special: boolean): number {
  const endRe = special ? SPECIAL_AUTHORITY_END : AUTHORITY_END_RE;
  endRe.lastIndex = p;
  const endMatch = endRe.exec(s);
  const end = endMatch === null ? len : endMatch.index;
  let lastAt = end > p ? s.lastIndexOf('@', end - 1) : -1;
  if (lastAt < p) lastAt = -1;
  longAuthorityLastAt = lastAt;
  let colon = -1;
  COLON_OR_BRACKET.lastIndex = lastAt === -1 ? p : lastAt + 1;
  for (;;) {
    const m = COLON_OR_BRACKET.exec(s);
    if (m === null || m.index >= end) break;
    if (String.prototype.charCodeAt.call(s, m.index) === 0x3a) {
      colon = m.index;
      break;
    }
    // "[": no ":" counts until the next "]".
    const close = s.indexOf(']', m.index + 1);
    if (close === -1 || close >= end) break;
    COLON_OR_BRACKET.lastIndex = close + 1;
  }
  longAuthorityColon = colon;
  return end;
}

/** Inputs longer than this many code units are looked at for tab or newline before parsing. */
const LONG_INPUT = 4096;

/**
 * Runs the basic URL parser. With `url` and `stateOverride` it modifies `url` and returns whether
 * it succeeded; otherwise it returns a new record or `null` for failure.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function runBasicURLParser(
  rawInput: string,
  base: URLRecord | null,
  url: URLRecord | null,
  stateOverride: State | 0,
  reporter: ValidationReporter | null,
  queryEncoder: QueryEncoder | null,
): URLRecord | null {
  if (url === null && reporter === null) {
    if (queryEncoder === null) {
      const common = parseCommonShape(rawInput, base);
      if (common !== undefined) return common;
    }
    // A long input with ASCII tab or newline (three native scans tell) is cleaned first: the run
    // below would read it up to one only to start again, and the cleaned input may have the
    // common shape. (512k "a\t" in a path: 8.4 -> 4 ms on Node 26.)
    if (rawInput.length > LONG_INPUT && hasTabOrNewline(rawInput, 0, rawInput.length)) {
      const cleaned = cleanInput(rawInput, true, null);
      const result = queryEncoder === null ? parseCommonShape(cleaned, base) : undefined;
      // Either way the serialization is not the input, which had tabs or newlines.
      const parsed = result !== undefined ? result : parse(cleaned, base, null, 0, null, queryEncoder, false);
      serializationSuffix = null;
      return parsed;
    }
    // First without looking for ASCII tab or newline: the states this run goes through examine
    // every code unit they keep, and ask for a run on the cleaned input when one is there.
    const result = parse(rawInput, base, null, 0, null, queryEncoder, true);
    if (result !== RESTART && (result !== null || !hasTabOrNewline(rawInput, 0, rawInput.length))) return result;
  }
  return parse(rawInput, base, url, stateOverride, reporter, queryEncoder, false);
}

/**
 * The basic URL parser for the shapes most URLs have, as one straight run through the states they
 * visit; `undefined` when the input has another shape (the state machine then parses it from the
 * start). Only without `url`, state override, reporter and query encoder. It covers:
 *
 * - a special scheme other than "file", then "//" and an authority without brackets, "\\" or an
 *   empty host: scheme start → scheme → special authority slashes (or special relative or authority,
 *   when the base has the same scheme: with "//" and no third slash both go on to the same
 *   authority) → special authority ignore slashes → authority → host → port;
 * - a path-absolute reference ("/" not followed by "/" or "\\") against a base with a special
 *   scheme other than "file": no scheme → relative → relative slash, which copies the base's
 *   credentials, host and port;
 *
 * then path start → path → query → fragment, where the path has no "\\" and no dot segment.
 *
 * It reads every code unit the standard keeps and gives up at ASCII tab or newline, and at a leading
 * or trailing C0 control or space, so it never needs the input cleaned (basic URL parser steps 1–3).
 * It returns null (failure) where the state machine certainly fails too — a host the host parser
 * rejects, a port with another code point than a digit or past 65535 — and gives up on other
 * failures.
 *
 * With `authorityOnly` (and no base), it stops after the authority of the first shape and returns a
 * record with the scheme, credentials, host and port only: the states after the authority never
 * fail, so the parse succeeds, and that is all of it a path-absolute or scheme-relative reference
 * reads as its base ({@link parseBaseOfReferenceStartingWithSlash}).
 */
export function parseCommonShape(s: string, base: URLRecord | null, authorityOnly = false): URLRecord | null | undefined {
  const len = s.length;
  if (len === 0 || String.prototype.charCodeAt.call(s, len - 1) <= 0x20) return undefined;
  let c = String.prototype.charCodeAt.call(s, 0);
  let p: number;
  let verbatim: boolean;
  const url = new URLRecord();
  if (c < 128 && (asciiClass[c]! & 1) !== 0) {
    // https://url.spec.whatwg.org/#scheme-start-state, https://url.spec.whatwg.org/#scheme-state
    const scheme = leadingSpecialNonFileScheme(s);
    if (scheme === null) {
      // https://url.spec.whatwg.org/#file-state, file slash state, file host state
      if (authorityOnly) return undefined;
      p = fileSchemeAndHost(s, url);
      if (p === -1) return undefined;
      verbatim = fileVerbatim;
      c = p < len ? String.prototype.charCodeAt.call(s, p) : -1;
    } else {
      const q = scheme.length;
      const defaultPort = specialSchemeDefaultPort(scheme)!;
      verbatim = !knownSchemeHadUpper;
      url.scheme = scheme;
      // https://url.spec.whatwg.org/#special-authority-slashes-state
      // https://url.spec.whatwg.org/#special-relative-or-authority-state
      // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
      p = q + 3;
      if (p >= len || String.prototype.charCodeAt.call(s, q + 1) !== 0x2f || String.prototype.charCodeAt.call(s, q + 2) !== 0x2f) return undefined;
      c = String.prototype.charCodeAt.call(s, p);
      if (c === 0x2f || c === 0x5c) return undefined;
      // https://url.spec.whatwg.org/#authority-state, https://url.spec.whatwg.org/#host-state
      // One pass finds the end of the authority, its last "@" and the first ":" after that, as the
      // state machine's authority scan does.
      const authorityStart = p;
      let hostStart = p;
      let lastAt = -1;
      let colon = -1;
      let simple = true;
      /**
       * Whether the host so far has a forbidden domain code point that neither percent-decoding
       * nor domain to ASCII can change: the host parser fails then. Not "%" before two hex
       * digits, and not "<" or ">", which Unicode normalization composes with a following U+0338
       * into "≮" and "≯".
       */
      let forbidden = false;
      for (; p < len; p++) {
        c = String.prototype.charCodeAt.call(s, p);
        if (c >= 128) {
          if (colon === -1) simple = false;
          continue;
        }
        const f = AUTHORITY_CLASS[c]!;
        if (f === 0) continue;
        if (f === AUTHORITY_END || c === 0x5c) break;
        if (c === 0x40) {
          lastAt = p;
          hostStart = p + 1;
          colon = -1;
          simple = true;
          forbidden = false;
        } else if (c === 0x3a) {
          if (colon === -1) colon = p;
        } else if (c === 0x5b || c === 0x5d || c === 0x09 || c === 0x0a || c === 0x0d) {
          // Brackets (IPv6), ASCII tab or newline: left to the state machine.
          return undefined;
        } else if (colon === -1) {
          simple = false;
          if ((asciiClass[c]! & FORBIDDEN_DOMAIN) !== 0 && c !== 0x3c && c !== 0x3e && (c !== 0x25 || !isPercentEncodedByteAt(s, p))) forbidden = true;
        }
      }
      const end = p;
      // "\" ends a special authority too, and is left to the state machine (its validation error).
      if (end < len && c === 0x5c) return undefined;
      const hostEnd = colon === -1 ? end : colon;
      // An empty host (host-missing) is left to the state machine.
      if (hostStart === hostEnd) return undefined;
      if (lastAt !== -1) {
        // Credentials: every "@" but the last is percent-encoded (the userinfo set has "@"), and the
        // first ":" separates the username from the password.
        let userColon = s.indexOf(':', authorityStart);
        if (userColon === -1 || userColon > lastAt) userColon = lastAt;
        url.username = utf8PercentEncodeRange(s, authorityStart, userColon, USERINFO_SET);
        if (userColon < lastAt) url.password = utf8PercentEncodeRange(s, userColon + 1, lastAt, USERINFO_SET);
        // The serializer writes them back as username, ":" and password when there is one, "@" —
        // and nothing when both are empty: the input is the href only if that is what it has.
        const userinfo = url.password === '' ? url.username : url.username + ':' + url.password;
        if (userinfo === '' || userinfo.length !== lastAt - authorityStart || !s.startsWith(userinfo, authorityStart)) {
          verbatim = false;
        }
      }
      // https://url.spec.whatwg.org/#concept-host-parser (domain to ASCII, then the forbidden
      // domain code point check): failure.
      if (forbidden) return null;
      const hostInput = s.slice(hostStart, hostEnd);
      if (simple && !mayEndInANumber(s, hostStart, hostEnd)) {
        // The host parser returns such a host unchanged: the domain parser only lowercases an ASCII
        // domain, and its last label is not a number.
        url.host = hostInput;
      } else {
        const host = parseHostToString(hostInput, false, null, hostStart, simple);
        // The state machine would parse the same host (after the last "@", up to the first ":"
        // after it): the authority has no tab or newline for cleaning to remove.
        if (host === null) return null;
        if (host !== hostInput) verbatim = false;
        url.host = host;
      }
      if (colon !== -1) {
        // https://url.spec.whatwg.org/#port-state
        const portStart = colon + 1;
        let port = 0;
        for (let i = portStart; i < end; i++) {
          const d = String.prototype.charCodeAt.call(s, i);
          // Another code point (port-invalid), or a port past 65535 (port-out-of-range): failure,
          // as in the state machine (the authority has no tab or newline for cleaning to remove).
          if (d < 0x30 || d > 0x39) return null;
          port = port * 10 + (d - 0x30);
          if (port > 0xffff) return null;
        }
        if (end === portStart || port === defaultPort || (end - portStart > 1 && String.prototype.charCodeAt.call(s, portStart) === 0x30)) verbatim = false;
        if (end !== portStart && port !== defaultPort) url.port = port;
      }
      c = end < len ? c : -1;
      if (authorityOnly) return url;
    }
  } else if (c === 0x2f /* / */ && base !== null && !base.opaquePath) {
    // https://url.spec.whatwg.org/#no-scheme-state, https://url.spec.whatwg.org/#relative-state,
    // https://url.spec.whatwg.org/#relative-slash-state
    const defaultPort = specialSchemeDefaultPort(base.scheme);
    if (defaultPort === undefined || defaultPort === null) return undefined;
    c = len > 1 ? String.prototype.charCodeAt.call(s, 1) : -1;
    if (c === 0x2f || c === 0x5c) return undefined;
    verbatim = false;
    url.scheme = base.scheme;
    url.username = base.username;
    url.password = base.password;
    url.host = base.host;
    url.port = base.port;
    p = 0;
    c = 0x2f;
  } else {
    return undefined;
  }
  // https://url.spec.whatwg.org/#path-start-state, https://url.spec.whatwg.org/#path-state
  // p is at "/", "?", "#" or the end. Without "/", the path is one empty segment.
  let suffix = '';
  if (p === len) {
    // The serialization ends with that path: it is the input and "/". ("file://", whose host is
    // empty, is left out: the URL class tells such an input from a serialization by its last
    // code unit, never "/" after a host or port.)
    url.serializedPath = '/';
    if (String.prototype.charCodeAt.call(s, len - 1) === 0x2f) verbatim = false;
    suffix = '/';
  } else if (c !== 0x2f) {
    url.serializedPath = '/';
    verbatim = false;
  } else {
    const pathStart = p;
    let encode = false;
    if (len - p > LONG_PATH) {
      p = scanLongPath(s, p, len);
      if (p === -1) return undefined;
      encode = longPathNeedsEncoding;
      c = p < len ? String.prototype.charCodeAt.call(s, p) : -1;
    } else {
      for (p++; p < len; p++) {
        c = String.prototype.charCodeAt.call(s, p);
        const k = c < 128 ? PATH_CLASS[c]! : PATH_ENCODE;
        if (k === PATH_KEEP) continue;
        if (k === PATH_ENCODE) {
          encode = true;
        } else if (k === PATH_DOT) {
          // A segment starting with "." or "%" may be a dot segment (single-dot-path-segment,
          // double-dot-path-segment), which the state machine handles.
          if (String.prototype.charCodeAt.call(s, p - 1) === 0x2f && isDotSegmentAt(s, p, len)) return undefined;
        } else if (k === PATH_END) {
          break;
        } else {
          return undefined;
        }
      }
    }
    if (encode) {
      verbatim = false;
      url.serializedPath = utf8PercentEncodeRange(s, pathStart, p, PATH_SET);
    } else {
      url.serializedPath = s.slice(pathStart, p);
    }
  }
  if (p < len && c === 0x3f) {
    // https://url.spec.whatwg.org/#query-state
    const queryStart = ++p;
    p = s.indexOf('#', p);
    if (p === -1) p = len;
    const query = utf8PercentEncodeRange(s, queryStart, p, SPECIAL_QUERY_SET);
    if (query.length !== p - queryStart) {
      if (hasTabOrNewline(s, queryStart, p)) return undefined;
      verbatim = false;
    }
    url.query = query;
  }
  if (p < len) {
    // https://url.spec.whatwg.org/#fragment-state
    const fragment = utf8PercentEncodeRange(s, p + 1, len, FRAGMENT_SET);
    if (fragment.length !== len - p - 1) {
      if (hasTabOrNewline(s, p + 1, len)) return undefined;
      verbatim = false;
    }
    url.fragment = fragment;
  }
  serializationSuffix = verbatim ? suffix : null;
  return url;
}

/**
 * The base for a reference starting with "/" (the API URL parser's base, parsed once per call): a
 * reference starting with "/" is, after the basic URL parser's cleaning, path-absolute or
 * scheme-relative, and the relative and relative slash states then read only the base's scheme,
 * credentials, host and port — and its path for a "file" base, which {@link parseCommonShape} in
 * authority-only mode leaves to the full parser. `undefined` when `reference` does not start with
 * "/" or the base needs the full parser. (npm run bench row 3, Node 26, interleaved with the build
 * before in one process: 207 -> 147 ns; Node 26's own URL: 178.)
 */
export function parseBaseOfReferenceStartingWithSlash(base: string, reference: string): URLRecord | null | undefined {
  if (String.prototype.charCodeAt.call(reference, 0) !== 0x2f) return undefined;
  return parseCommonShape(base, null, true);
}

/** Paths longer than this many code units are scanned by {@link scanLongPath}. */
const LONG_PATH = 256;

/**
 * Code units the path scan of the common-shape route keeps as they are ("%" and "." too, which
 * matter only at the start of a segment), and "/" before "." or "%" (a segment that may be a dot
 * segment): the scan stops at anything else.
 */
const PATH_STOP = /[^!$-;=@-[\]_a-z|~]|\/(?=[.%])/g;
/** Once a code unit to percent-encode was found, the scan stops only at what ends or spoils it. */
const PATH_STOP_ENCODING = /[\t\n\r#?\\]|\/(?=[.%])/g;

/** Set by {@link scanLongPath}: whether the path has code units to percent-encode. */
let longPathNeedsEncoding = false;

/**
 * The common-shape route's path scan (the loop in parseCommonShape) for a long path, starting at
 * its first "/": where the path ends ("?", "#" or `len`), or -1 at a "\\", a tab or newline or a
 * dot segment. Native regular-expression scans skip the runs of code units that need no look,
 * where the loop reads each one (a path of a million "%": 4.7 -> 0.8 ns a code unit on Node 26);
 * the loop stays faster for short paths, where each exec costs more than the scan it saves.
 */
function scanLongPath(s: string, start: number, len: number): number {
  let encode = false;
  let stop = PATH_STOP;
  stop.lastIndex = start;
  for (;;) {
    // test, not exec: every match is one code unit, and no match array is made.
    if (!stop.test(s)) break;
    const i = stop.lastIndex - 1;
    const c = String.prototype.charCodeAt.call(s, i);
    if (c === 0x2f) {
      // "/" then "." or "%": the segment after it may be a dot segment.
      if (isDotSegmentAt(s, i + 1, len)) return -1;
      stop.lastIndex = i + 1;
      continue;
    }
    if (c === 0x3f || c === 0x23) {
      longPathNeedsEncoding = encode;
      return i;
    }
    if (c === 0x5c || c === 0x09 || c === 0x0a || c === 0x0d) return -1;
    // A code unit of the path percent-encode set (or not ASCII).
    encode = true;
    stop = PATH_STOP_ENCODING;
    stop.lastIndex = i + 1;
  }
  longPathNeedsEncoding = encode;
  return len;
}

const PATH_KEEP = 0;
const PATH_ENCODE = 1;
const PATH_DOT = 2;
const PATH_END = 3;
const PATH_OTHER = 4;
/**
 * Path scan classes of the common-shape route: kept as is (with "/"), percent-encoded (the path
 * percent-encode set), "." and "%" (a segment starting with them may be a dot segment), "?" and "#"
 * (the path ends), and "\\" and ASCII tab or newline (left to the state machine).
 */
const PATH_CLASS: Uint8Array = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (PATH_SET[c] === 1) t[c] = PATH_ENCODE;
  t[0x2e] = PATH_DOT;
  t[0x25] = PATH_DOT;
  t[0x3f] = PATH_END;
  t[0x23] = PATH_END;
  t[0x5c] = PATH_OTHER;
  t[0x09] = PATH_OTHER;
  t[0x0a] = PATH_OTHER;
  t[0x0d] = PATH_OTHER;
  return t;
})();

/**
 * For a host `s[start, end)` of ASCII lowercase letters, digits, "-" and ".": false when its last
 * label (before a single trailing ".") starts with a letter or "-", so that the ends-in-a-number
 * checker returns false; true otherwise (the checker decides then).
 *
 * https://url.spec.whatwg.org/#ends-in-a-number-checker
 */
function mayEndInANumber(s: string, start: number, end: number): boolean {
  let i = end - 1;
  // A single trailing "." is not part of the last label.
  let c = String.prototype.charCodeAt.call(s, i);
  if (c === 0x2e) c = String.prototype.charCodeAt.call(s, --i);
  // A number ends in a digit, a hex digit or the "x" of "0x": "com", "org" and "net" end in none.
  if (c > 0x66 /* f */ && c !== 0x78 /* x */) return false;
  // "." alone, or an empty last label ("a.."), is left to the checker.
  if (i < start || c === 0x2e) return true;
  while (i > start && String.prototype.charCodeAt.call(s, i - 1) !== 0x2e) i--;
  c = String.prototype.charCodeAt.call(s, i);
  return c >= 0x30 && c <= 0x39;
}

/** Whether the input {@link fileSchemeAndHost} read is its serialization so far. */
let fileVerbatim = false;

/**
 * The common file URL shape: "file://", then a host of ASCII lowercase letters, digits, "-" and
 * "." (or none), then "/", "?", "#" or the end — the file, file slash and file host states, which
 * set `url`'s scheme and host. Returns the index after the host, or -1 for any other shape
 * (credentials, ports, a Windows drive letter as host or as first path segment written with "|",
 * "\\", percent-encoding or non-ASCII: the state machine's cases).
 *
 * https://url.spec.whatwg.org/#file-host-state
 */
function fileSchemeAndHost(s: string, url: URLRecord): number {
  const a = String.prototype.charCodeAt.call(s, 0);
  const b = String.prototype.charCodeAt.call(s, 1);
  const c = String.prototype.charCodeAt.call(s, 2);
  const d = String.prototype.charCodeAt.call(s, 3);
  if ((a | 0x20) !== 0x66 || (b | 0x20) !== 0x69 || (c | 0x20) !== 0x6c || (d | 0x20) !== 0x65) return -1;
  if (String.prototype.charCodeAt.call(s, 4) !== 0x3a || String.prototype.charCodeAt.call(s, 5) !== 0x2f || String.prototype.charCodeAt.call(s, 6) !== 0x2f) {
    return -1;
  }
  // Lowercase ASCII letters have bit 0x20 set, uppercase ones do not.
  fileVerbatim = (a & b & c & d & 0x20) !== 0;
  const len = s.length;
  let p = 7;
  for (; p < len; p++) {
    const x = String.prototype.charCodeAt.call(s, p);
    if ((x >= 0x61 && x <= 0x7a) || (x >= 0x30 && x <= 0x39) || x === 0x2d || x === 0x2e) continue;
    if (x === 0x2f || x === 0x3f || x === 0x23) break;
    return -1;
  }
  url.scheme = 'file';
  if (p === 7) {
    url.host = '';
  } else if (p - 7 === 9 && s.startsWith('localhost', 7)) {
    url.host = '';
    fileVerbatim = false;
  } else if (mayEndInANumber(s, 7, p)) {
    const input = s.slice(7, p);
    const host = parseHostToString(input, false, null, 7, true);
    if (host === null) return -1;
    if (host !== input) fileVerbatim = false;
    url.host = host;
  } else {
    url.host = s.slice(7, p);
  }
  // The path state rewrites a first segment such as "C|" (a Windows drive letter quirk).
  if (String.prototype.charCodeAt.call(s, p) === 0x2f && String.prototype.charCodeAt.call(s, p + 2) === 0x7c) return -1;
  return p;
}

/**
 * When `s` starts with "http:", "https:", "ws:", "wss:" or "ftp:" (the scheme ASCII
 * case-insensitively), returns the scheme (lowercase, shared) and sets {@link knownSchemeHadUpper};
 * otherwise null. The same answer as the scheme state's buffer, for these schemes.
 */
function leadingSpecialNonFileScheme(s: string): string | null {
  const a = String.prototype.charCodeAt.call(s, 0);
  const b = String.prototype.charCodeAt.call(s, 1);
  const c = String.prototype.charCodeAt.call(s, 2);
  let scheme: string;
  let upper: number;
  if ((a | 0x20) === 0x68) {
    const d = String.prototype.charCodeAt.call(s, 3);
    if ((b | 0x20) !== 0x74 || (c | 0x20) !== 0x74 || (d | 0x20) !== 0x70) return null;
    upper = a & b & c & d & 0x20;
    const e = String.prototype.charCodeAt.call(s, 4);
    if (e === 0x3a) {
      scheme = 'http';
    } else {
      if ((e | 0x20) !== 0x73 || String.prototype.charCodeAt.call(s, 5) !== 0x3a) return null;
      upper &= e;
      scheme = 'https';
    }
  } else if ((a | 0x20) === 0x77) {
    if ((b | 0x20) !== 0x73) return null;
    upper = a & b & 0x20;
    if (c === 0x3a) {
      scheme = 'ws';
    } else {
      if ((c | 0x20) !== 0x73 || String.prototype.charCodeAt.call(s, 3) !== 0x3a) return null;
      upper &= c;
      scheme = 'wss';
    }
  } else if ((a | 0x20) === 0x66) {
    if ((b | 0x20) !== 0x74 || (c | 0x20) !== 0x70 || String.prototype.charCodeAt.call(s, 3) !== 0x3a) return null;
    upper = a & b & c & 0x20;
    scheme = 'ftp';
  } else {
    return null;
  }
  // Lowercase ASCII letters have bit 0x20 set, uppercase ones do not.
  knownSchemeHadUpper = upper === 0;
  return scheme;
}

/**
 * Whether the path segment starting at `i` (ending at "/", "\\", "?", "#" or `end`) is a
 * single-dot or double-dot path segment.
 */
function isDotSegmentAt(s: string, i: number, end: number): boolean {
  let j = i;
  for (; j < end; j++) {
    const c = String.prototype.charCodeAt.call(s, j);
    if (c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23) break;
    if (j - i >= 6) return false;
  }
  const segment = s.slice(i, j);
  return isSingleDot(segment) || isDoubleDot(segment);
}

/**
 * The state machine alone, without {@link parseCommonShape} and the optimistic run: what the tests
 * compare those shortcuts with.
 */
export function parseWithStateMachine(input: string, base: URLRecord | null): URLRecord | null {
  return parse(input, base, null, 0, null, null, false);
}

// --- State-override shortcuts for the API setters -------------------------------------------------
// What the basic URL parser with a state override does to common setter input, computed directly.
// Each returns null when the input needs the state machine; the setters then run it.

/**
 * The fragment state with a state override (the hash setter, after it sets the fragment to the empty
 * string): the input with ASCII tab or newline removed, UTF-8 percent-encoded with the fragment
 * percent-encode set. Null when the input holds an ASCII tab or newline.
 *
 * https://url.spec.whatwg.org/#fragment-state
 */
export function fragmentFromOverrideInput(input: string): string | null {
  const encoded = utf8PercentEncodeRange(input, 0, input.length, FRAGMENT_SET);
  return encoded.length === input.length || !hasTabOrNewline(input, 0, input.length) ? encoded : null;
}

/**
 * The query state with a state override (the search setter, after it sets the query to the empty
 * string), for a URL whose query encoding is UTF-8: with an override, "#" does not end the query and
 * is percent-encoded. Null when the input holds an ASCII tab or newline.
 *
 * https://url.spec.whatwg.org/#query-state
 */
export function queryFromOverrideInput(input: string, special: boolean): string | null {
  const encoded = utf8PercentEncodeRange(input, 0, input.length, special ? SPECIAL_QUERY_SET : QUERY_SET);
  return encoded.length === input.length || !hasTabOrNewline(input, 0, input.length) ? encoded : null;
}

/**
 * The path start state with a state override on an empty path (the pathname setter), for a URL
 * whose scheme is not "file": the serialized path. Null for empty input and for input the state
 * machine has to handle: ASCII tab or newline, "\\", or a segment that may be a dot segment.
 * With an override, "?" and "#" do not end the path; the path percent-encode set has both.
 *
 * https://url.spec.whatwg.org/#path-start-state, https://url.spec.whatwg.org/#path-state
 */
export function pathFromOverrideInput(input: string): string | null {
  const len = input.length;
  if (len === 0) return null;
  // Path start state: a leading "/" starts the path state after it; otherwise the path state
  // starts at the first code point. Either way the first segment starts at `start`.
  const start = String.prototype.charCodeAt.call(input, 0) === 0x2f ? 1 : 0;
  let encode = false;
  for (let i = start; i < len; i++) {
    const c = String.prototype.charCodeAt.call(input, i);
    const k = c < 128 ? PATH_CLASS[c]! : PATH_ENCODE;
    if (k === PATH_KEEP) continue;
    if (k === PATH_ENCODE || k === PATH_END) {
      encode = true;
    } else if (k === PATH_DOT) {
      if ((i === start || String.prototype.charCodeAt.call(input, i - 1) === 0x2f) && isDotSegmentAt(input, i, len)) return null;
    } else {
      return null;
    }
  }
  if (encode) return '/' + utf8PercentEncodeRange(input, start, len, PATH_SET);
  return start === 1 ? input : '/' + input;
}

/**
 * The host state with a state override (the host and hostname setters), for a URL with a special
 * scheme other than "file", when the input is an ASCII lowercase domain (letters, digits, "-", ".")
 * whose last label starts with a letter or "-": the host parser returns such input unchanged, and the
 * host state sets it. Null for any other input.
 *
 * https://url.spec.whatwg.org/#host-state
 */
export function simpleHostFromOverrideInput(input: string): string | null {
  const len = input.length;
  if (len === 0) return null;
  for (let i = 0; i < len; i++) {
    const c = String.prototype.charCodeAt.call(input, i);
    if (c >= 128 || AUTHORITY_CLASS[c] !== 0) return null;
  }
  return mayEndInANumber(input, 0, len) ? null : input;
}

/** Returned by an optimistic run of {@link parse} that met an ASCII tab or newline. */
const RESTART: URLRecord = /* @__PURE__ */ new URLRecord();

/**
 * In the run that has not looked for ASCII tab or newline: whether `s[start, end)` is long and has
 * one, checked before percent-encoding it. Short ranges are encoded first and checked only when
 * the encoding changed something; a long one would be encoded for nothing. (A path of 512k
 * "a\t": 47 ms -> 9 ms on Node 26.)
 */
function restartBeforeEncoding(optimistic: boolean, s: string, start: number, end: number): boolean {
  return optimistic && end - start > 256 && hasTabOrNewline(s, start, end);
}

/** Whether `s[start, end)` holds an ASCII tab or newline. */
function hasTabOrNewline(s: string, start: number, end: number): boolean {
  // A long range that reaches the end of the string: three native scans, several times faster than
  // the loop. (Not for other ranges: indexOf would read past `end`.)
  if (end === s.length && end - start > 256) {
    return s.indexOf('\t', start) !== -1 || s.indexOf('\n', start) !== -1 || s.indexOf('\r', start) !== -1;
  }
  for (let i = start; i < end; i++) {
    const c = String.prototype.charCodeAt.call(s, i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) return true;
  }
  return false;
}

/** Set by {@link scanAuthority}: the authority's last "@", or -1. */
let authorityLastAt = -1;
/** Set by {@link scanAuthority}: the first ":" outside brackets after that "@", or -1. */
let authorityColon = -1;
/**
 * Set by {@link scanAuthority}: whether the host (after the last "@", up to that ":") has only
 * ASCII lowercase letters, digits, "-" and ".".
 */
let authoritySimple = true;

/**
 * The authority state's scan from `p`, in one pass: the end of the authority (the first "/", "?",
 * "#", or "\\" for special URLs), or -1 at an ASCII tab or newline (the optimistic run restarts
 * there); the last "@" and the first ":" outside brackets after it go to {@link authorityLastAt}
 * and {@link authorityColon}: what the authority, host and port states would find code point by
 * code point. Reports invalid-credentials at each "@".
 *
 * https://url.spec.whatwg.org/#authority-state
 */
function scanAuthority(s: string, p: number, len: number, special: boolean, reporter: ValidationReporter | null): number {
  let end = p;
  let lastAt = -1;
  let colon = -1;
  let insideBrackets = false;
  let simple = true;
  if (reporter === null && len - p > LONG_INPUT) {
    // The same answers from native scans (no validation errors to report on the way).
    end = scanLongAuthority(s, p, len, special);
    lastAt = longAuthorityLastAt;
    colon = longAuthorityColon;
    simple = false;
  }
  for (; end < len; end++) {
    const c = String.prototype.charCodeAt.call(s, end);
    if (c >= 128) {
      if (colon === -1) simple = false;
      continue;
    }
    const f = AUTHORITY_CLASS[c]!;
    if (f === 0) continue;
    if (f === AUTHORITY_END || (c === 0x5c && special)) break;
    if (c === 0x40) {
      if (reporter !== null) reporter.report('invalid-credentials', end, 1, false);
      lastAt = end;
      colon = -1;
      insideBrackets = false;
      simple = true;
    } else if (c === 0x3a) {
      if (!insideBrackets && colon === -1) colon = end;
    } else {
      if (c <= 0x0d && (c === 0x09 || c === 0x0a || c === 0x0d)) return -1;
      if (c === 0x5b) insideBrackets = true;
      else if (c === 0x5d) insideBrackets = false;
      if (colon === -1) simple = false;
    }
  }
  authorityLastAt = lastAt;
  authorityColon = colon;
  authoritySimple = simple;
  return end;
}

/**
 * Where the host state's buffer ends, from `p`: at a ":" outside brackets, "/", "?", "#", "\\" for
 * special URLs, or the end. https://url.spec.whatwg.org/#host-state
 */
function hostStateEnd(s: string, p: number, len: number, special: boolean): number {
  let insideBrackets = false;
  let q = p;
  for (; q < len; q++) {
    const c = String.prototype.charCodeAt.call(s, q);
    if (c === 0x3a && !insideBrackets) break;
    if (c === 0x2f || c === 0x3f || c === 0x23 || (c === 0x5c && special)) break;
    if (c === 0x5b) insideBrackets = true;
    else if (c === 0x5d) insideBrackets = false;
  }
  return q;
}

/**
 * Where the path state's segment starting at `p` ends: at "/", "\\" for special URLs, or (without
 * a state override) "?" or "#"; the end otherwise. https://url.spec.whatwg.org/#path-state
 */
function pathSegmentEnd(s: string, p: number, len: number, special: boolean, hasOverride: boolean): number {
  let q = p;
  for (; q < len; q++) {
    const c = String.prototype.charCodeAt.call(s, q);
    if (c === 0x2f || (special && c === 0x5c) || (!hasOverride && (c === 0x3f || c === 0x23))) break;
  }
  return q;
}

/**
 * The basic URL parser. With `optimistic` (only without `url`, state override and reporter), the
 * input is trimmed but not cleaned of ASCII tab or newline: the run returns {@link RESTART} as soon
 * as it finds one, and may return `null` without having looked (the caller checks then). On every
 * route to success it has examined each code unit: scanning loops that stop at or reject a tab or
 * newline, or percent-encoding (which encodes them, so an encoded range is checked), and states
 * outside these routes ask for the restart at once.
 */
function parse(
  rawInput: string,
  base: URLRecord | null,
  url: URLRecord | null,
  stateOverride: State | 0,
  reporter: ValidationReporter | null,
  queryEncoder: QueryEncoder | null,
  optimistic: boolean,
): URLRecord | null {
  const hasOverride = stateOverride !== 0;
  // Steps 1–3.
  const s = optimistic ? trimInput(rawInput) : cleanInput(rawInput, url === null, reporter);
  /** True while the serialization of the result is known to equal the input. */
  let verbatim = !hasOverride && s === rawInput;
  if (url === null) url = new URLRecord();
  const len = s.length;
  const override = stateOverride;
  let state: State = hasOverride ? stateOverride : State.SchemeStart;
  let special = specialSchemeDefaultPort(url.scheme) !== undefined;
  /** The path as a list while it is being edited; null while `url.serializedPath` is current. */
  let segments: string[] | null = null;
  let p = 0;
  /** A path-state buffer carried over from the file host state (a Windows drive letter). */
  let carried = '';

  for (;;) {
    switch (state) {
      // https://url.spec.whatwg.org/#scheme-start-state
      case State.SchemeStart: {
        const c = at(s, p);
        if (c >= 0 && c < 128 && (asciiClass[c]! & 1) !== 0) {
          state = State.Scheme;
          break;
        }
        if (!hasOverride) {
          state = State.NoScheme;
          break;
        }
        return null;
      }

      // https://url.spec.whatwg.org/#scheme-state
      case State.Scheme: {
        const schemeStart = p;
        let q = p;
        while (q < len) {
          const c = String.prototype.charCodeAt.call(s, q);
          if (c >= 128 || (asciiClass[c]! & SCHEME) === 0) break;
          q++;
        }
        if (at(s, q) === 0x3a /* : */) {
          let buffer = knownScheme(s, schemeStart, q);
          if (buffer === null) {
            const rawScheme = s.slice(schemeStart, q);
            buffer = asciiLowercase(rawScheme);
            if (buffer !== rawScheme) verbatim = false;
          } else if (knownSchemeHadUpper) {
            verbatim = false;
          }
          if (hasOverride) {
            const urlSpecial = specialSchemeDefaultPort(url.scheme) !== undefined;
            const bufferPort = specialSchemeDefaultPort(buffer);
            const bufferSpecial = bufferPort !== undefined;
            if (urlSpecial && !bufferSpecial) return finish(url, segments, verbatim);
            if (!urlSpecial && bufferSpecial) return finish(url, segments, verbatim);
            if ((url.username !== '' || url.password !== '' || url.port !== null) && buffer === 'file') return finish(url, segments, verbatim);
            if (url.scheme === 'file' && url.host === '') return finish(url, segments, verbatim);
            url.scheme = buffer;
            if (url.port !== null && url.port === bufferPort) url.port = null;
            return finish(url, segments, verbatim);
          }
          url.scheme = buffer;
          special = specialSchemeDefaultPort(buffer) !== undefined;
          p = q + 1;
          if (buffer === 'file') {
            if (!(at(s, p) === 0x2f && at(s, p + 1) === 0x2f)) {
              if (reporter !== null) reporter.report('special-scheme-missing-following-solidus', p, 0, false);
            }
            state = State.File;
          } else if (special && base !== null && base.scheme === buffer) {
            state = State.SpecialRelativeOrAuthority;
          } else if (special) {
            state = State.SpecialAuthoritySlashes;
          } else if (at(s, p) === 0x2f) {
            state = State.PathOrAuthority;
            p++;
          } else {
            url.opaquePath = true;
            url.serializedPath = '';
            state = State.OpaquePath;
          }
          break;
        }
        if (!hasOverride) {
          state = State.NoScheme;
          p = 0;
          break;
        }
        return null;
      }

      // https://url.spec.whatwg.org/#no-scheme-state
      case State.NoScheme: {
        verbatim = false;
        const c = at(s, p);
        if (base === null || (base.opaquePath && c !== 0x23)) {
          if (reporter !== null) reporter.report('missing-scheme-non-relative-URL', p, 0, true);
          return null;
        }
        if (base.opaquePath && c === 0x23) {
          url.scheme = base.scheme;
          url.opaquePath = true;
          url.serializedPath = base.serializedPath;
          url.query = base.query;
          url.fragment = '';
          special = specialSchemeDefaultPort(url.scheme) !== undefined;
          state = State.Fragment;
          p++;
        } else if (base.scheme !== 'file') {
          state = State.Relative;
        } else {
          state = State.File;
        }
        break;
      }

      // https://url.spec.whatwg.org/#special-relative-or-authority-state
      case State.SpecialRelativeOrAuthority: {
        if (optimistic) return RESTART;
        if (at(s, p) === 0x2f && at(s, p + 1) === 0x2f) {
          state = State.SpecialAuthorityIgnoreSlashes;
          p += 2;
        } else {
          if (reporter !== null) reporter.report('special-scheme-missing-following-solidus', p, 0, false);
          state = State.Relative;
        }
        break;
      }

      // https://url.spec.whatwg.org/#path-or-authority-state
      case State.PathOrAuthority: {
        if (at(s, p) === 0x2f) {
          state = State.Authority;
          p++;
        } else {
          state = State.Path;
        }
        break;
      }

      // https://url.spec.whatwg.org/#relative-state
      case State.Relative: {
        verbatim = false;
        const b = base!;
        url.scheme = b.scheme;
        special = specialSchemeDefaultPort(url.scheme) !== undefined;
        const c = at(s, p);
        if (c === 0x2f) {
          state = State.RelativeSlash;
          p++;
        } else if (special && c === 0x5c) {
          if (reporter !== null) reporter.report('invalid-reverse-solidus', p, 1, false);
          state = State.RelativeSlash;
          p++;
        } else {
          url.username = b.username;
          url.password = b.password;
          url.host = b.host;
          url.port = b.port;
          url.serializedPath = b.serializedPath;
          url.opaquePath = false;
          segments = null;
          url.query = b.query;
          if (c === 0x3f) {
            url.query = '';
            state = State.Query;
            p++;
          } else if (c === 0x23) {
            url.fragment = '';
            state = State.Fragment;
            p++;
          } else if (c !== -1) {
            url.query = null;
            shortenPath(url, segments === null ? (segments = splitPath(url.serializedPath)) : segments);
            state = State.Path;
          } else {
            return finish(url, segments, verbatim);
          }
        }
        break;
      }

      // https://url.spec.whatwg.org/#relative-slash-state
      case State.RelativeSlash: {
        verbatim = false;
        const c = at(s, p);
        if (special && (c === 0x2f || c === 0x5c)) {
          if (c === 0x5c && reporter !== null) reporter.report('invalid-reverse-solidus', p, 1, false);
          state = State.SpecialAuthorityIgnoreSlashes;
          p++;
        } else if (c === 0x2f) {
          state = State.Authority;
          p++;
        } else {
          const b = base!;
          url.username = b.username;
          url.password = b.password;
          url.host = b.host;
          url.port = b.port;
          state = State.Path;
        }
        break;
      }

      // https://url.spec.whatwg.org/#special-authority-slashes-state
      case State.SpecialAuthoritySlashes: {
        if (at(s, p) === 0x2f && at(s, p + 1) === 0x2f) {
          p += 2;
        } else {
          verbatim = false;
          if (reporter !== null) reporter.report('special-scheme-missing-following-solidus', p, 0, false);
        }
        state = State.SpecialAuthorityIgnoreSlashes;
        break;
      }

      // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
      case State.SpecialAuthorityIgnoreSlashes: {
        for (let c = at(s, p); c === 0x2f || c === 0x5c; c = at(s, ++p)) {
          verbatim = false;
          if (reporter !== null) reporter.report('special-scheme-missing-following-solidus', p, 1, false);
        }
        state = State.Authority;
        break;
      }

      // https://url.spec.whatwg.org/#authority-state
      case State.Authority: {
        const end = scanAuthority(s, p, len, special, reporter);
        if (end === -1) return RESTART;
        const lastAt = authorityLastAt;
        const colon = authorityColon;
        let hostStart = p;
        if (lastAt !== -1) {
          verbatim = false;
          // Every "@" before the last one ends up percent-encoded, as the userinfo set has "@";
          // the first ":" separates the username from the password.
          let userColon = s.indexOf(':', p);
          if (userColon === -1 || userColon > lastAt) userColon = lastAt;
          url.username += utf8PercentEncodeRange(s, p, userColon, USERINFO_SET);
          if (userColon < lastAt) url.password += utf8PercentEncodeRange(s, userColon + 1, lastAt, USERINFO_SET);
          hostStart = lastAt + 1;
          if (hostStart === end) {
            if (reporter !== null) reporter.report('host-missing', hostStart, 0, true);
            return null;
          }
        }
        // The host state, without a state override.
        const hostEnd = colon === -1 ? end : colon;
        if (hostStart === hostEnd && (special || colon !== -1)) {
          if (reporter !== null) reporter.report('host-missing', hostStart, 0, true);
          return null;
        }
        const hostInput = s.slice(hostStart, hostEnd);
        const host = parseHostToString(hostInput, !special, reporter, hostStart, authoritySimple);
        if (host === null) return null;
        if (host !== hostInput) verbatim = false;
        url.host = host;
        if (colon !== -1) {
          state = State.Port;
          p = colon + 1;
        } else {
          state = State.PathStart;
          p = end;
        }
        break;
      }

      // https://url.spec.whatwg.org/#host-state
      case State.Host:
      case State.Hostname: {
        if (optimistic) return RESTART;
        if (hasOverride && url.scheme === 'file') {
          state = State.FileHost;
          break;
        }
        const q = hostStateEnd(s, p, len, special);
        const c = at(s, q);
        if (c === 0x3a) {
          if (q === p) {
            if (reporter !== null) reporter.report('host-missing', p, 0, true);
            return null;
          }
          if (override === State.Hostname) return null;
          const host = parseHostToString(s.slice(p, q), !special, reporter, p);
          if (host === null) return null;
          url.host = host;
          state = State.Port;
          p = q + 1;
          break;
        }
        if (special && q === p) {
          if (reporter !== null) reporter.report('host-missing', p, 0, true);
          return null;
        }
        if (hasOverride && q === p && (url.username !== '' || url.password !== '' || url.port !== null)) {
          return null;
        }
        const host = parseHostToString(s.slice(p, q), !special, reporter, p);
        if (host === null) return null;
        url.host = host;
        if (hasOverride) return finish(url, segments, verbatim);
        state = State.PathStart;
        p = q;
        break;
      }

      // https://url.spec.whatwg.org/#port-state
      case State.Port: {
        let q = p;
        let port = 0;
        while (q < len) {
          const c = String.prototype.charCodeAt.call(s, q);
          if (c < 0x30 || c > 0x39) break;
          if (port <= 0xffff) port = port * 10 + (c - 0x30);
          q++;
        }
        const c = at(s, q);
        if (c === -1 || c === 0x2f || c === 0x3f || c === 0x23 || (special && c === 0x5c) || hasOverride) {
          if (q !== p) {
            if (port > 0xffff) {
              if (reporter !== null) reporter.report('port-out-of-range', p, q - p, true);
              return null;
            }
            url.port = port === specialSchemeDefaultPort(url.scheme) ? null : port;
            if (url.port === null || (q - p > 1 && String.prototype.charCodeAt.call(s, p) === 0x30)) verbatim = false;
            if (hasOverride) return finish(url, segments, verbatim);
          }
          if (hasOverride) return null;
          if (q === p) verbatim = false;
          state = State.PathStart;
          p = q;
          break;
        }
        if (reporter !== null) reporter.report('port-invalid', q, codePointLength(s, q), true);
        return null;
      }

      // https://url.spec.whatwg.org/#file-state
      case State.File: {
        if (optimistic) return RESTART;
        verbatim = false;
        url.scheme = 'file';
        special = true;
        url.host = '';
        const c = at(s, p);
        if (c === 0x2f || c === 0x5c) {
          if (c === 0x5c && reporter !== null) reporter.report('invalid-reverse-solidus', p, 1, false);
          state = State.FileSlash;
          p++;
        } else if (base !== null && base.scheme === 'file') {
          url.host = base.host;
          url.serializedPath = base.serializedPath;
          url.opaquePath = false;
          segments = null;
          url.query = base.query;
          if (c === 0x3f) {
            url.query = '';
            state = State.Query;
            p++;
          } else if (c === 0x23) {
            url.fragment = '';
            state = State.Fragment;
            p++;
          } else if (c !== -1) {
            url.query = null;
            if (!startsWithWindowsDriveLetter(s, p)) {
              shortenPath(url, segments === null ? (segments = splitPath(url.serializedPath)) : segments);
            } else {
              if (reporter !== null) reporter.report('file-invalid-Windows-drive-letter', p, 2, false);
              segments = [];
            }
            state = State.Path;
          } else {
            return finish(url, segments, verbatim);
          }
        } else {
          state = State.Path;
        }
        break;
      }

      // https://url.spec.whatwg.org/#file-slash-state
      case State.FileSlash: {
        if (optimistic) return RESTART;
        verbatim = false;
        const c = at(s, p);
        if (c === 0x2f || c === 0x5c) {
          if (c === 0x5c && reporter !== null) reporter.report('invalid-reverse-solidus', p, 1, false);
          state = State.FileHost;
          p++;
          break;
        }
        if (base !== null && base.scheme === 'file') {
          url.host = base.host;
          if (!startsWithWindowsDriveLetter(s, p)) {
            const basePath = base.opaquePath ? null : splitPath(base.serializedPath);
            if (basePath !== null && basePath.length > 0 && isNormalizedWindowsDriveLetter(basePath[0]!)) {
              (segments === null ? (segments = splitPath(url.serializedPath)) : segments).push(basePath[0]!);
            }
          }
        }
        state = State.Path;
        break;
      }

      // https://url.spec.whatwg.org/#file-host-state
      case State.FileHost: {
        if (optimistic) return RESTART;
        verbatim = false;
        let q = p;
        for (; q < len; q++) {
          const c = String.prototype.charCodeAt.call(s, q);
          if (c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23) break;
        }
        if (!hasOverride && isWindowsDriveLetter(s, p, q)) {
          if (reporter !== null) reporter.report('file-invalid-Windows-drive-letter-host', p, 2, false);
          // The buffer is not reset: the path state uses it as the first segment.
          carried = s.slice(p, q);
          state = State.Path;
          p = q;
          break;
        }
        if (q === p) {
          url.host = '';
          if (hasOverride) return finish(url, segments, verbatim);
          state = State.PathStart;
          break;
        }
        let host = parseHostToString(s.slice(p, q), !special, reporter, p);
        if (host === null) return null;
        if (host === 'localhost') host = '';
        url.host = host;
        if (hasOverride) return finish(url, segments, verbatim);
        state = State.PathStart;
        p = q;
        break;
      }

      // https://url.spec.whatwg.org/#path-start-state
      case State.PathStart: {
        const c = at(s, p);
        if (special) {
          if (c === 0x5c && reporter !== null) reporter.report('invalid-reverse-solidus', p, 1, false);
          if (c !== 0x2f) verbatim = false;
          state = State.Path;
          if (c === 0x2f || c === 0x5c) p++;
        } else if (!hasOverride && c === 0x3f) {
          url.query = '';
          state = State.Query;
          p++;
        } else if (!hasOverride && c === 0x23) {
          url.fragment = '';
          state = State.Fragment;
          p++;
        } else if (c !== -1) {
          state = State.Path;
          if (c === 0x2f) p++;
        } else {
          if (hasOverride && url.host === null) (segments === null ? (segments = splitPath(url.serializedPath)) : segments).push('');
          return finish(url, segments, verbatim);
        }
        break;
      }

      // https://url.spec.whatwg.org/#path-state
      case State.Path: {
        // Fast path: a fresh path whose segments need no encoding and hold no dot segments is the
        // input itself. In a file URL the first segment must not be a Windows drive letter written
        // with "|", which the steps below rewrite. ("file:///" + "a/" x 512k: 17 ms -> 3 ms.)
        if (
          carried === '' &&
          !hasOverride &&
          reporter === null &&
          (url.scheme !== 'file' || String.prototype.charCodeAt.call(s, p + 1) !== 0x7c)
        ) {
          const fresh = segments === null ? url.serializedPath === '' : (segments as string[]).length === 0;
          if (fresh) {
            const q = scanCleanPath(s, p, special);
            if (q !== -1) {
              if (String.prototype.charCodeAt.call(s, p - 1) === 0x2f) {
                url.serializedPath = s.slice(p - 1, q);
              } else {
                url.serializedPath = '/' + s.slice(p, q);
                verbatim = false;
              }
              url.opaquePath = false;
              segments = null;
              const c = at(s, q);
              if (c === 0x3f) {
                url.query = '';
                state = State.Query;
                p = q + 1;
                break;
              }
              if (c === 0x23) {
                url.fragment = '';
                state = State.Fragment;
                p = q + 1;
                break;
              }
              return finish(url, segments, verbatim);
            }
          }
        }
        const path = segments === null ? (segments = splitPath(url.serializedPath)) : segments;
        url.opaquePath = false;
        verbatim = false;
        for (;;) {
          const q = pathSegmentEnd(s, p, len, special, hasOverride);
          if (q === p && carried === '' && q < len) {
            // An empty segment followed by "/" (or "\"): the steps below append the empty
            // buffer. (A million slashes followed by "/..", which the fast path leaves to
            // this loop: 21 -> 15 ms on Node 26.)
            const c = String.prototype.charCodeAt.call(s, q);
            if (c === 0x2f || (special && c === 0x5c)) {
              if (c === 0x5c && reporter !== null) reporter.report('invalid-reverse-solidus', q, 1, false);
              path.push('');
              p = q + 1;
              continue;
            }
          }
          if (reporter !== null) reportInvalidURLUnits(s, p, q, reporter, 0);
          // A dot segment is told from the input: its buffer (the same code units) is not needed.
          let dots = carried === '' ? dotSegmentDots(s, p, q) : 0;
          let buffer = '';
          if (dots === 0) {
            if (restartBeforeEncoding(optimistic, s, p, q)) return RESTART;
            buffer = utf8PercentEncodeRange(s, p, q, PATH_SET);
            if (optimistic && buffer.length !== q - p && hasTabOrNewline(s, p, q)) return RESTART;
            if (carried !== '') {
              buffer = carried + buffer;
              carried = '';
              dots = dotSegmentDots(buffer, 0, buffer.length);
            }
          }
          const c = at(s, q);
          if (special && c === 0x5c && reporter !== null) reporter.report('invalid-reverse-solidus', q, 1, false);
          const slash = c === 0x2f || (special && c === 0x5c);
          if (dots === 2) {
            shortenPath(url, segments === null ? (segments = splitPath(url.serializedPath)) : segments);
            if (!slash) path.push('');
          } else if (dots === 1) {
            if (!slash) path.push('');
          } else {
            if (url.scheme === 'file' && path.length === 0 && isWindowsDriveLetter(buffer)) {
              buffer = buffer[0] + ':';
            }
            path.push(buffer);
          }
          if (slash) {
            p = q + 1;
            continue;
          }
          if (c === 0x3f) {
            url.query = '';
            state = State.Query;
            p = q + 1;
          } else if (c === 0x23) {
            url.fragment = '';
            state = State.Fragment;
            p = q + 1;
          } else {
            return finish(url, segments, verbatim);
          }
          break;
        }
        break;
      }

      // https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
      case State.OpaquePath: {
        let q = p;
        for (; q < len; q++) {
          const c = String.prototype.charCodeAt.call(s, q);
          if (c === 0x3f || c === 0x23) break;
        }
        if (reporter !== null) reportInvalidURLUnits(s, p, q, reporter, 0);
        if (restartBeforeEncoding(optimistic, s, p, q)) return RESTART;
        if (q < len && q > p && String.prototype.charCodeAt.call(s, q - 1) === 0x20) {
          if (optimistic && hasTabOrNewline(s, p, q)) return RESTART;
          // A space right before "?" or "#" is encoded so that it cannot end up trailing.
          url.serializedPath += utf8PercentEncodeRange(s, p, q - 1, C0_CONTROL_SET) + '%20';
          verbatim = false;
        } else {
          const encoded = utf8PercentEncodeRange(s, p, q, C0_CONTROL_SET);
          if (encoded.length !== q - p) {
            if (optimistic && hasTabOrNewline(s, p, q)) return RESTART;
            verbatim = false;
          }
          url.serializedPath += encoded;
        }
        const c = at(s, q);
        if (c === 0x3f) {
          url.query = '';
          state = State.Query;
          p = q + 1;
        } else if (c === 0x23) {
          url.fragment = '';
          state = State.Fragment;
          p = q + 1;
        } else {
          return finish(url, segments, verbatim);
        }
        break;
      }

      // https://url.spec.whatwg.org/#query-state
      case State.Query: {
        let q = len;
        if (!hasOverride) {
          const hash = s.indexOf('#', p);
          if (hash !== -1) q = hash;
        }
        if (reporter !== null) reportInvalidURLUnits(s, p, q, reporter, 0);
        if (restartBeforeEncoding(optimistic, s, p, q)) return RESTART;
        let encoded: string;
        if (queryEncoder !== null && special && url.scheme !== 'ws' && url.scheme !== 'wss') {
          if (optimistic && hasTabOrNewline(s, p, q)) return RESTART;
          encoded = queryEncoder(s.slice(p, q), special);
          verbatim = false;
        } else {
          encoded = utf8PercentEncodeRange(s, p, q, special ? SPECIAL_QUERY_SET : QUERY_SET);
          if (encoded.length !== q - p) {
            if (optimistic && hasTabOrNewline(s, p, q)) return RESTART;
            verbatim = false;
          }
        }
        url.query = url.query === null || url.query === '' ? encoded : url.query + encoded;
        if (q < len) {
          url.fragment = '';
          state = State.Fragment;
          p = q + 1;
          break;
        }
        return finish(url, segments, verbatim);
      }

      // https://url.spec.whatwg.org/#fragment-state
      case State.Fragment: {
        if (reporter !== null) reportInvalidURLUnits(s, p, len, reporter, 0);
        if (restartBeforeEncoding(optimistic, s, p, len)) return RESTART;
        const encoded = utf8PercentEncodeRange(s, p, len, FRAGMENT_SET);
        if (encoded.length !== len - p) {
          if (optimistic && hasTabOrNewline(s, p, len)) return RESTART;
          verbatim = false;
        }
        url.fragment = url.fragment === null || url.fragment === '' ? encoded : url.fragment + encoded;
        return finish(url, segments, verbatim);
      }

      default:
        return null;
    }
  }
}

/** https://url.spec.whatwg.org/#shorten-a-urls-path */
function shortenPath(url: URLRecord, path: string[]): void {
  if (url.scheme === 'file' && path.length === 1 && isNormalizedWindowsDriveLetter(path[0]!)) return;
  path.pop();
}

/** Writes the path list back to the record, if it was edited as a list. */
function finish(url: URLRecord, segments: string[] | null, verbatim: boolean): URLRecord {
  if (segments !== null) url.serializedPath = joinPath(segments);
  serializationSuffix = verbatim && segments === null ? '' : null;
  return url;
}

/**
 * The serialization of the last successful parse, told by its input: the URL serializer would give
 * the input followed by this suffix ("" for the input itself; "/" after an input that ends with a
 * special URL's host or port, whose path is "/"), or null when it is not known to (then callers
 * serialize the record). (npm run bench row 1, new URL(s).href, Node 26: 220 -> 212 ns per URL in
 * one process with the previous build, interleaved, the "/" suffix being new; a third of the corpus
 * are such URLs.)
 */
export let serializationSuffix: string | null = null;

/**
 * For the path fast path: returns the end of the path (the first "?" or "#", or the end of input)
 * when every code unit up to it is left alone by the path state — no percent-encoding, no "\" in a
 * special URL, no segment that could be a dot segment — or -1.
 */
function scanCleanPath(s: string, p: number, special: boolean): number {
  const len = s.length;
  let segmentStart = true;
  for (let i = p; i < len; i++) {
    const c = String.prototype.charCodeAt.call(s, i);
    if (c === 0x3f || c === 0x23) return i;
    if (c >= 0x80 || PATH_SET[c] === 1) return -1;
    if (c === 0x2f) {
      segmentStart = true;
      continue;
    }
    if (segmentStart && (c === 0x2e || c === 0x25)) return -1;
    if (c === 0x5c && special) return -1;
    segmentStart = false;
  }
  return len;
}

/**
 * When `s[start, end)` is, ASCII case-insensitively, one of the special schemes or "data", "blob",
 * "mailto" or "javascript", returns that (lowercase, shared) string, and sets
 * {@link knownSchemeHadUpper}; otherwise null. Sharing the literal makes later comparisons of the
 * scheme cheap, whatever the representation of the input string.
 */
function knownScheme(s: string, start: number, end: number): string | null {
  const n = end - start;
  const a = String.prototype.charCodeAt.call(s, start) | 0x20;
  let candidate: string;
  switch (n) {
    case 2:
      candidate = 'ws';
      break;
    case 3:
      candidate = a === 0x77 ? 'wss' : 'ftp';
      break;
    case 4:
      candidate = a === 0x68 ? 'http' : a === 0x66 ? 'file' : a === 0x64 ? 'data' : 'blob';
      break;
    case 5:
      candidate = 'https';
      break;
    case 6:
      candidate = 'mailto';
      break;
    case 10:
      candidate = 'javascript';
      break;
    default:
      return null;
  }
  // Every candidate is lowercase letters: a code unit matches when it is that letter or its
  // uppercase form, and differs from it exactly when it is uppercase.
  let differs = 0;
  for (let i = 0; i < n; i++) {
    const c = String.prototype.charCodeAt.call(s, start + i);
    const d = String.prototype.charCodeAt.call(candidate, i);
    if ((c | 0x20) !== d) return null;
    differs |= c ^ d;
  }
  knownSchemeHadUpper = differs !== 0;
  return candidate;
}

/** Whether the scheme {@link knownScheme} last recognized had an ASCII upper alpha. */
let knownSchemeHadUpper = false;

/** Options of the low-level parse functions. */
export interface ParseOptions {
  /** A base URL: a string (parsed first), a URL record, or anything with an `href` string. */
  base?: string | URLRecord | { readonly href: string } | null | undefined;
  /** Called for every validation error, in the order the parser meets them. */
  onValidationError?: ValidationErrorCallback | undefined;
}

/** Resolves the `base` option into a record; `undefined` when the base fails to parse. */
export function resolveBase(base: ParseOptions['base']): URLRecord | null | undefined {
  if (base === null || base === undefined) return null;
  if (base instanceof URLRecord) return base;
  const href = typeof base === 'string' ? base : base.href;
  if (typeof href !== 'string') return undefined;
  const record = runBasicURLParser(toScalarValueString(href), null, null, 0, null, null);
  return record === null ? undefined : record;
}

/** Options of the low-level basic URL parser: a record to modify, and the state to start in. */
export interface BasicURLParseOptions extends ParseOptions {
  /** A record to modify in place (with `stateOverride`). */
  url?: URLRecord | undefined;
  /** The state to start in; only meaningful with `url`. */
  stateOverride?: StateOverride | undefined;
}

/**
 * The public parse functions' common body, with an optional query encoder (the legacy-encoding
 * entry passes one). With `allowOverride` false (parseURL) the `url` and `stateOverride` options are
 * ignored. Without them it returns a new record or `null`; with `url` and `stateOverride` it
 * modifies `url` and returns it, or `null` where the standard says "return failure".
 */
export function basicURLParseWith(
  input: string,
  options: BasicURLParseOptions | undefined,
  queryEncoder: QueryEncoder | null,
  allowOverride = true,
): URLRecord | null {
  if (typeof input !== 'string') return null;
  const base = options === undefined ? null : resolveBase(options.base);
  if (base === undefined) return null;
  const str = toScalarValueString(input);
  const callback = options?.onValidationError;
  const reporter = typeof callback === 'function' ? new ValidationReporter(input, callback) : null;
  let url: URLRecord | null = null;
  let state = 0;
  if (allowOverride && options?.url instanceof URLRecord) {
    url = options.url;
    if (options.stateOverride !== undefined) {
      const s = stateFromName(options.stateOverride);
      if (s === undefined) return null;
      state = s;
    }
  }
  const result = runBasicURLParser(str, base, url, state, reporter, queryEncoder);
  return url !== null && state !== 0 ? (result === null ? null : url) : result;
}

/**
 * Parses `input` into a URL record, or returns `null` for failure. The basic URL parser (no blob
 * URL entry resolution, which needs a blob URL store).
 *
 * ```ts
 * const url = parseURL('https://EXAMPLE.com/a/../b?q#f');
 * url?.host;  // 'example.com'
 * url?.path;  // ['b']
 * parseURL('b', { base: 'https://example.com/a/' })?.path; // ['a', 'b']
 * ```
 *
 * https://url.spec.whatwg.org/#concept-url-parser
 */
export function parseURL(input: string, options?: ParseOptions): URLRecord | null {
  return basicURLParseWith(input, options, null, false);
}

/** "http", "https", "ws", "wss" or "ftp" (ASCII case-insensitively) at `s[0, n)`. */
function isSpecialNonFileScheme(s: string, n: number): boolean {
  const a = String.prototype.charCodeAt.call(s, 0) | 0x20;
  if (n === 4) {
    return a === 0x68 && (String.prototype.charCodeAt.call(s, 1) | 0x20) === 0x74 && (String.prototype.charCodeAt.call(s, 2) | 0x20) === 0x74 && (String.prototype.charCodeAt.call(s, 3) | 0x20) === 0x70;
  }
  if (n === 5) {
    return (
      a === 0x68 &&
      (String.prototype.charCodeAt.call(s, 1) | 0x20) === 0x74 &&
      (String.prototype.charCodeAt.call(s, 2) | 0x20) === 0x74 &&
      (String.prototype.charCodeAt.call(s, 3) | 0x20) === 0x70 &&
      (String.prototype.charCodeAt.call(s, 4) | 0x20) === 0x73
    );
  }
  if (n === 2) return a === 0x77 && (String.prototype.charCodeAt.call(s, 1) | 0x20) === 0x73;
  if (n === 3) {
    const b = String.prototype.charCodeAt.call(s, 1) | 0x20;
    const c = String.prototype.charCodeAt.call(s, 2) | 0x20;
    return (a === 0x77 && b === 0x73 && c === 0x73) || (a === 0x66 && b === 0x74 && c === 0x70);
  }
  return false;
}

/** "file" (ASCII case-insensitively) at `s[0, n)`. */
function isFileScheme(s: string, n: number): boolean {
  return (
    n === 4 &&
    (String.prototype.charCodeAt.call(s, 0) | 0x20) === 0x66 &&
    (String.prototype.charCodeAt.call(s, 1) | 0x20) === 0x69 &&
    (String.prototype.charCodeAt.call(s, 2) | 0x20) === 0x6c &&
    (String.prototype.charCodeAt.call(s, 3) | 0x20) === 0x65
  );
}

/**
 * A check that reads only a prefix of `input` and builds nothing: true means the basic URL parser
 * (without a base) certainly succeeds on `input`; false means "not known", and the full parser has
 * to decide. It answers true for the common shapes only:
 *
 * - a scheme that is not special and not followed by "//": the rest is an opaque path or a path,
 *   and the states that follow never fail;
 * - "http", "https", "ws", "wss" or "ftp", then "//", a host of {@link certainHostEnd}, then an
 *   optional port of at most 65535 — the path, query and fragment states that follow never fail;
 * - "file", then "///" (an empty host), or "//" and a host of {@link certainHostEnd} followed by
 *   "/", "\\", "?", "#" or the end (the file host state, then states that never fail).
 *
 * Every code unit it reads is one that cleaning the input (trimming, removing tab and newline)
 * leaves in place: it gives up at any other code unit, so the unread rest may hold anything.
 */
export function certainlyParses(input: string): boolean {
  const len = input.length;
  if (len === 0) return false;
  let c = String.prototype.charCodeAt.call(input, 0);
  if (c >= 128 || (asciiClass[c]! & 1) === 0) return false;
  let i = 1;
  for (; i < len; i++) {
    c = String.prototype.charCodeAt.call(input, i);
    if (c >= 128 || (asciiClass[c]! & SCHEME) === 0) break;
  }
  if (i === len || c !== 0x3a) return false;
  const schemeLength = i;
  i++;
  const file = isFileScheme(input, schemeLength);
  if (!file && !isSpecialNonFileScheme(input, schemeLength)) {
    // Opaque path, path, or (after "//") an authority with an opaque host, which is left to the parser.
    c = i < len ? String.prototype.charCodeAt.call(input, i) : -1;
    if (c === 0x09 || c === 0x0a || c === 0x0d) return false;
    if (c !== 0x2f) return true;
    c = i + 1 < len ? String.prototype.charCodeAt.call(input, i + 1) : -1;
    return c !== 0x2f && c !== 0x09 && c !== 0x0a && c !== 0x0d;
  }
  if (i + 1 >= len || String.prototype.charCodeAt.call(input, i) !== 0x2f || String.prototype.charCodeAt.call(input, i + 1) !== 0x2f) return false;
  i += 2;
  if (file) {
    // "file:///": the file host state sees an empty host, and the path state never fails.
    if (i < len && String.prototype.charCodeAt.call(input, i) === 0x2f) return true;
    i = certainHostEnd(input, i, len);
    if (i === -1) return false;
    c = i < len ? String.prototype.charCodeAt.call(input, i) : -1;
    return c === -1 || c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23;
  }
  i = certainHostEnd(input, i, len);
  if (i === -1) return false;
  if (i === len) return true;
  c = String.prototype.charCodeAt.call(input, i);
  if (c === 0x3a) {
    let port = 0;
    for (i++; i < len; i++) {
      c = String.prototype.charCodeAt.call(input, i);
      if (c < 0x30 || c > 0x39) break;
      port = port * 10 + (c - 0x30);
      if (port > 0xffff) return false;
    }
    if (i === len) return true;
  }
  return c === 0x2f || c === 0x3f || c === 0x23 || c === 0x5c;
}

/**
 * For {@link certainlyParses}: the end of a host starting at `i` that the host parser certainly
 * accepts (a domain is only lowercased), or -1 when that is not known. Such a host is a run of ASCII
 * alphanumerics, "-" and "." whose last label does not start with a digit (the ends-in-a-number
 * checker says false), or four decimal numbers of at most 255 without leading zero, separated by
 * "." (an IPv4 address the IPv4 parser accepts).
 *
 * https://url.spec.whatwg.org/#concept-host-parser
 */
function certainHostEnd(input: string, i: number, len: number): number {
  const hostStart = i;
  /** Start of the current label. */
  let labelStart = i;
  /** Start of the last non-empty label. */
  let lastLabelStart = -1;
  let c = 0;
  let nonDigit = false;
  for (; i < len; i++) {
    c = String.prototype.charCodeAt.call(input, i);
    if (c === 0x2e) {
      labelStart = i + 1;
      continue;
    }
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2d) {
      nonDigit = true;
      if (i === labelStart) lastLabelStart = i;
      continue;
    }
    if (c >= 0x30 && c <= 0x39) {
      if (i === labelStart) lastLabelStart = i;
      continue;
    }
    break;
  }
  if (i === hostStart) return -1;
  if (!nonDigit) return isDottedDecimalIPv4(input, hostStart, i) ? i : -1;
  // The ends-in-a-number checker looks at the last label (the one before a single trailing "."):
  // a number starts with a digit. Give up when that label might be one.
  // (With a single trailing ".", the last non-empty label is that label; with two, it is empty.)
  if (lastLabelStart === -1 || (String.prototype.charCodeAt.call(input, i - 1) === 0x2e && String.prototype.charCodeAt.call(input, i - 2) === 0x2e)) return -1;
  c = String.prototype.charCodeAt.call(input, lastLabelStart);
  return c >= 0x30 && c <= 0x39 ? -1 : i;
}

/**
 * Whether `s[start, end)` (digits and ".") is four numbers of at most 255, each "0" or without a
 * leading zero, separated by ".": the IPv4 parser accepts it as it is.
 */
function isDottedDecimalIPv4(s: string, start: number, end: number): boolean {
  let parts = 0;
  let value = 0;
  let digits = 0;
  for (let i = start; i <= end; i++) {
    const c = i < end ? String.prototype.charCodeAt.call(s, i) : 0x2e;
    if (c === 0x2e) {
      if (digits === 0 || value > 255 || ++parts > 4) return false;
      value = 0;
      digits = 0;
    } else {
      if (digits === 1 && value === 0) return false;
      value = value * 10 + (c - 0x30);
      digits++;
    }
  }
  return parts === 4;
}
