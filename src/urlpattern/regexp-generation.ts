/**
 * Converting part lists to regular expressions (URL Pattern Standard §2.2).
 *
 * https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions
 */
import {
  FULL_WILDCARD_REGEXP_VALUE,
  generateASegmentWildcardRegexp,
  Modifier,
  PartType,
  type Options,
  type Part,
} from './pattern-parser.ts';
import { codeUnitAt } from '../code-unit.ts';

/** The segment wildcard regexp for an empty delimiter, "[^]+?", written so every engine runs it. */
const ANY_CODE_POINT_LAZY = '[\\s\\S]+?';

/** https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string */
export function convertAModifierToAString(modifier: Modifier): string {
  switch (modifier) {
    case Modifier.ZeroOrMore:
      return '*';
    case Modifier.Optional:
      return '?';
    case Modifier.OneOrMore:
      return '+';
    default:
      return '';
  }
}

/**
 * A set of ASCII code points, as a table by code unit: 1 for a member.
 * @internal shared with pattern-string-generation.ts
 */
export function asciiSet(members: string): Uint8Array {
  const set = new Uint8Array(128);
  for (let i = 0; i < members.length; i++) set[codeUnitAt(members, i)] = 1;
  return set;
}

/**
 * `input` with U+005C (\) before each code point of `set`: the loop of "escape a regexp string"
 * and "escape a pattern string". Unchanged stretches are copied by slices, and a string with
 * nothing to escape (the usual case) is returned as it is, with no regular expression run.
 * @internal shared with pattern-string-generation.ts
 */
export function backslashEscape(input: string, set: Uint8Array): string {
  let result = '';
  let copied = 0;
  for (let index = 0; index < input.length; index++) {
    const c = codeUnitAt(input, index);
    if (c < 128 && set[c] === 1) {
      result += input.slice(copied, index) + '\\';
      copied = index;
    }
  }
  return result === '' ? input : result + input.slice(copied);
}

/** The code points that "escape a regexp string" escapes. */
const REGEXP_SPECIAL = /* @__PURE__ */ asciiSet('.+*?^${}()[]|/\\');

/** https://urlpattern.spec.whatwg.org/#escape-a-regexp-string */
export function escapeARegexpString(input: string): string {
  return backslashEscape(input, REGEXP_SPECIAL);
}

/**
 * Returns the regular expression string and the list of group names for a part list.
 *
 * https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list
 */
export function generateARegularExpressionAndNameList(partList: readonly Part[], options: Options): [string, string[]] {
  let result = '^';
  // Not a literal: see PartRecord (pattern-parser.ts).
  const nameList = new Array<string>();
  for (const part of partList) {
    if (part.type === PartType.FixedText) {
      if (part.modifier === Modifier.None) result += escapeARegexpString(part.value);
      else result += '(?:' + escapeARegexpString(part.value) + ')' + convertAModifierToAString(part.modifier);
      continue;
    }
    nameList.push(part.name);
    let regexpValue = part.value;
    if (part.type === PartType.SegmentWildcard) {
      regexpValue = generateASegmentWildcardRegexp(options);
      // With no delimiter this is "[^]+?" (any code point). V8 before 12 (Node 20) fails to match
      // "[^]" under the v flag inside a repeated group ("^((?:[^]+?)*)$" does not match "foobar");
      // "[\s\S]" is the same class and works everywhere.
      if (options.delimiterCodePoint === '') regexpValue = ANY_CODE_POINT_LAZY;
    }
    else if (part.type === PartType.FullWildcard) regexpValue = FULL_WILDCARD_REGEXP_VALUE;
    const modifier = convertAModifierToAString(part.modifier);
    if (part.prefix === '' && part.suffix === '') {
      if (part.modifier === Modifier.None || part.modifier === Modifier.Optional) {
        result += '(' + regexpValue + ')' + modifier;
      } else {
        result += '((?:' + regexpValue + ')' + modifier + ')';
      }
      continue;
    }
    const prefix = escapeARegexpString(part.prefix);
    const suffix = escapeARegexpString(part.suffix);
    if (part.modifier === Modifier.None || part.modifier === Modifier.Optional) {
      result += '(?:' + prefix + '(' + regexpValue + ')' + suffix + ')' + modifier;
      continue;
    }
    result += '(?:' + prefix + '((?:' + regexpValue + ')(?:' + suffix + prefix + '(?:' + regexpValue + '))*)' + suffix + ')';
    if (part.modifier === Modifier.ZeroOrMore) result += '?';
  }
  result += '$';
  return [result, nameList];
}
