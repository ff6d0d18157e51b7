/**
 * Percent-encoded bytes (URL Standard §1.3).
 *
 * https://url.spec.whatwg.org/#percent-encoded-bytes
 *
 * A percent-encode set is represented by a 128-entry table for the ASCII code points (1 = in the
 * set); every set of the standard contains all code points above U+007E, so non-ASCII input is
 * always encoded.
 */
import { ASCII_CHUNK, asciiChunkBuffer, codePointLength, hexValue, LONG_RANGE, stringFromASCIIBytes } from './infra.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/** A percent-encode set: `set[c] === 1` when ASCII code point `c` is in the set. */
export type PercentEncodeSet = Uint8Array;

/** The names of the standard's percent-encode sets, as accepted by the public functions. */
export type PercentEncodeSetName =
  | 'c0-control'
  | 'fragment'
  | 'query'
  | 'special-query'
  | 'path'
  | 'userinfo'
  | 'component'
  | 'application/x-www-form-urlencoded';

function makeSet(base: PercentEncodeSet | null, extra: string): PercentEncodeSet {
  const set = base === null ? new Uint8Array(128) : base.slice();
  if (base === null) {
    for (let c = 0; c <= CodeUnit.UnitSeparator; c++) set[c] = 1;
    set[CodeUnit.Delete] = 1;
  }
  for (let i = 0; i < extra.length; i++) set[codeUnitAt(extra, i)] = 1;
  return set;
}

/** https://url.spec.whatwg.org/#c0-control-percent-encode-set */
export const C0_CONTROL_SET: PercentEncodeSet = /* @__PURE__ */ makeSet(null, '');
/** https://url.spec.whatwg.org/#fragment-percent-encode-set */
export const FRAGMENT_SET: PercentEncodeSet = /* @__PURE__ */ makeSet(C0_CONTROL_SET, ' "<>`');
/** https://url.spec.whatwg.org/#query-percent-encode-set */
export const QUERY_SET: PercentEncodeSet = /* @__PURE__ */ makeSet(C0_CONTROL_SET, ' "#<>');
/** https://url.spec.whatwg.org/#special-query-percent-encode-set */
export const SPECIAL_QUERY_SET: PercentEncodeSet = /* @__PURE__ */ makeSet(QUERY_SET, "'");
/** https://url.spec.whatwg.org/#path-percent-encode-set */
export const PATH_SET: PercentEncodeSet = /* @__PURE__ */ makeSet(QUERY_SET, '?^`{}');
/** https://url.spec.whatwg.org/#userinfo-percent-encode-set */
export const USERINFO_SET: PercentEncodeSet = /* @__PURE__ */ makeSet(PATH_SET, '/:;=@[\\]|');
/** https://url.spec.whatwg.org/#component-percent-encode-set */
export const COMPONENT_SET: PercentEncodeSet = /* @__PURE__ */ makeSet(USERINFO_SET, '$%&+,');
/** https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set */
export const FORM_URLENCODED_SET: PercentEncodeSet = /* @__PURE__ */ makeSet(COMPONENT_SET, "!'()~");

const SETS: Record<PercentEncodeSetName, PercentEncodeSet> = {
  'c0-control': C0_CONTROL_SET,
  fragment: FRAGMENT_SET,
  query: QUERY_SET,
  'special-query': SPECIAL_QUERY_SET,
  path: PATH_SET,
  userinfo: USERINFO_SET,
  component: COMPONENT_SET,
  'application/x-www-form-urlencoded': FORM_URLENCODED_SET,
};

/** Looks up a percent-encode set by name; `null` for an unknown name. */
export function percentEncodeSetByName(name: string): PercentEncodeSet | null {
  return Object.prototype.hasOwnProperty.call(SETS, name) ? SETS[name as PercentEncodeSetName] : null;
}

