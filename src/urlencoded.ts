/**
 * The application/x-www-form-urlencoded format (URL Standard §5).
 *
 * https://url.spec.whatwg.org/#concept-urlencoded
 */
import { codePointLength, hexValue, toScalarValueString, utf8DecodeWithoutBOM } from './infra.ts';
import {
  encodeNonASCII,
  FORM_URLENCODED_SET,
  PERCENT_ENCODED,
  percentDecodeString,
  utf8EncodeInto,
  utf8PercentEncodeRange,
} from './percent-encoding.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/** A name-value tuple of the application/x-www-form-urlencoded format. */
export type NameValueTuple = [name: string, value: string];

/**
 * Scratch space for percent-decoded bytes and for decoded code units. Parsing is synchronous and
 * never re-enters itself, so one buffer of each, grown on demand, serves every call.
 */
let byteScratch = new Uint8Array(256);
let unitScratch = new Uint16Array(256);

function bytesOfSize(size: number): Uint8Array {
  if (byteScratch.length < size) byteScratch = new Uint8Array(Math.max(size, byteScratch.length * 2));
  return byteScratch;
}

/** Below this many code units a string is built by concatenation, above by String.fromCharCode.apply. */
const SHORT_STRING = 16;
/** Largest number of arguments passed to one String.fromCharCode call. */
const FROM_CHAR_CODE_CHUNK = 8192;

/** The string whose code units are the first `length` entries of `units`. */
function codeUnitsToString(units: Uint8Array | Uint16Array, length: number): string {
  if (length === 1) return String.fromCharCode(units[0]!);
  if (length <= SHORT_STRING) {
    let output = '';
    for (let i = 0; i < length; i++) output += String.fromCharCode(units[i]!);
    return output;
  }
  let output = '';
  for (let i = 0; i < length; i += FROM_CHAR_CODE_CHUNK) {
    const chunk = units.subarray(i, Math.min(length, i + FROM_CHAR_CODE_CHUNK));
    output += String.fromCharCode.apply(null, chunk as unknown as number[]);
  }
  return output;
}

/** Pieces an {@link Output} concatenates before it moves to a byte buffer. */
const MAX_PIECES = 256;

/**
 * A string built from pieces, each a scalar value string or percent-decoded bytes: by
 * concatenation for the first MAX_PIECES pieces (fastest for the short output of common input),
 * then as UTF-8 bytes in one buffer, decoded once at the end. Concatenating many small pieces
 * keeps each alive in the growing string until it is flattened, and on long output the garbage
 * collector's work on them grows faster than the output.
 */
class Output {
  /** The output so far while concatenating. */
  private text = '';
  private pieces = 0;
  /** The UTF-8 encoding of the output so far once in the buffer (null before), and its length. */
  private bytes: Uint8Array | null = null;
  private length = 0;

  /** Whether nothing was added. */
  isEmpty(): boolean {
    return this.pieces === 0;
  }

  add(piece: string): void {
    if (this.bytes !== null) this.write(piece, 0, piece.length);
    else {
      this.text += piece;
      if (++this.pieces > MAX_PIECES) this.moveToBuffer();
    }
  }

  /** Adds the code units `start` to `end` of `input`. */
  addRange(input: string, start: number, end: number): void {
    if (this.bytes !== null) this.write(input, start, end);
    else {
      this.text += input.slice(start, end);
      if (++this.pieces > MAX_PIECES) this.moveToBuffer();
    }
  }

  /**
   * Adds the UTF-8 decoding without BOM of the first `n` of `bytes`, where `high` is the bitwise OR
   * of those bytes. In the buffer the bytes themselves are added, to be decoded with the rest: the
   * same string, as long as what follows them is the end or starts with an ASCII byte or the first
   * byte of a complete sequence, which ends an incomplete sequence as the end of input does (see
   * decodeRange).
   */
  addDecoded(bytes: Uint8Array, n: number, high: number): void {
    if (this.bytes === null) {
      this.text += high < 0x80 ? codeUnitsToString(bytes, n) : utf8Decode(bytes, n);
      if (++this.pieces > MAX_PIECES) this.moveToBuffer();
      return;
    }
    const out = this.reserve(n);
    out.set(n === bytes.length ? bytes : bytes.subarray(0, n), this.length);
    this.length += n;
  }

