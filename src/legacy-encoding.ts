/**
 * url-standard/legacy-encoding: the parts of the URL Standard that take an encoding other than
 * UTF-8 (a document's legacy encoding for the query of special URLs, a form's encoding for the
 * application/x-www-form-urlencoded serializer).
 *
 * This entry is separate from the main entry so that code which never passes an encoding does not
 * load any encoder. Encoders come from `@exodus/bytes`, which implements the Encoding Standard:
 *
 * - label resolution uses its `normalizeEncoding` hook;
 * - encoding with "encode or fail" and the "%26%23NNNN%3B" substitution for code points the
 *   encoding cannot represent uses its `percentEncodeAfterEncoding`, which runs one encoder over
 *   the whole input (this matters for the stateful ISO-2022-JP encoder; long input for the other,
 *   stateless, encoders goes in pieces of 8,192 code units, which keeps the time linear);
 * - importing `@exodus/bytes/encoding.js` registers the multi-byte encoders. Their index tables
 *   (jis0208, gb18030, big5, euc-kr, ...) are only read and expanded the first time a multi-byte
 *   encoder is created, which happens here only for input that contains a non-ASCII code point.
 *
 * ASCII-only input is encoded without any encoder at all: every encoding with an encoder maps the
 * ASCII code points to the bytes of the same value (ISO-2022-JP except for U+000E, U+000F and
 * U+001B, which it refuses), so the result is the UTF-8 one.
 *
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 * https://encoding.spec.whatwg.org/#get-an-output-encoding
 */
// Importing encoding.js (rather than encoding-lite.js) also registers the multi-byte encoders.
import { labelToName, normalizeEncoding } from '@exodus/bytes/encoding.js';
import { percentEncodeAfterEncoding as encodeAndPercentEncode } from '@exodus/bytes/whatwg.js';
import { toScalarValueString } from './infra.ts';
import {
  FORM_URLENCODED_SET,
  percentEncodeSetByName,
  utf8PercentEncodeString,
  type PercentEncodeSet,
  type PercentEncodeSetName,
} from './percent-encoding.ts';
import { basicURLParseWith, type ParseOptions, type QueryEncoder, type StateOverride } from './url-parser.ts';
import { URLRecord } from './url-record.ts';
import { serializeUrlencoded as serializeUrlencodedWith } from './urlencoded.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

export type { PercentEncodeSetName } from './percent-encoding.ts';
export type { StateOverride } from './url-parser.ts';

/** An encoding as accepted by this module: any label of the Encoding Standard, e.g. "latin1". */
export type EncodingLabel = string;

/** The resolved output encoding: its lowercase name (as `normalizeEncoding` gives it) and its name. */
interface ResolvedEncoding {
  /** Lowercase name, e.g. "shift_jis". */
  readonly key: string;
  /** The Encoding Standard's name, e.g. "Shift_JIS". */
  readonly name: string;
}

const UTF_8: ResolvedEncoding = { key: 'utf-8', name: 'UTF-8' };
const resolved = new Map<string, ResolvedEncoding>();

/**
 * https://encoding.spec.whatwg.org/#concept-encoding-get followed by
 * https://encoding.spec.whatwg.org/#get-an-output-encoding
 */
function resolveOutputEncoding(label: string): ResolvedEncoding {
  if (typeof label !== 'string') throw new TypeError('The encoding label must be a string');
  const cached = resolved.get(label);
  if (cached !== undefined) return cached;
  // "get an encoding": strip leading and trailing ASCII whitespace, ASCII lowercase, look up.
  const key = normalizeEncoding(label);
  if (key === null) throw new RangeError(`Unknown encoding label: ${JSON.stringify(label)}`);
  // "get an output encoding": replacement, UTF-16BE and UTF-16LE have no encoder.
  const encoding =
    key === 'utf-8' || key === 'replacement' || key === 'utf-16be' || key === 'utf-16le'
      ? UTF_8
      : { key, name: labelToName(key) ?? key };
  if (resolved.size < 256) resolved.set(label, encoding);
  return encoding;
}

/**
 * Resolves an encoding label to the encoding used for output: "get an encoding" followed by "get
 * an output encoding". Labels are matched ASCII case-insensitively after stripping leading and
 * trailing ASCII whitespace. Returns the encoding's name as the Encoding Standard spells it.
 *
 * ```ts
 * getOutputEncoding('latin1');    // 'windows-1252'
 * getOutputEncoding(' x-SJIS ');  // 'Shift_JIS'
 * getOutputEncoding('utf-16le');  // 'UTF-8'
 * getOutputEncoding('bogus');     // throws RangeError: Unknown encoding label: "bogus"
 * ```
 *
 * Throws a `RangeError` naming the label when it is not a label of any encoding.
 *
 * https://encoding.spec.whatwg.org/#concept-encoding-get
 * https://encoding.spec.whatwg.org/#get-an-output-encoding
 */
