/**
 * The basic URL parser's route for the shapes most URLs have (parseCommonShape), and the check
 * behind URL.canParse for them (certainlyParses): straight-line scans that give the state
 * machine's results for these inputs, and give up on anything else. See parseCommonShape.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { isDottedDecimalIPv4, parseHostToString } from './host.ts';
import { ALPHA, asciiClass, asciiLowercase, DIGIT, FORBIDDEN_DOMAIN, isASCIIHexDigit, LONG_INPUT, LONG_RANGE, schemeEnd } from './infra.ts';
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
import { createURLRecord, specialSchemeDefaultPort, type URLRecord } from './url-record.ts';
import { hasTabOrNewline, trimmedEnd } from './url-parser-input.ts';
import { isDotSegmentAt } from './dot-segments.ts';
import { codeUnitAt } from './code-unit.ts';

/**
 * Authority scan classes (AUTHORITY_CLASS): 0 for a code unit that keeps a host "simple" (a-z,
 * 0-9, "-", "."), the end of the authority ("/", "?", "#"), the other code units the domain parser
 * keeps in an ASCII domain (it only lowercases one: "_", "~", "!" and the like), ASCII upper
 * alphas, and the rest.
 */
export const enum AuthorityClass {
  Simple = 0,
  End = 1,
  Other = 2,
  Kept = 3,
  Upper = 4,
}

/** What parseCommonShape is asked to return for an input of its shapes. */
export const enum ReturnMode {
  /** The URL record. */
  Record = 0,
  /** A record of the scheme and authority only. */
  Authority = 1,
  /**
   * HELD_AS_SERIALIZATION when the URL's serialization is heldHref — the input itself (with
   * serializationSuffix after it), or, for a path-absolute reference, the base's scheme and
   * authority followed by the input — and the record otherwise.
   */
  Serialization = 2,
}

/** Path scan classes (PATH_CLASS; what each stands for is written there). */
export const enum PathClass {
  Keep = 0,
  Encode = 1,
  Dot = 2,
  End = 3,
  Other = 4,
}

/** The authority scan class of each ASCII code unit (AuthorityClass.End and the others). */
export const AUTHORITY_CLASS: Uint8Array = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128).fill(AuthorityClass.Other);
  for (let c = 0x21; c < 0x7f; c++) if ((asciiClass[c]! & FORBIDDEN_DOMAIN) === 0) t[c] = AuthorityClass.Kept;
  for (let c = 0x41; c <= 0x5a; c++) t[c] = AuthorityClass.Upper;
  for (let c = 0x61; c <= 0x7a; c++) t[c] = AuthorityClass.Simple;
  for (let c = 0x30; c <= 0x39; c++) t[c] = AuthorityClass.Simple;
  t[0x2d] = AuthorityClass.Simple;
  t[0x2e] = AuthorityClass.Simple;
  t[0x2f] = AuthorityClass.End;
  t[0x3f] = AuthorityClass.End;
  t[0x23] = AuthorityClass.End;
  return t;
})();

/**
 * The value parseCommonShape returns with {@link ReturnMode.Serialization} for an input that is its
 * URL's serialization: it builds no record, and the caller keeps the input instead (the record is
 * the serialization's split, recordOfSerialization). A marker only: its fields are never read.
 */
export const HELD_AS_SERIALIZATION: URLRecord = /* @__PURE__ */ createURLRecord('', '', '', null, null, '', null, null);

/**
 * For the input parseCommonShape last returned {@link HELD_AS_SERIALIZATION} for: the
 * serialization it holds (heldHref: the input, or the base's scheme and authority and the input);
 * where the host starts in it (after "//") and ends (at the port's ":", or where the path starts);
 * where its path starts (its "/", or the end when the input lacks the path "/") and ends (the "?"
 * or "#" after it, or the end); and where its query ends (the "#", or the end; the path's end when
 * there is no query). That is all it takes to read each component off heldHref (see
 * recordOfSerialization).
 */
export let heldHref = '';
export let heldHostStart = 0;
export let heldHostEnd = 0;
export let heldPathStart = 0;
export let heldPathEnd = 0;
export let heldQueryEnd = 0;

