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
import { ALPHA, asciiClass, codePointLength, LONG_INPUT, LONG_RANGE, schemeEnd, stringFromASCIIBytes, toScalarValueString } from './infra.ts';
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
  startsWithWindowsDriveLetter,
  URLRecord,
} from './url-record.ts';
import { dotSegmentDots, leadingDots, leadingDotsEnd } from './dot-segments.ts';
import { AUTHORITY_CLASS, AuthorityClass, parseCommonShape, ReturnMode, setSerializationSuffix, SPECIAL_AUTHORITY_END } from './url-parser-common-shape.ts';
import { at, cleanInput, hasTabOrNewline, trimInput } from './url-parser-input.ts';
import { ValidationReporter, type ValidationErrorCallback } from './validation-error.ts';

// The route for the common shapes, URL.canParse's check and the setters' shortcuts live in modules
// of their own; these are their names for the rest of the package.
export {
  certainlyParses,
  HELD_AS_SERIALIZATION,
  heldHostEnd,
  heldHostStart,
  heldHref,
  heldPathEnd,
  heldPathStart,
  heldQueryEnd,
  parseBaseOfReferenceStartingWithSlash,
  parseCommonShape,
  serializationSuffix,
} from './url-parser-common-shape.ts';
export { ReturnMode } from './url-parser-common-shape.ts';
export { fragmentFromOverrideInput, pathFromOverrideInput, queryFromOverrideInput, simpleHostFromOverrideInput } from './url-parser-state-override.ts';

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

/** The state override names, in the order of {@link State} from SchemeStart. */
const STATE_NAMES: readonly StateOverride[] = /* @__PURE__ */ (
  'scheme start,scheme,no scheme,special relative or authority,path or authority,relative,relative slash,' +
  'special authority slashes,special authority ignore slashes,authority,host,hostname,port,file,file slash,' +
  'file host,path start,path,opaque path,query,fragment'
).split(',') as StateOverride[];

/** Maps a state override name to the parser's state; `undefined` for an unknown name. */
export function stateFromName(name: string): State | undefined {
  const i = STATE_NAMES.indexOf(name as StateOverride);
  return i === -1 ? undefined : ((i + State.SchemeStart) as State);
}

/**
 * Percent-encodes a query for a legacy (non-UTF-8) encoding: the standard's "percent-encode after
 * encoding" with the query's percent-encode set. Supplied by the legacy-encoding module.
 */
export type QueryEncoder = (query: string, isSpecial: boolean) => string;

/** The end of another authority. */
const AUTHORITY_END_RE = /[/?#]/g;
/** ":" or "[", for the first ":" outside brackets. */
const COLON_OR_BRACKET = /[:[]/g;
/** "?" or "#": the end of an opaque path. */
const QUERY_OR_FRAGMENT_START = /[?#]/;

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
  // The scans below read the authority only: the input up to its end. (Searching the whole input
  // read all of a long path after a short host: 9% of "http://h/" and 1 MB of "%2e%2e/".)
  const authority = s.slice(0, end);
  COLON_OR_BRACKET.lastIndex = lastAt === -1 ? p : lastAt + 1;
  for (;;) {
    const m = COLON_OR_BRACKET.exec(authority);
    if (m === null) break;
    if (String.prototype.charCodeAt.call(s, m.index) === 0x3a) {
      colon = m.index;
      break;
    }
    // "[": no ":" counts until the next "]".
    const close = authority.indexOf(']', m.index + 1);
    if (close === -1) break;
    COLON_OR_BRACKET.lastIndex = close + 1;
  }
  longAuthorityColon = colon;
  return end;
}

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
      const common = parseCommonShape(rawInput, base, ReturnMode.Record);
      if (common !== undefined) return common;
    }
    return parseOtherShape(rawInput, base, queryEncoder);
  }
  return parse(rawInput, base, url, stateOverride, reporter, queryEncoder, false);
}

