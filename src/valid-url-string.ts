/**
 * URL writing (URL Standard §4.3) and host writing (§3.4): whether a string is a valid URL string.
 *
 * https://url.spec.whatwg.org/#url-writing
 * https://url.spec.whatwg.org/#host-writing
 *
 * The checks follow the standard's grammar production by production. Every production is checked
 * over index ranges of the input, once, so the whole check takes time linear in the input's
 * length (plus the time of Unicode ToASCII on the host, for special URLs).
 */
import { domainToASCII, endsInANumber } from './host.ts';
import { ALPHA, asciiClass, FORBIDDEN_HOST, isASCIIHexDigit, isURLCodePoint, schemeEnd, URL_UNIT } from './infra.ts';
import { resolveBase, type ParseOptions } from './url-parser.ts';
import { specialSchemeDefaultPort, type URLRecord } from './url-record.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/** Options of {@link isValidURLString}. */
export interface ValidURLStringOptions {
  /**
   * The base URL a relative-URL-with-fragment string would be parsed against: a string (parsed
   * first), a URL record, or anything with an `href` string. Without one, only
   * absolute-URL-with-fragment strings are valid.
   */
  base?: ParseOptions['base'];
}

/** Code units excluded from a run of URL units, as bit flags. */
const enum Exclude {
  None = 0,
  /** U+003F (?): path segments and opaque paths. */
  Question = 1,
  /** Forbidden host code points: opaque hosts. */
  ForbiddenHost = 2,
}

/**
 * Whether `input` is a valid URL string: a relative-URL-with-fragment string (only when a base is
 * given, and judged by the base's scheme and whether it has an opaque path) or an
 * absolute-URL-with-fragment string. Never throws; `false` when the base is given but is not a URL.
 *
 * ```ts
 * isValidURLString('https://example.com/././foo');                 // true
 * isValidURLString('https:example.org');                           // false
 * isValidURLString('example', { base: 'https://example.com/demo' }); // true
 * isValidURLString('example');                                     // false: no base
 * ```
 *
 * https://url.spec.whatwg.org/#valid-url-string
 */
export function isValidURLString(input: string, options?: ValidURLStringOptions): boolean {
  if (typeof input !== 'string') return false;
  let base: URLRecord | null = null;
  const baseOption = options?.base;
  if (baseOption !== undefined && baseOption !== null) {
    const resolved = resolveBase(baseOption);
    if (resolved === undefined || resolved === null) return false;
    base = resolved;
  }
  return isValidURLStringWithBase(input, base);
}

/** {@link isValidURLString} with the base already resolved (null for none). Never throws. */
export function isValidURLStringWithBase(s: string, base: URLRecord | null): boolean {
  try {
    return check(s, base);
  } catch {
    // Only reachable through an engine limit (such as running out of memory on a huge host).
    return false;
  }
}

function check(s: string, base: URLRecord | null): boolean {
  // "optionally followed by U+0023 (#) and a URL-fragment string": "#" is not a URL unit, so the
  // first "#" starts the fragment.
  const hash = s.indexOf('#');
  const end = hash === -1 ? s.length : hash;
  if (hash !== -1 && !isURLUnits(s, hash + 1, s.length, Exclude.None)) return false;
  const colon = schemeColon(s, end);
  // https://url.spec.whatwg.org/#absolute-url-with-fragment-string
  if (colon !== -1) return isAbsoluteURL(s, colon, end);
  // https://url.spec.whatwg.org/#relative-url-with-fragment-string
  if (base === null) return false;
  if (base.opaquePath) return hash === 0;
  return isRelativeURL(s, end, base.scheme);
}

/**
 * The index of the ":" after a URL-scheme string at the start of `s[0, end)`, or -1.
 *
 * https://url.spec.whatwg.org/#url-scheme-string
 */
function schemeColon(s: string, end: number): number {
  if (end === 0) return -1;
  const first = codeUnitAt(s, 0);
  if (first >= 128 || (asciiClass[first]! & ALPHA) === 0) return -1;
  const i = schemeEnd(s, 1);
  return i < end && codeUnitAt(s, i) === CodeUnit.Colon ? i : -1;
}

/** The first "?" in `s[from, end)`, or `end`. */
function queryStart(s: string, from: number, end: number): number {
  const q = s.indexOf('?', from);
  return q === -1 || q > end ? end : q;
}

/**
 * `s[colon + 1, end)` after a scheme: the rest of an absolute-URL string.
 *
 * https://url.spec.whatwg.org/#absolute-url-string
 */