const HEX_UPPER = '0123456789ABCDEF';
/** "%XX" for every byte value. */
export const PERCENT_ENCODED: readonly string[] = /* @__PURE__ */ (() => {
  const t: string[] = [];
  for (let b = 0; b < 256; b++) t.push('%' + HEX_UPPER[b >> 4] + HEX_UPPER[b & 15]);
  return t;
})();

/** https://url.spec.whatwg.org/#percent-encode */
export function percentEncodeByte(byte: number): string {
  return PERCENT_ENCODED[byte & 0xff]!;
}

/**
 * The UTF-8 percent-encoding of the code point at `input[i]` (a non-ASCII code point; `size` code
 * units). Lone surrogates are encoded as U+FFFD, as USVString conversion would make them. Every
 * percent-encode set contains all non-ASCII code points, so this is UTF-8 percent-encode for them.
 *
 * https://url.spec.whatwg.org/#utf-8-percent-encode
 */
export function encodeNonASCII(input: string, i: number, size: number): string {
  let c = codeUnitAt(input, i);
  if (size === 2) c = 0x10000 + ((c - CodeUnit.FirstHighSurrogate) << 10) + (codeUnitAt(input, i + 1) - CodeUnit.FirstLowSurrogate);
  else if (c >= CodeUnit.FirstHighSurrogate && c <= CodeUnit.LastLowSurrogate) c = CodeUnit.ReplacementCharacter;
  if (c < 0x800) return PERCENT_ENCODED[0xc0 | (c >> 6)]! + PERCENT_ENCODED[0x80 | (c & 0x3f)]!;
  if (c < 0x10000) {
    return PERCENT_ENCODED[0xe0 | (c >> 12)]! + PERCENT_ENCODED[0x80 | ((c >> 6) & 0x3f)]! + PERCENT_ENCODED[0x80 | (c & 0x3f)]!;
  }
  return (
    PERCENT_ENCODED[0xf0 | (c >> 18)]! +
    PERCENT_ENCODED[0x80 | ((c >> 12) & 0x3f)]! +
    PERCENT_ENCODED[0x80 | ((c >> 6) & 0x3f)]! +
    PERCENT_ENCODED[0x80 | (c & 0x3f)]!
  );
}

/**
 * Where UTF-8 percent-encoding `input[start, end)` using `set` first changes it: the index of the
 * first code unit that is not ASCII or is in `set`, or `end` when encoding keeps the range as it is.
 *
 * https://url.spec.whatwg.org/#string-utf-8-percent-encode
 */
export function firstPercentEncoded(input: string, start: number, end: number, set: PercentEncodeSet): number {
  // A long range is searched by one regular expression, a native scan, instead of a loop over
  // every code unit.
  if (end - start > LONG_RANGE) {
    const i = input.slice(start, end).search(encodedUnitOf(set));
    return i === -1 ? end : start + i;
  }
  let i = start;
  for (; i < end; i++) {
    const c = codeUnitAt(input, i);
    if (c >= CodeUnit.FirstNonASCII || set[c] === 1) break;
  }
  return i;
}

/** For each set, once used on a long range: a regular expression for a code unit that the set encodes or that is not ASCII. */
const encodedUnits = /* @__PURE__ */ new Map<PercentEncodeSet, RegExp>();

function encodedUnitOf(set: PercentEncodeSet): RegExp {
  let unit = encodedUnits.get(set);
  if (unit === undefined) {
    let units = '';
    for (let c = 0; c < 128; c++) if (set[c] === 1) units += '\\x' + (c + 256).toString(16).slice(1);
    encodedUnits.set(set, (unit = new RegExp('[' + units + '\\x80-\\uffff]')));
  }
  return unit;
}

/**
 * UTF-8 percent-encodes `input` (or its code units `start` to `end`) using `set`; a space becomes
 * "+" with the application/x-www-form-urlencoded set (the standard's spaceAsPlus follows from the
 * set). Returns the input slice itself when nothing needs encoding.
 *
 * https://url.spec.whatwg.org/#string-utf-8-percent-encode
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding (with UTF-8)
 */