/**
 * The basic URL parser without `url`, state override and reporter, for an input that
 * {@link parseCommonShape} gave up on (or that has a query encoder): the state machine, run first
 * on the input as it is. Callers that tried the common-shape route themselves continue here.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function parseOtherShape(rawInput: string, base: URLRecord | null, queryEncoder: QueryEncoder | null): URLRecord | null {
  // A long input with ASCII tab or newline (three native scans tell) is cleaned first: the run
  // below would read it up to one only to start again, and the cleaned input may have the
  // common shape. (512k "a\t" in a path: 8.4 -> 4 ms on Node 26.)
  if (rawInput.length > LONG_INPUT && hasTabOrNewline(rawInput, 0, rawInput.length)) {
    const cleaned = cleanInput(rawInput, true, null);
    const result = queryEncoder === null ? parseCommonShape(cleaned, base, ReturnMode.Record) : undefined;
    // Either way the serialization is not the input, which had tabs or newlines.
    const parsed = result !== undefined ? result : parse(cleaned, base, null, 0, null, queryEncoder, false);
    setSerializationSuffix(null);
    return parsed;
  }
  // First without looking for ASCII tab or newline: the states this run goes through examine
  // every code unit they keep, and ask for a run on the cleaned input when one is there.
  const result = parse(rawInput, base, null, 0, null, queryEncoder, true);
  if (result !== RESTART && (result !== null || !hasTabOrNewline(rawInput, 0, rawInput.length))) return result;
  return parse(rawInput, base, null, 0, null, queryEncoder, false);
}

/**
 * The state machine alone, without {@link parseCommonShape} and the optimistic run: what the tests
 * compare those shortcuts with.
 */
export function parseWithStateMachine(input: string, base: URLRecord | null): URLRecord | null {
  return parse(input, base, null, 0, null, null, false);
}

/** Returned by an optimistic run of {@link parse} that met an ASCII tab or newline. */
const RESTART: URLRecord = /* @__PURE__ */ new URLRecord();

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
    if (f === AuthorityClass.End || (c === 0x5c && special)) break;
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