function isAbsoluteURL(s: string, colon: number, end: number): boolean {
  const scheme = s.slice(0, colon).toLowerCase();
  const p = colon + 1;
  const q = queryStart(s, p, end);
  // "any optionally followed by U+003F (?) and a URL-query string".
  if (q < end && !isURLUnits(s, q + 1, end, Exclude.None)) return false;
  if (scheme === 'file') return isSchemeRelativeFileURL(s, p, q);
  if (specialSchemeDefaultPort(scheme) !== undefined) return isSchemeRelativeSpecialURL(s, p, q);
  if (startsWithTwoSolidi(s, p, q)) return isSchemeRelativeURL(s, p, q);
  // A path-absolute-non-authority-URL string (starts with one "/") or an opaque-path-URL string
  // (does not start with "/"): both are URL units other than "?".
  return isURLUnits(s, p, q, Exclude.Question);
}

/**
 * `s[0, end)`: a relative-URL string against a base (without an opaque path) whose scheme is
 * `baseScheme`, optionally followed by a query.
 *
 * https://url.spec.whatwg.org/#relative-url-string
 */
function isRelativeURL(s: string, end: number, baseScheme: string): boolean {
  const q = queryStart(s, 0, end);
  if (q < end && !isURLUnits(s, q + 1, end, Exclude.None)) return false;
  if (startsWithTwoSolidi(s, 0, q)) {
    if (baseScheme === 'file') return isSchemeRelativeFileURL(s, 0, q);
    if (specialSchemeDefaultPort(baseScheme) !== undefined) return isSchemeRelativeSpecialURL(s, 0, q);
    return isSchemeRelativeURL(s, 0, q);
  }
  // A path-absolute-non-authority-URL string, or a path-relative-scheme-less-URL string (the
  // caller has established that `s` does not start with a scheme and ":").
  return isURLUnits(s, 0, q, Exclude.Question);
}

function startsWithTwoSolidi(s: string, from: number, to: number): boolean {
  return from + 1 < to && codeUnitAt(s, from) === CodeUnit.Solidus && codeUnitAt(s, from + 1) === CodeUnit.Solidus;
}

/**
 * `s[from, to)` is "" or a path-absolute-URL string. The caller has cut `to` at the first "?".
 *
 * https://url.spec.whatwg.org/#path-absolute-url-string
 */
function isOptionalPathAbsolute(s: string, from: number, to: number): boolean {
  if (from === to) return true;
  return codeUnitAt(s, from) === CodeUnit.Solidus && isURLUnits(s, from + 1, to, Exclude.Question);
}

/**
 * The end of the host that starts at `from`: after the "]" of a bracketed host (or -1 when there
 * is none before `to`), otherwise at the first "/" (or ":", when a port may follow), or `to`.
 */
function hostEnd(s: string, from: number, to: number, portAllowed: boolean): number {
  if (from < to && codeUnitAt(s, from) === CodeUnit.LeftSquareBracket) {
    for (let i = from + 1; i < to; i++) if (codeUnitAt(s, i) === CodeUnit.RightSquareBracket) return i + 1;
    return -1;
  }
  for (let i = from; i < to; i++) {
    const c = codeUnitAt(s, i);
    if (c === CodeUnit.Solidus || (portAllowed && c === CodeUnit.Colon)) return i;
  }
  return to;
}

/**
 * "//", a valid host string, optionally ":" and a URL-port string, optionally a path-absolute-URL
 * string.
 *
 * https://url.spec.whatwg.org/#scheme-relative-special-url-string
 */
function isSchemeRelativeSpecialURL(s: string, from: number, to: number): boolean {
  if (!startsWithTwoSolidi(s, from, to)) return false;
  const h = from + 2;
  const e = hostEnd(s, h, to, true);
  if (e === -1 || !isValidHostString(s, h, e)) return false;
  return isOptionalPortAndPath(s, e, to);
}

/** `s[from, to)` is optionally ":" and a URL-port string, then optionally a path-absolute-URL string. */
function isOptionalPortAndPath(s: string, from: number, to: number): boolean {
  let p = from;
  if (p < to && codeUnitAt(s, p) === CodeUnit.Colon) {
    let portEnd = p + 1;
    while (portEnd < to && codeUnitAt(s, portEnd) !== CodeUnit.Solidus) portEnd++;
    if (!isURLPortString(s, p + 1, portEnd)) return false;
    p = portEnd;
  }
  return isOptionalPathAbsolute(s, p, to);
}

/**
 * "//", an opaque-host-and-port string, optionally a path-absolute-URL string.
 *
 * https://url.spec.whatwg.org/#scheme-relative-url-string
 * https://url.spec.whatwg.org/#opaque-host-and-port-string
 */
function isSchemeRelativeURL(s: string, from: number, to: number): boolean {
  if (!startsWithTwoSolidi(s, from, to)) return false;
  const h = from + 2;
  // The empty opaque-host-and-port string.
  if (h === to || codeUnitAt(s, h) === CodeUnit.Solidus) return isOptionalPathAbsolute(s, h, to);
  const e = hostEnd(s, h, to, true);
  if (e === -1 || !isValidOpaqueHostString(s, h, e)) return false;
  return isOptionalPortAndPath(s, e, to);
}

