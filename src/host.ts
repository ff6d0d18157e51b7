/**
 * Hosts: domains, IP addresses, opaque hosts and empty hosts (URL Standard §3).
 *
 * https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)
 *
 * Internally the parsers produce the host's serialization directly (what the URL record keeps);
 * {@link parseHost} exposes the standard's typed host for callers who need it.
 */
import {
  asciiLowercase,
  codePointLength,
  isASCIIString,
  hexValue,
  isASCIIHexDigit,
  isURLCodePoint,
  LONG_RANGE,
  toScalarValueString,
} from './infra.ts';
import { C0_CONTROL_SET, utf8PercentEncodeString } from './percent-encoding.ts';
import { percentDecodeToString } from './urlencoded.ts';
import { toASCII, toUnicode, type UTS46Options } from './idna/index.ts';
import type { ValidationErrorType, ValidationReporter } from './validation-error.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';
import { simpleHostEnd } from './url-parser-scanners.ts';

/** An IPv6 address: eight 16-bit pieces. https://url.spec.whatwg.org/#concept-ipv6 */
export type IPv6Address = readonly number[];

/**
 * A host, as the standard defines it: a domain, opaque host or empty host (a string), an IPv4
 * address (a 32-bit unsigned integer) or an IPv6 address (eight 16-bit pieces).
 *
 * https://url.spec.whatwg.org/#concept-host
 */
export type Host = string | number | IPv6Address;

// --- IDNA ----------------------------------------------------------------------------------------

const STRICT_OPTIONS: UTS46Options = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
  verifyDnsLength: true,
  ignoreInvalidPunycode: false,
};

const LENIENT_OPTIONS: UTS46Options = {
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDnsLength: false,
  ignoreInvalidPunycode: false,
};

// https://url.spec.whatwg.org/#domain-parser-toascii
function domainParserToASCII(domain: string, beStrict: boolean): string | null {
  return toASCII(domain, beStrict ? STRICT_OPTIONS : LENIENT_OPTIONS);
}

/**
 * The domain parser; returns the ASCII domain or `null` for failure.
 *
 * https://url.spec.whatwg.org/#concept-domain-to-ascii
 */
export function domainParser(
  domain: string,
  beStrict: boolean,
  reporter: ValidationReporter | null = null,
  start = 0,
  length = 0,
): string | null {
  // Step 1–2: the strict result only decides the domain-to-ASCII validation error, unless beStrict.
  let strictFailed = false;
  if (beStrict || reporter !== null) strictFailed = domainParserToASCII(domain, true) === null;
  let result: string | null;
  if (beStrict) {
    result = strictFailed ? null : domainParserToASCII(domain, true);
  } else if (isASCIIString(domain)) {
    // Step 5: ASCII input is lowercased regardless of ToASCII's outcome. On ASCII, toLowerCase is
    // ASCII lowercase, a native pass without asciiLowercase's second check for non-ASCII code
    // units.
    result = domain.toLowerCase();
  } else {
    result = domainParserToASCII(domain, false);
  }
  // Steps 6–7.
  if (result !== null && (result.length === 0 || containsForbiddenDomainCodePoint(result))) result = null;
  if (strictFailed && reporter !== null) reporter.report('domain-to-ASCII', start, length, result === null);
  return result;
}

/**
 * The forbidden domain code points: the forbidden host code points, the C0 controls, "%" and
 * U+007F. https://url.spec.whatwg.org/#forbidden-domain-code-point
 *
 * A regular expression rather than a loop over asciiClass: it costs as much on a host of a few
 * dozen code units, and a long one is scanned natively.
 */
