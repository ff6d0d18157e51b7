/**
 * The application/x-www-form-urlencoded format (URL Standard §5).
 *
 * https://url.spec.whatwg.org/#concept-urlencoded
 */
import { hexValue, toScalarValueString } from './infra.ts';
import { FORM_URLENCODED_SET, utf8DecodeWithoutBOM, utf8PercentEncodeString } from './percent-encoding.ts';

/** A name-value tuple of the application/x-www-form-urlencoded format. */
export type NameValueTuple = [name: string, value: string];

/**
 * Scratch space for percent-decoding. Parsing is synchronous and never re-enters itself, so one
 * buffer, grown on demand, serves every call.
 */
let scratch = new Uint8Array(256);

function scratchOfSize(size: number): Uint8Array {
  if (scratch.length < size) {
    let length = scratch.length;
    while (length < size) length *= 2;
    scratch = new Uint8Array(length);
  }
  return scratch;
}

/** Largest run of bytes turned into a string with one String.fromCharCode call. */
const FROM_CHAR_CODE_LIMIT = 4096;

/**
 * UTF-8 decodes without BOM the first `length` bytes of `bytes`; `ascii` says every one of them
 * is below 0x80, in which case each byte is its own code point.
 *
 * https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
 */
function decodeScratch(bytes: Uint8Array, length: number, ascii: boolean): string {
  const view = bytes.subarray(0, length);
  if (ascii && length <= FROM_CHAR_CODE_LIMIT) {
    return String.fromCharCode.apply(null, view as unknown as number[]);
  }
  return utf8DecodeWithoutBOM(view);
}

/**
 * The name or value steps of the parser for the code units `start` to `end` of a string that
 * contains a "%": UTF-8 encode, replace 0x2B (+) with 0x20 (SP), percent-decode, UTF-8 decode
 * without BOM, in a single pass over the code units.
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 * https://url.spec.whatwg.org/#percent-decode
 */
function percentDecodeRange(input: string, start: number, end: number): string {
  // Every code unit encodes to at most 3 bytes (a surrogate pair, 2 code units, to 4).
  const bytes = scratchOfSize((end - start) * 3);
  let n = 0;
  let high = 0;
  for (let i = start; i < end; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x25 && i + 2 < end) {
        const h = hexValue(input.charCodeAt(i + 1));
        const l = h < 0 ? -1 : hexValue(input.charCodeAt(i + 2));
        if (l >= 0) {
          const b = (h << 4) | l;
          bytes[n++] = b;
          high |= b;
          i += 2;
          continue;
        }
      }
      bytes[n++] = c === 0x2b ? 0x20 : c;
      continue;
    }
    high = 0x80;
    if (c < 0x800) {
      bytes[n++] = 0xc0 | (c >> 6);
      bytes[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < end ? input.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        bytes[n++] = 0xf0 | (cp >> 18);
        bytes[n++] = 0x80 | ((cp >> 12) & 0x3f);
        bytes[n++] = 0x80 | ((cp >> 6) & 0x3f);
        bytes[n++] = 0x80 | (cp & 0x3f);
        i++;
        continue;
      }
      // A lone surrogate: the UTF-8 encoding of a scalar value string has U+FFFD in its place.
      cp = 0xfffd;
    }
    bytes[n++] = 0xe0 | (cp >> 12);
    bytes[n++] = 0x80 | ((cp >> 6) & 0x3f);
    bytes[n++] = 0x80 | (cp & 0x3f);
  }
  return decodeScratch(bytes, n, high < 0x80);
}

/**
 * The name or value steps of the parser for a string slice: a copy when there is no "+" and no
 * "%", a "+" replacement when there is no "%", and a full decode otherwise.
 */
function decodeRange(input: string, start: number, end: number, hasPercent: boolean, hasPlus: boolean): string {
  if (hasPercent) return percentDecodeRange(input, start, end);
  const slice = input.slice(start, end);
  return hasPlus ? slice.replaceAll('+', ' ') : slice;
}

/**
 * The application/x-www-form-urlencoded string parser: the application/x-www-form-urlencoded
 * parser run on the UTF-8 encoding of `input`.
 *
 * The string is processed directly: 0x26 (&), 0x3D (=), 0x2B (+) and 0x25 (%) are ASCII, so
 * splitting the string gives the same pieces as splitting its UTF-8 encoding, and only pieces
 * containing "%" need to go through bytes. Lone surrogates are treated as U+FFFD, as UTF-8
 * encoding does.
 *
 * ```ts
 * parseUrlencodedString('a=b+c&d=%C3%A9'); // [['a', 'b c'], ['d', 'é']]
 * ```
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-string-parser
 */
export function parseUrlencodedString(input: string): NameValueTuple[] {
  input = toScalarValueString(input);
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
      name = decodeRange(input, start, equals, percent < equals, plus < equals);
      const valueStart = equals + 1;
      if (percent < valueStart) {
        percent = input.indexOf('%', valueStart);
        if (percent === -1) percent = length;
      }
      if (plus < valueStart) {
        plus = input.indexOf('+', valueStart);
        if (plus === -1) plus = length;
      }
      value = decodeRange(input, valueStart, end, percent < end, plus < end);
    } else {
      name = decodeRange(input, start, end, percent < end, plus < end);
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
  const bytes = scratchOfSize(end - start);
  let n = 0;
  let high = 0;
  for (let i = start; i < end; i++) {
    let b = input[i]!;
    if (b === 0x25 && i + 2 < end) {
      const h = hexValue(input[i + 1]!);
      const l = h < 0 ? -1 : hexValue(input[i + 2]!);
      if (l >= 0) {
        b = (h << 4) | l;
        i += 2;
      }
    } else if (b === 0x2b) {
      b = 0x20;
    }
    bytes[n++] = b;
    high |= b;
  }
  return decodeScratch(bytes, n, high < 0x80);
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
    let end = input.indexOf(0x26, start);
    if (end === -1) end = length;
    if (end > start) {
      let equals = start;
      while (equals < end && input[equals] !== 0x3d) equals++;
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
export function parseUrlencoded(input: string | Uint8Array): NameValueTuple[] {
  return typeof input === 'string' ? parseUrlencodedString(input) : parseUrlencodedBytes(input);
}

/**
 * UTF-8 percent-encode with the application/x-www-form-urlencoded percent-encode set, space as
 * "+": how the serializer encodes names and values with the default (UTF-8) encoding.
 *
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 */
export function urlencodedEncodeString(input: string): string {
  return utf8PercentEncodeString(input, FORM_URLENCODED_SET, true);
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
  let output = '';
  if (Array.isArray(tuples)) {
    const list = tuples as ReadonlyArray<readonly [string, string]>;
    for (let i = 0; i < list.length; i++) {
      const tuple = list[i]!;
      const pair = encodeString(tuple[0]) + '=' + encodeString(tuple[1]);
      output = i === 0 ? pair : output + '&' + pair;
    }
    return output;
  }
  let first = true;
  for (const tuple of tuples) {
    const pair = encodeString(tuple[0]) + '=' + encodeString(tuple[1]);
    output = first ? pair : output + '&' + pair;
    first = false;
  }
  return output;
}