  toString(): string {
    return this.bytes === null ? this.text : utf8DecodeWithoutBOM(this.bytes.subarray(0, this.length));
  }

  private moveToBuffer(): void {
    const text = this.text;
    this.text = '';
    this.bytes = new Uint8Array(Math.max(4096, text.length * 2));
    this.write(text, 0, text.length);
  }

  /** The buffer, with room for `size` more bytes. */
  private reserve(size: number): Uint8Array {
    let bytes = this.bytes!;
    if (this.length + size > bytes.length) {
      const grown = new Uint8Array(Math.max(this.length + size, bytes.length * 2));
      grown.set(bytes.subarray(0, this.length));
      this.bytes = bytes = grown;
    }
    return bytes;
  }

  /** Writes the UTF-8 encoding of the code units `start` to `end` of `input`, a scalar value string. */
  private write(input: string, start: number, end: number): void {
    // At most three bytes per code unit (a surrogate pair, two code units, takes four).
    const bytes = this.reserve((end - start) * 3);
    const piece = start === 0 && end === input.length ? input : input.slice(start, end);
    this.length += utf8EncodeInto(piece, bytes.subarray(this.length));
  }
}

/**
 * UTF-8 decodes without BOM the first `length` bytes of `bytes`: the Encoding Standard's UTF-8
 * decoder, with U+FFFD for each maximal invalid subsequence. Written out here because the short
 * pieces of a query cost less in a loop than the fixed cost of a TextDecoder call.
 *
 * https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
 * https://encoding.spec.whatwg.org/#utf-8-decoder
 */
function utf8Decode(bytes: Uint8Array, length: number): string {
  // Every byte produces at most one code unit (four bytes produce two).
  if (unitScratch.length < length) unitScratch = new Uint16Array(Math.max(length, unitScratch.length * 2));
  const units = unitScratch;
  let n = 0;
  let codePoint = 0;
  let bytesNeeded = 0;
  let bytesSeen = 0;
  let lowerBoundary = 0x80;
  let upperBoundary = 0xbf;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i]!;
    if (bytesNeeded === 0) {
      if (byte < 0x80) {
        units[n++] = byte;
      } else if (byte >= 0xc2 && byte <= 0xdf) {
        bytesNeeded = 1;
        codePoint = byte & 0x1f;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lowerBoundary = 0xa0;
        else if (byte === 0xed) upperBoundary = 0x9f;
        bytesNeeded = 2;
        codePoint = byte & 0xf;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lowerBoundary = 0x90;
        else if (byte === 0xf4) upperBoundary = 0x8f;
        bytesNeeded = 3;
        codePoint = byte & 0x7;
      } else {
        units[n++] = CodeUnit.ReplacementCharacter;
      }
      continue;
    }
    if (byte < lowerBoundary || byte > upperBoundary) {
      // An error for the sequence so far; the byte is processed again.
      codePoint = bytesNeeded = bytesSeen = 0;
      lowerBoundary = 0x80;
      upperBoundary = 0xbf;
      units[n++] = CodeUnit.ReplacementCharacter;
      i--;
      continue;
    }
    lowerBoundary = 0x80;
    upperBoundary = 0xbf;
    codePoint = (codePoint << 6) | (byte & 0x3f);
    if (++bytesSeen !== bytesNeeded) continue;
    if (codePoint > 0xffff) {
      // The high surrogate: 0xD800 + ((codePoint - 0x10000) >> 10).
      units[n++] = CodeUnit.FirstHighSurrogate - (0x10000 >> 10) + (codePoint >> 10);
      units[n++] = CodeUnit.FirstLowSurrogate | (codePoint & 0x3ff);
    } else {
      units[n++] = codePoint;
    }
    codePoint = bytesNeeded = bytesSeen = 0;
  }
  // End of input inside a sequence.
  if (bytesNeeded !== 0) units[n++] = CodeUnit.ReplacementCharacter;
  return codeUnitsToString(units, n);
}