/** A separator before "." or "%" (the start of a possible dot segment), or the end of the path. */
const RUN_STOP = /\/[.%]|[?#]/g;
const RUN_STOP_SPECIAL = /[/\\][.%]|[?#]/g;

/** What may end a path segment. */
const SEGMENT_END = /[/\\?#]/g;

/**
 * Where the path state's segment starting at `p` ends: at "/", "\\" for special URLs, or (without
 * a state override) "?" or "#"; the end otherwise. https://url.spec.whatwg.org/#path-state
 */
function pathSegmentEnd(s: string, p: number, len: number, special: boolean, hasOverride: boolean): number {
  for (let q = p; q < len; q++) {
    // Past its first LONG_RANGE code units, a native scan finds the next code unit that may end the
    // segment. (npm run bench:adversarial, a non-special path of "a" x n, 10 MB, Node 26: 23 -> 13 ms,
    // where the path state's fast path for a clean path, now gone, read each code unit.)
    if (q - p >= LONG_RANGE) {
      SEGMENT_END.lastIndex = q;
      if (!SEGMENT_END.test(s)) break;
      q = SEGMENT_END.lastIndex - 1;
    }
    const c = String.prototype.charCodeAt.call(s, q);
    if (c === 0x2f || (special && c === 0x5c) || (!hasOverride && (c === 0x3f || c === 0x23))) return q;
  }
  return len;
}

/**
 * The basic URL parser. With `optimistic` (only without `url`, state override and reporter), the
 * input is trimmed but not cleaned of ASCII tab or newline: the run returns {@link RESTART} as soon
 * as it finds one, and may return `null` without having looked (the caller checks then). On every
 * route to success it has examined each code unit: scanning loops that stop at or reject a tab or
 * newline, or a check of each range it percent-encodes (hasTabOrNewline, a native scan for a long
 * one), and states outside these routes ask for the restart at once.
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
        if (c >= 0 && c < 128 && (asciiClass[c]! & ALPHA) !== 0) {
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
        const q = schemeEnd(s, p);
        if (at(s, q) === 0x3a /* : */) {
          let buffer = knownScheme(s, schemeStart, q);
          if (buffer === null) {
            const rawScheme = s.slice(schemeStart, q);
            // ASCII lowercase: the scheme's code points are all ASCII. (npm run bench:adversarial,
            // a scheme of 10 MB, Node 26: 44 -> 15 ms against asciiLowercase's loop.)
            buffer = rawScheme.toLowerCase();
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
        // Only a state override gets here without a base: relative and relative slash (and special
        // relative or authority, which goes on to them) take the base's components, and have none to take.
        if (base === null) return null;
        const b = base;
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
            shortenPath(url, segments === null ? (segments = pathList(url.serializedPath)) : segments);
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
          // As in the relative state: without a base (a state override), there is nothing to take.
          if (base === null) return null;
          const b = base;
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
        // The host state, without a state override; with one, the host state itself (which returns
        // after the host or the port).
        if (hasOverride) {
          state = State.Host;
          p = hostStart;
          break;
        }
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
              shortenPath(url, segments === null ? (segments = pathList(url.serializedPath)) : segments);
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
            // base's path[0], read without splitting the rest.
            const first = base.opaquePath ? undefined : base.serializedPath.split('/', 2)[1];
            if (first !== undefined && isNormalizedWindowsDriveLetter(first)) {
              (segments === null ? (segments = pathList(url.serializedPath)) : segments).push(first);
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
          if (hasOverride && url.host === null) (segments === null ? (segments = pathList(url.serializedPath)) : segments).push('');
          return finish(url, segments, verbatim);
        }
        break;
      }

      // https://url.spec.whatwg.org/#path-state
      case State.Path: {
        const path = segments === null ? (segments = pathList(url.serializedPath)) : segments;
        url.opaquePath = false;
        verbatim = false;
        /**
         * Where the run of segments not yet appended starts, or -1. Segments that need nothing but
         * percent-encoding (no dot segment, no Windows drive letter) are appended as one item, the
         * run of input from the first to the last and percent-encoded at once, with "/" (or "\\")
         * between them; shortenPath takes its last segment off such an item. A list of millions of
         * items costs more to grow than the segments themselves (npm run bench:adversarial, 10 MB,
         * Node 26: a path of "a\\" x n 565 -> 97 ms, a reference of "a/" x n against a base 631 ->
         * 58 ms; "http://h/" + "a/" x 5M + ".." 619 -> 118 ms).
         */
        let run = -1;
        /** Where the last segment of the run ends. */
        let runEnd = -1;
        for (;;) {
          // A dot segment is told from the input: its buffer (the same code units) is not needed.
          let dots = 0;
          let q = p;
          const first = at(s, p);
          if (carried === '' && (first === 0x2e || first === 0x25)) {
            dots = leadingDots(s, p, len);
            q = leadingDotsEnd;
          }
          const afterDots = q;
          q = pathSegmentEnd(s, q, len, special, hasOverride);
          if (q !== afterDots) dots = 0;
          if (reporter !== null) reportInvalidURLUnits(s, p, q, reporter, 0);
          const c = at(s, q);
          if (special && c === 0x5c && reporter !== null) reporter.report('invalid-reverse-solidus', q, 1, false);
          const slash = c === 0x2f || (special && c === 0x5c);
          // Not plain: a dot segment, the first segment of a file URL (it may be a Windows drive
          // letter) and the segment after a carried drive letter.
          const plain = dots === 0 && carried === '' && (url.scheme !== 'file' || path.length > 0 || run !== -1);
          if (dots === 0) {
            if (run === -1) run = p;
            runEnd = q;
          }
          if (plain && slash && reporter === null) {
            // The segments up to the next one that may be a dot segment, or to the end of the
            // path, join the run in one native scan. (npm run bench:adversarial, 10 MB, Node 26,
            // alternating with the build before: a path of "a\\" x n 173 -> 81 ms, a reference of
            // "a/" x n against a base 106 -> 20 ms; rows 1 and 3 of npm run bench 1.007x and 1.028x,
            // six pairs of processes.)
            const stop = special ? RUN_STOP_SPECIAL : RUN_STOP;
            stop.lastIndex = q;
            // The loop goes on at the segment that starts with "." or "%" (the run then ends at
            // the separator before it, unless that segment is plain), or at "?", "#" or the end.
            p = stop.test(s) ? stop.lastIndex - 1 : len;
            runEnd = p - 1;
            continue;
          }
          if (run !== -1 && (!plain || !slash)) {
            // The run ends (at a segment that is not plain, which is then the whole run unless it
            // is a dot segment, or at the end of the path): its segments are appended as one item.
            if (optimistic && hasTabOrNewline(s, run, runEnd)) return RESTART;
            let buffer = utf8PercentEncodeRange(s, run, runEnd, PATH_SET);
            if (special && buffer.includes('\\')) buffer = backslashesToSlashes(buffer);
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
        // The path ends at the first "?" or "#": one native search. (An opaque path of 1 MB after
        // other long inputs, Node 26: 1.9–2.1 ms, 60% of it a loop over its code units, -> 0.43–0.49
        // ms; Bun 1.0 -> 0.4 ms.)
        let q = s.slice(p).search(QUERY_OR_FRAGMENT_START);
        q = q < 0 ? len : p + q;
        if (reporter !== null) reportInvalidURLUnits(s, p, q, reporter, 0);
        if (optimistic && hasTabOrNewline(s, p, q)) return RESTART;
        if (q < len && q > p && String.prototype.charCodeAt.call(s, q - 1) === 0x20) {
          // A space right before "?" or "#" is encoded so that it cannot end up trailing.
          url.serializedPath += utf8PercentEncodeRange(s, p, q - 1, C0_CONTROL_SET) + '%20';
          verbatim = false;
        } else {
          const encoded = utf8PercentEncodeRange(s, p, q, C0_CONTROL_SET);
          if (encoded.length !== q - p) verbatim = false;
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
        if (optimistic && hasTabOrNewline(s, p, q)) return RESTART;
        let encoded: string;
        if (queryEncoder !== null && special && url.scheme !== 'ws' && url.scheme !== 'wss') {
          encoded = queryEncoder(s.slice(p, q), special);
          verbatim = false;
        } else {
          encoded = utf8PercentEncodeRange(s, p, q, special ? SPECIAL_QUERY_SET : QUERY_SET);
          if (encoded.length !== q - p) verbatim = false;
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
        if (optimistic && hasTabOrNewline(s, p, len)) return RESTART;
        const encoded = utf8PercentEncodeRange(s, p, len, FRAGMENT_SET);
        if (encoded.length !== len - p) verbatim = false;
        url.fragment = url.fragment === null || url.fragment === '' ? encoded : url.fragment + encoded;
        return finish(url, segments, verbatim);
      }

      default:
        return null;
    }
  }
}

/**
 * A non-opaque serialized path as the list the path state edits: one item that holds every
 * segment, joined by "/" (see shortenPath), where a list of one item per segment would cost a path
 * of millions of segments as many items. (new URL("x", "http://h/" + "a/" x 512k), Node 26: 10.2 ->
 * 1.2 ms, where parsing the base takes 1.1.)
 */
function pathList(serializedPath: string): string[] {
  return serializedPath === '' ? [] : [serializedPath.slice(1)];
}

/**
 * https://url.spec.whatwg.org/#shorten-a-urls-path
 *
 * An item of the list may hold several segments joined by "/" (a run the path state appended at
 * once): then its last segment is taken off. No segment holds "/" itself.
 */
function shortenPath(url: URLRecord, path: string[]): void {
  if (url.scheme === 'file' && path.length === 1 && isNormalizedWindowsDriveLetter(path[0]!)) return;
  const item = path.pop();
  // (includes first: lastIndexOf is a call into the runtime, which made a path of "../" x 3.5M
  // take twice as long on Node 26.)
  if (item?.includes('/')) path.push(item.slice(0, item.lastIndexOf('/')));
}

/**
 * `s`, which is ASCII, with every "\\" (a separator of a special URL's path segments) made "/".
 * (Five million of them: Node 26 18 ms, where `replace` with a regular expression took 1.5 s and
 * `split` and `join` 0.22 s.)
 */
function backslashesToSlashes(s: string): string {
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = String.prototype.charCodeAt.call(s, i);
    bytes[i] = c === 0x5c ? 0x2f : c;
  }
  return stringFromASCIIBytes(bytes);
}

/** Writes the path list back to the record, if it was edited as a list. */
function finish(url: URLRecord, segments: string[] | null, verbatim: boolean): URLRecord {
  if (segments !== null) url.serializedPath = joinPath(segments);
  setSerializationSuffix(verbatim && segments === null ? '' : null);
  return url;
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
