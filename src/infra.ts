/**
 * Code point classes from the Infra Standard and the URL Standard, as lookup tables.
 *
 * https://infra.spec.whatwg.org/#code-points
 * https://url.spec.whatwg.org/#url-code-points
 *
 * A note on `codeUnitAt(s, i)`, which the hot loops of this package write
 * instead of `s.charCodeAt(i)`: V8 looks a method up on a string primitive by the string's map, and
 * there is one map per representation (sequential, sliced, cons, thin; one-byte or two-byte). A
 * call site that has met more representations than its inline cache holds looks the method up
 * generically on every call, as in a process that parses both slices of two-byte text and one-byte
 * concatenations. `String.prototype.charCodeAt` is a constant V8 folds, so the long form needs no
 * lookup and is inlined for any representation.
 * (A shorter alias does not work as well: a module-level `const` alias is folded only while it stays
 * a `const` and is not exported, and bundlers emit top-level `const` as `var`; a small wrapper
 * function is not always inlined in the large parser functions. An alias local to a function,
 * loaded from `String.prototype` on each call, is folded the same way and makes the function's
 * bytecode smaller, which can bring it under V8's inlining limit: see
 * leadingSpecialScheme in url-parser-scanners.ts.)
 */
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/**
 * Ranges longer than this many code units are searched by native scans (regular expressions,
 * `includes`, `trimEnd`) instead of loops over their code units; below it a scan costs more than
 * the reads it saves.
 */
export const LONG_RANGE = 256;

/**
 * Inputs longer than this many code units are looked at for tab or newline before parsing, and an
 * authority this long is left to the state machine, whose scan of it is native.
 */
export const LONG_INPUT = 4096;

/** Bit flags of the ASCII class table. */
export const ALPHA = 1;
export const DIGIT = 2;
export const HEX = 4;
/** https://url.spec.whatwg.org/#forbidden-host-code-point */
export const FORBIDDEN_HOST = 8;
/** https://url.spec.whatwg.org/#forbidden-domain-code-point */
export const FORBIDDEN_DOMAIN = 16;
/** ASCII URL code points: https://url.spec.whatwg.org/#url-code-points (the ASCII part). */
export const URL_UNIT = 32;
/** Scheme code points after the first: ASCII alphanumeric, "+", "-", "." */
export const SCHEME = 64;

/** One byte of flags per ASCII code unit. */
export const asciiClass: Uint8Array = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (let c = CodeUnit.UpperA; c <= CodeUnit.UpperZ; c++) t[c] |= ALPHA | SCHEME;
  for (let c = CodeUnit.LowerA; c <= CodeUnit.LowerZ; c++) t[c] |= ALPHA | SCHEME;
  for (let c = CodeUnit.Digit0; c <= CodeUnit.Digit9; c++) t[c] |= DIGIT | HEX | SCHEME;
  for (let c = CodeUnit.UpperA; c <= CodeUnit.UpperF; c++) t[c] |= HEX;
  for (let c = CodeUnit.LowerA; c <= CodeUnit.LowerF; c++) t[c] |= HEX;
  t[CodeUnit.PlusSign] |= SCHEME;
  t[CodeUnit.HyphenMinus] |= SCHEME;
  t[CodeUnit.FullStop] |= SCHEME;
  for (const c of [
    CodeUnit.Null,
    CodeUnit.Tab,
    CodeUnit.LineFeed,
    CodeUnit.CarriageReturn,
    CodeUnit.Space,
    CodeUnit.NumberSign,
    CodeUnit.Solidus,
    CodeUnit.Colon,
    CodeUnit.LessThanSign,
    CodeUnit.GreaterThanSign,
    CodeUnit.QuestionMark,
    CodeUnit.CommercialAt,
    CodeUnit.LeftSquareBracket,
    CodeUnit.ReverseSolidus,
    CodeUnit.RightSquareBracket,
    CodeUnit.CircumflexAccent,
    CodeUnit.VerticalLine,
  ]) {
    t[c] |= FORBIDDEN_HOST | FORBIDDEN_DOMAIN;
  }
  for (let c = 0; c <= CodeUnit.UnitSeparator; c++) t[c] |= FORBIDDEN_DOMAIN;
  t[CodeUnit.PercentSign] |= FORBIDDEN_DOMAIN;
  t[CodeUnit.Delete] |= FORBIDDEN_DOMAIN;
  // URL code points: ASCII alphanumeric, !, $, &, ', (, ), *, +, ,, -, ., /, :, ;, =, ?, @, _, ~
  for (const ch of "!$&'()*+,-./:;=?@_~") t[ch.charCodeAt(0)] |= URL_UNIT;
  for (let c = 0; c < 128; c++) if (t[c] & (ALPHA | DIGIT)) t[c] |= URL_UNIT;
  return t;
})();

/**
 * The index of the first code unit of `s` from `i` on that is not a scheme code point after the
 * first (ASCII alphanumeric, "+", "-", "."), or the length: the scheme state's loop
 * (https://url.spec.whatwg.org/#scheme-state), in a function of its own so that the engine
 * compiles it by itself, whatever tier the state machine around it runs in: a long scheme is then
 * scanned by optimized code even while the state machine still runs in a lower tier.
 */
export function schemeEnd(s: string, i: number): number {
  for (let c; i < s.length && (c = codeUnitAt(s, i)) < CodeUnit.FirstNonASCII && (asciiClass[c]! & SCHEME) !== 0; i++);
  return i;
}

