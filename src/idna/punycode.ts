/**
 * Punycode (RFC 3492) on code points. Both directions return `null` instead of throwing on failure
 * (invalid input or integer overflow).
 *
 * https://www.rfc-editor.org/rfc/rfc3492
 */

// https://www.rfc-editor.org/rfc/rfc3492#section-5
const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const DELIMITER = 0x2d; // '-'
// Integers are kept below 2^31 - 1, like the RFC's sample implementation's 32-bit limit guard, and well within
// the range where JavaScript numbers are exact.
const MAX_INT = 0x7fffffff;
const MAX_CODE_POINT = 0x10ffff;

// https://www.rfc-editor.org/rfc/rfc3492#section-6.1
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((BASE - TMIN) * TMAX) >> 1) {
    delta = Math.floor(delta / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - TMIN + 1) * delta) / (delta + SKEW));
}

// https://www.rfc-editor.org/rfc/rfc3492#section-5 (digit values: a-z / A-Z = 0-25, 0-9 = 26-35)
function digitValue(c: number): number {
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 26;
  return -1;
}

function digitChar(d: number): number {
  return d < 26 ? d + 0x61 : d - 26 + 0x30;
}

/**
 * Decodes a Punycode string (without any ACE prefix) to code points.
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.2
 */
export function decode(input: string): string | null {
  const output: number[] = [];
  let basicEnd = input.lastIndexOf('-');
  if (basicEnd < 0) basicEnd = 0;
  for (let j = 0; j < basicEnd; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return null;
    output.push(c);
  }
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  for (let pos = basicEnd > 0 ? basicEnd + 1 : 0; pos < input.length; ) {
    const oldi = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) return null;
      const digit = digitValue(input.charCodeAt(pos++));
      if (digit < 0) return null;
      if (digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldi, length, oldi === 0);
    if (Math.floor(i / length) > MAX_INT - n) return null;
    n += Math.floor(i / length);
    i %= length;
    if (n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

/**
 * Encodes a string's code points as Punycode (without any ACE prefix).
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.3
 */
export function encode(input: string): string | null {
  const codePoints: number[] = [];
  const out: number[] = [];
  for (let j = 0; j < input.length; j++) {
    let c = input.charCodeAt(j);
    if (c >= 0xd800 && c <= 0xdbff && j + 1 < input.length) {
      const low = input.charCodeAt(j + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        c = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        j++;
      }
    }
    codePoints.push(c);
    if (c < 0x80) out.push(c);
  }
  const length = codePoints.length;
  const basicCount = out.length;
  let handled = basicCount;
  if (basicCount > 0) out.push(DELIMITER);
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < length) {
    let m = MAX_INT;
    for (let j = 0; j < length; j++) {
      const c = codePoints[j]!;
      if (c >= n && c < m) m = c;
    }
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) return null;
    delta += (m - n) * (handled + 1);
    n = m;
    for (let j = 0; j < length; j++) {
      const c = codePoints[j]!;
      if (c < n && ++delta > MAX_INT) return null;
      if (c === n) {
        let q = delta;
        for (let k = BASE; ; k += BASE) {
          const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
          if (q < t) break;
          out.push(digitChar(t + ((q - t) % (BASE - t))));
          q = Math.floor((q - t) / (BASE - t));
        }
        out.push(digitChar(q));
        bias = adapt(delta, handled + 1, handled === basicCount);
        delta = 0;
        handled++;
      }
    }
    delta++;
    n++;
  }
  return String.fromCharCode.apply(null, out);
}
