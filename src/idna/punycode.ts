/**
 * Punycode (RFC 3492) on code points. Both directions return `null` instead of throwing on failure
 * (invalid input or integer overflow).
 *
 * The URL Standard sets no limit on the length of a label (VerifyDnsLength is false), so a label can
 * be megabytes long. The algorithms as written in RFC 3492 are quadratic on such labels: the encoder
 * makes one pass over the label per distinct code point, and the decoder inserts each code point at
 * an arbitrary index of the output. Short labels (the usual case) take those direct algorithms;
 * labels of TREE_THRESHOLD code points or more take equivalent O(n log n) ones that count with a
 * Fenwick (binary indexed) tree. Both give exactly the output of RFC 3492, including where it fails.
 *
 * https://www.rfc-editor.org/rfc/rfc3492
 */

import { ASCII_CHUNK, asciiChunkBuffer, stringFromASCIIBytes } from '../infra.ts';
import { CodeUnit, codeUnitAt } from '../code-unit.ts';

// https://www.rfc-editor.org/rfc/rfc3492#section-5
const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = CodeUnit.FirstNonASCII;
const DELIMITER = CodeUnit.HyphenMinus;
// Integers are kept below 2^31 - 1, like the RFC's sample implementation's 32-bit limit guard, and well within
// the range where JavaScript numbers are exact.
const MAX_INT = 0x7fffffff;
const MAX_CODE_POINT = 0x10ffff;
/** The last code point of one UTF-16 code unit; those above it take two. */
const MAX_BMP = 0xffff;

/**
 * Labels with at least this many code points (in the output, when decoding) take the tree-based
 * algorithms; shorter ones the direct ones, which are faster on a few dozen code points.
 * @internal exported for tests
 */
export const TREE_THRESHOLD = 64;

/**
 * Arguments per String.fromCharCode / String.fromCodePoint call, well below engines' argument limits.
 * @internal exported for tests
 */
export const CHUNK = 0x2000;

/**
 * Bytes of a long output that become text at once (see Output): infra's ASCII_CHUNK, in the buffer
 * that long-range percent-encoding shares (asciiChunkBuffer). The buffer is made once and kept, so
 * its size is a balance between fewer TextDecoder calls on a long label and the memory held for
 * good once one has been encoded.
 * @internal exported for tests
 */
export const BYTES_CHUNK = ASCII_CHUNK;

// https://www.rfc-editor.org/rfc/rfc3492#section-6.1
// Every value here is a non-negative integer below 2^31 (the callers check against MAX_INT), so
// `(a / b) | 0` is the floor of the quotient, and lets the engine divide as integers (by a
// constant, as a multiplication) rather than in floating point as Math.floor needs.
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? (delta / DAMP) | 0 : delta >> 1;
  // The quotient is 0 when delta is less than numPoints, as it is for the small deltas of a long
  // label: the division (by a variable, the slowest operation here) is left out then.
  if (delta >= numPoints) delta += (delta / numPoints) | 0;
  else if (delta === 0) return 0; // what the steps below give, without their division
  let k = 0;
  while (delta > ((BASE - TMIN) * TMAX) >> 1) {
    delta = (delta / (BASE - TMIN)) | 0;
    k += BASE;
  }
  return k + ((((BASE - TMIN + 1) * delta) / (delta + SKEW)) | 0);
}

/** The bit that tells an ASCII lowercase letter from its uppercase one. */
const ASCII_CASE_BIT = 0x20;

// https://www.rfc-editor.org/rfc/rfc3492#section-5 (digit values: a-z / A-Z = 0-25, 0-9 = 26-35)
function digitValue(c: number): number {
  // c | ASCII_CASE_BIT is a lowercase letter exactly when c is a letter of either case.
  const lower = c | ASCII_CASE_BIT;
  if (lower >= CodeUnit.LowerA && lower <= CodeUnit.LowerZ) return lower - CodeUnit.LowerA;
  return c >= CodeUnit.Digit0 && c <= CodeUnit.Digit9 ? c - CodeUnit.Digit0 + 26 : -1;
}