export function utf8PercentEncodeRange(
  input: string,
  start: number,
  end: number,
  set: PercentEncodeSet,
): string {
  const i = firstPercentEncoded(input, start, end, set);
  if (i === end) return start === 0 && end === input.length ? input : input.slice(start, end);
  return utf8PercentEncodeFrom(input, start, i, end, set);
}

/**
 * utf8PercentEncodeRange for a range whose first code unit that encoding changes is at `i`
 * (firstPercentEncoded's answer, before `end`): the code units before it are kept as they are.
 */
export function utf8PercentEncodeFrom(input: string, start: number, i: number, end: number, set: PercentEncodeSet): string {
  // https://url.spec.whatwg.org/#string-percent-encode-after-encoding step 2
  const spaceAsPlus = set === FORM_URLENCODED_SET;
  if (end - start > 512) return encodeLongRange(input, start, i, end, set, spaceAsPlus);
  let out = input.slice(start, i);
  let runStart = i;
  while (i < end) {
    const c = codeUnitAt(input, i);
    if (c < CodeUnit.FirstNonASCII) {
      if (set[c] === 1) {
        if (runStart < i) out += input.slice(runStart, i);
        out += spaceAsPlus && c === CodeUnit.Space ? '+' : PERCENT_ENCODED[c]!;
        runStart = ++i;
      } else {
        i++;
      }
    } else {
      if (runStart < i) out += input.slice(runStart, i);
      const size = codePointLength(input, i, end);
      out += encodeNonASCII(input, i, size);
      i += size;
      runStart = i;
    }
  }
  if (runStart < end) out += input.slice(runStart, end);
  return out;
}

const HEX_UPPER_CODES = /* @__PURE__ */ (() => Uint8Array.from('0123456789ABCDEF', (ch) => codeUnitAt(ch, 0)))();

/**
 * Writes the percent-encoded byte `byte` ("%" and two upper hex digits) into `out` at `n`; returns
 * the index after it. A function of the module, not a closure: a closure over the index would
 * keep it in a context object, read and written through memory at every byte, where a parameter
 * and a return value stay in registers.
 */
function writePercentEncoded(out: Uint8Array, n: number, byte: number): number {
  out[n] = CodeUnit.PercentSign;
  out[n + 1] = HEX_UPPER_CODES[byte >> 4]!;
  out[n + 2] = HEX_UPPER_CODES[byte & 15]!;
  return n + 3;
}

/**
 * The same as {@link utf8PercentEncodeRange} from the first code unit to encode (`i`), for long
 * input: the output is written as bytes into the shared {@link asciiChunkBuffer}, ASCII_CHUNK at a
 * time, each chunk then decoded. Concatenating one piece at a time suits short strings, but on
 * long ones the many small strings it keeps alive make garbage collection work grow faster than
 * the input; and a buffer made for each call's whole output would be new memory, page-faulted in,
 * for every byte written, where the shared buffer is memory already in use.
 */
function encodeLongRange(
  input: string,
  start: number,
  i: number,
  end: number,
  set: PercentEncodeSet,
  spaceAsPlus: boolean,
): string {
  // A code unit becomes at most 9 bytes ("%XX" for each of three UTF-8 bytes); a surrogate pair,
  // two code units, becomes 12: the chunk is written out before it has less room than that.
  const out = asciiChunkBuffer();
  let text = input.slice(start, i);
  let n = 0;
  while (i < end) {
    if (n >= ASCII_CHUNK) {
      text += stringFromASCIIBytes(out.subarray(0, n));
      n = 0;
    }
    let c = codeUnitAt(input, i);
    if (c < CodeUnit.FirstNonASCII) {
      if (set[c] !== 1) out[n++] = c;
      else if (spaceAsPlus && c === CodeUnit.Space) out[n++] = CodeUnit.PlusSign;
      else n = writePercentEncoded(out, n, c);
      i++;
      continue;
    }
    const size = codePointLength(input, i, end);
    if (size === 2) c = 0x10000 + ((c - CodeUnit.FirstHighSurrogate) << 10) + (codeUnitAt(input, i + 1) - CodeUnit.FirstLowSurrogate);
    else if (c >= CodeUnit.FirstHighSurrogate && c <= CodeUnit.LastLowSurrogate) c = CodeUnit.ReplacementCharacter;
    if (c < 0x800) {
      n = writePercentEncoded(out, n, 0xc0 | (c >> 6));
    } else if (c < 0x10000) {
      n = writePercentEncoded(out, n, 0xe0 | (c >> 12));
      n = writePercentEncoded(out, n, 0x80 | ((c >> 6) & 0x3f));
    } else {
      n = writePercentEncoded(out, n, 0xf0 | (c >> 18));
      n = writePercentEncoded(out, n, 0x80 | ((c >> 12) & 0x3f));
      n = writePercentEncoded(out, n, 0x80 | ((c >> 6) & 0x3f));
    }
    n = writePercentEncoded(out, n, 0x80 | (c & 0x3f));
    i += size;
  }
  return text + stringFromASCIIBytes(out.subarray(0, n));
}