/** Whether `s[i]`, a "%", and the two code units after it are a percent-encoded byte. */
function isPercentEncodedByteAt(s: string, i: number): boolean {
  return i + 2 < s.length && isASCIIHexDigit(codeUnitAt(s, i + 1)) && isASCIIHexDigit(codeUnitAt(s, i + 2));
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
 * then path start → path → query → fragment, where the path has no "\\" and no dot segment; and
 * (the common "file:" URLs aside, {@link fileSchemeAndHost})
 *
 * - a scheme that is not special, then a path that does not start with "/": scheme start → scheme
 *   → opaque path ({@link nonSpecialShape}) → query → fragment;
 * - a scheme that is not special, "//", an optional user name and "@", an opaque host (both of
 *   ASCII lowercase letters, digits, "-" and "."), an optional port and a path: scheme start →
 *   scheme → path or authority → authority → host → port ({@link nonSpecialShape}), then path
 *   start → path → query → fragment as above. Such a URL's href is never held: the URL class's
 *   getters of a held href are written for special URLs.
 *
 * It reads every code unit the standard keeps and gives up at ASCII tab or newline and at a leading
 * C0 control or space; trailing ones it leaves unread, as step 1 of the basic URL parser removes
 * them. So it never needs the input cleaned (basic URL parser steps 1–3). It returns null (failure)
 * where the state machine certainly fails too — an empty host, a host the host parser rejects, a
 * port with another code point than a digit or past 65535 — and gives up on other failures.
 *
 * `mode` tells what it returns for an input of these shapes:
 *
 * - {@link ReturnMode.Record}: the URL record.
 * - {@link ReturnMode.Authority} (and no base): it stops after the authority of the first shape and
 *   returns a record with the scheme, credentials, host and port only: the states after the
 *   authority never fail, so the parse succeeds, and that is all of it a path-absolute or
 *   scheme-relative reference reads as its base, and more than a special absolute URL with "//"
 *   reads ({@link parseBaseForReference}).
 *   That record is one object reused by every such call ({@link partialBase}).
 * - {@link ReturnMode.Serialization}: {@link HELD_AS_SERIALIZATION} when the input is the URL's
 *   serialization, with {@link serializationSuffix} after it — or, for a path-absolute reference
 *   kept as it is against a base without credentials, when the serialization is the base's scheme
 *   and authority followed by the input ({@link heldHref}) — and the record otherwise (always for
 *   a URL with credentials or an opaque path, with serializationSuffix set). The
 *   components of such an input are never copied out of it, and no record is built: the URL class
 *   keeps the serialization and where its path and query are ({@link heldPathStart}), and splits it
 *   into a record when a component is first read. (Rows of
 *   npm run bench, interleaved with the build before, fastest samples of three processes: row 1v
 *   0.87–0.93× on Node 26 and 0.83–0.96× on Bun, row 2 — whose getters read the components off
 *   the input — 0.96–1.02× and 0.93–0.97×.)
 */
export function parseCommonShape(s: string, base: URLRecord | null, mode: number): URLRecord | null | undefined {
  // https://url.spec.whatwg.org/#concept-basic-url-parser step 1: the leading and trailing C0
  // controls and spaces are removed. Only trailing ones are taken here (a leading one is not a
  // scheme's first code unit, nor "/"); the route reads nothing past `len`. (With the empty host
  // below, the invalid corpus lines that reach the state machine went from 67 to 28: most end in
  // C0 controls and fail in their host.)
  let len = s.length;
  if (len === 0) return undefined;
  if (codeUnitAt(s, len - 1) <= 0x20) {
    len = trimmedEnd(s);
    if (len === 0) return undefined;
  }
  let c = codeUnitAt(s, 0);
  let p: number;
  let verbatim: boolean;
  // The URL's components, put in a new record at the end in one step (stores into a record just
  // allocated need no write barrier: row 1v of npm run bench, interleaved with the build before,
  // median of four processes: Node 26 0.978×, Bun 0.994×).
  let scheme: string;
  let username = '';
  let password = '';
  /** The host, or undefined for `s[hostStart, hostEnd)` (sliced only when a record is built). */
  let host: string | null | undefined;
  let hostStart = 0;
  let hostEnd = 0;
  let port: number | null = null;
  /** Whether the input has credentials ("@" in the authority). */
  let credentials = false;
  /** Whether the input is a path-absolute reference, resolved against the base's authority. */
  let relative = false;
  /** Whether the input is a file URL whose path starts with a Windows drive letter written "C|". */
  let driveLetterBar = false;
  if (c < 128 && (asciiClass[c]! & ALPHA) !== 0) {
    // https://url.spec.whatwg.org/#scheme-start-state, https://url.spec.whatwg.org/#scheme-state
    const special = leadingSpecialNonFileScheme(s, c);
    if (special === null) {
      // https://url.spec.whatwg.org/#file-state, file slash state, file host state
      if (mode === ReturnMode.Authority) return undefined;
      p = fileSchemeAndHost(s, len);
      if (p !== -1) {
        scheme = 'file';
        host = fileHost;
        hostStart = 7;
        hostEnd = p;
        verbatim = fileVerbatim;
        driveLetterBar = fileDriveLetterBar;
      } else {
        // https://url.spec.whatwg.org/#scheme-state, then the opaque path state (the host is null
        // only for this shape) or the path or authority, authority, host and port states.
        p = nonSpecialShape(s, len);
        if (p === -1) return undefined;
        scheme = nonSpecialScheme;
        host = opaqueHost;
        port = nonSpecialPort;
        username = nonSpecialUsername;
        verbatim = nonSpecialVerbatim;
      }
      c = p < len ? codeUnitAt(s, p) : -1;
    } else {
      scheme = special;
      const q = scheme.length;
      const defaultPort = specialSchemeDefaultPort(scheme)!;
      verbatim = !schemeHadUpper;
      // https://url.spec.whatwg.org/#special-authority-slashes-state
      // https://url.spec.whatwg.org/#special-relative-or-authority-state
      // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
      p = q + 3;
      if (p > len || codeUnitAt(s, q + 1) !== 0x2f || codeUnitAt(s, q + 2) !== 0x2f) return undefined;
      // Nothing after "//": the host is empty (host-missing), which is failure.
      if (p === len) return null;
      // https://url.spec.whatwg.org/#authority-state, https://url.spec.whatwg.org/#host-state
      // One pass finds the end of the authority, its last "@" and the first ":" after that, as the
      // state machine's authority scan does.
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
        // An authority longer than LONG_INPUT is left to the state machine, whose authority scan
        // is native: this loop reads each code unit. (npm run bench:adversarial, Node 26, two
        // alternating processes, 1 MB: a password 3.9–5.0 -> 0.7–0.8 ms, a userinfo of spaces
        // 10.8–13.5 -> 6.1–6.9 ms, "@" runs 10.9–11.6 -> 6.5–6.9 ms; a host of "1." 0.7–1.3 ->
        // 1.2–1.3 ms, Node's own 4.2–4.8 ms in the same processes; one label of "é" unchanged.)
        SPECIAL_AUTHORITY_END.lastIndex = p;
        if ((SPECIAL_AUTHORITY_END.test(s) ? SPECIAL_AUTHORITY_END.lastIndex : len) - p > LONG_INPUT) return undefined;
      }
      for (; p < len; p++) {
        c = codeUnitAt(s, p);
        if (c < 128 && AUTHORITY_CLASS[c] === AuthorityClass.Simple) {
          // A run of code units that keep the host simple, in a loop of its own that holds little
          // more than its index in registers. (With the path's run below, in alternating
          // processes: this route on the corpus lines whose input is their href, Bun 1.4 76-83 ->
          // 66-70 ns, Node 26 126-137 -> 118-119 ns; new URL(s).href on every corpus line, median
          // of eight pairs, Bun 0.91x, Node 26 unchanged.)
          do p++;
          while (p < len && (c = codeUnitAt(s, p)) < 128 && AUTHORITY_CLASS[c] === AuthorityClass.Simple);
          if (p === len) break;
        }
        if (c >= 128) {
          if (colon === -1) simple = ascii = false;
          continue;
        }
        // Not 0: the run above took every code unit of that class.
        const f = AUTHORITY_CLASS[c]!;
        if (f === AuthorityClass.End || c === 0x5c) break;
        if (f >= AuthorityClass.Kept) {
          if (colon === -1) {
            simple = false;
            if (f === AuthorityClass.Upper) upper = true;
          }
        } else if (c === 0x40) {
          lastAt = p;
          hostStart = p + 1;
          colon = -1;
          simple = ascii = true;
          upper = false;
          forbidden = false;
        } else if (c === 0x3a) {
          if (colon === -1) colon = p;
        } else if (c === 0x5b || c === 0x5d || c === 0x09 || c === 0x0a || c === 0x0d) {
          // Brackets (IPv6), ASCII tab or newline: left to the state machine.
          return undefined;
        } else if (colon === -1) {
          simple = ascii = false;
          if ((asciiClass[c]! & FORBIDDEN_DOMAIN) !== 0 && c !== 0x3c && c !== 0x3e && (c !== 0x25 || !isPercentEncodedByteAt(s, p))) forbidden = true;
        }
      }
      const end = p;
      // "\" ends a special authority too, and is left to the state machine (its validation error),
      // as is a "/" right after "//" (the special authority ignore slashes state skips it).
      if (end < len && (c === 0x5c || (c === 0x2f && end === authorityStart))) return undefined;
      hostEnd = colon === -1 ? end : colon;
      // https://url.spec.whatwg.org/#host-state: an empty host of a special URL (host-missing) is
      // failure, whether "@" or ":" follows it or the authority ends there.
      if (hostStart === hostEnd) return null;
      if (lastAt !== -1) {
        credentials = true;
        // Credentials: every "@" but the last is percent-encoded (the userinfo set has "@"), and the
        // first ":" separates the username from the password.
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
      // The host's last code unit (the scan's last when the input ends with the host): after "f"
      // and not "x", it ends no number, which spares mayEndInANumber's reads for most hosts
      // ("com", "org"). (npm run bench row 1v, Node 26, interleaved with the build before: 151 ->
      // 147 ns.)
      const hostLast = colon === -1 && end === len ? c : codeUnitAt(s, colon !== -1 ? colon - 1 : end - 1);
      if (ascii && ((hostLast > 0x66 && hostLast !== 0x78) || !mayEndInANumber(s, hostStart, hostEnd))) {
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
        // (port-out-of-range): failure, as in the state machine (the authority has no tab or
        // newline for cleaning to remove).
        if (portDigitsEnd(s, portStart, end) !== end) return null;
        const value = portDigitsValue;
        if (end === portStart || value === defaultPort || (end - portStart > 1 && codeUnitAt(s, portStart) === 0x30)) verbatim = false;
        if (end !== portStart && value !== defaultPort) port = value;
      }
      c = end < len ? c : -1;
      if (mode === ReturnMode.Authority) {
        const base = partialBase;
        base.scheme = scheme;
        base.username = username;
        base.password = password;
        base.host = host !== undefined ? host : s.slice(hostStart, hostEnd);
        base.port = port;
        return base;
      }
    }
  } else if (c === 0x2f /* / */ && base !== null && !base.opaquePath) {
    // https://url.spec.whatwg.org/#no-scheme-state, https://url.spec.whatwg.org/#relative-state,
    // https://url.spec.whatwg.org/#relative-slash-state
    const defaultPort = specialSchemeDefaultPort(base.scheme);
    if (defaultPort === undefined || defaultPort === null) return undefined;
    c = len > 1 ? codeUnitAt(s, 1) : -1;
    if (c === 0x2f || c === 0x5c) return undefined;
    // The serialization is the base's scheme, "://", host and port, then the reference, when the
    // rest of the route keeps the reference as it is and the base has no credentials.
    verbatim = mode === ReturnMode.Serialization && base.username === '' && base.password === '';
    relative = true;
    scheme = base.scheme;
    username = base.username;
    password = base.password;
    // A special URL always has a host.
    host = base.host!;
    port = base.port;
    p = 0;
    c = 0x2f;
  } else {
    return undefined;
  }
  // https://url.spec.whatwg.org/#path-start-state, https://url.spec.whatwg.org/#path-state
  // p is at "/", "?", "#" or the end. Without "/", the path is one empty segment.
  let suffix = '';
  /** The path, or undefined for `s[pathStart, pathEnd)` (sliced only when a record is built). */
  let path: string | undefined;
  let pathStart = 0;
  let pathEnd = 0;
  if (host === null) {
    // The opaque path nonSpecialShape read.
    path = opaquePathValue;
    pathStart = scheme.length + 1;
    pathEnd = p;
  } else if (p === len) {
    pathStart = pathEnd = len;
    // The serialization ends with that path: it is the input and "/". ("file://", whose host is
    // empty, is left out: the URL class tells such an input from a serialization by its last
    // code unit, never "/" after a host or port.)
    path = '/';
    // The input ends with "//" only when its host is empty.
    if (hostStart === hostEnd) verbatim = false;
    suffix = '/';
  } else if (c !== 0x2f) {
    path = '/';
    verbatim = false;
  } else {
    pathStart = p;
    let encode = false;
    if (len - p > LONG_RANGE) {
      p = scanLongPath(s, p, len);
      if (p === -1) return undefined;
      encode = longPathNeedsEncoding;
      c = p < len ? codeUnitAt(s, p) : -1;
    } else {
      for (p++; p < len; p++) {
        c = codeUnitAt(s, p);
        if (c < 128 && PATH_CLASS[c] === PathClass.Keep) {
          // A run of code units the path keeps, in a loop of its own (see the authority's run).
          do p++;
          while (p < len && (c = codeUnitAt(s, p)) < 128 && PATH_CLASS[c] === PathClass.Keep);
          if (p === len) break;
        }
        // Not PathClass.Keep: the run above took every such code unit.
        const k = c < 128 ? PATH_CLASS[c]! : PathClass.Encode;
        if (k === PathClass.Encode) {
          encode = true;
        } else if (k === PathClass.Dot) {
          // A segment starting with "." or "%" may be a dot segment (single-dot-path-segment,
          // double-dot-path-segment): left to the state machine, which shortens the path.
          if (codeUnitAt(s, p - 1) === 0x2f && isDotSegmentAt(s, p, len)) return undefined;
        } else if (k === PathClass.End) {
          break;
        } else {
          return undefined;
        }
      }
    }
    if (encode) {
      verbatim = false;
      path = utf8PercentEncodeRange(s, pathStart, p, PATH_SET);
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
  if (p < len && c === 0x3f) {
    // https://url.spec.whatwg.org/#query-state
    queryStart = ++p;
    p = s.indexOf('#', p);
    if (p === -1) p = len;
    // Every percent-encode set has the C0 controls: a tab or newline (which cleaning the input
    // would have removed) is among what encoding changes.
    const set = scheme === nonSpecialScheme ? QUERY_SET : SPECIAL_QUERY_SET;
    const encodedFrom = firstPercentEncoded(s, queryStart, p, set);
    if (encodedFrom === p) {
      query = undefined;
      queryEnd = p;
    } else {
      if (hasTabOrNewline(s, encodedFrom, p)) return undefined;
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
      if (hasTabOrNewline(s, encodedFrom, len)) return undefined;
      verbatim = false;
      fragment = utf8PercentEncodeFrom(s, p + 1, encodedFrom, len, FRAGMENT_SET);
    }
  }
  // With trailing C0 controls or spaces removed, the input is not the serialization.
  if (verbatim && len === s.length) {
    if (relative) {
      // Only with ReturnMode.Serialization (see above). The input is not the serialization: heldHref
      // is all of it (the reference starts with its path). (Row 3 of npm run bench, which reads
      // the href of such references, against the build before in alternating processes: Bun 1.4
      // median 0.729× native against 0.873×, Node 26 0.732× against 0.761×; row 1 unchanged.)
      serializationSuffix = null;
      const authority = port === null ? scheme + '://' + host! : scheme + '://' + host! + ':' + port;
      const offset = authority.length;
      heldHref = authority + s;
      heldHostStart = scheme.length + 3;
      heldHostEnd = heldHostStart + host!.length;
      heldPathStart = offset;
      heldPathEnd = offset + pathEnd;
      heldQueryEnd = offset + (query === null ? pathEnd : queryEnd);
      return HELD_AS_SERIALIZATION;
    }
    serializationSuffix = suffix;
    if (mode === ReturnMode.Serialization && !credentials && scheme !== nonSpecialScheme) {
      heldHref = s;
      heldHostStart = hostStart;
      heldHostEnd = hostEnd;
      heldPathStart = pathStart;
      heldPathEnd = pathEnd;
      heldQueryEnd = query === null ? pathEnd : queryEnd;
      return HELD_AS_SERIALIZATION;
    }
  } else {
    serializationSuffix = null;
  }
  const record = createURLRecord(
    scheme,
    username,
    password,
    host !== undefined ? host : s.slice(hostStart, hostEnd),
    port,
    path !== undefined ? path : s.slice(pathStart, pathEnd),
    query !== undefined ? query : s.slice(queryStart, queryEnd),
    fragment !== undefined ? fragment : s.slice(p + 1, len),
  );
  record.opaquePath = host === null;
  return record;
}

/**
 * `reference` as a reference that the basic URL parser resolves to the same URL against `base` and
 * that this route takes, or else `reference` itself.
 *
 * A scheme-relative reference against a special base other than "file" becomes the absolute URL
 * with the base's scheme: after "//", the relative slash state and the special relative or
 * authority state both go on to the special authority ignore slashes state
 * (https://url.spec.whatwg.org/#relative-slash-state). (Row 3o of npm run bench, against the
 * build before in pairs of processes: Node 26 1.73 -> 1.46× its own URL, Bun 1.80 -> 1.68×.)
 *
 * A path-relative reference becomes the path-absolute reference it resolves like. A reference
 * without a scheme (here: without ":") that starts with neither "/", "\\", "?", "#", a C0 control
 * nor a space (here: with "." or a code unit after "/" other than "?" and "\\") leaves the
 * relative state by its last branch: the URL takes the base's path without its last segment, and
 * the path state appends the reference's segments to it (https://url.spec.whatwg.org/#relative-state,
 * https://url.spec.whatwg.org/#path-state). The base's serialized path up to its last "/" followed
 * by the reference parses to the same segments: the base's segments are percent-encoded already
 * and none is a dot segment, so each parses to itself. Leading "./" and "../" are applied to that
 * prefix here as the path state applies them (a double-dot segment removes the last segment, if
 * there is one); other dot segments, tabs and newlines make the route give up, and the caller then
 * parses the reference itself. So does a base other than a special one that is not "file",
 * against which the route does not resolve. (`new URL('img/a.png',
 * 'https://user@example.org:8080/a/b/c/d?q=1#f')`: Node 26 768–792 -> 355–365 ns, Bun 555–556 ->
 * 275–335. Row 3o, three pairs of processes against the build before: Node 26 2.49 -> 1.69× its
 * own URL, Bun 3.27 -> 2.41×; rows 1 and 3 within their noise.)
 *
 * A reference that starts with "?" or "#", or is empty, becomes the base's serialized path followed
 * by it — after "?" and the base's query, unless it starts with "?": the relative state's branches
 * for "?", "#" and the end copy the base's path and query, then the query state sets the query or
 * the fragment state the fragment (https://url.spec.whatwg.org/#relative-state). The base's query
 * is percent-encoded already and has no "#", so it parses to itself.
 */
export function routeFormOf(reference: string, base: URLRecord): string {
  // NaN for the empty reference, which keeps the base's path and query.
  const c = codeUnitAt(reference, 0);
  if (c === 0x2f) {
    return codeUnitAt(reference, 1) === 0x2f && isSpecialNonFile(base.scheme) ? base.scheme + ':' + reference : reference;
  }
  if (base.opaquePath) return reference;
  const path = base.serializedPath;
  // "?", "#" and the end: the relative state's branches that keep the base's path, and its query
  // but for "?".
  if (c === 0x3f) return path + reference;
  if (c === 0x23 || reference === '') return (base.query === null ? path : path + '?' + base.query) + reference;
  if (!(c > 0x2d) || c === 0x5c || reference.includes(':')) return reference;
  let end = path.lastIndexOf('/') + 1;
  let i = 0;
  // "./" and "../" at i.
  while (codeUnitAt(reference, i) === 0x2e) {
    const d = codeUnitAt(reference, i + 1);
    if (d === 0x2f) {
      i += 2;
    } else if (d === 0x2e && codeUnitAt(reference, i + 2) === 0x2f) {
      i += 3;
      if (end > 1) end = path.lastIndexOf('/', end - 2) + 1;
    } else {
      break;
    }
  }
  // A dot segment further on: the route would give up on the whole. (Looking for "." first: V8
  // searches a string dense in "/" for "/." at about 2.6 ns a code unit, and for "." at 0.01. A
  // reference of "a/" x 524,288: new URL 3.6–3.7 -> 1.1–1.2 ms on Node 26, where the state
  // machine had taken 1.7.)
  if (reference.includes('.', i) && reference.includes('/.', i)) return reference;
  return path.slice(0, end) + reference.slice(i);
}

/** Whether `scheme` is special and not "file". */
export function isSpecialNonFile(scheme: string): boolean {
  const port = specialSchemeDefaultPort(scheme);
  return port !== undefined && port !== null;
}

/**
 * The base for a reference that reads only the base's scheme and authority (the API URL parser's
 * base, parsed once per call), or `undefined` for any other reference, and when the base needs the
 * full parser.
 *
 * - A reference starting with "/" is, after the basic URL parser's cleaning, path-absolute or
 *   scheme-relative, and the relative and relative slash states then read only the base's scheme,
 *   credentials, host and port — and its path for a "file" base, which {@link parseCommonShape} in
 *   authority-only mode leaves to the full parser. (npm run bench row 3, Node 26, interleaved with
 *   the build before in one process: 207 -> 147 ns; Node 26's own URL: 178.)
 * - An absolute URL that starts with a special scheme other than "file" and "//" reads nothing of
 *   the base (the special authority slashes state, or the special relative or authority state
 *   when the base has that scheme, goes on to the special authority ignore slashes state), but the
 *   base must still parse. (`new URL('https://cdn.example/x.js', 'https://example.org/a/b/c?x#y')`,
 *   a loop of 10,000 such URLs after a warm-up: Node 26 174–180 -> 139–143 ns, Bun 133–146 ->
 *   84–86; the runtimes' own 160–177 and 89–107.)
 * - An absolute URL whose scheme is not special reads nothing of the base either: the scheme state
 *   goes on to the opaque path state or the path or authority state whatever the base is. When
 *   {@link certainlyParses} tells that the base parses, it is not parsed at all, and the record
 *   returned is {@link partialBase} as it is, which such a reference never reads. (`new
 *   URL('mailto:user' + i + '@example.com', 'https://example.org/a/b/c?x#y')`, a loop of 10,000
 *   after a warm-up, with the opaque-path route: Node 26 264 -> 147 ns, its own 166; Bun 269 ->
 *   130, its own 97.)
 *
 * The states after the authority never fail, so the authority-only parse fails exactly when the
 * full one does. The record returned is the same object on every call (its scheme and authority
 * change): read it before the next call, and keep nothing of it but its strings.
 */
export function parseBaseForReference(base: string, reference: string): URLRecord | null | undefined {
  const a = codeUnitAt(reference, 0);
  if (a !== 0x2f) {
    const scheme = leadingSpecialNonFileScheme(reference, a);
    if (scheme === null) {
      // A scheme that is neither special nor "file" (the only special scheme
      // leadingSpecialNonFileScheme does not take).
      // (The ":" is looked for first: most references without a scheme have none. Row 3o of npm
      // run bench, scanning the scheme first: 1.04-1.06x the build before on Node 24 and 26.)
      const colon = reference.indexOf(':');
      return colon > 0 && a < 128 && (asciiClass[a]! & ALPHA) !== 0 && schemeEnd(reference, 1) === colon && !isFileScheme(reference, colon) && certainlyParses(base)
        ? partialBase
        : undefined;
    }
    if (!reference.startsWith('//', scheme.length + 1)) return undefined;
  }
  return parseCommonShape(base, null, ReturnMode.Authority);
}

/**
 * The record parseCommonShape returns in authority-only mode, reused by every such call: the API
 * URL parser reads it while parsing the reference and keeps nothing of it. Its path, query and
 * fragment stay empty, as no state after the authority reads them. (Row 3 of npm run bench,
 * median of five interleaved processes: Bun 1.4 0.918×; Node 26 unchanged.)
 */
const partialBase: URLRecord = /* @__PURE__ */ createURLRecord('', '', '', null, null, '', null, null);

/** The end of a special authority: "/", "?", "#" or "\\". */
export const SPECIAL_AUTHORITY_END = /[/?#\\]/g;

/**
 * Code units the path scan of the common-shape route keeps as they are ("%" and "." too, which
 * matter only at the start of a segment), and "/" before "." or "%" (a segment that may be a dot
 * segment): the scan stops at anything else.
 */
const PATH_STOP = /[^!$-;=@-[\]_a-z|~]|\/[.%]/g;
/** Once a code unit to percent-encode was found, the scan stops only at what ends or spoils it. */
const PATH_STOP_ENCODING = /[\t\n\r#?\\]|\/[.%]/g;

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
    // test, not exec: no match array is made. A match is one code unit, or "/" and the "." or "%"
    // after it, which the one-unit class does not match. (The two-unit alternative instead of "/"
    // with a lookahead: a path of a million "/", 1.67 -> 0.88 ms on Node 26.)
    if (!stop.test(s)) break;
    const i = stop.lastIndex - 1;
    // Past `len` are only the trailing C0 controls and spaces that the parser removes.
    if (i >= len) break;
    const c = codeUnitAt(s, i);
    if (c === 0x2e || c === 0x25) {
      // "/" then "." or "%": the segment after it may be a dot segment.
      if (isDotSegmentAt(s, i, len)) return -1;
      stop.lastIndex = i;
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

/**
 * Path scan classes of the common-shape route: kept as is (with "/"), percent-encoded (the path
 * percent-encode set), "." and "%" (a segment starting with them may be a dot segment), "?" and "#"
 * (the path ends), and "\\" and ASCII tab or newline (left to the state machine).
 */
export const PATH_CLASS: Uint8Array = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (PATH_SET[c] === 1) t[c] = PathClass.Encode;
  t[0x2e] = PathClass.Dot;
  t[0x25] = PathClass.Dot;
  t[0x3f] = PathClass.End;
  t[0x23] = PathClass.End;
  t[0x5c] = PathClass.Other;
  t[0x09] = PathClass.Other;
  t[0x0a] = PathClass.Other;
  t[0x0d] = PathClass.Other;
  return t;
})();

/**
 * For a host `s[start, end)` of ASCII lowercase letters, digits, "-" and ".": false when its last
 * label (before a single trailing ".") starts with a letter or "-", so that the ends-in-a-number
 * checker returns false; true otherwise (the checker decides then).
 *
 * https://url.spec.whatwg.org/#ends-in-a-number-checker
 */
export function mayEndInANumber(s: string, start: number, end: number): boolean {
  let i = end - 1;
  // A single trailing "." is not part of the last label.
  let c = codeUnitAt(s, i);
  if (c === 0x2e) c = codeUnitAt(s, --i);
  // A number ends in a digit, a hex digit or the "x" of "0x": "com", "org" and "net" end in none.
  if (c > 0x66 /* f */ && c !== 0x78 /* x */) return false;
  // "." alone, or an empty last label ("a.."), is left to the checker.
  if (i < start || c === 0x2e) return true;
  // Back to the last label's first code unit.
  while (i > start) {
    const before = codeUnitAt(s, i - 1);
    if (before === 0x2e) break;
    c = before;
    i--;
  }
  return c >= 0x30 && c <= 0x39;
}

/** Whether the input {@link fileSchemeAndHost} read is its serialization so far. */
let fileVerbatim = false;
/** The host {@link fileSchemeAndHost} found. */
let fileHost = '';
/** Whether the path {@link fileSchemeAndHost} stopped at starts with a Windows drive letter written "C|". */
let fileDriveLetterBar = false;

/**
 * The common file URL shape: "file://", then a host of ASCII code units that the domain parser
 * keeps or lowercases (letters, digits, "-", ".", "_", "~" and the like: AUTHORITY_CLASS) or none,
 * then "/", "?", "#" or the end — the file, file slash and file host states, which set the URL's
 * scheme to "file" and its host to {@link fileHost}. Returns the index after the host, or -1 for
 * any other shape (credentials, ports, a Windows drive letter as host, "\\", percent-encoding or
 * non-ASCII: the state machine's cases). A first path segment that is a Windows drive letter
 * written with "|" sets {@link fileDriveLetterBar}.
 *
 * https://url.spec.whatwg.org/#file-host-state
 */
function fileSchemeAndHost(s: string, len: number): number {
  const a = codeUnitAt(s, 0);
  const b = codeUnitAt(s, 1);
  const c = codeUnitAt(s, 2);
  const d = codeUnitAt(s, 3);
  if ((a | 0x20) !== 0x66 || (b | 0x20) !== 0x69 || (c | 0x20) !== 0x6c || (d | 0x20) !== 0x65) return -1;
  if (codeUnitAt(s, 4) !== 0x3a || codeUnitAt(s, 5) !== 0x2f || codeUnitAt(s, 6) !== 0x2f) {
    return -1;
  }
  // Lowercase ASCII letters have bit 0x20 set, uppercase ones do not.
  fileVerbatim = (a & b & c & d & 0x20) !== 0;
  let p = 7;
  let simple = true;
  let upper = false;
  for (; p < len; p++) {
    const x = codeUnitAt(s, p);
    const f = x < 128 ? AUTHORITY_CLASS[x]! : AuthorityClass.Other;
    if (f === 0) continue;
    if (f >= AuthorityClass.Kept) {
      simple = false;
      if (f === AuthorityClass.Upper) upper = true;
      continue;
    }
    if (x === 0x2f || x === 0x3f || x === 0x23) break;
    return -1;
  }
  if (p === 7) {
    fileHost = '';
  } else {
    // The host parser, as in parseCommonShape: an ASCII domain is only lowercased, unless its
    // last label may be a number.
    const input = s.slice(7, p);
    let host: string | null;
    if (mayEndInANumber(s, 7, p)) {
      host = parseHostToString(input, false, null, 7, simple);
      if (host === null) return -1;
    } else {
      host = upper ? asciiLowercase(input) : input;
    }
    // https://url.spec.whatwg.org/#file-host-state: "localhost" is the empty host.
    if (host === 'localhost') host = '';
    if (host !== input) fileVerbatim = false;
    fileHost = host;
  }
  // https://url.spec.whatwg.org/#path-state: a first segment that is a Windows drive letter, "C|",
  // is appended as "C:" (a Windows drive letter quirk). Its end is "/", "?", "#" or the end ("\\"
  // too, which the path scan leaves to the state machine).
  fileDriveLetterBar = false;
  if (p + 2 < len && codeUnitAt(s, p) === 0x2f && codeUnitAt(s, p + 2) === 0x7c) {
    const letter = codeUnitAt(s, p + 1);
    const e = p + 3 < len ? codeUnitAt(s, p + 3) : -1;
    fileDriveLetterBar = letter < 128 && (asciiClass[letter]! & ALPHA) !== 0 && (e === -1 || e === 0x2f || e === 0x3f || e === 0x23 || e === 0x5c);
  }
  if (fileDriveLetterBar) fileVerbatim = false;
  return p;
}

/**
 * The scheme {@link nonSpecialShape} found (lowercase). It is never special, so parseCommonShape
 * tells the shapes of schemes that are not special by `scheme === nonSpecialScheme`: no other
 * shape's scheme can equal it.
 */
let nonSpecialScheme = '';
/** The opaque path {@link nonSpecialShape} found, or undefined when it is its input's range. */
let opaquePathValue: string | undefined;
/** Whether the input {@link nonSpecialShape} read is its serialization so far. */
let nonSpecialVerbatim = false;
/** The host {@link nonSpecialShape} found after "//" (an opaque host), or null for an opaque path. */
let opaqueHost: string | null = null;
/** The port {@link nonSpecialShape} found after the host. */
let nonSpecialPort: number | null = null;
/** The user name {@link nonSpecialShape} found before the host, or "". */
let nonSpecialUsername = '';

/**
 * The common shapes of a URL whose scheme is not special: a scheme, ":", and either a path that
 * does not start with "/" (`mailto:a@example.com`, `javascript:void(0)`, `data:,x`), read up to
 * "?", "#" or the end; or "//", an optional user name and "@", a host and an optional port
 * (`git://github.com/x/y.git`, `ssh://git@github.com/x/y.git`), read up to the path, which must
 * follow. The scheme state goes on to the opaque path state or the path or authority state
 * whatever the base is. Sets {@link nonSpecialScheme}, {@link nonSpecialUsername},
 * {@link opaqueHost} (null for an opaque path), {@link nonSpecialPort} and {@link opaquePathValue},
 * and returns the index after what it read; or -1 for any other input: a C0 control or space in
 * an opaque path (a tab or newline
 * that cleaning removes, a space percent-encoded before "?" or "#"), a host with other code
 * points, a password, an empty host or port, no path after the authority. (A loop of 10,000
 * after a warm-up, against the state machine: `new URL('mailto:user' + i + '@example.com')` Node 26
 * 168 -> 100 ns, its own URL 123, Bun 204 -> 112, its own 65; `new URL('git://github.com/x/y' + i +
 * '.git')` Node 26 539 -> 108, its own 126, Bun 425–451 -> 133–152, its own 102–104. With the base
 * `https://example.org/a/b/c?x#y`, `mailto:` Node 26 374 -> 264, Bun 462 -> 269; see
 * parseBaseForReference for the rest.)
 */
function nonSpecialShape(s: string, len: number): number {
  // A long input is left to the state machine, which finds the end of an opaque path with one
  // native search and lowercases a scheme natively, where this route reads each code unit.
  // ("javascript:" and "a" x 2^20: 1.80 -> 0.58 ms on Node 26, its own 0.56; a scheme of 2^20
  // letters, after the other hostile shapes: 3.2 -> 1.4 ms, its own 0.5.)
  if (len > LONG_INPUT) return -1;
  const colon = schemeEnd(s, 1);
  if (colon >= len || codeUnitAt(s, colon) !== 0x3a) return -1;
  const written = s.slice(0, colon);
  const scheme = asciiLowercase(written);
  if (specialSchemeDefaultPort(scheme) !== undefined) return -1;
  nonSpecialScheme = scheme;
  nonSpecialVerbatim = scheme === written;
  opaqueHost = null;
  nonSpecialPort = null;
  nonSpecialUsername = '';
  let p = colon + 1;
  let c = codeUnitAt(s, p);
  if (c === 0x2f) {
    // https://url.spec.whatwg.org/#path-or-authority-state, then the authority, host and port
    // states for "//", a host of ASCII lowercase letters, digits, "-" and "." (an opaque host,
    // which the host parser keeps as it is) and an optional port; the path must follow.
    if (codeUnitAt(s, ++p) !== 0x2f) return -1;
    let hostStart = ++p;
    for (;;) {
      while (p < len && (c = codeUnitAt(s, p)) < 128 && AUTHORITY_CLASS[c] === AuthorityClass.Simple) p++;
      if (p === hostStart) return -1;
      if (p === len || c !== 0x40 || nonSpecialUsername !== '') break;
      // https://url.spec.whatwg.org/#authority-state: a user name of the same code points
      // (`ssh://git@example.com/…`), which the userinfo percent-encode set keeps as they are.
      nonSpecialUsername = s.slice(hostStart, p);
      hostStart = ++p;
    }
    opaqueHost = s.slice(hostStart, p);
    if (p < len && c === 0x3a) {
      // https://url.spec.whatwg.org/#port-state: no default port for a scheme that is not special.
      const portStart = ++p;
      p = portDigitsEnd(s, portStart, len);
      if (p === -1 || p === portStart) return -1;
      if (p - portStart > 1 && codeUnitAt(s, portStart) === 0x30) nonSpecialVerbatim = false;
      nonSpecialPort = portDigitsValue;
    }
    return p < len && codeUnitAt(s, p) === 0x2f ? p : -1;
  }
  let encode = false;
  for (; p < len; p++) {
    c = codeUnitAt(s, p);
    if (c === 0x3f || c === 0x23) break;
    if (c <= 0x20) return -1;
    // The C0 control percent-encode set: what is past U+007E.
    if (c > 0x7e) encode = true;
  }
  opaquePathValue = undefined;
  if (encode) {
    nonSpecialVerbatim = false;
    opaquePathValue = utf8PercentEncodeRange(s, colon + 1, p, C0_CONTROL_SET);
  }
  return p;
}

/**
 * When `s` starts with "http:", "https:", "ws:", "wss:" or "ftp:" (the scheme ASCII
 * case-insensitively), returns the scheme (lowercase, shared) and sets {@link schemeHadUpper};
 * otherwise null. The same answer as the scheme state's buffer, for these schemes. `a` is `s`'s
 * first code unit, which every caller has read already.
 */
function leadingSpecialNonFileScheme(s: string, a: number): string | null {
  // One load of the method, for bytecode small enough that V8 inlines this function (441 bytes
  // instead of 539, past its limit of 460): median of five interleaved processes, Node 26, row 1v
  // 0.971×, row 3 0.956×; Bun unchanged.
  const charCodeAt = String.prototype.charCodeAt;
  const b = charCodeAt.call(s, 1);
  const c = charCodeAt.call(s, 2);
  let scheme: string;
  let upper: number;
  if ((a | 0x20) === 0x68) {
    const d = charCodeAt.call(s, 3);
    if ((b | 0x20) !== 0x74 || (c | 0x20) !== 0x74 || (d | 0x20) !== 0x70) return null;
    upper = a & b & c & d & 0x20;
    const e = charCodeAt.call(s, 4);
    if (e === 0x3a) {
      scheme = 'http';
    } else {
      if ((e | 0x20) !== 0x73 || charCodeAt.call(s, 5) !== 0x3a) return null;
      upper &= e;
      scheme = 'https';
    }
  } else if ((a | 0x20) === 0x77) {
    if ((b | 0x20) !== 0x73) return null;
    upper = a & b & 0x20;
    if (c === 0x3a) {
      scheme = 'ws';
    } else {
      if ((c | 0x20) !== 0x73 || charCodeAt.call(s, 3) !== 0x3a) return null;
      upper &= c;
      scheme = 'wss';
    }
  } else if ((a | 0x20) === 0x66) {
    if ((b | 0x20) !== 0x74 || (c | 0x20) !== 0x70 || charCodeAt.call(s, 3) !== 0x3a) return null;
    upper = a & b & c & 0x20;
    scheme = 'ftp';
  } else {
    return null;
  }
  // Lowercase ASCII letters have bit 0x20 set, uppercase ones do not.
  schemeHadUpper = upper === 0;
  return scheme;
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

/** "file" (ASCII case-insensitively) at `s[0, n)`. */
function isFileScheme(s: string, n: number): boolean {
  return (
    n === 4 &&
    (codeUnitAt(s, 0) | 0x20) === 0x66 &&
    (codeUnitAt(s, 1) | 0x20) === 0x69 &&
    (codeUnitAt(s, 2) | 0x20) === 0x6c &&
    (codeUnitAt(s, 3) | 0x20) === 0x65
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
  let c = codeUnitAt(input, 0);
  if (c >= 128 || (asciiClass[c]! & ALPHA) === 0) return false;
  // The special schemes but "file" read at once (the scheme state's buffer is one of them), the
  // other schemes by the scheme state's loop. (npm run bench row 7, Node 26, interleaved with the
  // build before, fastest samples of two processes: 0.94–0.96×.)
  const special = leadingSpecialNonFileScheme(input, c);
  let i: number;
  let file = false;
  if (special !== null) {
    i = special.length + 1;
  } else {
    i = schemeEnd(input, 1);
    if (i === len || codeUnitAt(input, i) !== 0x3a) return false;
    const schemeLength = i;
    i++;
    file = isFileScheme(input, schemeLength);
  }
  if (special === null && !file) {
    // Opaque path, path, or (after "//") an authority with an opaque host, which is left to the parser.
    c = i < len ? codeUnitAt(input, i) : -1;
    if (c === 0x09 || c === 0x0a || c === 0x0d) return false;
    if (c !== 0x2f) return true;
    c = i + 1 < len ? codeUnitAt(input, i + 1) : -1;
    return c !== 0x2f && c !== 0x09 && c !== 0x0a && c !== 0x0d;
  }
  if (i + 1 >= len || codeUnitAt(input, i) !== 0x2f || codeUnitAt(input, i + 1) !== 0x2f) return false;
  i += 2;
  if (file) {
    // "file:///": the file host state sees an empty host, and the path state never fails.
    if (i < len && codeUnitAt(input, i) === 0x2f) return true;
    i = certainHostEnd(input, i, len);
    if (i === -1) return false;
    c = i < len ? codeUnitAt(input, i) : -1;
    return c === -1 || c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23;
  }
  i = certainHostEnd(input, i, len);
  if (i === -1) return false;
  if (i === len) return true;
  c = codeUnitAt(input, i);
  if (c === 0x3a) {
    i = portDigitsEnd(input, i + 1, len);
    if (i === -1) return false;
    if (i === len) return true;
    c = codeUnitAt(input, i);
  }
  return c === 0x2f || c === 0x3f || c === 0x23 || c === 0x5c;
}

/** The value of the digits the last {@link portDigitsEnd} read. */
let portDigitsValue = 0;

/**
 * Where the run of ASCII digits from `i` ends, before `len`, with their value in
 * {@link portDigitsValue}; -1 once that value passes 65535, which the port state fails on
 * (port-out-of-range). https://url.spec.whatwg.org/#port-state
 */
function portDigitsEnd(s: string, i: number, len: number): number {
  let value = 0;
  for (; i < len; i++) {
    const c = codeUnitAt(s, i);
    if (c < 0x30 || c > 0x39) break;
    value = value * 10 + (c - 0x30);
    if (value > 0xffff) return -1;
  }
  portDigitsValue = value;
  return i;
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
  /** Start of the last non-empty label. */
  let lastLabelStart = -1;
  for (;;) {
    // A label: ASCII alphanumerics and "-", read in a loop that does nothing else. (npm run bench
    // row 7 in alternating pairs of processes against a loop that also kept the label's start at
    // each code unit, median of four: Bun 0.82 -> 0.68x its own URL.canParse.)
    const labelStart = i;
    let c = -1;
    for (; i < len; i++) {
      c = codeUnitAt(input, i);
      if (c >= 128 || ((asciiClass[c]! & (ALPHA | DIGIT)) === 0 && c !== 0x2d)) break;
    }
    if (i > labelStart) lastLabelStart = labelStart;
    if (i === len || c !== 0x2e) break;
    i++;
  }
  if (i === hostStart) return -1;
  // The ends-in-a-number checker looks at the last label (the one before a single trailing "."):
  // a number starts with a digit. With one, the host is known only as a dotted-decimal IPv4
  // address; with an empty last label (two trailing "."), or none, it is not known.
  if (lastLabelStart === -1 || (codeUnitAt(input, i - 1) === 0x2e && codeUnitAt(input, i - 2) === 0x2e)) return -1;
  const c = codeUnitAt(input, lastLabelStart);
  if (c >= 0x30 && c <= 0x39) return isDottedDecimalIPv4(input, hostStart, i) ? i : -1;
  return i;
}

/** Sets {@link serializationSuffix} (the state machine's result tells it too). */
export function setSerializationSuffix(suffix: string | null): void {
  serializationSuffix = suffix;
}

/** Whether the scheme {@link leadingSpecialNonFileScheme} last recognized had an ASCII upper alpha. */
let schemeHadUpper = false;
