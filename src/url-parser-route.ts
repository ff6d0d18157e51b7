/**
 * The basic URL parser's route for the shapes most URLs have: one straight run through the states
 * such an input visits, driving the scanners the state machine uses (url-parser-scanners.ts). It
 * gives the state machine's result for these inputs, and for any other input it gives up with the
 * reason ({@link GiveUp}); the caller then runs the state machine.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { CodeUnit, codeUnitAt } from './code-unit.ts';
import { parseHostToString } from './host.ts';
import { asciiLowercase, LONG_INPUT, LONG_RANGE, schemeEnd } from './infra.ts';
import {
  C0_CONTROL_SET,
  firstPercentEncoded,
  FRAGMENT_SET,
  PATH_SET,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  USERINFO_SET,
  utf8PercentEncodeFrom,
  utf8PercentEncodeRange,
} from './percent-encoding.ts';
import { SerializedURL, serializedRecord } from './serialized-url.ts';
import { createURLRecord, specialSchemeDefaultPort, type URLRecord } from './url-record.ts';
import { hasTabOrNewline, trimmedEnd } from './url-parser-input.ts';
import { isDotSegmentAt } from './dot-segments.ts';
import {
  AUTHORITY_CLASS,
  AuthorityClass,
  isASCIIAlpha,
  isPercentEncodedByteAt,
  leadingSpecialScheme,
  mayEndInANumber,
  PATH_CLASS,
  PathClass,
  PathScanStop,
  portDigitsEnd,
  portValue,
  scanLongPath,
  SchemeMatch,
  simpleHostEnd,
  schemeOfMatch,
  SPECIAL_AUTHORITY_END_ONE,
} from './url-parser-scanners.ts';

/** What {@link parseCommonShape} is asked to return for an input of its shapes. */
export const enum ReturnMode {
  /** The URL record. */
  Record = 0,
  /**
   * The scheme and authority only (the first shape, without a base), written into the record the
   * caller passes: all that a path-absolute or scheme-relative reference reads of its base.
   */
  Authority = 1,
  /**
   * A {@link SerializedURL} when the URL's serialization is known without building the record (the
   * input, or a base's scheme and authority followed by a path-absolute reference); a
   * SerializedURL with the record when the record is built and the input is its serialization; the
   * record otherwise.
   */
  Serialization = 2,
}

/**
 * Why the route gave up on an input: each is a shape the state machine parses (or a failure it
 * reports), and the route does not.
 */
export const enum GiveUp {
  /** The input is empty, or only C0 controls and spaces. */
  EmptyInput = 1,
  /** It starts with neither an ASCII alpha nor "/" against a special base (no scheme). */
  NoScheme,
  /** A path-relative, query-only or fragment-only reference, or one against a base the route does not resolve against. */
  OtherReference,
  /** A scheme-relative reference written "/\\" (one written "//" is read, against a special base other than "file"). */
  SchemeRelative,
  /** A special scheme not followed by "//". */
  MissingSlashes,
  /** "\\" in a special URL. */
  Backslash,
  /** A third "/" after the scheme. */
  ExtraSlash,
  /** ASCII tab or newline, which cleaning the input removes. */
  TabOrNewline,
  /** An IPv6 address (brackets in the authority). */
  IPv6Host,
  /** A single-dot or double-dot path segment. */
  DotSegment,
  /** An input or authority longer than the route reads code unit by code unit. */
  LongInput,
  /** A "file" URL other than "file://", a host and a path. */
  FileShape,
  /** A base whose scheme is "file" or not special, which the authority-only mode does not read. */
  OtherBase,
  /** A URL whose scheme is not special, of another shape than the route's two. */
  NonSpecialShape,
}

/** The names {@link explainRoute} gives the reasons of {@link GiveUp}, by value. */
export const GIVE_UP_REASONS: readonly string[] = [
  '',
  'empty input',
  'no scheme',
  'another kind of reference or base',
  'scheme-relative reference',
  'special scheme without "//"',
  'backslash',
  'third slash',
  'tab or newline',
  'IPv6 host',
  'dot segment',
  'long input',
  'file URL of another shape',
  'a base of another scheme',
  'non-special URL of another shape',
];

/** What the route returns: the result of the basic URL parser (null for failure), or why it gave up. */
export type RouteResult = URLRecord | SerializedURL | null | GiveUp;