/** The byte "%XX" at `i` stands for when it is a percent-encoded byte before `end`, otherwise -1. */
function percentEncodedByteAt(input: string, i: number, end: number): number {
  if (i + 2 >= end) return -1;
  const high = hexValue(codeUnitAt(input, i + 1));
  if (high < 0) return -1;
  const low = hexValue(codeUnitAt(input, i + 2));
  return low < 0 ? -1 : (high << 4) | low;
}

/**
 * The name or value steps of the parser for the code units `start` to `end` of a scalar value
 * string: replace 0x2B (+) with 0x20 (SP) (with `plus`), percent-decode, UTF-8 decode without BOM.
 *
 * Works on the string: the UTF-8 encoding of the code points between escapes decodes back to
 * them, and a run of percent-encoded bytes decodes the same on its own as within the whole
 * (bytes before and after it are ASCII or start a complete sequence, so they end any sequence
 * left incomplete by the run exactly as the end of input does).
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 * https://url.spec.whatwg.org/#percent-decode
 */
function decodeRange(input: string, start: number, end: number, plus: boolean): string {
  const output = new Output();
  let literalStart = start;
  let i = start;
  while (i < end) {
    const c = codeUnitAt(input, i);
    if (c === CodeUnit.PlusSign && plus) {
      if (literalStart < i) output.addRange(input, literalStart, i);
      output.add(' ');
      literalStart = ++i;
      continue;
    }
    let byte: number;
    if (c !== CodeUnit.PercentSign || (byte = percentEncodedByteAt(input, i, end)) < 0) {
      i++;
      continue;
    }
    if (literalStart < i) output.addRange(input, literalStart, i);
    // The maximal run of percent-encoded bytes starting here.
    const bytes = bytesOfSize(((end - i) / 3) | 0);
    let n = 0;
    let high = 0;
    do {
      bytes[n++] = byte;
      high |= byte;
      i += 3;
    } while (i < end && codeUnitAt(input, i) === CodeUnit.PercentSign && (byte = percentEncodedByteAt(input, i, end)) >= 0);
    output.addDecoded(bytes, n, high);
    literalStart = i;
  }
  if (literalStart === start) return input.slice(start, end);
  if (literalStart < end) output.addRange(input, literalStart, end);
  return output.toString();
}

/**
 * Percent-decodes `input` (as UTF-8 bytes) and UTF-8 decodes the result without BOM: the
 * composition the host parser uses. Without "%" that is `input` with lone surrogates replaced by
 * U+FFFD; the replacement comes first, as no escape holds a surrogate. A long input goes through
 * bytes, with the platform's encoder and decoder, whose native loops cost less on many escapes than
 * decodeRange's pieces do.
 *
 * https://url.spec.whatwg.org/#concept-host-parser (step 5)
 */
export function percentDecodeToString(input: string): string {
  if (input.indexOf('%') === -1) return toScalarValueString(input);
  if (input.length > 1024) return utf8DecodeWithoutBOM(percentDecodeString(input));
  const s = toScalarValueString(input);
  return decodeRange(s, 0, s.length, false);
}

/**
 * The application/x-www-form-urlencoded string parser: the application/x-www-form-urlencoded
 * parser run on the UTF-8 encoding of `input`.
 *
 * The string is processed directly: 0x26 (&), 0x3D (=), 0x2B (+) and 0x25 (%) are ASCII, so
 * splitting the string gives the same pieces as splitting its UTF-8 encoding; pieces without "%"
 * or "+" are slices of the input, and only runs of percent-encoded bytes are decoded as bytes.
 * Lone surrogates are treated as U+FFFD, as UTF-8 encoding does. Never throws.
 *
 * ```ts
 * parseUrlencodedString('a=b+c&d=%C3%A9'); // [['a', 'b c'], ['d', 'é']]
 * ```
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-string-parser
 */