/** https://url.spec.whatwg.org/#string-utf-8-percent-encode */
export function utf8PercentEncodeString(input: string, set: PercentEncodeSet): string {
  return utf8PercentEncodeRange(input, 0, input.length, set);
}

/**
 * UTF-8 percent-encodes `input` using the percent-encode set named `setName`. As the standard says,
 * a space becomes "+" with the application/x-www-form-urlencoded set and "%20" with the others.
 * Returns `null` for an unknown set name.
 *
 * ```ts
 * utf8PercentEncode('Say what‽', 'userinfo'); // 'Say%20what%E2%80%BD'
 * utf8PercentEncode('a b+c', 'application/x-www-form-urlencoded'); // 'a+b%2Bc'
 * ```
 *
 * https://url.spec.whatwg.org/#string-utf-8-percent-encode
 */
export function utf8PercentEncode(input: string, setName: PercentEncodeSetName): string | null {
  if (typeof input !== 'string' || typeof setName !== 'string') return null;
  const set = percentEncodeSetByName(setName);
  if (set === null) return null;
  return utf8PercentEncodeString(input, set);
}

/** https://url.spec.whatwg.org/#percent-decode */
export function percentDecodeBytes(input: Uint8Array): Uint8Array {
  const output = new Uint8Array(input.length);
  let n = 0;
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!;
    if (b === CodeUnit.PercentSign && i + 2 < input.length) {
      const h = hexValue(input[i + 1]!);
      const l = hexValue(input[i + 2]!);
      if (h >= 0 && l >= 0) {
        output[n++] = (h << 4) | l;
        i += 2;
        continue;
      }
    }
    output[n++] = b;
  }
  return output.subarray(0, n);
}

const utf8Encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Writes the UTF-8 encoding of `input` into `into`, which has room for it, and returns the number
 * of bytes written. https://encoding.spec.whatwg.org/#utf-8-encode
 */
export function utf8EncodeInto(input: string, into: Uint8Array): number {
  return utf8Encoder.encodeInto(input, into).written;
}

/** https://url.spec.whatwg.org/#string-percent-decode */
export function percentDecodeString(input: string): Uint8Array {
  return percentDecodeBytes(utf8Encoder.encode(input));
}

/**
 * Percent-decodes a string or byte sequence into bytes (`null` for anything else).
 *
 * ```ts
 * percentDecode('‽%25%2E'); // Uint8Array [0xE2, 0x80, 0xBD, 0x25, 0x2E]
 * ```
 *
 * https://url.spec.whatwg.org/#percent-decode
 */
export function percentDecode(input: string | Uint8Array): Uint8Array;
/** Anything but a string or bytes gives `null`. */
export function percentDecode(input: unknown): Uint8Array | null;
export function percentDecode(input: unknown): Uint8Array | null {
  if (typeof input === 'string') return percentDecodeString(input);
  return input instanceof Uint8Array ? percentDecodeBytes(input) : null;
}