/**
 * "//", optionally a valid host string followed by an optional path-absolute-URL string, or a
 * path-absolute-URL string.
 *
 * https://url.spec.whatwg.org/#scheme-relative-file-url-string
 */
function isSchemeRelativeFileURL(s: string, from: number, to: number): boolean {
  if (!startsWithTwoSolidi(s, from, to)) return false;
  const h = from + 2;
  if (h === to || codeUnitAt(s, h) === CodeUnit.Solidus) return isOptionalPathAbsolute(s, h, to);
  const e = hostEnd(s, h, to, false);
  if (e === -1 || !isValidHostString(s, h, e)) return false;
  return isOptionalPathAbsolute(s, e, to);
}

/**
 * `s[from, to)` is the empty string or ASCII digits for a 16-bit unsigned integer.
 *
 * https://url.spec.whatwg.org/#url-port-string
 */
function isURLPortString(s: string, from: number, to: number): boolean {
  let value = 0;
  for (let i = from; i < to; i++) {
    const c = codeUnitAt(s, i);
    if (c < CodeUnit.Digit0 || c > CodeUnit.Digit9) return false;
    value = value * 10 + (c - CodeUnit.Digit0);
    if (value > 0xffff) return false;
  }
  return true;
}

/**
 * Whether every code point of `s[from, to)` is a URL unit: a URL code point (other than those
 * `exclude` names) or the start of a percent-encoded byte. Lone surrogates are not code points of
 * any URL unit.
 *
 * https://url.spec.whatwg.org/#url-units
 */
function isURLUnits(s: string, from: number, to: number, exclude: Exclude): boolean {
  for (let i = from; i < to; i++) {
    const c = codeUnitAt(s, i);
    if (c < CodeUnit.FirstNonASCII) {
      if (c === CodeUnit.PercentSign) {
        // https://url.spec.whatwg.org/#percent-encoded-byte
        if (i + 2 >= to || !isASCIIHexDigit(codeUnitAt(s, i + 1)) || !isASCIIHexDigit(codeUnitAt(s, i + 2))) return false;
        i += 2;
        continue;
      }
      const flags = asciiClass[c]!;
      if ((flags & URL_UNIT) === 0) return false;
      if ((exclude & Exclude.Question) !== 0 && c === CodeUnit.QuestionMark) return false;
      if ((exclude & Exclude.ForbiddenHost) !== 0 && (flags & FORBIDDEN_HOST) !== 0) return false;
      continue;
    }
    let cp = c;
    if (c >= CodeUnit.FirstHighSurrogate && c <= CodeUnit.LastHighSurrogate && i + 1 < to) {
      const d = codeUnitAt(s, i + 1);
      if (d >= CodeUnit.FirstLowSurrogate && d <= CodeUnit.LastLowSurrogate) {
        cp = 0x10000 + ((c - CodeUnit.FirstHighSurrogate) << 10) + (d - CodeUnit.FirstLowSurrogate);
        i++;
      }
    }
    if (!isURLCodePoint(cp)) return false;
  }
  return true;
}

// --- Hosts (§3.4) --------------------------------------------------------------------------------

/**
 * A valid domain string, a valid IPv4-address string, or "[", a valid IPv6-address string, "]".
 *
 * https://url.spec.whatwg.org/#valid-host-string
 */
function isValidHostString(s: string, from: number, to: number): boolean {
  if (from === to) return false;
  if (codeUnitAt(s, from) === CodeUnit.LeftSquareBracket) {
    return to - from >= 2 && codeUnitAt(s, to - 1) === CodeUnit.RightSquareBracket && isValidIPv6AddressString(s, from + 1, to - 1);
  }
  return isValidIPv4AddressString(s, from, to) || isValidDomain(s.slice(from, to));
}

/**
 * A valid opaque-host string: one or more URL units other than forbidden host code points, or "[",
 * a valid IPv6-address string, "]".
 *
 * https://url.spec.whatwg.org/#valid-opaque-host-string
 */
function isValidOpaqueHostString(s: string, from: number, to: number): boolean {
  if (from === to) return false;
  if (codeUnitAt(s, from) === CodeUnit.LeftSquareBracket) {
    return to - from >= 2 && codeUnitAt(s, to - 1) === CodeUnit.RightSquareBracket && isValidIPv6AddressString(s, from + 1, to - 1);
  }
  return isURLUnits(s, from, to, Exclude.ForbiddenHost);
}

/**
 * A valid domain: the domain parser with beStrict true succeeds, and the result does not end in a
 * number.
 *
 * https://url.spec.whatwg.org/#valid-domain
 */