export function parseUrlencodedString(input: string): NameValueTuple[] {
  return parseUrlencodedScalarString(toScalarValueString(input));
}

/** {@link parseUrlencodedString} for input that is already a scalar value string. */
export function parseUrlencodedScalarString(input: string): NameValueTuple[] {
  const output: NameValueTuple[] = [];
  const length = input.length;
  // Positions of the next "&", "=", "%" and "+" at or after the current piece (length when there
  // is none); -1 until first searched. Each is searched again only once the piece start has moved
  // past it, so the whole parse scans the string a bounded number of times.
  let ampersand = -1;
  let equals = -1;
  let percent = -1;
  let plus = -1;
  let start = 0;
  // https://url.spec.whatwg.org/#concept-urlencoded-parser
  while (start < length) {
    if (ampersand < start) {
      ampersand = input.indexOf('&', start);
      if (ampersand === -1) ampersand = length;
    }
    const end = ampersand;
    // An empty byte sequence is skipped.
    if (end === start) {
      start = end + 1;
      continue;
    }
    if (equals < start) {
      equals = input.indexOf('=', start);
      if (equals === -1) equals = length;
    }
    if (percent < start) {
      percent = input.indexOf('%', start);
      if (percent === -1) percent = length;
    }
    if (plus < start) {
      plus = input.indexOf('+', start);
      if (plus === -1) plus = length;
    }
    let name: string;
    let value: string;
    if (equals < end) {
      name = percent < equals || plus < equals ? decodeRange(input, start, equals, true) : input.slice(start, equals);
      const valueStart = equals + 1;
      if (percent < valueStart) {
        percent = input.indexOf('%', valueStart);
        if (percent === -1) percent = length;
      }
      if (plus < valueStart) {
        plus = input.indexOf('+', valueStart);
        if (plus === -1) plus = length;
      }
      value = percent < end || plus < end ? decodeRange(input, valueStart, end, true) : input.slice(valueStart, end);
    } else {
      name = percent < end || plus < end ? decodeRange(input, start, end, true) : input.slice(start, end);
      value = '';
    }
    output.push([name, value]);
    start = end + 1;
  }
  return output;
}

/**
 * The name or value steps of the parser for the bytes `start` to `end` of `input`: replace 0x2B (+)
 * with 0x20 (SP), percent-decode, UTF-8 decode without BOM.
 */
function decodeBytesRange(input: Uint8Array, start: number, end: number): string {
  if (start === end) return '';
  const bytes = bytesOfSize(end - start);
  let n = 0;
  let high = 0;
  for (let i = start; i < end; i++) {
    let b = input[i]!;
    if (b === CodeUnit.PercentSign && i + 2 < end) {
      const h = hexValue(input[i + 1]!);
      const l = h < 0 ? -1 : hexValue(input[i + 2]!);
      if (l >= 0) {
        b = (h << 4) | l;
        i += 2;
      }
    } else if (b === CodeUnit.PlusSign) {
      b = CodeUnit.Space;
    }
    bytes[n++] = b;
    high |= b;
  }
  return high < 0x80 ? codeUnitsToString(bytes, n) : utf8Decode(bytes, n);
}

/**
 * The application/x-www-form-urlencoded parser on a byte sequence.
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 */
function parseUrlencodedBytes(input: Uint8Array): NameValueTuple[] {
  const output: NameValueTuple[] = [];
  const length = input.length;
  let start = 0;
  while (start < length) {
    let end = input.indexOf(CodeUnit.Ampersand, start);
    if (end === -1) end = length;
    if (end > start) {
      let equals = start;
      while (equals < end && input[equals] !== CodeUnit.EqualsSign) equals++;
      const name = decodeBytesRange(input, start, equals);
      const value = equals < end ? decodeBytesRange(input, equals + 1, end) : '';
      output.push([name, value]);
    }
    start = end + 1;
  }
  return output;
}