export function getOutputEncoding(label: EncodingLabel): string {
  return resolveOutputEncoding(label).name;
}

/** For each percent-encode set: the code points U+0020 to U+007E it contains, in increasing order. */
const printableMembers = new Map<PercentEncodeSet, string>();

function printableMembersOf(set: PercentEncodeSet): string {
  let members = printableMembers.get(set);
  if (members === undefined) {
    members = '';
    for (let c = CodeUnit.Space; c <= CodeUnit.Tilde; c++) if (set[c] === 1) members += String.fromCharCode(c);
    printableMembers.set(set, members);
  }
  return members;
}

function lookUpSet(setName: PercentEncodeSetName): PercentEncodeSet {
  const set = percentEncodeSetByName(setName);
  if (set === null) throw new TypeError(`Unknown percent-encode set: ${JSON.stringify(setName)}`);
  return set;
}

/** True when the encoder of `encoding` maps every code unit of `input` to the byte of the same value. */
function encodesAsASCII(encoding: ResolvedEncoding, input: string): boolean {
  const iso2022jp = encoding.key === 'iso-2022-jp';
  for (let i = 0; i < input.length; i++) {
    const c = codeUnitAt(input, i);
    if (c >= CodeUnit.FirstNonASCII) return false;
    // The ISO-2022-JP encoder returns an error for U+000E, U+000F and U+001B.
    if (iso2022jp && (c === CodeUnit.ShiftOut || c === CodeUnit.ShiftIn || c === CodeUnit.Escape)) return false;
  }
  return true;
}

/** https://url.spec.whatwg.org/#string-percent-encode-after-encoding */
function encodeWith(encoding: ResolvedEncoding, input: string, set: PercentEncodeSet): string {
  if (encoding === UTF_8 || encodesAsASCII(encoding, input)) {
    return utf8PercentEncodeString(input, set);
  }
  // Step 2.
  const spaceAsPlus = set === FORM_URLENCODED_SET;
  // Every set of the standard contains the C0 controls and all code points above U+007E, which is
  // what the encoder below always percent-encodes; the set's printable members are the rest.
  const members = printableMembersOf(set);
  const scalars = toScalarValueString(input);
  if (scalars.length <= PIECE_LENGTH || encoding.key === 'iso-2022-jp') {
    return encodeAndPercentEncode(encoding.key, scalars, members, spaceAsPlus);
  }
  // The dependency's output is a string concatenated from many small pieces, which stay alive until
  // it is flattened; on long input the garbage collector's work on them grows faster than the input,
  // so the input is encoded in pieces of PIECE_LENGTH code units. Every encoder but ISO-2022-JP's keeps
  // no state from one code point to the next, so the output for the whole is the outputs for pieces
  // of the input, joined (a piece never ends between the two halves of a surrogate pair); reading
  // a code unit of each piece's output makes V8 flatten it at once, so its small strings die young.
  let output = '';
  for (let start = 0; start < scalars.length; ) {
    let end = Math.min(start + PIECE_LENGTH, scalars.length);
    const last = codeUnitAt(scalars, end - 1);
    if (end < scalars.length && last >= CodeUnit.FirstHighSurrogate && last <= CodeUnit.LastHighSurrogate) end--;
    const piece = encodeAndPercentEncode(encoding.key, scalars.slice(start, end), members, spaceAsPlus);
    codeUnitAt(piece, 0);
    output += piece;
    start = end;
  }
  return output;
}

/** Code units per call of the dependency's encoder for long input (see {@link encodeWith}). */
const PIECE_LENGTH = 8192;

/**
 * Percent-encode after encoding: encodes `input` with `encoding`, replaces each code point the
 * encoding cannot represent with "%26%23" + its decimal value + "%3B" (an HTML numeric character
 * reference, percent-encoded), and percent-encodes each resulting byte that is 0x80 or above or
 * whose ASCII code point is in the set named `setName`. As the standard says, the byte 0x20 becomes
 * "+" with the application/x-www-form-urlencoded set (spaceAsPlus) and "%20" with the others.
 *
 * `encoding` is a label; it is resolved with {@link getOutputEncoding} (so UTF-16 labels mean
 * UTF-8). Lone surrogates in `input` are treated as U+FFFD. The standard asserts that an encoding
 * other than UTF-8 comes only with the special-query or application/x-www-form-urlencoded set;
 * this function also accepts the other sets with any encoding (each byte is then encoded as the
 * algorithm's steps say).
 *
 * ```ts
 * percentEncodeAfterEncoding('Shift_JIS', '≡', 'special-query');   // '%81%DF'
 * percentEncodeAfterEncoding('Shift_JIS', '‽', 'special-query');   // '%26%238253%3B'
 * percentEncodeAfterEncoding('ISO-2022-JP', '¥', 'special-query'); // '%1B(J\\%1B(B'
 * percentEncodeAfterEncoding('Shift_JIS', '1+1 ≡ 2%20‽', 'application/x-www-form-urlencoded');
 * // '1%2B1+%81%DF+2%2520%26%238253%3B'
 * ```
 *
 * Throws a `RangeError` for an unknown encoding label and a `TypeError` for an unknown set name.
 *
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 */
export function percentEncodeAfterEncoding(encoding: EncodingLabel, input: string, setName: PercentEncodeSetName): string {
  const resolvedEncoding = resolveOutputEncoding(encoding);
  const set = lookUpSet(setName);
  if (typeof input !== 'string') throw new TypeError('The input must be a string');
  return encodeWith(resolvedEncoding, input, set);
}