/**
 * The basic URL parser for the shapes most URLs have, as one straight run through the states they
 * visit; a {@link GiveUp} reason when the input has another shape (the state machine then parses
 * it from the start). Only without `url`, state override, reporter and query encoder. It covers:
 *
 * - a special scheme other than "file", then "//" and an authority without brackets, "\\" or an
 *   empty host: scheme start → scheme → special authority slashes (or special relative or
 *   authority, when the base has the same scheme) → special authority ignore slashes → authority →
 *   host → port; or the same from "//" against a base with such a scheme (a scheme-relative
 *   reference: no scheme → relative → relative slash → special authority ignore slashes);
 * - a path-absolute reference ("/" not followed by "/" or "\\") against a base with a special
 *   scheme other than "file": no scheme → relative → relative slash, which copies the base's
 *   credentials, host and port; or, with a `pathPrefix` (see {@link routeFormOf}), the
 *   path-absolute reference `pathPrefix + s.slice(start)`, whose prefix is the base's serialized
 *   path or a part of it that ends with "/", and is therefore not read again;
 * - "file://", a host of ASCII code units the domain parser keeps or lowercases, and a path
 *   ({@link fileShape});
 *
 * then path start → path → query → fragment, where the path has no "\\" and no dot segment; and
 *
 * - a scheme that is not special, then a path that does not start with "/" (an opaque path), or
 *   "//", an optional user name, an opaque host of ASCII lowercase letters, digits, "-" and ".", an
 *   optional port, and a path, a query, a fragment or the end ({@link nonSpecialShape}).
 *
 * It reads every code unit the standard keeps and gives up at ASCII tab or newline; trailing C0
 * controls and spaces it leaves unread, as step 1 of the basic URL parser removes them, so it never
 * needs the input cleaned. It returns null (failure) where the state machine certainly fails too —
 * an empty host, a host the host parser rejects, a port with another code point than a digit or
 * past 65535 — and gives up on other failures.
 *
 * In {@link ReturnMode.Authority}, `authority` is the record it writes the scheme and authority
 * into, and returns; the caller owns it. In {@link ReturnMode.Serialization}, `serializedInto`,
 * when given, is the SerializedURL it writes a held serialization into, and returns, instead of a
 * new one: a caller that copies the positions at once (the URL class) owns one and passes it.
 * `schemeRelative` is true when the route calls itself for a scheme-relative reference, which it
 * then reads from its "//" with `base`'s scheme.
 */
