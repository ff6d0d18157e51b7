/**
 * ECMA-262's IdentifierStartChar and IdentifierPartChar beyond ASCII: ID_Start and ID_Continue of
 * Unicode 17.0 (the version of the IDNA tables), from generated tables rather than the engine's
 * `\p{ID_Start}`. Engines carry other Unicode data: on 2026-11-26 Node 20.19 and Deno 2.9.6 (Unicode
 * 16.0) answered 4,699 code points otherwise than Node 26, and WebKitGTK 2.50 43 (it counts U+09FF,
 * U+0B53, U+0B54 and U+16D80–U+16DA9, which Unicode 17.0 does not), so a pattern's names would be
 * valid in one runtime and a TypeError in the next. Completing the engine's answer with what the
 * properties gained since Unicode 15.0 would take smaller tables but keep every engine's extra code
 * points, as WebKitGTK's, so the whole tables are carried.
 *
 * https://tc39.es/ecma262/#prod-IdentifierStartChar
 * https://tc39.es/ecma262/#prod-IdentifierPartChar
 */
import { decodeVarints } from '../idna/tables.ts';
import { ID_CONTINUE_ONLY, ID_START } from './identifier.generated.ts';

/** Range boundaries, unpacked on first use: begin0, end0, begin1, end1, … (ends exclusive). */
let idStart: Int32Array | null = null;
let idContinueOnly: Int32Array | null = null;

/** The boundaries of the ranges in `packed` (format: scripts/generate-identifier-tables.mjs). */
function unpack(packed: string): Int32Array {
  const numbers = decodeVarints(packed);
  const bounds = new Int32Array(numbers.length);
  for (let k = 0, end = 0; k < numbers.length; k += 2) {
    const begin = end + numbers[k]!;
    end = begin + numbers[k + 1]! + 1;
    bounds[k] = begin;
    bounds[k + 1] = end;
  }
  return bounds;
}

/** Whether `codePoint` is in one of the ranges: the number of boundaries at or below it is odd. */
function inRanges(bounds: Int32Array, codePoint: number): boolean {
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (bounds[middle]! <= codePoint) low = middle + 1;
    else high = middle;
  }
  return (low & 1) === 1;
}

/** ID_Start of Unicode 17.0. */
export function isIDStart(codePoint: number): boolean {
  return inRanges((idStart ??= unpack(ID_START)), codePoint);
}

/** ID_Continue of Unicode 17.0 (which contains ID_Start). */
export function isIDContinue(codePoint: number): boolean {
  return isIDStart(codePoint) || inRanges((idContinueOnly ??= unpack(ID_CONTINUE_ONLY)), codePoint);
}
