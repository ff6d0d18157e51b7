/**
 * Single-dot and double-dot URL path segments (URL Standard §4.1).
 *
 * https://url.spec.whatwg.org/#single-dot-path-segment
 * https://url.spec.whatwg.org/#double-dot-path-segment
 */
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/**
 * Where the dots ("." or "%2e", ASCII case-insensitively) at the start of `s[start, end)` end,
 * counting at most two of them (see {@link dotCount}). The path state tells a dot segment from the
 * input this way, without making its buffer, and reads it once: it looks for the segment's end only
 * after the dots.
 */
export function leadingDotsEnd(s: string, start: number, end: number): number {
  let i = start;
  for (let dots = 0; i < end && dots < 2; dots++) {
    const c = codeUnitAt(s, i);
    if (c === CodeUnit.FullStop) {
      i++;
    } else if (c === CodeUnit.PercentSign && i + 3 <= end && codeUnitAt(s, i + 1) === CodeUnit.Digit2 && (codeUnitAt(s, i + 2) | 0x20) === CodeUnit.LowerE) {
      i += 3;
    } else {
      break;
    }
  }
  return i;
}

/**
 * The number of dots in a run that {@link leadingDotsEnd} found, from its length: "." (1) and
 * "%2e" (3) are one dot; "..", ".%2e" or "%2e." and "%2e%2e" (2, 4 and 6) are two.
 */
export function dotCount(length: number): number {
  return length === 0 ? 0 : length === 1 || length === 3 ? 1 : 2;
}

/**
 * 1 when `s[start, end)` is a single-dot path segment ("." or "%2e", ASCII case-insensitively), 2
 * when it is a double-dot path segment (two of those), 0 otherwise.
 * https://url.spec.whatwg.org/#single-dot-path-segment
 * https://url.spec.whatwg.org/#double-dot-path-segment
 */
export function dotSegmentDots(s: string, start: number, end: number): number {
  const dotsEnd = leadingDotsEnd(s, start, end);
  return dotsEnd === end ? dotCount(end - start) : 0;
}

/** What {@link dotSegmentRun} found: where the run ends, and how many double-dot segments it has. */
export class DotSegmentRun {
  end = 0;
  doubleDots = 0;
}

/**
 * The run of dot segments that starts at `start`, each followed by a path separator ("/", and
 * "\\" in a special URL): the index after its last separator (`start` when there is none) and
 * how many of them are double-dot segments, written into `run`. In the path state a single-dot
 * segment followed by a separator leaves the path as it is and a double-dot one shortens it, so a
 * run of them is applied at once: one turn of this loop a segment, where the path state would take
 * a turn of its own. https://url.spec.whatwg.org/#path-state
 */
export function dotSegmentRun(s: string, start: number, end: number, special: boolean, run: DotSegmentRun): void {
  let p = start;
  let doubleDots = 0;
  for (;;) {
    const dotsEnd = leadingDotsEnd(s, p, end);
    if (dotsEnd === p || dotsEnd >= end) break;
    const c = codeUnitAt(s, dotsEnd);
    if (c !== CodeUnit.Solidus && (c !== CodeUnit.ReverseSolidus || !special)) break;
    if (dotCount(dotsEnd - p) === 2) doubleDots++;
    p = dotsEnd + 1;
  }
  run.end = p;
  run.doubleDots = doubleDots;
}

/**
 * Whether the path segment starting at `i` (ending at "/", "\\", "?", "#" or `end`) is a
 * single-dot or double-dot path segment.
 */
export function isDotSegmentAt(s: string, i: number, end: number): boolean {
  let j = i;
  for (; j < end; j++) {
    const c = codeUnitAt(s, j);
    if (c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus || c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign) break;
    if (j - i >= 6) return false;
  }
  return dotSegmentDots(s, i, j) !== 0;
}