/**
 * Parses application/x-www-form-urlencoded content into a list of name-value tuples. A string is
 * parsed as its UTF-8 encoding; bytes are parsed as given. Never throws.
 *
 * ```ts
 * parseUrlencoded('q=a+b&lang=fr'); // [['q', 'a b'], ['lang', 'fr']]
 * ```
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 */
export function parseUrlencoded(input: string | Uint8Array): NameValueTuple[];
/** Anything but a string or bytes gives `null`. */
export function parseUrlencoded(input: unknown): NameValueTuple[] | null;
export function parseUrlencoded(input: unknown): NameValueTuple[] | null {
  if (typeof input === 'string') return parseUrlencodedString(input);
  return input instanceof Uint8Array ? parseUrlencodedBytes(input) : null;
}

/**
 * UTF-8 percent-encode with the application/x-www-form-urlencoded percent-encode set and space as
 * "+": how the serializer encodes names and values with the default (UTF-8) encoding. Lone
 * surrogates are encoded as U+FFFD. Returns `input` itself when nothing needs encoding.
 *
 * The shared encoder of percent-encoding.ts, which takes space as "+" with this set: one encoder
 * for every percent-encode set, rather than a second loop here.
 *
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 * https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
 */
export function urlencodedEncodeString(input: string): string {
  return utf8PercentEncodeRange(input, 0, input.length, FORM_URLENCODED_SET);
}

/** Adds {@link urlencodedEncodeString}`(input)` to `output`. */
function encodeInto(input: string, output: Output): void {
  output.add(urlencodedEncodeString(input));
}

/**
 * The application/x-www-form-urlencoded serializer. `encodeString` percent-encodes a name or a
 * value after encoding it (by default UTF-8 with the application/x-www-form-urlencoded
 * percent-encode set and space as "+"); other output encodings supply their own.
 *
 * ```ts
 * serializeUrlencoded([['q', 'a b'], ['x', '~']]); // 'q=a+b&x=%7E'
 * ```
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-serializer
 */
export function serializeUrlencoded(
  tuples: Iterable<readonly [string, string]>,
  encodeString: (input: string) => string = urlencodedEncodeString,
): string {
  if (encodeString === urlencodedEncodeString) {
    if (Array.isArray(tuples)) return serializeUrlencodedAfter('', tuples as ReadonlyArray<readonly [string, string]>);
    const output = new Output();
    for (const tuple of tuples) {
      if (!output.isEmpty()) output.add('&');
      encodeInto(tuple[0], output);
      output.add('=');
      encodeInto(tuple[1], output);
    }
    return output.toString();
  }
  // Any other encoding: its results are joined as they are (they need not be scalar value strings).
  const pairs: string[] = [];
  for (const tuple of tuples) pairs.push(encodeString(tuple[0]) + '=' + encodeString(tuple[1]));
  return pairs.join('&');
}

/**
 * `serialized`, the output of the application/x-www-form-urlencoded serializer for some tuples,
 * followed by the serializer's output for `tuples` (with the default encoding): the serialization of
 * the concatenated lists.
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-serializer
 */
export function serializeUrlencodedAfter(serialized: string, tuples: ReadonlyArray<readonly [string, string]>): string {
  if (tuples.length === 0) return serialized;
  const output = new Output();
  if (serialized !== '') output.add(serialized);
  for (let i = 0; i < tuples.length; i++) {
    const tuple = tuples[i]!;
    if (i !== 0 || serialized !== '') output.add('&');
    encodeInto(tuple[0], output);
    output.add('=');
    encodeInto(tuple[1], output);
  }
  return output.toString();
}

/** Classes of code units below 0x80 for {@link reserializeUrlencoded}. */
const enum ReparseClass {
  Keep, // ASCII alphanumeric, "*", "-", ".", "_" and "+": serialized as they are
  Encode, // other code points of the application/x-www-form-urlencoded percent-encode set
  Space,
  Ampersand,
  Equals,
  Percent,
}
const REPARSE_CLASS: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = c === CodeUnit.PlusSign || FORM_URLENCODED_SET[c] === 0 ? ReparseClass.Keep : ReparseClass.Encode;
  table[CodeUnit.Space] = ReparseClass.Space;
  table[CodeUnit.Ampersand] = ReparseClass.Ampersand;
  table[CodeUnit.EqualsSign] = ReparseClass.Equals;
  table[CodeUnit.PercentSign] = ReparseClass.Percent;
  return table;
})();

