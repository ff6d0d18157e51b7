/**
 * The scanners of the basic URL parser: the pieces of its states that read a run of the input
 * and say where it ends and what it holds. The state machine (url-parser-*-states.ts), the route
 * for common shapes (url-parser-route.ts) and URL.canParse's check (url-can-parse.ts) are drivers
 * over them; none of those imports another's internals.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { CodeUnit, codeUnitAt } from './code-unit.ts';
import { isDotSegmentAt } from './dot-segments.ts';
import { ALPHA, asciiClass, FORBIDDEN_DOMAIN, isASCIIHexDigit, LONG_INPUT } from './infra.ts';
import { PATH_SET } from './percent-encoding.ts';
import { specialSchemeDefaultPort } from './url-record.ts';
import type { ValidationReporter } from './validation-error.ts';

// --- Scheme ----------------------------------------------------------------------------------

/**
 * A special scheme other than "file" found at the start of an input by {@link leadingSpecialScheme}:
 * its index in {@link SPECIAL_NON_FILE_SCHEMES}, plus {@link SchemeMatch.WrittenWithUpper} when the
 * input wrote it with an ASCII upper alpha (so the input is not its serialization).
 */
export const enum SchemeMatch {
  None = 0,
  Http = 1,
  Https = 2,
  Ws = 3,
  Wss = 4,
  Ftp = 5,
  /** The bits of the scheme's index. */
  Index = 7,
  WrittenWithUpper = 8,
}

/** The special schemes other than "file", by {@link SchemeMatch} index. */
export const SPECIAL_NON_FILE_SCHEMES: readonly string[] = ['', 'http', 'https', 'ws', 'wss', 'ftp'];

/** The scheme of a {@link SchemeMatch} other than None (lowercase). */
export function schemeOfMatch(match: number): string {
  return SPECIAL_NON_FILE_SCHEMES[match & SchemeMatch.Index]!;
}

/**
 * https://url.spec.whatwg.org/#scheme-state for an input that starts with "http:", "https:",
 * "ws:", "wss:" or "ftp:", ASCII case-insensitively: the scheme state's buffer would be that
 * scheme. Returns its {@link SchemeMatch}, or None. `a` is `s`'s first code unit, which every
 * caller has read already.
 */
export function leadingSpecialScheme(s: string, a: number): number {
  // The method is loaded once into a local: that keeps this function's bytecode under V8's limit
  // for inlining it into its callers.
  const charCodeAt = String.prototype.charCodeAt;
  const b = charCodeAt.call(s, 1);
  const c = charCodeAt.call(s, 2);
  let match: number;
  let upper: number;
  if ((a | 0x20) === CodeUnit.LowerH) {
    const d = charCodeAt.call(s, 3);
    if ((b | 0x20) !== CodeUnit.LowerT || (c | 0x20) !== CodeUnit.LowerT || (d | 0x20) !== CodeUnit.LowerP) return SchemeMatch.None;
    upper = a & b & c & d & 0x20;
    const e = charCodeAt.call(s, 4);
    if (e === CodeUnit.Colon) {
      match = SchemeMatch.Http;
    } else {
      if ((e | 0x20) !== CodeUnit.LowerS || charCodeAt.call(s, 5) !== CodeUnit.Colon) return SchemeMatch.None;
      upper &= e;
      match = SchemeMatch.Https;
    }
  } else if ((a | 0x20) === CodeUnit.LowerW) {
    if ((b | 0x20) !== CodeUnit.LowerS) return SchemeMatch.None;
    upper = a & b & 0x20;
    if (c === CodeUnit.Colon) {
      match = SchemeMatch.Ws;
    } else {
      if ((c | 0x20) !== CodeUnit.LowerS || charCodeAt.call(s, 3) !== CodeUnit.Colon) return SchemeMatch.None;
      upper &= c;
      match = SchemeMatch.Wss;
    }
  } else if ((a | 0x20) === CodeUnit.LowerF) {
    if ((b | 0x20) !== CodeUnit.LowerT || (c | 0x20) !== CodeUnit.LowerP || charCodeAt.call(s, 3) !== CodeUnit.Colon) return SchemeMatch.None;
    upper = a & b & c & 0x20;
    match = SchemeMatch.Ftp;
  } else {
    return SchemeMatch.None;
  }
  // Lowercase ASCII letters have bit 0x20 set, uppercase ones do not.
  return upper === 0 ? match | SchemeMatch.WrittenWithUpper : match;
}

/** Whether `s[0, n)` is "file", ASCII case-insensitively. */
export function isFileScheme(s: string, n: number): boolean {
  return (
    n === 4 &&
    (codeUnitAt(s, 0) | 0x20) === CodeUnit.LowerF &&
    (codeUnitAt(s, 1) | 0x20) === CodeUnit.LowerI &&
    (codeUnitAt(s, 2) | 0x20) === CodeUnit.LowerL &&
    (codeUnitAt(s, 3) | 0x20) === CodeUnit.LowerE
  );
}

