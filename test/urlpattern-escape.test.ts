/**
 * "Escape a regexp string" and "escape a pattern string" (URL Pattern Standard §2.2 and §2.3),
 * against the standard's steps written out here with the code point lists copied from its text,
 * so that the expectation does not come from the code under test.
 *
 * https://urlpattern.spec.whatwg.org/#escape-a-regexp-string
 * https://urlpattern.spec.whatwg.org/#escape-a-pattern-string
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeAPatternString } from '../src/urlpattern/pattern-string-generation.ts';
import { escapeARegexpString } from '../src/urlpattern/regexp-generation.ts';
import fc from './helpers/fast-check.ts';

/** The list of "escape a regexp string": U+002E, U+002B, U+002A, U+003F, U+005E, U+0024, U+007B, U+007D, U+0028, U+0029, U+005B, U+005D, U+007C, U+002F, U+005C. */
const REGEXP_LIST = [0x2e, 0x2b, 0x2a, 0x3f, 0x5e, 0x24, 0x7b, 0x7d, 0x28, 0x29, 0x5b, 0x5d, 0x7c, 0x2f, 0x5c];
/** The list of "escape a pattern string": U+002B, U+002A, U+003F, U+003A, U+007B, U+007D, U+0028, U+0029, U+005C. */
const PATTERN_LIST = [0x2b, 0x2a, 0x3f, 0x3a, 0x7b, 0x7d, 0x28, 0x29, 0x5c];

/** The standard's loop: each code unit, after a U+005C if it is in the list. */
function specEscape(input: string, list: readonly number[]): string {
  let result = '';
  for (let index = 0; index < input.length; index++) {
    const c = input[index]!;
    if (list.includes(c.charCodeAt(0))) result += '\\';
    result += c;
  }
  return result;
}

const cases: [string, (s: string) => string, readonly number[]][] = [
  ['escape a regexp string', escapeARegexpString, REGEXP_LIST],
  ['escape a pattern string', escapeAPatternString, PATTERN_LIST],
];

for (const [name, escape, list] of cases) {
  test(`${name}: every ASCII code point alone, first, last and between others`, () => {
    for (let c = 0; c < 0x80; c++) {
      const ch = String.fromCharCode(c);
      for (const input of [ch, ch + 'ab', 'ab' + ch, 'a' + ch + 'b', ch + ch, '/' + ch + '(' + ch]) {
        assert.equal(escape(input), specEscape(input, list), `${name} of ${JSON.stringify(input)}`);
      }
    }
    assert.equal(escape(''), '');
  });

  test(`${name}: random ASCII strings`, () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 40 }), (input) => {
        assert.equal(escape(input), specEscape(input, list));
      }),
      { numRuns: 2000 },
    );
  });
}