function digitChar(d: number): number {
  return d < 26 ? CodeUnit.LowerA + d : CodeUnit.Digit0 + d - 26;
}

/** The string of the code points `codePoints` (no surrogates), built in chunks so that no call gets too many arguments. */
function fromCodePoints(codePoints: number[] | Int32Array): string {
  const length = codePoints.length;
  let s = '';
  for (let i = 0; i < length; i += CHUNK) {
    s += String.fromCodePoint.apply(null, (length <= CHUNK ? codePoints : codePoints.slice(i, i + CHUNK)) as number[]);
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Decoding

/**
 * The decoding of a Punycode string as its basic code points and the sequence of insertions that RFC 3492 §6.2
 * makes into them: insertion j puts `values[j]` at index `at[j]` of the output as it is at that point.
 */
interface Insertions {
  basic: number[];
  at: number[];
  values: number[];
}

/**
 * RFC 3492 §6.2 up to the insertions, which are returned rather than made; null on failure.
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.2
 */
function decodeInsertions(input: string): Insertions | null {
  const basic: number[] = [];
  const at: number[] = [];
  const values: number[] = [];
  // A delimiter at index 0 does not count: the digits start at 0 (and "-" is not a digit).
  let basicEnd = input.lastIndexOf('-');
  if (basicEnd < 0) basicEnd = 0;
  for (let j = 0; j < basicEnd; j++) {
    const c = codeUnitAt(input, j);
    if (c >= CodeUnit.FirstNonASCII) return null;
    basic.push(c);
  }
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  let outputLength = basic.length;
  for (let pos = basicEnd > 0 ? basicEnd + 1 : 0; pos < input.length; ) {
    const oldi = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) return null;
      const digit = digitValue(codeUnitAt(input, pos++));
      if (digit < 0) return null;
      if (digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = outputLength + 1;
    bias = adapt(i - oldi, length, oldi === 0);
    if (Math.floor(i / length) > MAX_INT - n) return null;
    n += Math.floor(i / length);
    i %= length;
    if (n > MAX_CODE_POINT || (n >= CodeUnit.FirstHighSurrogate && n <= CodeUnit.LastLowSurrogate)) return null;
    at.push(i);
    values.push(n);
    outputLength = length;
    i++;
  }
  return { basic, at, values };
}

/** Makes the insertions one by one into an array: O(n) per insertion, fast on short labels. */
function insertDirectly({ basic, at, values }: Insertions): number[] {
  const output = basic;
  for (let j = 0; j < at.length; j++) output.splice(at[j]!, 0, values[j]!);
  return output;
}

/**
 * Computes where each insertion ends up, in O(n log n) in all. Every code point inserted after insertion j
 * goes somewhere in the output and never moves the others' relative order, so the output without the
 * code points inserted after j is the output as it was just after j. Hence, going through the insertions
 * from the last to the first over the slots of the final output: insertion j's slot is the (at[j] + 1)-th
 * slot not taken by a later insertion. A Fenwick tree over the slots (1 = free) finds the k-th free slot in
 * O(log n). The basic code points fill the slots left free, in order.
 */
function insertWithTree({ basic, at, values }: Insertions): Int32Array {
  const size = basic.length + at.length;
  const output = new Int32Array(size);
  const taken = new Uint8Array(size);
  // tree[p] (1-based) counts the free slots in (p - lowbit(p), p]; initially all free, so it is lowbit(p).
  const tree = new Int32Array(size + 1);
  for (let p = 1; p <= size; p++) tree[p] = p & -p;
  let top = 1;
  while (top * 2 <= size) top *= 2;
  for (let j = at.length - 1; j >= 0; j--) {
    // The k-th free slot: descend from the largest power of two, skipping blocks with fewer than k free slots.
    // A block the descent does not skip contains the slot it ends on, so it loses a free slot: these blocks
    // are exactly the nodes that cover that slot, the ones an update would visit.
    let k = at[j]! + 1;
    let p = 0;
    for (let step = top; step > 0; step >>= 1) {
      const q = p + step;
      if (q > size) continue;
      const free = tree[q]!;
      if (free < k) {
        p = q;
        k -= free;
      } else {
        tree[q] = free - 1;
      }
    }
    // Slot p (0-based) is the one.
    output[p] = values[j]!;
    taken[p] = 1;
  }
  for (let slot = 0, b = 0; slot < size; slot++) if (taken[slot] === 0) output[slot] = basic[b++]!;
  return output;
}

/**
 * Decodes a Punycode string (without any ACE prefix) to code points.
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.2
 */
export function decode(input: string): string | null {
  const insertions = decodeInsertions(input);
  if (insertions === null) return null;
  const size = insertions.basic.length + insertions.at.length;
  return fromCodePoints(size < TREE_THRESHOLD ? insertDirectly(insertions) : insertWithTree(insertions));
}

/** decode with the direct insertions whatever the length. @internal exported for tests */
export function decodeDirect(input: string): string | null {
  const insertions = decodeInsertions(input);
  return insertions === null ? null : fromCodePoints(insertDirectly(insertions));
}

/** decode with the tree-based insertions whatever the length. @internal exported for tests */
export function decodeTreeBased(input: string): string | null {
  const insertions = decodeInsertions(input);
  return insertions === null ? null : fromCodePoints(insertWithTree(insertions));
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding

/**
 * The encoder's output: code units gathered in an array of at most CHUNK, which then becomes text.
 * A label can have millions of code points, and an array of numbers that large costs V8 more per
 * element the longer it grows, so no array here grows past CHUNK.
 *
 * An output that fills a first chunk goes on in bytes (all of it is ASCII), which a TextDecoder
 * (stringFromASCIIBytes) turns into text BYTES_CHUNK at a time, with far fewer calls than
 * String.fromCharCode.apply on arrays of numbers. Short outputs keep the array, as a TextDecoder
 * call costs more than building a string of a few dozen code units.
 */
class Output {
  text = '';
  units: number[] = [];
  /** After the first chunk: the code units not yet in `text`, as bytes (`byteCount` of them). */
  bytes: Uint8Array | null = null;
  byteCount = 0;
  /** Code units in `text`, `units` and `bytes`. */
  length = 0;

  push(unit: number): void {
    this.length++;
    const bytes = this.bytes;
    if (bytes !== null) {
      bytes[this.byteCount++] = unit;
      if (this.byteCount === BYTES_CHUNK) this.flushBytes();
    } else {
      const units = this.units;
      units.push(unit);
      if (units.length === CHUNK) this.startBytes();
    }
  }

  /** Appends `count` copies of "a" (the digit of a delta of 0): what is pending becomes text, then the copies. */
  pushZeroDeltas(count: number): void {
    this.text = this.toString() + 'a'.repeat(count);
    this.units.length = 0;
    this.byteCount = 0;
    this.length += count;
  }

  /** The first chunk becomes text, and the output goes on in bytes. */
  private startBytes(): void {
    this.text += String.fromCharCode.apply(null, this.units);
    this.units.length = 0;
    this.bytes = asciiChunkBuffer();
  }

  /** A full chunk of bytes becomes text. */
  private flushBytes(): void {
    this.text += stringFromASCIIBytes(this.bytes!.subarray(0, BYTES_CHUNK));
    this.byteCount = 0;
  }

  toString(): string {
    const rest = this.bytes !== null ? stringFromASCIIBytes(this.bytes.subarray(0, this.byteCount)) : String.fromCharCode.apply(null, this.units);
    return this.text + rest;
  }
}

/**
 * Where the direct encoder reads the code points of a label of up to {@link SCRATCH_MAX} code
 * units: a typed array made once and reused, which {@link encodeWith} hands to {@link scanLabel}
 * to fill and then to {@link encodeDirectly} to read, within one call (encoding never re-enters
 * itself). A longer label's passes (at most DIRECT_DISTINCT + 1 of them) read its code points from
 * the string itself, as an array of their own would cost four bytes a code point, megabytes for a
 * long label, to save reading the string again a bounded number of times.
 */
const SCRATCH_MAX = 1024;
const scratch = /* @__PURE__ */ new Int32Array(SCRATCH_MAX);

/**
 * Labels with at most this many distinct non-basic code points take the direct encoder whatever
 * their length: its passes (one per distinct code point) are then linear in the label, and cost
 * less than the tree's sort and counts.
 */
const DIRECT_DISTINCT = 8;

/**
 * Where {@link scanLabel} lists the distinct non-basic code points it has seen in a label: made
 * once and reused, as each call of scanLabel writes an entry before it reads it, and nothing else
 * uses it.
 */
const seenNonBasic = /* @__PURE__ */ new Int32Array(DIRECT_DISTINCT);

/**
 * What the encoder's first pass ({@link scanLabel}) finds out about a label's non-basic code
 * points. {@link encodeWith} makes one for each label it encodes and passes it to the passes
 * that read it, so no state outlives the label.
 */
class LabelScan {
  /** The number of code points in the label. */
  length = 0;
  /** The smallest non-basic code point (MAX_INT if none). */
  smallest = MAX_INT;
  /** How many times {@link smallest} occurs in the label. */
  smallestCount = 0;
  /** The smallest non-basic code point greater than {@link smallest} (MAX_INT if none). */
  next = MAX_INT;
  /** How many basic code points come before the first {@link smallest}. */
  basicBeforeFirstSmallest = 0;
  /** How many basic code points come before the last {@link smallest}. */
  basicBeforeLastSmallest = 0;
  /** Whether the label has at most {@link DIRECT_DISTINCT} distinct non-basic code points. */
  fewDistinct = true;
}

/**
 * The encoder's first pass over a label: writes its basic code points to `out`, and what it found
 * about the others to `scan`. With `codePoints` (for a label of up to {@link SCRATCH_MAX} code
 * units), also writes the label's code points there.
 *
 * The distinct non-basic code points seen so far are listed in {@link seenNonBasic}, which only
 * this function uses: each call fills it from its first entry and reads only the entries it has
 * written. An occurrence of the smallest code point so far is passed over before that list is
 * searched, as long runs of one code point are the common long label.
 */
function scanLabel(input: string, out: Output, codePoints: Int32Array | null, scan: LabelScan): void {
  let length = 0;
  let smallest = MAX_INT;
  let smallestCount = 0;
  let next = MAX_INT;
  let beforeFirst = 0;
  let beforeLast = 0;
  let distinct = 0;
  const end = input.length;
  seen: for (let j = 0; j < end; j++, length++) {
    const c = String.prototype.codePointAt.call(input, j)!;
    if (c > MAX_BMP) j++;
    if (codePoints !== null) codePoints[length] = c;
    if (c < CodeUnit.FirstNonASCII) {
      out.push(c);
      continue;
    }
    if (c === smallest) {
      // A run of it, in a label read from the string (below the surrogates, which can begin a
      // pair), goes by in a loop of its own that only compares code units.
      smallestCount++;
      if (codePoints === null && c < CodeUnit.FirstHighSurrogate) {
        while (j + 1 < end && codeUnitAt(input, j + 1) === c) j++, length++, smallestCount++;
      }
      beforeLast = out.length;
      continue;
    }
    // The second smallest so far is listed already (as is every code point this pass has set it to).
    if (c === next) continue;
    if (c < smallest) {
      next = smallest;
      smallest = c;
      smallestCount = 1;
      beforeFirst = beforeLast = out.length;
    } else if (c < next) {
      next = c;
    }
    if (distinct > DIRECT_DISTINCT) continue;
    for (let k = 0; k < distinct; k++) if (seenNonBasic[k] === c) continue seen;
    if (distinct < DIRECT_DISTINCT) seenNonBasic[distinct] = c;
    distinct++;
  }
  scan.length = length;
  scan.smallest = smallest;
  scan.smallestCount = smallestCount;
  scan.next = next;
  scan.basicBeforeFirstSmallest = beforeFirst;
  scan.basicBeforeLastSmallest = beforeLast;
  scan.fewDistinct = distinct <= DIRECT_DISTINCT;
}

/** Appends `q` as a generalized variable-length integer (RFC 3492 §3.3) with threshold from `bias`. */
function writeInteger(out: Output, q: number, bias: number): void {
  for (let k = BASE; ; k += BASE) {
    const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
    if (q < t) break;
    out.push(digitChar(t + ((q - t) % (BASE - t))));
    q = ((q - t) / (BASE - t)) | 0;
  }
  out.push(digitChar(q));
}

/**
 * The steps of RFC 3492 §6.3 for one occurrence of the code point n: outputs `delta` as a
 * variable-length integer with the threshold from `bias`, and returns the next bias.
 * A delta of 0 is the single digit "a" whatever the bias, and adapt(0, …) is 0, so an occurrence
 * of n with no smaller code point since the one before (a run of one code point) costs no
 * arithmetic.
 */
function writeDelta(out: Output, delta: number, bias: number, numPoints: number, firstTime: boolean): number {
  if (delta === 0) {
    out.push(CodeUnit.LowerA);
    return 0;
  }
  // At bias 0 the first digit's threshold is TMAX, so a delta below it is that one digit.
  if (bias === 0 && delta < TMAX) out.push(CodeUnit.LowerA + delta);
  else writeInteger(out, delta, bias);
  return adapt(delta, numPoints, firstTime);
}

/**
 * RFC 3492 §6.3 as written, with one pass over the label per distinct non-basic code point instead
 * of two: the pass that handles the code point n also finds the next one, the smallest code point
 * greater than n, which the RFC's loop looks for in a pass of its own ("let m = the minimum
 * {non-basic} code point >= n in the input"). `scan` is what scanLabel found; `out` holds the
 * basic code points (and the delimiter if there are any); with `codePoints`, the label's code
 * points are there, else they are read from `input`.
 *
 * Each pass is one of two loops, over `codePoints` or over the string, rather than one loop that
 * asks which on every code point, and the string is read with String.prototype.codePointAt, which
 * engines inline for every string representation.
 */
function encodeDirectly(input: string, codePoints: Int32Array | null, out: Output, basicCount: number, scan: LabelScan): boolean {
  const length = scan.length;
  let m = scan.smallest;
  let handled = basicCount;
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  if (scan.basicBeforeLastSmallest === scan.basicBeforeFirstSmallest) {
    // The pass for the smallest non-basic code point m, from what scanLabel counted, when no basic
    // code point stands between its first and last occurrences (as in any label without ASCII):
    // the code points less than m are the basic ones. So its first delta is (m - n) * (h + 1)
    // plus the basic code points before its first occurrence (exact in a double, so one
    // comparison finds the RFC's overflows), each later occurrence's is 0 (the digit "a", after
    // which the bias is 0, see writeDelta), and delta after the last one is the basic code points
    // after it. This gives the RFC's output without a pass over the label.
    delta = (m - n) * (handled + 1) + scan.basicBeforeFirstSmallest;
    if (delta > MAX_INT) return false;
    bias = writeDelta(out, delta, bias, handled + 1, true);
    if (scan.smallestCount > 1) {
      out.pushZeroDeltas(scan.smallestCount - 1);
      bias = 0;
    }
    handled += scan.smallestCount;
    delta = basicCount - scan.basicBeforeLastSmallest + 1;
    n = m + 1;
    m = scan.next;
  }
  while (handled < length) {
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) return false;
    delta += (m - n) * (handled + 1);
    n = m;
    m = MAX_INT;
    if (codePoints !== null) {
      for (let j = 0; j < length; j++) {
        const c = codePoints[j]!;
        if (c < n) {
          if (++delta > MAX_INT) return false;
        } else if (c === n) {
          bias = writeDelta(out, delta, bias, handled + 1, handled === basicCount);
          delta = 0;
          handled++;
        } else if (c < m) {
          m = c;
        }
      }
    } else {
      const end = input.length;
      for (let i = 0; i < end; i++) {
        const c = String.prototype.codePointAt.call(input, i)!;
        if (c > MAX_BMP) i++;
        if (c < n) {
          if (++delta > MAX_INT) return false;
        } else if (c === n) {
          bias = writeDelta(out, delta, bias, handled + 1, handled === basicCount);
          delta = 0;
          handled++;
        } else if (c < m) {
          m = c;
        }
      }
    }
    delta++;
    n++;
  }
  return true;
}

const TWO_32 = 0x100000000;

/**
 * RFC 3492 §6.3 in O(n log n), with the same output and the same failures as encodeDirectly.
 *
 * In §6.3 the pass for the code point m starts with delta = D, the value after `delta += (m - n) * (h + 1)`,
 * where h is the number of code points less than m (the basic ones and those of the earlier passes: all
 * are handled). Then each position adds 1 to delta if its code point is less than m, and each occurrence
 * of m emits delta and resets it to 0. With before(p) the number of code points less than m at positions
 * before p, and p1 < p2 < ... < pk the positions of m, the pass therefore emits
 *   at p1: D + before(p1),
 *   at pi (i > 1): before(pi) - before(p(i-1))   (p(i-1) holds m itself, which is not counted),
 * and ends with delta = h - before(pk) (the code points less than m after pk), to which the
 * `delta++` after the pass adds 1 before the next pass's D. delta only grows within a pass, so checking it
 * against 2^31 - 1 when it is emitted finds the same overflows as checking every increment.
 *
 * The code points less than m are marked in a Fenwick tree over the positions, so before(p) takes
 * O(log n); the occurrences of each code point, in increasing code point order and then position, come from
 * sorting the non-basic code points once by code point * 2^32 + position (exact in a double, as code points
 * are below 2^21 and positions below 2^32).
 */
function encodeWithTree(input: string, length: number, out: Output, basicCount: number): boolean {
  // tree[p] (1-based) counts the marked positions in (p - lowbit(p), p]; built in O(n) from the basic ones.
  const tree = new Int32Array(length + 1);
  const keys = new Float64Array(length - basicCount);
  // i: the UTF-16 index of the code point at position j.
  for (let i = 0, j = 0, key = 0; j < length; i++, j++) {
    const c = String.prototype.codePointAt.call(input, i)!;
    if (c > MAX_BMP) i++;
    if (c < CodeUnit.FirstNonASCII) tree[j + 1]!++;
    else keys[key++] = c * TWO_32 + j;
  }
  for (let p = 1; p <= length; p++) {
    const parent = p + (p & -p);
    if (parent <= length) tree[parent]! += tree[p]!;
  }
  keys.sort();

  let handled = basicCount;
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  for (let first = 0; first < keys.length; ) {
    const m = Math.floor(keys[first]! / TWO_32);
    let end = first + 1;
    while (end < keys.length && Math.floor(keys[end]! / TWO_32) === m) end++;
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) return false;
    delta += (m - n) * (handled + 1);
    n = m;
    const lessThanM = handled;
    let previousBefore = 0;
    for (let e = first; e < end; e++) {
      const position = keys[e]! - m * TWO_32;
      // before(position): the marked positions among 0 .. position - 1, i.e. the prefix sum up to `position` (1-based).
      let before = 0;
      for (let p = position; p > 0; p -= p & -p) before += tree[p]!;
      delta += before - previousBefore;
      if (delta > MAX_INT) return false;
      bias = writeDelta(out, delta, bias, handled + 1, handled === basicCount);
      delta = 0;
      handled++;
      previousBefore = before;
    }
    delta = lessThanM - previousBefore;
    for (let e = first; e < end; e++) {
      for (let p = keys[e]! - m * TWO_32 + 1; p <= length; p += p & -p) tree[p]!++;
    }
    delta++;
    n++;
    first = end;
  }
  return true;
}

/**
 * Labels shorter than this never meet {@link encodingCertainlyOverflows}'s bound: with at most
 * this many code points, (m - n) * (h + 1) is at most 0x10FFFF * 1024, below 2^31 - 1.
 */
const OVERFLOW_MIN_LENGTH = 1024;
/** {@link encodingCertainlyOverflows} counts code points by blocks of 2^OVERFLOW_BLOCK_SHIFT. */
const OVERFLOW_BLOCK_SHIFT = 8;

/**
 * Whether RFC 3492 §6.3 certainly fails on `label` with an overflow. The pass for a code point m
 * starts with `delta += (m - n) * (h + 1)`, where n is one more than the code point of the pass
 * before (or the initial n) and h the number of code points less than m, and delta is never
 * negative before it: when that product alone passes the maximum, the encoding fails there or
 * earlier. One pass over the label counts its code points by blocks of 256; for the smallest code
 * point m of a block that has any, m is at least the block's first code point, n at most the end
 * of the block before that has any (or of block 0, past the initial n), and h is the count of the
 * blocks before it. A long label of code points far apart (a script's letters and a joiner)
 * fails this way.
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.3
 */
export function encodingCertainlyOverflows(label: string): boolean {
  const length = label.length;
  if (length < OVERFLOW_MIN_LENGTH) return false;
  const count = new Int32Array((MAX_CODE_POINT >> OVERFLOW_BLOCK_SHIFT) + 1);
  // By code units first, a loop that does nothing else; a surrogate pair is then counted as two
  // code units in the surrogates' blocks, and such a label is counted again by code points.
  for (let i = 0; i < length; i++) count[codeUnitAt(label, i) >> OVERFLOW_BLOCK_SHIFT]!++;
  let surrogates = 0;
  for (let unit = CodeUnit.FirstHighSurrogate; unit <= CodeUnit.LastLowSurrogate; unit += 1 << OVERFLOW_BLOCK_SHIFT) {
    surrogates += count[unit >> OVERFLOW_BLOCK_SHIFT]!;
  }
  if (surrogates !== 0) {
    count.fill(0);
    for (let i = 0; i < length; i++) {
      const c = String.prototype.codePointAt.call(label, i)!;
      if (c > MAX_BMP) i++;
      count[c >> OVERFLOW_BLOCK_SHIFT]!++;
    }
  }
  let handled = count[0]!;
  let previousEnd = 1 << OVERFLOW_BLOCK_SHIFT;
  for (let block = 1; block < count.length; block++) {
    if (count[block] === 0) continue;
    // Exact in a double: the factors are below 2^21 and 2^32.
    if (((block << OVERFLOW_BLOCK_SHIFT) - previousEnd) * (handled + 1) > MAX_INT) return true;
    handled += count[block]!;
    previousEnd = (block + 1) << OVERFLOW_BLOCK_SHIFT;
  }
  return false;
}

function encodeWith(input: string, tree: boolean | null): string | null {
  const out = new Output();
  const scan = new LabelScan();
  const codePoints = input.length <= SCRATCH_MAX ? scratch : null;
  scanLabel(input, out, codePoints, scan);
  const length = scan.length;
  const basicCount = out.length;
  if (basicCount > 0) out.push(DELIMITER);
  if (basicCount < length) {
    const useTree = tree ?? (length >= TREE_THRESHOLD && !scan.fewDistinct);
    const ok = useTree ? encodeWithTree(input, length, out, basicCount) : encodeDirectly(input, codePoints, out, basicCount, scan);
    if (!ok) return null;
  }
  return out.toString();
}

/**
 * Encodes a string's code points as Punycode (without any ACE prefix).
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.3
 */
export function encode(input: string): string | null {
  return encodeWith(input, null);
}

/** encode with RFC 3492's passes whatever the length. @internal exported for tests */
export function encodeDirect(input: string): string | null {
  return encodeWith(input, false);
}

/** encode with the tree-based counting whatever the length. @internal exported for tests */
export function encodeTreeBased(input: string): string | null {
  return encodeWith(input, true);
}