/** The bit {@link escapeAt} adds to a byte whose escape has no lowercase hex digit. */
const UPPERCASE_ESCAPE = 0x100;

/**
 * The percent-encoded byte "%XX" at `i`, or -1 when there is none before `end`; UPPERCASE_ESCAPE
 * is added when neither digit is a lowercase letter.
 */
function escapeAt(input: string, i: number, end: number): number {
  if (i + 2 >= end || codeUnitAt(input, i) !== CodeUnit.PercentSign) return -1;
  const h = codeUnitAt(input, i + 1);
  const l = codeUnitAt(input, i + 2);
  const high = hexValue(h);
  if (high < 0) return -1;
  const low = hexValue(l);
  if (low < 0) return -1;
  return h < CodeUnit.LowerA && l < CodeUnit.LowerA ? UPPERCASE_ESCAPE | (high << 4) | low : (high << 4) | low;
}

/**
 * The application/x-www-form-urlencoded serializer run on the output of the
 * application/x-www-form-urlencoded string parser on `input` from `from` (a scalar value string),
 * without building that output: each name and value goes straight from its text to its
 * serialization, and text that is its own serialization is copied in runs.
 *
 * Text to serialization, as parse then serialize would do it:
 * - "&" separates sequences; empty sequences are dropped, so a run of "&" is one "&" between two
 *   sequences and nothing at the start or end; a sequence without "=" gets one (the value is "").
 * - The first "=" of a sequence separates name and value; a later one is part of the value: "%3D".
 * - "+" is parsed as U+0020 SP, which is serialized as "+"; so is a space itself and "%20".
 * - ASCII alphanumerics, "*", "-", ".", "_" stay; other ASCII code points are percent-encoded.
 * - A percent-encoded byte below 0x80 is that ASCII code point, serialized as above. Percent-
 *   encoded bytes that form one well-formed UTF-8 sequence (by the boundaries of the Encoding
 *   Standard's UTF-8 decoder) decode to a code point whose UTF-8 encoding is those bytes: they
 *   are serialized as those bytes, with uppercase hex digits. Where the decoder finds an error, it
 *   outputs U+FFFD ("%EF%BF%BD") and processes the byte that caused it again; a code unit that is
 *   not a percent-encoded byte is ASCII or starts a complete sequence, so it ends any sequence the
 *   same way.
 * - Other code points are UTF-8 percent-encoded (a lone surrogate as U+FFFD, as UTF-8 encoding a
 *   scalar value string does).
 * - "%" not followed by two ASCII hex digits stays "%": "%25".
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 * https://url.spec.whatwg.org/#concept-urlencoded-serializer
 */
