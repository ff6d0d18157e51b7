/**
 * The basic URL parser's input (URL Standard §4.4, steps 1–3 and the standard's "c"): trimming
 * leading and trailing C0 control or space, and removing ASCII tab or newline, with the
 * validation errors they report.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { LONG_RANGE, stringFromASCIIBytes, toScalarValueString } from './infra.ts';
import type { ValidationReporter } from './validation-error.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/** The code unit at `i`, or -1 (the EOF code point) past the end. */
export function at(s: string, i: number): number {
  return i < s.length ? codeUnitAt(s, i) : -1;
}

/**
 * Removes leading and trailing C0 control or space, and all ASCII tab or newline (basic URL parser
 * steps 1.2–3). Each of the two validation errors is reported once, as the standard says "if input
 * contains any", located at the first run of offending code units. With `keepTabOrNewline`, only
 * the trimming (step 1.2).
 */
export function cleanInput(input: string, trim: boolean, reporter: ValidationReporter | null, keepTabOrNewline = false): string {
  let start = 0;
  let end = input.length;
  if (trim && end > 0 && (codeUnitAt(input, 0) <= CodeUnit.Space || codeUnitAt(input, end - 1) <= CodeUnit.Space)) {
    start = trimmedStart(input);
    end = trimmedEnd(input);
    if (reporter !== null) {
      reporter.trimStart = start;
      // Step 1.2: one invalid-URL-unit error.
      if (start > 0) reporter.emit('invalid-URL-unit', 0, start, false);
      else reporter.emit('invalid-URL-unit', end, input.length - end, false);
    }
  }
  const trimmed = start === 0 && end === input.length ? input : input.slice(start, end);
  if (keepTabOrNewline) return trimmed;
  const tabOrNewline = trimmed.search(TAB_OR_NEWLINE);
  if (tabOrNewline === -1) return trimmed;
  if (reporter !== null) {
    // Step 2: one invalid-URL-unit error, at the first run of ASCII tab or newline.
    let runEnd = tabOrNewline + 1;
    for (let c = codeUnitAt(trimmed, runEnd); c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn; c = codeUnitAt(trimmed, ++runEnd));
    reporter.emit('invalid-URL-unit', tabOrNewline + start, runEnd - tabOrNewline, false);
  }
  // The input is a scalar value string before the removal: two lone surrogates that a tab or
  // newline separates are two U+FFFD, never one pair. (Converting keeps every index.)
  const source = toScalarValueString(trimmed);
  // Without a reporter the removed positions are not needed. A long input is copied code unit by
  // code unit into chunks: fewer intermediate strings than replace or slices make, whose garbage
  // would cost more than the copy.
  if (reporter === null) return source.length > 4096 ? removeTabOrNewline(source) : source.replace(TAB_OR_NEWLINE, '');
  let out = '';
  let runStart = 0;
  const removed: number[] = [];
  for (let i = tabOrNewline; i < source.length; i++) {
    const c = codeUnitAt(source, i);
    if (c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn) {
      // The cleaned index of the code unit after this one: i minus those removed before it.
      removed.push(i - removed.length);
      out += source.slice(runStart, i);
      runStart = i + 1;
    }
  }
  reporter.removed = removed;
  return out + source.slice(runStart);
}

interface Encoder {
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
let encoder: Encoder | null = null;

/** A UTF-8 encoder, which writes an ASCII string's code units as bytes. */
function asciiEncoder(): Encoder {
  if (encoder === null) encoder = new TextEncoder();
  return encoder;
}

/** ASCII tab or newline, every occurrence. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
/** ASCII tab or newline, for a test. */
const TAB_OR_NEWLINE_ONE = /[\t\n\r]/;
/**
 * A code unit above U+00FF. V8 answers at once for a string it keeps in one byte per code unit,
 * none of which can match.
 */
const ABOVE_U00FF = /[^\0-\xff]/;

/**
 * `s` without ASCII tab or newline. An ASCII input is encoded into one byte buffer (a native copy
 * whatever the string's representation), compacted there and decoded once; another one is copied
 * code unit by code unit in chunks of 4,096.
 */
export function removeTabOrNewline(s: string): string {
  const bytes = new Uint8Array(s.length);
  const { read, written } = asciiEncoder().encodeInto(s, bytes);
  let n = 0;
  if (read === s.length && written === s.length) {
    for (let i = 0; i < written; i++) {
      const c = bytes[i]!;
      // Each byte is stored; only one that is not a tab or newline moves the end on, without a
      // branch on the byte. 0x2600 has bits 9, 10 and 13 set: tab, LF and CR.
      bytes[n] = c;
      n += c > CodeUnit.CarriageReturn ? 1 : 1 - ((0x2600 >> c) & 1);
    }
    return stringFromASCIIBytes(bytes.subarray(0, n));
  }
  const chunk = new Uint16Array(4096);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = codeUnitAt(s, i);
    if (c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn) continue;
    chunk[n++] = c;
    if (n === 4096) {
      out += String.fromCharCode.apply(null, chunk as unknown as number[]);
      n = 0;
    }
  }
  return out + String.fromCharCode.apply(null, chunk.subarray(0, n) as unknown as number[]);
}

/** Step 1.2 of the basic URL parser alone: removes leading and trailing C0 control or space. */
export function trimInput(input: string): string {
  return cleanInput(input, true, null, true);
}

/** Any code unit that is not C0 control or space (U+0000 to U+0020). */
const NOT_C0_CONTROL_OR_SPACE = /[^\0- ]/;

/**
 * The index of the first code unit of `s` that is not C0 control or space, or the length: one
 * native scan by a regular expression instead of a loop over every code unit.
 */
function trimmedStart(s: string): number {
  const i = s.search(NOT_C0_CONTROL_OR_SPACE);
  return i < 0 ? s.length : i;
}

/**
 * The index after the last code unit of `s` that is not C0 control or space, or 0: the end of the
 * input once trimmed. A long run is skipped by one native test per 4,096 code units (a search from
 * the start would read the whole input, and `trimEnd` stops at C0 control that is not white
 * space); a loop finds where it begins within the last of them.
 */
export function trimmedEnd(s: string): number {
  let end = s.length;
  while (end > 4096 && !NOT_C0_CONTROL_OR_SPACE.test(s.slice(end - 4096, end))) end -= 4096;
  while (end > 0 && codeUnitAt(s, end - 1) <= CodeUnit.Space) end--;
  return end;
}

/** Whether `s[start, end)` holds an ASCII tab or newline. */
export function hasTabOrNewline(s: string, start: number, end: number): boolean {
  if (end - start > LONG_RANGE) {
    const range = s.slice(start, end);
    // A long range of code units below U+0100: three native searches for one code unit each,
    // instead of a loop over every code unit or one search with a regular expression that tests
    // each against a class. Above U+0100 a search for one code unit stops at every code unit with
    // its byte in either half (U+0900 to U+09FF hold 0x09, a tab; U+0D00 to U+0DFF and U+200D hold
    // 0x0D, a carriage return), so such a range takes the one search of a class.
    if (ABOVE_U00FF.test(range)) return TAB_OR_NEWLINE_ONE.test(range);
    return range.includes('\t') || range.includes('\n') || range.includes('\r');
  }
  for (let i = start; i < end; i++) {
    const c = codeUnitAt(s, i);
    if (c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn) return true;
  }
  return false;
}