/** https://infra.spec.whatwg.org/#ascii-hex-digit */
export function isASCIIHexDigit(c: number): boolean {
  return c < CodeUnit.FirstNonASCII && (asciiClass[c] & HEX) !== 0;
}

/** The value of an ASCII hex digit, or -1. */
export function hexValue(c: number): number {
  if (c >= CodeUnit.Digit0 && c <= CodeUnit.Digit9) return c - CodeUnit.Digit0;
  // Setting bit 0x20 lowercases an ASCII upper alpha; only "A"–"F" and "a"–"f" land in "a"–"f".
  const l = c | 0x20;
  if (l >= CodeUnit.LowerA && l <= CodeUnit.LowerF) return l - CodeUnit.LowerA + 10;
  return -1;
}

/**
 * https://url.spec.whatwg.org/#url-code-points
 * `c` is a code point (not a surrogate half).
 */
export function isURLCodePoint(c: number): boolean {
  if (c < CodeUnit.FirstNonASCII) return (asciiClass[c] & URL_UNIT) !== 0;
  if (c < CodeUnit.NoBreakSpace) return false;
  if (c >= CodeUnit.FirstHighSurrogate && c <= CodeUnit.LastLowSurrogate) return false;
  if (c >= 0xfdd0 && c <= 0xfdef) return false; // noncharacters
  if ((c & 0xfffe) === 0xfffe) return false; // U+xFFFE and U+xFFFF noncharacters
  return c <= 0x10ffff;
}

/** https://infra.spec.whatwg.org/#ascii-lowercase, only allocating when something changes. */
export function asciiLowercase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = codeUnitAt(s, i);
    if (c >= CodeUnit.UpperA && c <= CodeUnit.UpperZ) return isASCIIString(s) ? s.toLowerCase() : lowerASCIIOnly(s);
  }
  return s;
}

/** ASCII lowercase by hand, for strings where toLowerCase would also change non-ASCII letters. */
function lowerASCIIOnly(s: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = codeUnitAt(s, i);
    if (c >= CodeUnit.UpperA && c <= CodeUnit.UpperZ) {
      out += s.slice(start, i) + String.fromCharCode(c | 0x20);
      start = i + 1;
    }
  }
  return out + s.slice(start);
}

/** True when every code unit is below 0x80. */
export function isASCIIString(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (codeUnitAt(s, i) >= CodeUnit.FirstNonASCII) return false;
  return true;
}

/**
 * The number of code units (1 or 2) of the code point at `s[i]`, looking no further than `end`: 2
 * for a surrogate pair, 1 otherwise (lone surrogates included).
 */
export function codePointLength(s: string, i: number, end = s.length): number {
  const c = codeUnitAt(s, i);
  if (c < CodeUnit.FirstHighSurrogate || c > CodeUnit.LastHighSurrogate || i + 1 >= end) return 1;
  const d = codeUnitAt(s, i + 1);
  return d >= CodeUnit.FirstLowSurrogate && d <= CodeUnit.LastLowSurrogate ? 2 : 1;
}

let utf8Decoder: { decode(input: Uint8Array): string } | null = null;

/** https://encoding.spec.whatwg.org/#utf-8-decode-without-bom */
export function utf8DecodeWithoutBOM(bytes: Uint8Array): string {
  if (utf8Decoder === null) utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  return utf8Decoder.decode(bytes);
}

/** The string of `bytes`, which are all ASCII: one native decode (UTF-8 is ASCII there). */
export function stringFromASCIIBytes(bytes: Uint8Array): string {
  return utf8DecodeWithoutBOM(bytes);
}

/**
 * Bytes of a long ASCII output that become text at once (with {@link stringFromASCIIBytes}): the
 * Punycode encoder's long outputs and long-range percent-encoding's are written a chunk at a time
 * into {@link asciiChunkBuffer}.
 */
export const ASCII_CHUNK = 0x10000;

let asciiChunkBytes: Uint8Array | null = null;

/**
 * The buffer of those chunks: ASCII_CHUNK bytes and 12 more (the most one code unit of
 * percent-encoding writes past a chunk's end), made at first use and kept. The Punycode encoder and
 * long-range percent-encoding share it: neither runs inside the other, and neither keeps it past
 * the call that fills it.
 */
export function asciiChunkBuffer(): Uint8Array {
  return (asciiChunkBytes ??= new Uint8Array(ASCII_CHUNK + 12));
}

/**
 * Converts a JavaScript string into a scalar value string: lone surrogates become U+FFFD.
 * https://webidl.spec.whatwg.org/#es-USVString
 */
export function toScalarValueString(s: string): string {
  const w = s as unknown as WellFormedString;
  return w.isWellFormed() ? s : w.toWellFormed();
}

interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/**
 * `text` for an error message: JSON string syntax (control characters and lone surrogates escaped),
 * its first `max` code units followed by "…" when it is longer.
 */
export function quoteForMessage(text: string, max: number): string {
  const t = text.length > max ? text.slice(0, max) + '…' : text;
  // JSON.stringify only when it escapes something (a C0 control, '"', "\\" or a surrogate): most
  // inputs have nothing to escape, and a concatenation is cheaper than JSON.stringify's pass.
  for (let i = 0; i < t.length; i++) {
    const c = codeUnitAt(t, i);
    if (c < CodeUnit.Space || c === CodeUnit.QuotationMark || c === CodeUnit.ReverseSolidus || (c >= CodeUnit.FirstHighSurrogate && c <= CodeUnit.LastLowSurrogate)) {
      return JSON.stringify(t);
    }
  }
  return '"' + t + '"';
}