const FORBIDDEN_DOMAIN_CODE_POINT = /[\u0000-\u0020#%/:<>?@[\\\]^|\u007f]/;
/** A code unit other than a lowercase ASCII letter, a digit, "-" or ".". */
const NOT_SIMPLE_DOMAIN = /[^-.0-9a-z]/;

function containsForbiddenDomainCodePoint(s: string): boolean {
  return FORBIDDEN_DOMAIN_CODE_POINT.test(s);
}

/**
 * domain to ASCII, the public form: the domain parser. Returns `null` for failure.
 *
 * ```ts
 * domainToASCII('EXAMPLE.com');   // 'example.com'
 * domainToASCII('☕.example');    // 'xn--53h.example'
 * domainToASCII('a..b', true);    // null
 * ```
 *
 * https://url.spec.whatwg.org/#concept-domain-to-ascii
 */
export function domainToASCII(domain: string, beStrict = false): string | null {
  if (typeof domain !== 'string') return null;
  return domainParser(domain, beStrict === true);
}

/**
 * https://url.spec.whatwg.org/#concept-domain-to-unicode
 *
 * ```ts
 * domainToUnicode('xn--53h.example'); // '☕.example'
 * ```
 */
export function domainToUnicode(domain: string): string;
/** Anything but a string gives `null`. */
export function domainToUnicode(domain: unknown): string | null;
export function domainToUnicode(domain: unknown): string | null {
  if (typeof domain !== 'string') return null;
  // 1. ToUnicode with CheckHyphens false, CheckBidi true, CheckJoiners true, UseSTD3ASCIIRules
  //    false, Transitional_Processing false and IgnoreInvalidPunycode false: the flags of domain
  //    to ASCII with beStrict false (ToUnicode has no VerifyDnsLength).
  const result = toUnicode(domain, LENIENT_OPTIONS);
  // 2. If an error was recorded, return domain. 3. Return result.
  return result.error ? domain : result.domain;
}

// --- Host parser ---------------------------------------------------------------------------------

/**
 * The host parser, returning the host's serialization (or `null` for failure). `start` locates
 * `input` in the reporter's input.
 *
 * https://url.spec.whatwg.org/#concept-host-parser
 */
export function parseHostToString(
  input: string,
  isOpaque: boolean,
  reporter: ValidationReporter | null = null,
  start = 0,
  knownSimple = false,
): string | null {
  const length = input.length;
  // Step 1.
  if (length > 0 && codeUnitAt(input, 0) === CodeUnit.LeftSquareBracket) {
    if (codeUnitAt(input, length - 1) !== CodeUnit.RightSquareBracket) {
      if (reporter !== null) reporter.report('IPv6-unclosed', start, length, true);
      return null;
    }
    const address = parseIPv6(input, 1, length - 1, reporter, start);
    if (address === null) return null;
    return '[' + serializeIPv6(address) + ']';
  }
  // Step 2.
  if (isOpaque) {
    return parseOpaqueHost(input, reporter, start);
  }
  // Fast path: lowercase ASCII letters, digits, "-" and "." only. The domain parser would return
  // the input unchanged; only the strict validation check remains, when someone listens.
  let simple = length > 0;
  if (!knownSimple && length > LONG_RANGE) {
    // A long host: one native scan by a regular expression instead of a loop over its code units.
    simple = !NOT_SIMPLE_DOMAIN.test(input);
  } else {
    if (!knownSimple && simpleHostEnd(input, 0, length) !== length) simple = false;
  }
  let asciiDomain: string | null;
  /** Whether domain (step 5) has a code point that is not ASCII, when a reporter listens. */
  let nonASCIIDomain = false;
  if (simple && reporter === null) {
    asciiDomain = input;
  } else {
    // Step 4.
    let domain = input;
    if (input.indexOf('%') !== -1) {
      if (reporter !== null) {
        const at = firstPercentEncodedByte(input);
        if (at !== -1) reporter.report('domain-percent-encoded', start + at, 3, false);
      }
      // Step 5.
      domain = percentDecodeToString(input);
    } else {
      // The input may come straight from a JavaScript string: lone surrogates become U+FFFD.
      domain = toScalarValueString(input);
    }
    if (reporter !== null) nonASCIIDomain = !isASCIIString(domain);
    // Steps 6–7.
    asciiDomain = domainParser(domain, false, reporter, start, length);
    if (asciiDomain === null) return null;
  }
  // Step 8.
  if (endsInANumber(asciiDomain)) {
    // A domain written with non-ASCII code points that maps to an IPv4 address (whatwg/url#925),
    // e.g. "１２７.０.０.１" or "①.②.③.④".
    if (nonASCIIDomain) reporter!.report('IPv4-non-ASCII-input', start, length, false);
    // An address written as the serializer writes it is its own serialization: it is returned as
    // it is, without building the IPv4 parser's parts and the serializer's string.
    if (isDottedDecimalIPv4(asciiDomain, 0, asciiDomain.length)) return asciiDomain;
    // Positions in asciiDomain are positions in input when the domain parser only lowercased it.
    const mapped = reporter !== null && asciiDomain.length === length && asciiDomain === asciiLowercase(input);
    const ipv4 = parseIPv4(asciiDomain, reporter, start, length, mapped);
    if (ipv4 === null) return null;
    return serializeIPv4(ipv4);
  }
  return asciiDomain;
}

function firstPercentEncodedByte(s: string): number {
  for (let i = s.indexOf('%'); i !== -1 && i + 2 < s.length; i = s.indexOf('%', i + 1)) {
    if (isASCIIHexDigit(codeUnitAt(s, i + 1)) && isASCIIHexDigit(codeUnitAt(s, i + 2))) return i;
  }
  return -1;
}

/**
 * The host parser. Returns the host — a string for a domain, opaque host or empty host, a number
 * for an IPv4 address, eight numbers for an IPv6 address — or `null` for failure.
 *
 * ```ts
 * parseHost('EXAMPLE.com');        // 'example.com'
 * parseHost('0x7f.1');             // 2130706433 (127.0.0.1)
 * parseHost('[::1]');              // [0, 0, 0, 0, 0, 0, 0, 1]
 * parseHost('a b', true);          // null (forbidden host code point)
 * ```
 *
 * https://url.spec.whatwg.org/#concept-host-parser
 */
export function parseHost(input: string, isOpaque = false): Host | null {
  if (typeof input !== 'string') return null;
  const s = toScalarValueString(input);
  if (s.length === 0 && !isOpaque) return null;
  const serialized = parseHostToString(s, isOpaque === true);
  if (serialized === null) return null;
  // The serialization tells the kind of host: an IPv6 address is bracketed, and a domain that
  // ends in a number is an IPv4 address, serialized in dotted decimal.
  if (codeUnitAt(serialized, 0) === CodeUnit.LeftSquareBracket) return parseIPv6(serialized, 1, serialized.length - 1, null, 0);
  if (!isOpaque && isDottedDecimalIPv4(serialized, 0, serialized.length)) return parseIPv4(serialized, null, 0, 0, false);
  return serialized;
}

/**
 * The host serializer.
 *
 * https://url.spec.whatwg.org/#concept-host-serializer
 */
export function serializeHost(host: Host): string {
  if (typeof host === 'number') return serializeIPv4(host);
  if (typeof host === 'string') return host;
  return '[' + serializeIPv6(host) + ']';
}

// --- IPv4 ----------------------------------------------------------------------------------------

/**
 * https://url.spec.whatwg.org/#ends-in-a-number-checker
 */
export function endsInANumber(input: string): boolean {
  let end = input.length;
  if (end > 0 && codeUnitAt(input, end - 1) === CodeUnit.FullStop) end--;
  // A number ends in an ASCII hex digit (or is "0x"/"0X"): most domains end in another letter.
  // (`| 0x20`, here and below, lowercases an ASCII upper alpha.)
  const lastCode = end > 0 ? codeUnitAt(input, end - 1) : -1;
  if (!isASCIIHexDigit(lastCode) && (lastCode | 0x20) !== CodeUnit.LowerX) return false;
  const lastStart = input.lastIndexOf('.', end - 1) + 1;
  if (lastStart >= end) return false;
  // Step 5: only ASCII digits.
  let allDigits = true;
  for (let i = lastStart; i < end; i++) {
    const c = codeUnitAt(input, i);
    if (c < CodeUnit.Digit0 || c > CodeUnit.Digit9) {
      allDigits = false;
      break;
    }
  }
  if (allDigits) return true;
  // Step 6: "0x" or "0X" followed by zero or more ASCII hex digits.
  if (end - lastStart < 2 || codeUnitAt(input, lastStart) !== CodeUnit.Digit0 || (codeUnitAt(input, lastStart + 1) | 0x20) !== CodeUnit.LowerX) {
    return false;
  }
  for (let i = lastStart + 2; i < end; i++) if (!isASCIIHexDigit(codeUnitAt(input, i))) return false;
  return true;
}

/**
 * Whether `s[start, end)` is four numbers of at most 255, each "0" or without a leading zero,
 * separated by ".": what the IPv4 serializer writes, which the IPv4 parser reads back as the
 * address it serializes, without a validation error.
 *
 * https://url.spec.whatwg.org/#concept-ipv4-serializer
 */
export function isDottedDecimalIPv4(s: string, start: number, end: number): boolean {
  let parts = 0;
  let value = 0;
  let digits = 0;
  for (let i = start; i <= end; i++) {
    const c = i < end ? codeUnitAt(s, i) : CodeUnit.FullStop;
    if (c === CodeUnit.FullStop) {
      if (digits === 0 || ++parts > 4) return false;
      value = 0;
      digits = 0;
    } else {
      if (c < CodeUnit.Digit0 || c > CodeUnit.Digit9 || (digits === 1 && value === 0)) return false;
      value = value * 10 + (c - CodeUnit.Digit0);
      // A part past 255 ends the check there: the host may be megabytes of digits.
      if (value > 255) return false;
      digits++;
    }
  }
  return parts === 4;
}

/**
 * https://url.spec.whatwg.org/#ipv4-number-parser
 * Returns the number or -1 for failure (whether it was written in another radix than ten, the
 * validation error's condition, is {@link isNonDecimalIPv4Number}). With `failFast`, also
 * -1 for a number of 2^32 or more, which makes the IPv4 parser fail as a failure does.
 */
function parseIPv4Number(input: string, start: number, end: number, failFast: boolean): number {
  if (start === end) return -1;
  let radix = 10;
  if (end - start >= 2 && codeUnitAt(input, start) === CodeUnit.Digit0) {
    if ((codeUnitAt(input, start + 1) | 0x20) === CodeUnit.LowerX) {
      radix = 16;
      start += 2;
    } else {
      radix = 8;
      start += 1;
    }
  }
  if (start === end) return 0;
  let value = 0;
  for (let i = start; i < end; i++) {
    const c = codeUnitAt(input, i);
    const d = hexValue(c);
    if (d < 0 || d >= radix) return -1;
    // Past 2^32 the exact value no longer matters: it is out of range either way. The IPv4 parser
    // then fails whatever the rest of the part is (out of range, or not a number); only the
    // validation error depends on that, and with `failFast` (no reporter) the part ends here.
    value = value * radix + d;
    if (value > 0xffffffff) {
      if (failFast) return -1;
      value = 0x100000000;
    }
  }
  return value;
}

/**
 * Whether the IPv4 number `input[start, end)` is written in radix 16 or 8: it starts with "0" and
 * has more after it. https://url.spec.whatwg.org/#ipv4-number-parser (steps 2–3)
 */
function isNonDecimalIPv4Number(input: string, start: number, end: number): boolean {
  return end - start >= 2 && codeUnitAt(input, start) === CodeUnit.Digit0;
}

/**
 * The IPv4 parser. `input` is an ASCII string that ends in a number; `start` and `length` locate
 * the host in the reporter's input, and `mapped` says whether `input[i]` is at `start + i` there
 * (otherwise errors about a part cover the whole host).
 *
 * https://url.spec.whatwg.org/#concept-ipv4-parser
 */
function parseIPv4(
  input: string,
  reporter: ValidationReporter | null,
  start: number,
  length: number,
  mapped: boolean,
): number | null {
  // Step 1: strictly split on ".", as [start, end) pairs. Six parts are enough to know: step 2
  // removes at most one, and more than four fail at step 4 (so a host of a million parts fails
  // after six, not after building a million pairs).
  const bounds: number[] = [];
  // The "." are found by a native search: a part can be megabytes of digits.
  let partStart = 0;
  let tooMany = false;
  for (;;) {
    let i = input.indexOf('.', partStart);
    if (i === -1) i = input.length;
    if (bounds.length === 12) {
      tooMany = true;
      break;
    }
    bounds.push(partStart, i);
    if (i === input.length) break;
    partStart = i + 1;
  }
  // Step 2: the last item is empty exactly when the input ends with "." (or is empty).
  const lastEmpty = input.length === 0 || codeUnitAt(input, input.length - 1) === CodeUnit.FullStop;
  if (lastEmpty) {
    if (reporter !== null) reportIPv4Part(reporter, 'IPv4-empty-part', start, length, mapped, input.length - 1, input.length, false);
    if (!tooMany && bounds.length > 2) bounds.length -= 2;
  }
  const size = tooMany ? Infinity : bounds.length / 2;
  // Steps 3–4.
  if (size < 4 && reporter !== null) reporter.report('IPv4-too-few-parts', start, length, false);
  if (size > 4) {
    if (reporter !== null) reporter.report('IPv4-too-many-parts', start, length, true);
    return null;
  }
  // Steps 5–6.
  const numbers: number[] = [];
  for (let k = 0; k < bounds.length; k += 2) {
    const n = parseIPv4Number(input, bounds[k]!, bounds[k + 1]!, reporter === null);
    if (n < 0) {
      if (reporter !== null) reportIPv4Part(reporter, 'IPv4-non-numeric-part', start, length, mapped, bounds[k]!, bounds[k + 1]!, true);
      return null;
    }
    if (reporter !== null && isNonDecimalIPv4Number(input, bounds[k]!, bounds[k + 1]!)) {
      reportIPv4Part(reporter, 'IPv4-non-decimal-part', start, length, mapped, bounds[k]!, bounds[k + 1]!, false);
    }
    numbers.push(n);
  }
  // Steps 7–9: one error for any part above 255 (located at the first), failure unless only the
  // last part is, and small enough for the bytes it stands for.
  const last = numbers.length - 1;
  let failure = numbers[last]! >= 256 ** (5 - numbers.length);
  let outOfRange = -1;
  for (let i = 0; i <= last; i++) {
    if (numbers[i]! > 255) {
      if (outOfRange === -1) outOfRange = i;
      if (i < last) failure = true;
    }
  }
  if (outOfRange !== -1 && reporter !== null) {
    const from = bounds[2 * outOfRange]!;
    reportIPv4Part(reporter, 'IPv4-out-of-range-part', start, length, mapped, from, bounds[2 * outOfRange + 1]!, failure);
  }
  if (failure) return null;
  // Steps 10–14.
  let ipv4 = numbers[last]!;
  for (let i = 0; i < last; i++) ipv4 += numbers[i]! * 256 ** (3 - i);
  return ipv4;
}

/**
 * Reports an IPv4 parser error about `input[from, to)`: there when `mapped`, otherwise on the whole
 * host (`start`, `length`).
 */
function reportIPv4Part(
  reporter: ValidationReporter,
  type: ValidationErrorType,
  start: number,
  length: number,
  mapped: boolean,
  from: number,
  to: number,
  failure: boolean,
): void {
  if (mapped) reporter.report(type, start + from, to - from, failure);
  else reporter.report(type, start, length, failure);
}

/**
 * https://url.spec.whatwg.org/#concept-ipv4-serializer
 */
export function serializeIPv4(address: number): string {
  return (
    (address >>> 24) + '.' + ((address >>> 16) & 0xff) + '.' + ((address >>> 8) & 0xff) + '.' + (address & 0xff)
  );
}

// --- IPv6 ----------------------------------------------------------------------------------------

/**
 * The IPv6 parser over `input[begin, end)`. `start` is the index of `input[0]` for the reporter.
 *
 * https://url.spec.whatwg.org/#concept-ipv6-parser
 */
export function parseIPv6(
  input: string,
  begin: number,
  end: number,
  reporter: ValidationReporter | null,
  start: number,
): number[] | null {
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  let pieceIndex = 0;
  let compress = -1;
  let pointer = begin;
  /** Reports a failure covering `input[at, at + length)`; by default the code point at `at`. */
  const fail = (type: ValidationErrorType, at: number, length = at < end ? 1 : 0): null => {
    if (reporter !== null) reporter.report(type, start + at, length, true);
    return null;
  };
  const c = (p: number): number => (p < end ? codeUnitAt(input, p) : -1);
  // Step 5.
  if (c(pointer) === CodeUnit.Colon) {
    if (c(pointer + 1) !== CodeUnit.Colon) return fail('IPv6-invalid-compression', pointer);
    pointer += 2;
    pieceIndex++;
    compress = pieceIndex;
  }
  // Step 6.
  while (pointer < end) {
    if (pieceIndex === 8) return fail('IPv6-too-many-pieces', pointer);
    if (c(pointer) === CodeUnit.Colon) {
      if (compress !== -1) return fail('IPv6-multiple-compression', pointer - 1, 2);
      pointer++;
      pieceIndex++;
      compress = pieceIndex;
      continue;
    }
    let value = 0;
    let length = 0;
    const pieceStart = pointer;
    while (length < 4 && pointer < end && isASCIIHexDigit(codeUnitAt(input, pointer))) {
      value = value * 0x10 + hexValue(codeUnitAt(input, pointer));
      pointer++;
      length++;
    }
    if (c(pointer) === CodeUnit.FullStop) {
      if (length === 0) return fail('IPv4-in-IPv6-invalid-code-point', pointer);
      pointer -= length;
      const ipv4Start = pointer;
      if (pieceIndex > 6) return fail('IPv4-in-IPv6-too-many-pieces', ipv4Start, end - ipv4Start);
      let numbersSeen = 0;
      while (pointer < end) {
        let ipv4Piece = -1;
        if (numbersSeen > 0) {
          if (c(pointer) === CodeUnit.FullStop && numbersSeen < 4) pointer++;
          else return fail('IPv4-in-IPv6-invalid-code-point', pointer);
        }
        const d0 = c(pointer);
        if (d0 < CodeUnit.Digit0 || d0 > CodeUnit.Digit9) return fail('IPv4-in-IPv6-invalid-code-point', pointer);
        const numberStart = pointer;
        while (pointer < end) {
          const d = codeUnitAt(input, pointer);
          if (d < CodeUnit.Digit0 || d > CodeUnit.Digit9) break;
          const number = d - CodeUnit.Digit0;
          if (ipv4Piece === -1) ipv4Piece = number;
          else if (ipv4Piece === 0) return fail('IPv4-in-IPv6-invalid-code-point', pointer);
          else ipv4Piece = ipv4Piece * 10 + number;
          if (ipv4Piece > 255) return fail('IPv4-in-IPv6-out-of-range-part', numberStart, pointer + 1 - numberStart);
          pointer++;
        }
        address[pieceIndex] = address[pieceIndex]! * 0x100 + ipv4Piece;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return fail('IPv4-in-IPv6-too-few-parts', ipv4Start, end - ipv4Start);
      break;
    } else if (c(pointer) === CodeUnit.Colon) {
      pointer++;
      if (pointer >= end) return fail('IPv6-invalid-code-point', pointer);
    } else if (pointer < end) {
      return fail('IPv6-invalid-code-point', pointer);
    }
    if (length > 1 && value < 0x10 ** (length - 1) && reporter !== null) {
      reporter.report('IPv6-piece-leading-zero', start + pieceStart, length, false);
    }
    address[pieceIndex] = value;
    pieceIndex++;
  }
  // Step 7.
  if (compress !== -1) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const t = address[pieceIndex]!;
      address[pieceIndex] = address[compress + swaps - 1]!;
      address[compress + swaps - 1] = t;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) {
    // Step 8.
    return fail('IPv6-too-few-pieces', begin, end - begin);
  }
  return address;
}

/**
 * The index of the first piece of the first longest run of two or more zero pieces, or -1 (null)
 * when there is no such run.
 *
 * https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index
 */
function findIPv6CompressedPieceIndex(address: IPv6Address): number {
  let longestIndex = -1;
  let longestSize = 1;
  for (let i = 0; i < 8; ) {
    if (address[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && address[j] === 0) j++;
    if (j - i > longestSize) {
      longestSize = j - i;
      longestIndex = i;
    }
    i = j;
  }
  return longestIndex;
}

/**
 * https://url.spec.whatwg.org/#concept-ipv6-serializer
 */
export function serializeIPv6(address: IPv6Address): string {
  // Step 2.
  const compress = findIPv6CompressedPieceIndex(address);
  let output = '';
  let ignore0 = false;
  for (let pieceIndex = 0; pieceIndex < 8; pieceIndex++) {
    if (ignore0 && address[pieceIndex] === 0) continue;
    ignore0 = false;
    if (compress === pieceIndex) {
      output += pieceIndex === 0 ? '::' : ':';
      ignore0 = true;
      continue;
    }
    output += (address[pieceIndex]! & 0xffff).toString(16);
    if (pieceIndex !== 7) output += ':';
  }
  return output;
}

// --- Opaque host ---------------------------------------------------------------------------------

/** https://url.spec.whatwg.org/#forbidden-host-code-point */
const FORBIDDEN_HOST_CODE_POINT = /[\0\t\n\r #/:<>?@[\\\]^|]/;

/**
 * https://url.spec.whatwg.org/#concept-opaque-host-parser
 */
export function parseOpaqueHost(input: string, reporter: ValidationReporter | null = null, start = 0): string | null {
  // Step 1. A native search by a regular expression instead of a loop over every code unit, so
  // that a long host costs little more than the rest of its URL.
  const forbidden = input.search(FORBIDDEN_HOST_CODE_POINT);
  if (forbidden !== -1) {
    if (reporter !== null) reporter.report('host-invalid-code-point', start + forbidden, 1, true);
    return null;
  }
  // Steps 2–3: each is one error ("if input contains"), located at the first occurrence.
  if (reporter !== null) {
    const unit = firstInvalidURLUnit(input, false, reporter, start);
    if (unit !== -1) reporter.report('invalid-URL-unit', start + unit, codePointLength(input, unit), false);
    const percent = firstInvalidURLUnit(input, true, reporter, start);
    if (percent !== -1) reporter.report('invalid-URL-unit', start + percent, 1, false);
  }
  // Step 4.
  return utf8PercentEncodeString(input, C0_CONTROL_SET);
}

/**
 * Whether code point `c`, at index `at` of the reporter's cleaned input, is not a URL code point.
 * A U+FFFD that stands for a lone surrogate of the original input is not one either.
 *
 * https://url.spec.whatwg.org/#url-code-points
 */
function notURLCodePoint(c: number, reporter: ValidationReporter, at: number): boolean {
  return !isURLCodePoint(c) || (c === CodeUnit.ReplacementCharacter && reporter.isLoneSurrogate(at));
}

/**
 * The index of the first code point of `input` that is not a URL code point and not "%" (or,
 * with `percent`, of the first "%" not followed by two ASCII hex digits), or -1.
 */
function firstInvalidURLUnit(input: string, percent: boolean, reporter: ValidationReporter, start: number): number {
  for (let i = 0; i < input.length; i++) {
    const c = input.codePointAt(i)!;
    if (c === CodeUnit.PercentSign) {
      if (percent && !(isASCIIHexDigit(codeUnitAt(input, i + 1)) && isASCIIHexDigit(codeUnitAt(input, i + 2)))) return i;
    } else if (!percent && notURLCodePoint(c, reporter, start + i)) {
      return i;
    }
    if (c > 0xffff) i++;
  }
  return -1;
}

/**
 * Reports invalid-URL-unit for each code point of `input[from, to)` that is not a URL code point
 * (and not "%"), and for each "%" not followed by two ASCII hex digits.
 */
export function reportInvalidURLUnits(
  input: string,
  from: number,
  to: number,
  reporter: ValidationReporter,
  start: number,
): void {
  for (let i = from; i < to; i++) {
    let c = codeUnitAt(input, i);
    let size = 1;
    if (c >= CodeUnit.FirstHighSurrogate && c <= CodeUnit.LastHighSurrogate && i + 1 < to) {
      const d = codeUnitAt(input, i + 1);
      if (d >= CodeUnit.FirstLowSurrogate && d <= CodeUnit.LastLowSurrogate) {
        c = 0x10000 + ((c - CodeUnit.FirstHighSurrogate) << 10) + (d - CodeUnit.FirstLowSurrogate);
        size = 2;
      }
    }
    if (c === CodeUnit.PercentSign) {
      if (!(i + 2 < to && isASCIIHexDigit(codeUnitAt(input, i + 1)) && isASCIIHexDigit(codeUnitAt(input, i + 2)))) {
        reporter.report('invalid-URL-unit', start + i, 1, false);
      }
    } else if (notURLCodePoint(c, reporter, start + i)) {
      reporter.report('invalid-URL-unit', start + i, size, false);
    }
    i += size - 1;
  }
}

/**
 * https://url.spec.whatwg.org/#concept-host-equals
 */
export function hostEquals(a: Host, b: Host): boolean {
  return serializeHost(a) === serializeHost(b);
}