export function parseCommonShape(
  s: string,
  base: URLRecord | null,
  mode: ReturnMode,
  authority: URLRecord | null = null,
  serializedInto: SerializedURL | null = null,
  pathPrefix = '',
  start = 0,
  schemeRelative = false,
): RouteResult {
  // Tested by its length: comparing a string that is not always an interned one with "" makes
  // JavaScriptCore leave its optimized code each time the kind of string changes.
  const hasPathPrefix = pathPrefix.length !== 0;
  // https://url.spec.whatwg.org/#concept-basic-url-parser step 1: the leading and trailing C0
  // controls and spaces are removed. Only trailing ones are taken here (a leading one is not a
  // scheme's first code unit, nor "/"); the route reads nothing past `len`.
  let len = s.length;
  // After a path prefix, the rest may be empty (the empty reference, "./" and "../").
  if (len === 0 && !hasPathPrefix) return GiveUp.EmptyInput;
  if (codeUnitAt(s, len - 1) <= CodeUnit.Space) {
    len = trimmedEnd(s);
    if (len === 0) return GiveUp.EmptyInput;
  }
  let c = codeUnitAt(s, 0);
  let p: number;
  /** Whether the input is its URL's serialization so far. */
  let verbatim: boolean;
  // The URL's components, put in a new record at the end in one step.
  let scheme: string;
  let username = '';
  let password = '';
  /** The host, or undefined for `s[hostStart, hostEnd)` (sliced only when a record is built). */
  let host: string | null | undefined;
  let hostStart = 0;
  let hostEnd = 0;
  let port: number | null = null;
  /** Whether the URL has credentials ("@" in the authority, or the base's). */
  let credentials = false;
  /** Whether the input is a path-absolute reference, resolved against the base's authority. */
  let relative = false;
  /** Whether the input is a file URL whose path starts with a Windows drive letter written "C|". */
  let driveLetterBar = false;
  /** Whether the scheme is not special (the route's non-special shapes). */
  let nonSpecial = false;
  /** The opaque path of a non-special URL, when it differs from its input range. */
  let opaquePath: string | undefined;
  // With a path prefix, s is a path-relative reference's rest, which may start with a letter.
  if ((isASCIIAlpha(c) && !hasPathPrefix) || schemeRelative) {
    // https://url.spec.whatwg.org/#scheme-start-state, https://url.spec.whatwg.org/#scheme-state
    // A scheme-relative reference has the base's scheme: there is no scheme to match (-1).
    const match = schemeRelative ? -1 : leadingSpecialScheme(s, c);
    if (match === SchemeMatch.None) {
      if (mode === ReturnMode.Authority) return GiveUp.OtherBase;
      // https://url.spec.whatwg.org/#file-state, file slash state, file host state
      const file = fileShape(s, len);
      if (typeof file !== 'number') {
        scheme = 'file';
        host = file.host;
        hostStart = 7;
        hostEnd = p = file.end;
        verbatim = file.verbatim;
        driveLetterBar = file.driveLetterBar;
      } else if (file === GiveUp.FileShape) {
        return file;
      } else {
        // https://url.spec.whatwg.org/#scheme-state, then the opaque path state (the host is null
        // only for this shape) or the path or authority, authority, host and port states.
        const shape = nonSpecialShape(s, len);
        if (typeof shape === 'number') return shape;
        nonSpecial = true;
        scheme = shape.scheme;
        host = shape.host;
        port = shape.port;
        username = shape.username;
        verbatim = shape.verbatim;
        opaquePath = shape.opaquePath;
        p = shape.end;
      }
      c = p < len ? codeUnitAt(s, p) : -1;
    } else {
      scheme = schemeRelative ? base!.scheme : schemeOfMatch(match);
      // Where the scheme's ":" is: before the input for a scheme-relative reference.
      const q = schemeRelative ? -1 : scheme.length;
      const defaultPort = specialSchemeDefaultPort(scheme)!;
      verbatim = !schemeRelative && (match & SchemeMatch.WrittenWithUpper) === 0;
      // https://url.spec.whatwg.org/#special-authority-slashes-state
      // https://url.spec.whatwg.org/#special-relative-or-authority-state
      // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
      p = q + 3;
      if (p > len || codeUnitAt(s, q + 1) !== CodeUnit.Solidus || codeUnitAt(s, q + 2) !== CodeUnit.Solidus) return GiveUp.MissingSlashes;
      // Nothing after "//": the host is empty (host-missing), which is failure.
      if (p === len) return null;
      // https://url.spec.whatwg.org/#authority-state, https://url.spec.whatwg.org/#host-state
      // One pass finds the end of the authority, its last "@" and the first ":" after that, as
      // the state machine's authority scan does, and classifies the host on the way.
      const authorityStart = p;
      hostStart = p;
      let lastAt = -1;
      let colon = -1;
      let simple = true;
      /** Whether the host so far is an ASCII domain the host parser only lowercases (or a number). */
      let ascii = true;
      /** Whether the host so far has an ASCII upper alpha. */
      let upper = false;
      /**
       * Whether the host so far has a forbidden domain code point that neither percent-decoding
       * nor domain to ASCII can change: the host parser fails then. Not "%" before two hex
       * digits, and not "<" or ">", which Unicode normalization composes with a following U+0338
       * into "≮" and "≯".
       */
      let forbidden = false;
      if (len - p > LONG_INPUT) {
        // A long authority is left to the state machine, whose authority scan is native. Only its
        // first LONG_INPUT code units are searched for its end: a longer one is not read here.
        if (!SPECIAL_AUTHORITY_END_ONE.test(s.slice(p, p + LONG_INPUT))) return GiveUp.LongInput;
      }
      for (; p < len; p++) {
        c = codeUnitAt(s, p);
        if (c < CodeUnit.FirstNonASCII && AUTHORITY_CLASS[c] === AuthorityClass.Simple) {
          // A run of code units that keep the host simple, in a loop of its own that holds little
          // more than its index in registers.
          do p++;
          while (p < len && (c = codeUnitAt(s, p)) < CodeUnit.FirstNonASCII && AUTHORITY_CLASS[c] === AuthorityClass.Simple);
          if (p === len) break;
        }
        if (c >= CodeUnit.FirstNonASCII) {
          if (colon === -1) simple = ascii = false;
          continue;
        }
        // Not Simple: the run above took every code unit of that class.
        const kind = AUTHORITY_CLASS[c]!;
        if (kind === AuthorityClass.End || c === CodeUnit.ReverseSolidus) break;
        if (kind >= AuthorityClass.Kept) {
          if (colon === -1) {
            simple = false;
            if (kind === AuthorityClass.Upper) upper = true;
          }
        } else if (c === CodeUnit.CommercialAt) {
          lastAt = p;
          hostStart = p + 1;
          colon = -1;
          simple = ascii = true;
          upper = false;
          forbidden = false;
        } else if (c === CodeUnit.Colon) {
          if (colon === -1) colon = p;
        } else if (c === CodeUnit.LeftSquareBracket || c === CodeUnit.RightSquareBracket) {
          return GiveUp.IPv6Host;
        } else if (c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn) {
          return GiveUp.TabOrNewline;
        } else if (colon === -1) {
          // The code unit is of AuthorityClass.Other, a forbidden domain code point (a C0
          // control, space, U+007F, "%" or a forbidden host code point).
          simple = ascii = false;
          if (
            c !== CodeUnit.LessThanSign &&
            c !== CodeUnit.GreaterThanSign &&
            (c !== CodeUnit.PercentSign || !isPercentEncodedByteAt(s, p))
          ) {
            forbidden = true;
          }
        }
      }
      const end = p;
      // "\" ends a special authority too, and is left to the state machine (its validation error),
      // as is a "/" right after "//" (the special authority ignore slashes state skips it).
      if (end < len) {
        if (c === CodeUnit.ReverseSolidus) return GiveUp.Backslash;
        if (c === CodeUnit.Solidus && end === authorityStart) return GiveUp.ExtraSlash;
      }
      hostEnd = colon === -1 ? end : colon;
      // https://url.spec.whatwg.org/#host-state: an empty host of a special URL (host-missing) is
      // failure, whether "@" or ":" follows it or the authority ends there.
      if (hostStart === hostEnd) return null;
      if (lastAt !== -1) {
        credentials = true;
        // Credentials: every "@" but the last is percent-encoded (the userinfo set has "@"), and
        // the first ":" separates the username from the password.
        let userColon = s.indexOf(':', authorityStart);
        if (userColon === -1 || userColon > lastAt) userColon = lastAt;
        username = utf8PercentEncodeRange(s, authorityStart, userColon, USERINFO_SET);
        if (userColon < lastAt) password = utf8PercentEncodeRange(s, userColon + 1, lastAt, USERINFO_SET);
        // The serializer writes them back as username, ":" and password when there is one, "@" —
        // and nothing when both are empty: the input is the href only if that is what it has.
        const userinfo = password === '' ? username : username + ':' + password;
        if (userinfo === '' || userinfo.length !== lastAt - authorityStart || !s.startsWith(userinfo, authorityStart)) {
          verbatim = false;
        }
      }
      // https://url.spec.whatwg.org/#concept-host-parser (domain to ASCII, then the forbidden
      // domain code point check): failure.
      if (forbidden) return null;
      // The host's last code unit: after "f" and not "x", it ends no number, which spares
      // mayEndInANumber's reads for most hosts ("com", "org").
      const hostLast = colon === -1 && end === len ? c : codeUnitAt(s, colon !== -1 ? colon - 1 : end - 1);
      if (ascii && ((hostLast > CodeUnit.LowerF && hostLast !== CodeUnit.LowerX) || !mayEndInANumber(s, hostStart, hostEnd))) {
        // https://url.spec.whatwg.org/#concept-domain-to-ascii step 3: the domain parser only
        // lowercases an ASCII domain, which keeps every code unit of this one but upper alphas;
        // and its last label is not a number.
        if (upper) {
          host = asciiLowercase(s.slice(hostStart, hostEnd));
          verbatim = false;
        }
      } else {
        const hostInput = s.slice(hostStart, hostEnd);
        const parsed = parseHostToString(hostInput, false, null, hostStart, simple);
        // The state machine would parse the same host (after the last "@", up to the first ":"
        // after it): the authority has no tab or newline for cleaning to remove.
        if (parsed === null) return null;
        if (parsed !== hostInput) verbatim = false;
        host = parsed;
      }
      if (colon !== -1) {
        // https://url.spec.whatwg.org/#port-state
        const portStart = colon + 1;
        // Another code point before the authority's end (port-invalid), or a port past 65535
        // (port-out-of-range): failure, as in the state machine.
        if (portDigitsEnd(s, portStart, end) !== end) return null;
        const value = portValue(s, portStart, end);
        if (end === portStart || value === defaultPort || (end - portStart > 1 && codeUnitAt(s, portStart) === CodeUnit.Digit0)) verbatim = false;
        if (end !== portStart && value !== defaultPort) port = value;
      }
      c = end < len ? c : -1;
      if (mode === ReturnMode.Authority) {
        const into = authority!;
        into.scheme = scheme;
        into.username = username;
        into.password = password;
        into.host = host !== undefined ? host : s.slice(hostStart, hostEnd);
        into.port = port;
        return into;
      }
    }
  } else if ((c === CodeUnit.Solidus || hasPathPrefix) && base !== null && !base.opaquePath) {
    // https://url.spec.whatwg.org/#no-scheme-state, https://url.spec.whatwg.org/#relative-state,
    // https://url.spec.whatwg.org/#relative-slash-state
    const defaultPort = specialSchemeDefaultPort(base.scheme);
    if (defaultPort === undefined || defaultPort === null) return GiveUp.OtherReference;
    if (!hasPathPrefix) {
      c = len > 1 ? codeUnitAt(s, 1) : -1;
      // A scheme-relative reference ("//"): the relative slash state goes on to the special
      // authority ignore slashes state with the base's scheme
      // (https://url.spec.whatwg.org/#relative-slash-state). It is read in place, from its "//", as
      // the URL written with that scheme would be; its serialization is not the input.
      if (c === CodeUnit.Solidus) return parseCommonShape(s, base, mode, null, serializedInto, '', 0, true);
      if (c === CodeUnit.ReverseSolidus) return GiveUp.SchemeRelative;
      p = 0;
    } else {
      // The path goes on from the prefix's last "/", as if that "/" were at start - 1.
      p = start - 1;
    }
    // The serialization is the base's scheme, "://", credentials, host and port, then the
    // reference, when the rest of the route keeps the reference as it is.
    verbatim = mode === ReturnMode.Serialization;
    relative = true;
    scheme = base.scheme;
    username = base.username;
    password = base.password;
    // A special URL always has a host.
    host = base.host!;
    port = base.port;
    c = CodeUnit.Solidus;
  } else {
    return base === null ? GiveUp.NoScheme : GiveUp.OtherReference;
  }
  // https://url.spec.whatwg.org/#path-start-state, https://url.spec.whatwg.org/#path-state
  // p is at "/", "?", "#" or the end. Without "/", the path is one empty segment.
  /** The path, or undefined for `s[pathStart, pathEnd)` (sliced only when a record is built). */
  let path: string | undefined;
  let pathStart = 0;
  let pathEnd = 0;
  if (host === null) {
    // The opaque path nonSpecialShape read.
    path = opaquePath;
    pathStart = scheme.length + 1;
    pathEnd = p;
  } else if (nonSpecial && c !== CodeUnit.Solidus) {
    // An authority followed by the query, the fragment or the end: the path-start state leaves a
    // non-special URL's path empty, and the serialization writes nothing for it.
    path = '';
  } else if (p === len) {
    pathStart = pathEnd = len;
    // The serialization ends with that path: it is the input and "/". ("file://", whose host is
    // empty, is left out: the URL class tells such an input from a serialization by its last
    // code unit, never "/" after a host or port.)
    path = '/';
    // The input ends with "//" only when its host is empty.
    if (hostStart === hostEnd) verbatim = false;
  } else if (c !== CodeUnit.Solidus) {
    path = '/';
    verbatim = false;
  } else {
    // With a prefix, the path is the prefix and then s from start.
    pathStart = hasPathPrefix ? start : p;
    let encode = false;
    if (len - p > LONG_RANGE) {
      // The scan looks for a dot segment after each "/" it reads: the first segment after a path
      // prefix has none before it in s.
      if (hasPathPrefix && isDotSegmentAt(s, pathStart, len)) return GiveUp.DotSegment;
      const scan = scanLongPath(s, pathStart, len);
      if (typeof scan === 'number') return giveUpOfPathStop(scan);
      p = scan.end;
      encode = scan.needsEncoding;
      c = p < len ? codeUnitAt(s, p) : -1;
    } else {
      for (p++; p < len; p++) {
        c = codeUnitAt(s, p);
        if (c < CodeUnit.FirstNonASCII && PATH_CLASS[c] === PathClass.Keep) {
          // A run of code units the path keeps, in a loop of its own (as the authority's run).
          do p++;
          while (p < len && (c = codeUnitAt(s, p)) < CodeUnit.FirstNonASCII && PATH_CLASS[c] === PathClass.Keep);
          if (p === len) break;
        }
        // Not Keep: the run above took every such code unit.
        const kind = c < CodeUnit.FirstNonASCII ? PATH_CLASS[c]! : PathClass.Encode;
        if (kind === PathClass.Encode) {
          encode = true;
        } else if (kind === PathClass.Dot) {
          // A segment starting with "." or "%" may be a dot segment (single-dot-path-segment,
          // double-dot-path-segment): left to the state machine, which shortens the path. The
          // first segment after a path prefix has no "/" before it in s.
          if ((p === pathStart || codeUnitAt(s, p - 1) === CodeUnit.Solidus) && isDotSegmentAt(s, p, len)) return GiveUp.DotSegment;
        } else if (kind === PathClass.End) {
          break;
        } else {
          return c === CodeUnit.ReverseSolidus ? GiveUp.Backslash : GiveUp.TabOrNewline;
        }
      }
    }
    if (encode) {
      verbatim = false;
      path = pathPrefix + utf8PercentEncodeRange(s, pathStart, p, PATH_SET);
    } else {
      pathEnd = p;
    }
    if (driveLetterBar) {
      // https://url.spec.whatwg.org/#path-state: the first segment "C|" is appended as "C:".
      const written = path !== undefined ? path : s.slice(pathStart, pathEnd);
      path = written.slice(0, 2) + ':' + written.slice(3);
    }
  }
  /** The query: null for none, undefined for `s[queryStart, queryEnd)` (sliced only when a record is built). */
  let query: string | null | undefined = null;
  let queryStart = 0;
  let queryEnd = 0;
  if (p < len && c === CodeUnit.QuestionMark) {
    // https://url.spec.whatwg.org/#query-state
    queryStart = ++p;
    p = s.indexOf('#', p);
    if (p === -1) p = len;
    // Every percent-encode set has the C0 controls: a tab or newline (which cleaning the input
    // would have removed) is among what encoding changes.
    const set = nonSpecial ? QUERY_SET : SPECIAL_QUERY_SET;
    const encodedFrom = firstPercentEncoded(s, queryStart, p, set);
    if (encodedFrom === p) {
      query = undefined;
      queryEnd = p;
    } else {
      if (hasTabOrNewline(s, encodedFrom, p)) return GiveUp.TabOrNewline;
      verbatim = false;
      query = utf8PercentEncodeFrom(s, queryStart, encodedFrom, p, set);
    }
  }
  /** The fragment: null for none, undefined for `s[p + 1, len)` (sliced only when a record is built). */
  let fragment: string | null | undefined = null;
  if (p < len) {
    // https://url.spec.whatwg.org/#fragment-state
    const encodedFrom = firstPercentEncoded(s, p + 1, len, FRAGMENT_SET);
    if (encodedFrom === len) {
      fragment = undefined;
    } else {
      if (hasTabOrNewline(s, encodedFrom, len)) return GiveUp.TabOrNewline;
      verbatim = false;
      fragment = utf8PercentEncodeFrom(s, p + 1, encodedFrom, len, FRAGMENT_SET);
    }
  }
  // With trailing C0 controls or spaces removed, the input is not the serialization.
  verbatim &&= len === s.length && mode === ReturnMode.Serialization;
  if (verbatim && !nonSpecial) {
    if (relative) {
      // The base's scheme and authority, then the path prefix and the reference (which goes on
      // with its path).
      // Each form is one concatenation, which engines build in one step.
      let authority: string;
      let hostStartInHref = scheme.length + 3;
      if (username === '' && password === '') {
        authority = port === null ? scheme + '://' + host! : scheme + '://' + host! + ':' + port;
      } else {
        credentials = true;
        const userinfo = (password === '' ? username : username + ':' + password) + '@';
        hostStartInHref += userinfo.length;
        authority = port === null ? scheme + '://' + userinfo + host! : scheme + '://' + userinfo + host! + ':' + port;
      }
      const offset = authority.length + pathPrefix.length - start;
      return heldSerialization(
        serializedInto,
        hasPathPrefix ? authority + pathPrefix + s.slice(start) : authority + s,
        hostStartInHref,
        hostStartInHref + host!.length,
        authority.length,
        offset + pathEnd,
        offset + (query === null ? pathEnd : queryEnd),
        credentials,
      );
    }
    return heldSerialization(serializedInto, s, hostStart, hostEnd, pathStart, pathEnd, query === null ? pathEnd : queryEnd, credentials);
  }
  const record = createURLRecord(
    scheme,
    username,
    password,
    host !== undefined ? host : s.slice(hostStart, hostEnd),
    port,
    path !== undefined ? path : pathPrefix + s.slice(pathStart, pathEnd),
    query !== undefined ? query : s.slice(queryStart, queryEnd),
    fragment !== undefined ? fragment : s.slice(p + 1, len),
  );
  record.opaquePath = host === null;
  // A URL whose scheme is not special (a special one returned above): the record, and the input
  // as its serialization.
  if (verbatim) return serializedRecord(s, record);
  return record;
}

