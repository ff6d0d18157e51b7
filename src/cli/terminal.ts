/**
 * Terminal presentation: colours, display widths and caret lines.
 */
import { CodeUnit } from '../code-unit.ts';

/** Whether to colour what goes to `stream`: only on a terminal, and not when NO_COLOR is set. */
export function colorsFor(stream: { isTTY?: boolean }): boolean {
  const noColor = process.env['NO_COLOR'];
  return stream.isTTY === true && (noColor === undefined || noColor === '');
}

export interface Style {
  bold(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
}

const plain = (s: string): string => s;
const sgr =
  (open: number, close: number) =>
  (s: string): string =>
    `\x1b[${open}m${s}\x1b[${close}m`;

export function style(enabled: boolean): Style {
  return enabled
    ? { bold: sgr(1, 22), red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39), dim: sgr(2, 22) }
    : { bold: plain, red: plain, green: plain, yellow: plain, dim: plain };
}

/** Columns a code point takes in a terminal: 0 for combining marks, 2 for wide East Asian ones. */
function codePointWidth(c: number): number {
  if (c < 0x300) return 1;
  if (
    (c >= 0x300 && c <= 0x36f) ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0xfe00 && c <= 0xfe0f) ||
    (c >= 0x20d0 && c <= 0x20ff)
  ) {
    return 0;
  }
  if (
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0xa4cf && c !== 0x303f) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x1f300 && c <= 0x1f64f) ||
    (c >= 0x1f900 && c <= 0x1f9ff) ||
    (c >= 0x20000 && c <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/** A visible stand-in for a control code point (U+2400 block), or the code point itself. */
function visible(c: number): string {
  if (c < CodeUnit.Space) return String.fromCharCode(0x2400 + c);
  if (c === CodeUnit.Delete) return '\u2421';
  return String.fromCodePoint(c);
}

/** How many code units of context to show on each side of an error in a long input. */
const CONTEXT = 40;

/**
 * Two lines showing where `[index, index + length)` (UTF-16 code units) is in `input`: the input,
 * with controls made visible and long inputs cut to a window around the error, and a line of
 * carets under the offending code units (one caret after the end when `length` is 0).
 */
export function caretLines(input: string, index: number, length: number, s: Style): [text: string, carets: string] {
  let start = 0;
  let end = input.length;
  let prefix = '';
  let suffix = '';
  if (end > 2 * CONTEXT + length + 2) {
    start = Math.max(0, index - CONTEXT);
    end = Math.min(input.length, index + length + CONTEXT);
    // Do not cut a surrogate pair.
    if (start > 0 && isLowSurrogate(input.charCodeAt(start))) start--;
    if (end < input.length && isLowSurrogate(input.charCodeAt(end))) end++;
    if (start > 0) prefix = '…';
    if (end < input.length) suffix = '…';
  }
  let text = prefix;
  let column = prefix.length;
  let caretStart = -1;
  let caretEnd = -1;
  for (let i = start; ; ) {
    if (caretStart === -1 && i >= index) caretStart = column;
    if (caretEnd === -1 && i >= index + length) caretEnd = column;
    if (i >= end) break;
    const c = input.codePointAt(i)!;
    text += visible(c);
    column += codePointWidth(c);
    i += c > 0xffff ? 2 : 1;
  }
  if (caretStart === -1) caretStart = column;
  if (caretEnd === -1) caretEnd = column;
  const width = Math.max(1, caretEnd - caretStart);
  return [text + suffix, ' '.repeat(caretStart) + s.green('^'.repeat(width))];
}

function isLowSurrogate(c: number): boolean {
  return c >= CodeUnit.FirstLowSurrogate && c <= CodeUnit.LastLowSurrogate;
}

/** A progress line, updated in place on a terminal. */
export class Progress {
  readonly #stream: NodeJS.WriteStream;
  readonly #total: number;
  readonly #started = Date.now();
  #timer: NodeJS.Timeout | undefined;
  bytes = 0;
  lines = 0;

  constructor(stream: NodeJS.WriteStream, total: number, intervalMs = 250) {
    this.#stream = stream;
    this.#total = total;
    this.#timer = setInterval(() => this.#draw(), intervalMs);
    this.#timer.unref();
  }

  #draw(): void {
    const seconds = (Date.now() - this.#started) / 1000;
    const percent = this.#total > 0 ? Math.min(100, (100 * this.bytes) / this.#total) : 100;
    const rate = seconds > 0 ? Math.round(this.lines / seconds) : 0;
    this.#stream.write(
      `\r\x1b[Kurl-standard: ${percent.toFixed(1)}% ` +
        `(${formatCount(this.lines)} lines, ${formatCount(rate)} URLs/s)`,
    );
  }

  /** Stops updating and erases the line. */
  stop(): void {
    if (this.#timer === undefined) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#stream.write('\r\x1b[K');
  }
}

/**
 * `n` rounded to an integer, with "," between groups of three digits ("1,234,567"), as
 * `toLocaleString('en-US')` writes it, without loading the locale data that the first call of
 * `toLocaleString` loads.
 */
export function formatCount(n: number): string {
  const digits = String(Math.round(Math.abs(n)));
  let text = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    text = text === '' ? group : group + ',' + text;
  }
  return n < 0 ? '-' + text : text;
}