export function isValidDomain(input: string): boolean {
  if (input.length === 0 || !isWellFormed(input)) return false;
  const domain = domainToASCII(input, true);
  return domain !== null && domain.length > 0 && !endsInANumber(domain);
}

/** Whether `s` has no lone surrogate (the domain parser takes a scalar value string). */
function isWellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = codeUnitAt(s, i);
    if (c < CodeUnit.FirstHighSurrogate || c > CodeUnit.LastLowSurrogate) continue;
    if (c >= CodeUnit.FirstLowSurrogate) return false;
    const d = codeUnitAt(s, i + 1);
    if (!(d >= CodeUnit.FirstLowSurrogate && d <= CodeUnit.LastLowSurrogate)) return false;
    i++;
  }
  return true;
}

/**
 * Four shortest possible strings of ASCII digits for decimal numbers 0 to 255, separated by ".".
 *
 * https://url.spec.whatwg.org/#valid-ipv4-address-string
 */
function isValidIPv4AddressString(s: string, from: number, to: number): boolean {
  let parts = 0;
  let i = from;
  for (;;) {
    const start = i;
    let value = 0;
    while (i < to && i - start < 4) {
      const c = codeUnitAt(s, i);
      if (c < CodeUnit.Digit0 || c > CodeUnit.Digit9) break;
      value = value * 10 + (c - CodeUnit.Digit0);
      i++;
    }
    const digits = i - start;
    if (digits === 0 || digits > 3 || value > 255) return false;
    if (digits > 1 && codeUnitAt(s, start) === CodeUnit.Digit0) return false; // not the shortest string
    parts++;
    if (i === to) return parts === 4;
    if (codeUnitAt(s, i) !== CodeUnit.FullStop || parts === 4) return false;
    i++;
  }
}

function contains(s: string, from: number, to: number, c: number): boolean {
  for (let i = from; i < to; i++) if (codeUnitAt(s, i) === c) return true;
  return false;
}

/**
 * https://url.spec.whatwg.org/#valid-ipv6-address-string
 */
export function isValidIPv6AddressString(s: string, from: number, to: number): boolean {
  let compression = -1;
  for (let i = from; i + 1 < to; i++) {
    if (codeUnitAt(s, i) === CodeUnit.Colon && codeUnitAt(s, i + 1) === CodeUnit.Colon) {
      compression = i;
      break;
    }
  }
  if (compression === -1) {
    // A valid IPv6-pieces string or IPv6-pieces-and-IPv4 string with effective piece length 8.
    return effectivePieceLength(s, from, to, true) === 8;
  }
  // "::", optionally preceded by a valid IPv6-pieces string, and optionally followed by a valid
  // IPv6-pieces string or IPv6-pieces-and-IPv4 string, with effective piece lengths summing to at
  // most 7.
  const before = compression === from ? 0 : effectivePieceLength(s, from, compression, false);
  if (before === -1) return false;
  const after = compression + 2 === to ? 0 : effectivePieceLength(s, compression + 2, to, true);
  if (after === -1) return false;
  return before + after <= 7;
}

/**
 * The effective piece length of `s[from, to)` as a valid IPv6-pieces string or (with `ipv4`) a
 * valid IPv6-pieces-and-IPv4 string, or -1 when it is neither.
 *
 * https://url.spec.whatwg.org/#effective-piece-length
 */
function effectivePieceLength(s: string, from: number, to: number, ipv4: boolean): number {
  // The last ":"-separated item decides whether an IPv4 address ends the string.
  let lastStart = to;
  while (lastStart > from && codeUnitAt(s, lastStart - 1) !== CodeUnit.Colon) lastStart--;
  let piecesEnd = to;
  let extra = 0;
  if (ipv4 && contains(s, lastStart, to, CodeUnit.FullStop)) {
    // https://url.spec.whatwg.org/#valid-ipv6-pieces-and-ipv4-string
    if (!isValidIPv4AddressString(s, lastStart, to)) return -1;
    if (lastStart === from) return 2;
    piecesEnd = lastStart - 1;
    extra = 2;
  }
  // https://url.spec.whatwg.org/#valid-ipv6-pieces-string: one or more valid IPv6-piece strings
  // (https://url.spec.whatwg.org/#valid-ipv6-piece-string), separated by ":".
  let pieces = 0;
  let i = from;
  for (;;) {
    const start = i;
    while (i < piecesEnd && i - start <= 4 && isASCIIHexDigit(codeUnitAt(s, i))) i++;
    const digits = i - start;
    if (digits === 0 || digits > 4) return -1;
    if (digits > 1 && codeUnitAt(s, start) === CodeUnit.Digit0) return -1; // not the shortest string
    pieces++;
    if (i === piecesEnd) return pieces + extra;
    if (codeUnitAt(s, i) !== CodeUnit.Colon) return -1;
    i++;
  }
}