/** A serialization held without a record: written into `into` when there is one, else a new one. */
function heldSerialization(
  into: SerializedURL | null,
  href: string,
  hostStart: number,
  hostEnd: number,
  pathStart: number,
  pathEnd: number,
  queryEnd: number,
  credentials: boolean,
): SerializedURL {
  if (into === null) {
    into = new SerializedURL(href, hostStart, hostEnd, pathStart, pathEnd, queryEnd, null);
  } else {
    into.href = href;
    into.hostStart = hostStart;
    into.hostEnd = hostEnd;
    into.pathStart = pathStart;
    into.pathEnd = pathEnd;
    into.queryEnd = queryEnd;
  }
  into.credentials = credentials;
  return into;
}

/** The {@link GiveUp} reason for a path scan's stop. */
function giveUpOfPathStop(stop: PathScanStop): GiveUp {
  return stop === PathScanStop.DotSegment ? GiveUp.DotSegment : stop === PathScanStop.Backslash ? GiveUp.Backslash : GiveUp.TabOrNewline;
}

/** What {@link fileShape} found: a "file" URL's scheme and host, read up to its path. */
interface FileShape {
  /** The index after the host. */
  readonly end: number;
  /** The host ("" for none or "localhost"). */
  readonly host: string;
  /** Whether the input is its serialization so far. */
  readonly verbatim: boolean;
  /** Whether the path starts with a Windows drive letter written "C|". */
  readonly driveLetterBar: boolean;
}