/** Whether `scheme` is special and not "file". https://url.spec.whatwg.org/#special-scheme */
export function isSpecialNonFile(scheme: string): boolean {
  const port = specialSchemeDefaultPort(scheme);
  return port !== undefined && port !== null;
}

// --- Authority and host -------------------------------------------------------------------------

/**
 * Authority scan classes ({@link AUTHORITY_CLASS}): code units that keep a host "simple" (a-z, 0-9,
 * "-", "."), the end of an authority ("/", "?", "#"), the other code units the domain parser keeps
 * in an ASCII domain (it only lowercases one: "_", "~", "!" and the like), ASCII upper alphas, and
 * the rest.
 */
export const enum AuthorityClass {
  Simple = 0,
  End = 1,
  Other = 2,
  Kept = 3,
  Upper = 4,
}

/** The {@link AuthorityClass} of each ASCII code unit. */
export const AUTHORITY_CLASS: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128).fill(AuthorityClass.Other);
  for (let c = CodeUnit.ExclamationMark; c < CodeUnit.Delete; c++) if ((asciiClass[c]! & FORBIDDEN_DOMAIN) === 0) table[c] = AuthorityClass.Kept;
  for (let c = CodeUnit.UpperA; c <= CodeUnit.UpperZ; c++) table[c] = AuthorityClass.Upper;
  for (let c = CodeUnit.LowerA; c <= CodeUnit.LowerZ; c++) table[c] = AuthorityClass.Simple;
  for (let c = CodeUnit.Digit0; c <= CodeUnit.Digit9; c++) table[c] = AuthorityClass.Simple;
  table[CodeUnit.HyphenMinus] = AuthorityClass.Simple;
  table[CodeUnit.FullStop] = AuthorityClass.Simple;
  table[CodeUnit.Solidus] = AuthorityClass.End;
  table[CodeUnit.QuestionMark] = AuthorityClass.End;
  table[CodeUnit.NumberSign] = AuthorityClass.End;
  return table;
})();

/**
 * Where the run of code units that keep a host "simple" (ASCII lowercase letters, digits, "-" and
 * ".") that starts at `start` ends, before `end`. A host of only these is one the host parser keeps
 * as it is, unless it ends in a number.
 */
export function simpleHostEnd(s: string, start: number, end: number): number {
  let i = start;
  for (let c; i < end && (c = codeUnitAt(s, i)) < CodeUnit.FirstNonASCII && AUTHORITY_CLASS[c] === AuthorityClass.Simple; i++);
  return i;
}

