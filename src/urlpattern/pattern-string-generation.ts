/**
 * Converting part lists to pattern strings (URL Pattern Standard §2.3): the normalized pattern
 * strings the component getters return.
 *
 * https://urlpattern.spec.whatwg.org/#converting-part-lists-to-pattern-strings
 */
import { generateASegmentWildcardRegexp, Modifier, PartType, FULL_WILDCARD_REGEXP_VALUE, type Options, type Part } from './pattern-parser.ts';
import { asciiSet, backslashEscape, convertAModifierToAString } from './regexp-generation.ts';
import { isValidNameCodePoint } from './tokenizer.ts';
import { CodeUnit, codeUnitAt } from '../code-unit.ts';

/** The code points that "escape a pattern string" escapes. */
const PATTERN_SPECIAL = /* @__PURE__ */ asciiSet('+*?:{}()\\');

/** https://urlpattern.spec.whatwg.org/#escape-a-pattern-string */
export function escapeAPatternString(input: string): string {
  return backslashEscape(input, PATTERN_SPECIAL);
}

function isASCIIDigit(c: number): boolean {
  return c >= CodeUnit.Digit0 && c <= CodeUnit.Digit9;
}

/** https://urlpattern.spec.whatwg.org/#generate-a-pattern-string */
export function generateAPatternString(partList: readonly Part[], options: Options): string {
  let result = '';
  const size = partList.length;
  for (let index = 0; index < size; index++) {
    const part = partList[index]!;
    const previousPart = index > 0 ? partList[index - 1]! : null;
    const nextPart = index < size - 1 ? partList[index + 1]! : null;
    if (part.type === PartType.FixedText) {
      if (part.modifier === Modifier.None) {
        result += escapeAPatternString(part.value);
        continue;
      }
      result += '{' + escapeAPatternString(part.value) + '}' + convertAModifierToAString(part.modifier);
      continue;
    }
    const customName = !isASCIIDigit(codeUnitAt(part.name, 0));
    let needsGrouping = part.suffix !== '' || (part.prefix !== '' && part.prefix !== options.prefixCodePoint);
    if (
      !needsGrouping &&
      customName &&
      part.type === PartType.SegmentWildcard &&
      part.modifier === Modifier.None &&
      nextPart !== null &&
      nextPart.prefix === '' &&
      nextPart.suffix === ''
    ) {
      if (nextPart.type === PartType.FixedText) {
        needsGrouping = nextPart.value !== '' && isValidNameCodePoint(nextPart.value.codePointAt(0)!, false);
      } else {
        needsGrouping = isASCIIDigit(codeUnitAt(nextPart.name, 0));
      }
    }
    if (
      !needsGrouping &&
      part.prefix === '' &&
      previousPart !== null &&
      previousPart.type === PartType.FixedText &&
      previousPart.value.length > 0 &&
      previousPart.value[previousPart.value.length - 1] === options.prefixCodePoint
    ) {
      // (The last code point of a fixed-text value: values are ASCII after encoding.)
      needsGrouping = true;
    }
    if (needsGrouping) result += '{';
    result += escapeAPatternString(part.prefix);
    if (customName) result += ':' + part.name;
    if (part.type === PartType.Regexp) {
      result += '(' + part.value + ')';
    } else if (part.type === PartType.SegmentWildcard && !customName) {
      result += '(' + generateASegmentWildcardRegexp(options) + ')';
    } else if (part.type === PartType.FullWildcard) {
      if (
        !customName &&
        (previousPart === null ||
          previousPart.type === PartType.FixedText ||
          previousPart.modifier !== Modifier.None ||
          needsGrouping ||
          part.prefix !== '')
      ) {
        result += '*';
      } else {
        result += '(' + FULL_WILDCARD_REGEXP_VALUE + ')';
      }
    }
    if (
      part.type === PartType.SegmentWildcard &&
      customName &&
      part.suffix !== '' &&
      isValidNameCodePoint(part.suffix.codePointAt(0)!, false)
    ) {
      result += '\\';
    }
    result += escapeAPatternString(part.suffix);
    if (needsGrouping) result += '}';
    result += convertAModifierToAString(part.modifier);
  }
  return result;
}