/**
 * The common file URL shape: "file://", then a host of ASCII code units that the domain parser
 * keeps or lowercases (letters, digits, "-", ".", "_", "~" and the like: AUTHORITY_CLASS) or none,
 * then "/", "?", "#" or the end — the file, file slash and file host states. Returns what it found,
 * {@link GiveUp.NoScheme} when the input does not start with "file:", or
 * {@link GiveUp.FileShape} for another file URL (credentials, ports, a Windows drive letter as host,
 * "\\", percent-encoding or non-ASCII: the state machine's cases).
 *
 * https://url.spec.whatwg.org/#file-host-state
 */
function fileShape(s: string, len: number): FileShape | GiveUp {
  const a = codeUnitAt(s, 0);
  const b = codeUnitAt(s, 1);
  const c = codeUnitAt(s, 2);
  const d = codeUnitAt(s, 3);
  if ((a | 0x20) !== CodeUnit.LowerF || (b | 0x20) !== CodeUnit.LowerI || (c | 0x20) !== CodeUnit.LowerL || (d | 0x20) !== CodeUnit.LowerE || codeUnitAt(s, 4) !== CodeUnit.Colon) {
    return GiveUp.NoScheme;
  }
  if (codeUnitAt(s, 5) !== CodeUnit.Solidus || codeUnitAt(s, 6) !== CodeUnit.Solidus) return GiveUp.FileShape;
  // Lowercase ASCII letters have bit 0x20 set, uppercase ones do not.
  let verbatim = (a & b & c & d & 0x20) !== 0;
  let p = 7;
  let simple = true;
  let upper = false;
  for (; p < len; p++) {
    const x = codeUnitAt(s, p);
    const kind = x < CodeUnit.FirstNonASCII ? AUTHORITY_CLASS[x]! : AuthorityClass.Other;
    if (kind === AuthorityClass.Simple) continue;
    if (kind >= AuthorityClass.Kept) {
      simple = false;
      if (kind === AuthorityClass.Upper) upper = true;
      continue;
    }
    if (x === CodeUnit.Solidus || x === CodeUnit.QuestionMark || x === CodeUnit.NumberSign) break;
    return GiveUp.FileShape;
  }
  let host = '';
  if (p !== 7) {
    // The host parser, as for special URLs: an ASCII domain is only lowercased, unless its last
    // label may be a number.
    const input = s.slice(7, p);
    let parsed: string | null;
    if (mayEndInANumber(s, 7, p)) {
      parsed = parseHostToString(input, false, null, 7, simple);
      if (parsed === null) return GiveUp.FileShape;
    } else {
      parsed = upper ? asciiLowercase(input) : input;
    }
    // https://url.spec.whatwg.org/#file-host-state: "localhost" is the empty host.
    if (parsed === 'localhost') parsed = '';
    if (parsed !== input) verbatim = false;
    host = parsed;
  }
  // https://url.spec.whatwg.org/#path-state: a first segment that is a Windows drive letter, "C|",
  // is appended as "C:" (a Windows drive letter quirk). Its end is "/", "?", "#" or the end ("\\"
  // too, which the path scan leaves to the state machine).
  let driveLetterBar = false;
  if (p + 2 < len && codeUnitAt(s, p) === CodeUnit.Solidus && codeUnitAt(s, p + 2) === CodeUnit.VerticalLine) {
    const after = p + 3 < len ? codeUnitAt(s, p + 3) : -1;
    driveLetterBar =
      isASCIIAlpha(codeUnitAt(s, p + 1)) &&
      (after === -1 || after === CodeUnit.Solidus || after === CodeUnit.QuestionMark || after === CodeUnit.NumberSign || after === CodeUnit.ReverseSolidus);
  }
  if (driveLetterBar) verbatim = false;
  return { end: p, host, verbatim, driveLetterBar };
}