export function reserializeUrlencoded(input: string, from = 0): string {
  const length = input.length;
  let i = from;
  // Empty sequences at the start.
  while (i < length && codeUnitAt(input, i) === CodeUnit.Ampersand) i++;
  if (i === length) return '';
  const output = new Output();
  // Text from literalStart to i is its own serialization.
  let literalStart = i;
  let equalsSeen = false;
  while (i < length) {
    const c = codeUnitAt(input, i);
    const kind = c < CodeUnit.FirstNonASCII ? REPARSE_CLASS[c]! : ReparseClass.Encode;
    if (kind === ReparseClass.Keep) {
      i++;
      continue;
    }
    let encoded: string;
    let next = i + 1;
    if (kind === ReparseClass.Ampersand) {
      // The end of a non-empty sequence.
      if (!equalsSeen) {
        if (literalStart < i) output.addRange(input, literalStart, i);
        output.add('=');
        literalStart = i;
      }
      equalsSeen = false;
      while (next < length && codeUnitAt(input, next) === CodeUnit.Ampersand) next++;
      if (next === length) {
        // Only empty sequences follow.
        if (literalStart < i) output.addRange(input, literalStart, i);
        return output.toString();
      }
      if (next !== i + 1) {
        // Empty sequences in between: keep the last "&".
        if (literalStart < i) output.addRange(input, literalStart, i);
        literalStart = next - 1;
      }
      i = next;
      continue;
    } else if (kind === ReparseClass.Equals) {
      if (!equalsSeen) {
        equalsSeen = true;
        i++;
        continue;
      }
      encoded = '%3D';
    } else if (kind === ReparseClass.Space) {
      encoded = '+';
    } else if (kind === ReparseClass.Percent) {
      const escape = escapeAt(input, i, length);
      if (escape < 0) {
        encoded = '%25';
      } else {
        const byte = escape & 0xff;
        if (byte < 0x80) {
          next = i + 3;
          if (byte === CodeUnit.Space) encoded = '+';
          else if (FORM_URLENCODED_SET[byte] === 0) encoded = String.fromCharCode(byte);
          else if ((escape & UPPERCASE_ESCAPE) !== 0) {
            // Already "%XX" with uppercase digits.
            i = next;
            continue;
          } else encoded = PERCENT_ENCODED[byte]!;
        } else {
          const sequence = utf8EscapesEnd(input, i, length, byte);
          if (sequence < 0) {
            // The decoder's error: U+FFFD; the byte that caused it is processed again.
            next = -sequence;
            encoded = '%EF%BF%BD';
          } else {
            const end = sequence >>> 1;
            if ((escape & UPPERCASE_ESCAPE) !== 0 && (sequence & 1) !== 0) {
              // Already "%XX" escapes with uppercase digits.
              i = end;
              continue;
            }
            next = end;
            encoded = input.slice(i, end).toUpperCase();
          }
        }
      }
    } else if (c < CodeUnit.FirstNonASCII) {
      encoded = PERCENT_ENCODED[c]!;
    } else {
      const size = codePointLength(input, i, length);
      encoded = encodeNonASCII(input, i, size);
      next = i + size;
    }
    if (literalStart < i) output.addRange(input, literalStart, i);
    output.add(encoded);
    literalStart = i = next;
  }
  // The end of the last sequence, which is not empty (trailing empty ones returned above).
  if (output.isEmpty() && equalsSeen) return literalStart === 0 ? input : input.slice(literalStart);
  if (literalStart < length) output.addRange(input, literalStart, length);
  if (!equalsSeen) output.add('=');
  return output.toString();
}

/**
 * For percent-encoded bytes at `i` whose first byte, `lead`, is at least 0x80: when they form one
 * well-formed UTF-8 sequence, twice the end of its escapes, plus 1 when the escapes after the
 * first have no lowercase hex digit (a string is shorter than 2^31 code units, so this is below
 * 2^32: `>>> 1` gives the end and `& 1` the bit); else minus the position the UTF-8 decoder
 * processes next after its error (the escape that did not fit, or the one after `lead`), which is
 * negative as that position is past `i`.
 *
 * https://encoding.spec.whatwg.org/#utf-8-decoder
 */
function utf8EscapesEnd(input: string, i: number, end: number, lead: number): number {
  let needed: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) needed = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    needed = 2;
    if (lead === 0xe0) lower = 0xa0;
    else if (lead === 0xed) upper = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    needed = 3;
    if (lead === 0xf0) lower = 0x90;
    else if (lead === 0xf4) upper = 0x8f;
  } else return -(i + 3);
  i += 3;
  let uppercase = true;
  for (; needed > 0; needed--) {
    const escape = escapeAt(input, i, end);
    const byte = escape & 0xff;
    if (escape < 0 || byte < lower || byte > upper) return -i;
    if ((escape & UPPERCASE_ESCAPE) === 0) uppercase = false;
    lower = 0x80;
    upper = 0xbf;
    i += 3;
  }
  return i * 2 + (uppercase ? 1 : 0);
}