/** The query encoder the core parser calls for special URLs other than ws: and wss:. */
const queryEncoders = new Map<string, QueryEncoder>();

function queryEncoderFor(label: EncodingLabel | undefined): QueryEncoder | null {
  if (label === undefined) return null;
  const encoding = resolveOutputEncoding(label);
  if (encoding === UTF_8) return null;
  let encoder = queryEncoders.get(encoding.key);
  if (encoder === undefined) {
    const special = lookUpSet('special-query');
    const nonSpecial = lookUpSet('query');
    // https://url.spec.whatwg.org/#query-state
    encoder = (query, isSpecial) => encodeWith(encoding, query, isSpecial ? special : nonSpecial);
    queryEncoders.set(encoding.key, encoder);
  }
  return encoder;
}

/** Options of {@link parseURL}. */
export interface LegacyParseOptions extends ParseOptions {
  /**
   * The encoding of the query of special URLs other than ws: and wss:, as a label (for example the
   * document's character encoding). Default UTF-8. Resolved with {@link getOutputEncoding}; an
   * unknown label throws a `RangeError`.
   */
  encoding?: EncodingLabel | undefined;
}

/**
 * The URL parser with an encoding: like the main entry's `parseURL`, but the query of a special URL
 * (other than ws: and wss:) is encoded with `encoding` before it is percent-encoded. The fragment,
 * and the query of other URLs, are always UTF-8.
 *
 * ```ts
 * parseURL('https://example.com/?‽≡#≡', { encoding: 'Shift_JIS' })?.query; // '%26%238253%3B%81%DF'
 * parseURL('https://example.com/?‽≡#≡', { encoding: 'Shift_JIS' })?.fragment; // '%E2%89%A1'
 * ```
 *
 * https://url.spec.whatwg.org/#concept-url-parser
 */
export function parseURL(input: string, options?: LegacyParseOptions): URLRecord | null {
  // parseURL never modifies a record in place: `url` and `stateOverride` are ignored.
  return basicURLParseWith(input, options, queryEncoderFor(options?.encoding), false);
}

/** Options of {@link basicURLParse}. */
export interface LegacyBasicURLParseOptions extends LegacyParseOptions {
  /** A record to modify in place (with `stateOverride`). */
  url?: URLRecord | undefined;
  /** The state to start in; only meaningful with `url`. */
  stateOverride?: StateOverride | undefined;
}

/**
 * The basic URL parser with an encoding. Without `url` it returns a new record or `null` for
 * failure. With `url` and `stateOverride`, it modifies `url` in place and returns `url`, or `null`
 * when the standard says "return failure" (the record may still have been modified).
 *
 * ```ts
 * const record = basicURLParse('https://example.com/')!;
 * basicURLParse('é', { url: record, stateOverride: 'query', encoding: 'windows-1252' });
 * record.query; // '%E9'
 * ```
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function basicURLParse(input: string, options?: LegacyBasicURLParseOptions): URLRecord | null {
  return basicURLParseWith(input, options, queryEncoderFor(options?.encoding));
}

/**
 * The application/x-www-form-urlencoded serializer with an encoding (default UTF-8): names and
 * values go through percent-encode after encoding with the application/x-www-form-urlencoded
 * percent-encode set and space as "+".
 *
 * ```ts
 * serializeUrlencoded([['q', '≡ ‽']], 'Shift_JIS'); // 'q=%81%DF+%26%238253%3B'
 * serializeUrlencoded([['q', 'é']], 'latin1');      // 'q=%E9'
 * ```
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-serializer
 */
export function serializeUrlencoded(
  tuples: Iterable<readonly [name: string, value: string]>,
  encoding: EncodingLabel = 'UTF-8',
): string {
  const resolvedEncoding = resolveOutputEncoding(encoding);
  const set = lookUpSet('application/x-www-form-urlencoded');
  return serializeUrlencodedWith(tuples, (s) => encodeWith(resolvedEncoding, s, set));
}