/** What {@link nonSpecialShape} found: a URL whose scheme is not special, read up to its path or query. */
interface NonSpecialShape {
  /** The index after what it read: the opaque path, or the authority before the path. */
  readonly end: number;
  /** The scheme, lowercase. */
  readonly scheme: string;
  /** The user name before the host, or "". */
  readonly username: string;
  /** The opaque host after "//", or null for an opaque path. */
  readonly host: string | null;
  readonly port: number | null;
  /** The opaque path, when it differs from its range of the input (percent-encoded). */
  readonly opaquePath: string | undefined;
  /** Whether the input is its serialization so far. */
  readonly verbatim: boolean;
}

/**
 * The common shapes of a URL whose scheme is not special: a scheme, ":", and either a path that
 * does not start with "/" (`mailto:a@example.com`, `javascript:void(0)`, `data:,x`), read up to
 * "?", "#" or the end; or "//", an optional user name and "@", a host and an optional port
 * (`git://github.com/x/y.git`, `ssh://git@github.com/x/y.git`, `redis://localhost:6379`), read up
 * to the path, query or fragment that follows. The scheme state goes on to the opaque path state
 * or the path or authority state whatever the base is. Gives up on other input: a C0 control or
 * space in an opaque path (a tab or newline that cleaning removes, a space percent-encoded before
 * "?" or "#"), a host with other code points, a password, an empty host or port. The caller has
 * checked that the input does not start with a special scheme and ":".
 */