/** The end of a special URL's authority: "/", "?", "#" or "\\". */
const SPECIAL_AUTHORITY_END = /[/?#\\]/g;
/** The same, for a test. */
export const SPECIAL_AUTHORITY_END_ONE = /[/?#\\]/;
/** The end of another URL's authority. */
const AUTHORITY_END = /[/?#]/g;
/** ":" or "[", for the first ":" outside brackets. */
const COLON_OR_BRACKET = /[:[]/g;

/** Whether `s[i]`, a "%", and the two code units after it are a percent-encoded byte. */
export function isPercentEncodedByteAt(s: string, i: number): boolean {
  return i + 2 < s.length && isASCIIHexDigit(codeUnitAt(s, i + 1)) && isASCIIHexDigit(codeUnitAt(s, i + 2));
}

/**
 * What {@link scanAuthority} finds in an authority: the last "@" (-1 for none), the first ":"
 * outside brackets after it (-1 for none), and whether the host between them has only ASCII
 * lowercase letters, digits, "-" and "." (the host parser's fast path then applies). The state
 * machine's run owns one and passes it in.
 */
export class AuthorityScan {
  lastAt = -1;
  colon = -1;
  simple = true;
}

/**
 * The authority state's scan from `p`, in one pass: returns the end of the authority (the first
 * "/", "?", "#", or "\\" for special URLs), or -1 at an ASCII tab or newline (an optimistic run
 * restarts there), and writes into `scan` what the authority, host and port states would find code
 * point by code point. Reports invalid-credentials at each "@".
 *
 * https://url.spec.whatwg.org/#authority-state
 */
export function scanAuthority(s: string, p: number, len: number, special: boolean, reporter: ValidationReporter | null, scan: AuthorityScan): number {
  if (reporter === null && len - p > LONG_INPUT) return scanLongAuthority(s, p, len, special, scan);
  let end = p;
  let lastAt = -1;
  let colon = -1;
  let insideBrackets = false;
  let simple = true;
  for (; end < len; end++) {
    const c = codeUnitAt(s, end);
    if (c >= CodeUnit.FirstNonASCII) {
      if (colon === -1) simple = false;
      continue;
    }
    const kind = AUTHORITY_CLASS[c]!;
    if (kind === AuthorityClass.Simple) continue;
    if (kind === AuthorityClass.End || (c === CodeUnit.ReverseSolidus && special)) break;
    if (c === CodeUnit.CommercialAt) {
      if (reporter !== null) reporter.report('invalid-credentials', end, 1, false);
      lastAt = end;
      colon = -1;
      insideBrackets = false;
      simple = true;
    } else if (c === CodeUnit.Colon) {
      if (!insideBrackets && colon === -1) colon = end;
    } else {
      if (c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn) return -1;
      if (c === CodeUnit.LeftSquareBracket) insideBrackets = true;
      else if (c === CodeUnit.RightSquareBracket) insideBrackets = false;
      if (colon === -1) simple = false;
    }
  }
  scan.lastAt = lastAt;
  scan.colon = colon;
  scan.simple = simple;
  return end;
}

/**
 * {@link scanAuthority} for a long authority, with native scans. Each scan goes forward from where
 * the last one stopped, so the whole stays linear. The input has no ASCII tab or newline: one that
 * long is cleaned before any run, and the other runs parse cleaned input.
 */
function scanLongAuthority(s: string, p: number, len: number, special: boolean, scan: AuthorityScan): number {
  const endPattern = special ? SPECIAL_AUTHORITY_END : AUTHORITY_END;
  endPattern.lastIndex = p;
  const endMatch = endPattern.exec(s);
  const end = endMatch === null ? len : endMatch.index;
  let lastAt = end > p ? s.lastIndexOf('@', end - 1) : -1;
  if (lastAt < p) lastAt = -1;
  let colon = -1;
  // The searches below read the authority only, not the rest of the input after it.
  const authority = s.slice(0, end);
  COLON_OR_BRACKET.lastIndex = lastAt === -1 ? p : lastAt + 1;
  for (;;) {
    const match = COLON_OR_BRACKET.exec(authority);
    if (match === null) break;
    if (codeUnitAt(s, match.index) === CodeUnit.Colon) {
      colon = match.index;
      break;
    }
    // "[": no ":" counts until the next "]".
    const close = authority.indexOf(']', match.index + 1);
    if (close === -1) break;
    COLON_OR_BRACKET.lastIndex = close + 1;
  }
  scan.lastAt = lastAt;
  scan.colon = colon;
  scan.simple = false;
  return end;
}

/**
 * Where the host state's buffer ends, from `p`: at a ":" outside brackets, "/", "?", "#", "\\" for
 * special URLs, or the end. https://url.spec.whatwg.org/#host-state
 */
export function hostStateEnd(s: string, p: number, len: number, special: boolean): number {
  let insideBrackets = false;
  let q = p;
  for (; q < len; q++) {
    const c = codeUnitAt(s, q);
    if (c === CodeUnit.Colon && !insideBrackets) break;
    if (c === CodeUnit.Solidus || c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign || (c === CodeUnit.ReverseSolidus && special)) break;
    if (c === CodeUnit.LeftSquareBracket) insideBrackets = true;
    else if (c === CodeUnit.RightSquareBracket) insideBrackets = false;
  }
  return q;
}

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
  if (c === CodeUnit.FullStop) c = codeUnitAt(s, --i);
  // A number ends in a digit, a hex digit or the "x" of "0x": "com", "org" and "net" end in none.
  if (c > CodeUnit.LowerF && c !== CodeUnit.LowerX) return false;
  // "." alone, or an empty last label ("a.."), is left to the checker.
  if (i < start || c === CodeUnit.FullStop) return true;
  // Back to the last label's first code unit.
  while (i > start) {
    const before = codeUnitAt(s, i - 1);
    if (before === CodeUnit.FullStop) break;
    c = before;
    i--;
  }
  return c >= CodeUnit.Digit0 && c <= CodeUnit.Digit9;
}

/** Whether `c` is an ASCII alpha. https://infra.spec.whatwg.org/#ascii-alpha */
export function isASCIIAlpha(c: number): boolean {
  return c < CodeUnit.FirstNonASCII && (asciiClass[c]! & ALPHA) !== 0;
}

// --- Port ------------------------------------------------------------------------------------------

/**
 * Where the run of ASCII digits from `i` ends, before `len`; -1 once their value passes 65535,
 * which the port state fails on (port-out-of-range). https://url.spec.whatwg.org/#port-state
 */
export function portDigitsEnd(s: string, i: number, len: number): number {
  let value = 0;
  for (; i < len; i++) {
    const c = codeUnitAt(s, i);
    if (c < CodeUnit.Digit0 || c > CodeUnit.Digit9) break;
    value = value * 10 + (c - CodeUnit.Digit0);
    if (value > 0xffff) return -1;
  }
  return i;
}

/** The value of the ASCII digits `s[start, end)`, a run {@link portDigitsEnd} accepted. */
export function portValue(s: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (codeUnitAt(s, i) - CodeUnit.Digit0);
  return value;
}

// --- Path ------------------------------------------------------------------------------------------

/**
 * Path scan classes ({@link PATH_CLASS}): kept as is (with "/"), percent-encoded (the path
 * percent-encode set), "." and "%" (a segment starting with them may be a dot segment), "?" and
 * "#" (the path ends), and "\\" and ASCII tab or newline (which the common-shape route leaves to
 * the state machine).
 */
export const enum PathClass {
  Keep = 0,
  Encode = 1,
  Dot = 2,
  End = 3,
  Other = 4,
}

/** The {@link PathClass} of each ASCII code unit. */
export const PATH_CLASS: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (PATH_SET[c] === 1) table[c] = PathClass.Encode;
  table[CodeUnit.FullStop] = PathClass.Dot;
  table[CodeUnit.PercentSign] = PathClass.Dot;
  table[CodeUnit.QuestionMark] = PathClass.End;
  table[CodeUnit.NumberSign] = PathClass.End;
  table[CodeUnit.ReverseSolidus] = PathClass.Other;
  table[CodeUnit.Tab] = PathClass.Other;
  table[CodeUnit.LineFeed] = PathClass.Other;
  table[CodeUnit.CarriageReturn] = PathClass.Other;
  return table;
})();

/**
 * Code units the path scan keeps as they are ("%" and "." too, which matter only at the start of a
 * segment), and "/" then "." or "%" (a segment that may be a dot segment): the scan stops at
 * anything else, and the match ends at the "." or "%". The "/" is matched forwards: looked behind
 * for from each "." or "%", it would cost a lookbehind at every code unit of a run of them. The
 * negated class already makes the engine try every position, so a "/" that fails at the next code
 * unit adds little; the path state's RUN_STOP, a search for a few rare code units, looks behind
 * instead, so that "/" does not become a frequent start there. In both patterns the "/"
 * alternative comes first: the two orders match the same, and V8 tries each position faster this
 * way, JavaScriptCore a little slower (docs/performance.md).
 */
const PATH_STOP = /\/[.%]|[^!$-;=@-[\]_a-z|~]/g;
/** Once a code unit to percent-encode was found, the scan stops only at what ends or spoils it. */
const PATH_STOP_ENCODING = /\/[.%]|[\t\n\r#?\\]/g;

/** Why a path scan gave up: the path has one of these, which the state machine handles. */
export const enum PathScanStop {
  DotSegment = -1,
  Backslash = -2,
  TabOrNewline = -3,
}

/** A long path that {@link scanLongPath} read to its end. */
export interface LongPathScan {
  /** Where the path ends: "?", "#" or the end of the input. */
  readonly end: number;
  /** Whether the path has code units to percent-encode. */
  readonly needsEncoding: boolean;
}

/**
 * The path that starts with "/" at `start`, read to its end ("?", "#" or `len`) when it has no
 * "\\", ASCII tab or newline and no dot segment; otherwise the {@link PathScanStop} of the first it
 * has. Native scans skip the runs of code units that need no look: for long paths, where the
 * common-shape route's loop would read every code unit, and where one small result object is
 * nothing against the path.
 */
export function scanLongPath(s: string, start: number, len: number): LongPathScan | PathScanStop {
  let encode = false;
  let stop = PATH_STOP;
  stop.lastIndex = start;
  for (;;) {
    // test, not exec: no match array is made. A match ends at the code unit to look at: one the
    // class does not keep, or the "." or "%" after "/", which it keeps elsewhere.
    if (!stop.test(s)) break;
    const i = stop.lastIndex - 1;
    // Past `len` are only the trailing C0 controls and spaces that the parser removes.
    if (i >= len) break;
    const c = codeUnitAt(s, i);
    if (c === CodeUnit.FullStop || c === CodeUnit.PercentSign) {
      // "/" then "." or "%": the segment after it may be a dot segment.
      if (isDotSegmentAt(s, i, len)) return PathScanStop.DotSegment;
      // Past it: the class keeps "." and "%".
      stop.lastIndex = i + 1;
      continue;
    }
    if (c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign) return { end: i, needsEncoding: encode };
    if (c === CodeUnit.ReverseSolidus) return PathScanStop.Backslash;
    if (c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn) return PathScanStop.TabOrNewline;
    // A code unit of the path percent-encode set (or not ASCII).
    encode = true;
    stop = PATH_STOP_ENCODING;
    stop.lastIndex = i + 1;
  }
  return { end: len, needsEncoding: encode };
}