function nonSpecialShape(s: string, len: number): NonSpecialShape | GiveUp {
  // A long input is left to the state machine, which finds the end of an opaque path with one
  // native search and lowercases a scheme natively, where this route reads each code unit.
  if (len > LONG_INPUT) return GiveUp.LongInput;
  const colon = schemeEnd(s, 1);
  if (colon >= len || codeUnitAt(s, colon) !== CodeUnit.Colon) return GiveUp.NoScheme;
  // https://url.spec.whatwg.org/#scheme-state: the scheme, ASCII lowercased. Its upper alphas are
  // looked for in the input, which the route reads anyway, not in a new string.
  let verbatim = true;
  for (let i = 0; i < colon; i++) {
    const u = codeUnitAt(s, i);
    if (u >= CodeUnit.UpperA && u <= CodeUnit.UpperZ) verbatim = false;
  }
  // Not a special scheme: the caller has looked for each (leadingSpecialScheme, fileShape).
  const scheme = verbatim ? s.slice(0, colon) : asciiLowercase(s.slice(0, colon));
  let p = colon + 1;
  let c = codeUnitAt(s, p);
  if (c === CodeUnit.Solidus) {
    // https://url.spec.whatwg.org/#path-or-authority-state, then the authority, host and port
    // states for "//", a host of ASCII lowercase letters, digits, "-" and "." (an opaque host,
    // which the host parser keeps as it is) and an optional port; then the path, query or fragment.
    if (codeUnitAt(s, ++p) !== CodeUnit.Solidus) return GiveUp.NonSpecialShape;
    let hostStart = ++p;
    let username = '';
    for (;;) {
      p = simpleHostEnd(s, p, len);
      if (p === hostStart) return GiveUp.NonSpecialShape;
      // -1 at the end: a read past it makes JavaScriptCore leave its compiled code.
      c = p < len ? codeUnitAt(s, p) : -1;
      if (c !== CodeUnit.CommercialAt || username !== '') break;
      // https://url.spec.whatwg.org/#authority-state: a user name of the same code points
      // (`ssh://git@example.com/…`), which the userinfo percent-encode set keeps as they are.
      username = s.slice(hostStart, p);
      hostStart = ++p;
    }
    const host = s.slice(hostStart, p);
    let port: number | null = null;
    if (c === CodeUnit.Colon) {
      // https://url.spec.whatwg.org/#port-state: no default port for a scheme that is not special.
      const portStart = ++p;
      p = portDigitsEnd(s, portStart, len);
      if (p === -1 || p === portStart) return GiveUp.NonSpecialShape;
      if (p - portStart > 1 && codeUnitAt(s, portStart) === CodeUnit.Digit0) verbatim = false;
      port = portValue(s, portStart, p);
    }
    // The path, the query, the fragment or the end follows (without a path, the path-start state
    // leaves the path empty).
    c = p < len ? codeUnitAt(s, p) : -1;
    if (c !== CodeUnit.Solidus && c !== CodeUnit.QuestionMark && c !== CodeUnit.NumberSign && c !== -1) return GiveUp.NonSpecialShape;
    return { end: p, scheme, username, host, port, opaquePath: undefined, verbatim };
  }
  let encode = false;
  for (; p < len; p++) {
    c = codeUnitAt(s, p);
    if (c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign) break;
    if (c <= CodeUnit.Space) return c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn ? GiveUp.TabOrNewline : GiveUp.NonSpecialShape;
    // The C0 control percent-encode set: what is past U+007E.
    if (c > CodeUnit.Tilde) encode = true;
  }
  let opaquePath: string | undefined;
  if (encode) {
    verbatim = false;
    opaquePath = utf8PercentEncodeRange(s, colon + 1, p, C0_CONTROL_SET);
  }
  return { end: p, scheme, username: '', host: null, port: null, opaquePath, verbatim };
}
