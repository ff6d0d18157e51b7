/**
 * Validation errors (URL Standard §1.1): the examples of the standard's table of validation errors,
 * positions in the original input, the failure flag over the web-platform-tests parser data,
 * messages and odd inputs (their time is checked by `npm run test:perf`, test/perf/validation-errors.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { parseURL } from '../src/url-parser.ts';
import { validateURL } from '../src/validate.ts';
import { isValidURLString } from '../src/valid-url-string.ts';
import { validationErrorMessage, type ValidationError, type ValidationErrorType } from '../src/validation-error.ts';
import fc from './helpers/fast-check.ts';
import { loadWPT, truncateLabel as cut, wptSkip } from './helpers/wpt-data.ts';

function errorsOf(input: string, base?: string): { failed: boolean; errors: ValidationError[] } {
  const errors: ValidationError[] = [];
  const url = parseURL(input, { base, onValidationError: (e) => errors.push(e) });
  return { failed: url === null, errors };
}

/**
 * A row of the table: the example input (and base), the error types the parser reports for it in
 * order (the table's error, plus any others the algorithm reports on the way, as commented), and
 * whether parsing returns failure (the table's "Failure" column for the example's error).
 */
interface Row {
  input: string;
  base?: string;
  types: ValidationErrorType[];
  failure: boolean;
}

const TABLE: Row[] = [
  // IDNA. The host parser reports domain-percent-encoded (step 4) before the domain parser's
  // domain-to-ASCII (its step 2); "exa#mple.org" then fails on its forbidden domain code point.
  { input: 'https://exa%23mple.org', types: ['domain-percent-encoded', 'domain-to-ASCII'], failure: true },
  // Host parsing.
  { input: 'https://exam%70le.org', types: ['domain-percent-encoded'], failure: false },
  { input: 'foo://exa[mple.org', types: ['host-invalid-code-point'], failure: true },
  // UTS #46 with VerifyDnsLength records an error for the empty root label of "127.0.0.1." (as
  // IdnaTestV2 does for "a.b.c.d."), so the domain parser's strict step reports domain-to-ASCII
  // before the IPv4 parser runs.
  { input: 'https://127.0.0.1./', types: ['domain-to-ASCII', 'IPv4-empty-part'], failure: false },
  { input: 'https://1.2.3/', types: ['IPv4-too-few-parts'], failure: false },
  { input: 'https://1.2.3.4.5/', types: ['IPv4-too-many-parts'], failure: true },
  // IPv4-non-ASCII-input (whatwg/url#925): a domain with non-ASCII code points (after
  // percent-decoding) whose ASCII form ends in a number; reported before the IPv4 parser runs.
  { input: 'https://①.②.③.④', types: ['IPv4-non-ASCII-input'], failure: false },
  { input: 'https://1。2。3。4', types: ['IPv4-non-ASCII-input'], failure: false },
  { input: 'https://².2.3.4', types: ['IPv4-non-ASCII-input'], failure: false },
  { input: 'https://１２７.０.０.１', types: ['IPv4-non-ASCII-input'], failure: false },
  {
    input: 'https://%E2%91%A0.%E2%91%A1.%E2%91%A2.%E2%91%A3',
    types: ['domain-percent-encoded', 'IPv4-non-ASCII-input'],
    failure: false,
  },
  { input: 'https://①.②.③.④.⑤', types: ['IPv4-non-ASCII-input', 'IPv4-too-many-parts'], failure: true },
  // Two parts: IPv4-too-few-parts (step 3) comes before the part "test" fails (step 6.2).
  { input: 'https://test.42', types: ['IPv4-too-few-parts', 'IPv4-non-numeric-part'], failure: true },
  { input: 'https://127.0.0x0.1', types: ['IPv4-non-decimal-part'], failure: false },
  { input: 'https://255.255.4000.1', types: ['IPv4-out-of-range-part'], failure: true },
  { input: 'https://[::1', types: ['IPv6-unclosed'], failure: true },
  { input: 'https://[:1]', types: ['IPv6-invalid-compression'], failure: true },
  { input: 'https://[1:2:3:4:5:6:7:8:9]', types: ['IPv6-too-many-pieces'], failure: true },
  { input: 'https://[1::1::1]', types: ['IPv6-multiple-compression'], failure: true },
  { input: 'https://[1:2:3!:4]', types: ['IPv6-invalid-code-point'], failure: true },
  { input: 'https://[1:2:3:]', types: ['IPv6-invalid-code-point'], failure: true },
  { input: 'https://[1:2:3]', types: ['IPv6-too-few-pieces'], failure: true },
  { input: 'https://[::01]', types: ['IPv6-piece-leading-zero'], failure: false },
  { input: 'https://[1:1:1:1:1:1:1:127.0.0.1]', types: ['IPv4-in-IPv6-too-many-pieces'], failure: true },
  { input: 'https://[ffff::.0.0.1]', types: ['IPv4-in-IPv6-invalid-code-point'], failure: true },
  { input: 'https://[ffff::127.0.xyz.1]', types: ['IPv4-in-IPv6-invalid-code-point'], failure: true },
  { input: 'https://[ffff::127.0xyz]', types: ['IPv4-in-IPv6-invalid-code-point'], failure: true },
  { input: 'https://[ffff::127.00.0.1]', types: ['IPv4-in-IPv6-invalid-code-point'], failure: true },
  { input: 'https://[ffff::127.0.0.1.2]', types: ['IPv4-in-IPv6-invalid-code-point'], failure: true },
  { input: 'https://[ffff::127.0.0.4000]', types: ['IPv4-in-IPv6-out-of-range-part'], failure: true },
  { input: 'https://[ffff::127.0.0]', types: ['IPv4-in-IPv6-too-few-parts'], failure: true },
  // URL parsing.
  { input: 'https://example.org/>', types: ['invalid-URL-unit'], failure: false },
  // Step 1.2 is one error for "any leading or trailing C0 control or space".
  { input: ' https://example.org ', types: ['invalid-URL-unit'], failure: false },
  { input: 'ht\ntps://example.org', types: ['invalid-URL-unit'], failure: false },
  { input: 'https://example.org/%s', types: ['invalid-URL-unit'], failure: false },
  { input: 'file:c:/my-secret-folder', types: ['special-scheme-missing-following-solidus'], failure: false },
  { input: 'https:example.org', types: ['special-scheme-missing-following-solidus'], failure: false },
  { input: 'https:foo.html', base: 'https://example.org/', types: ['special-scheme-missing-following-solidus'], failure: false },
  { input: '💩', types: ['missing-scheme-non-relative-URL'], failure: true },
  { input: '💩', base: 'mailto:user@example.org', types: ['missing-scheme-non-relative-URL'], failure: true },
  // One error per "\": the authority ends at the first, the path state meets the other two.
  {
    input: 'https://example.org\\path\\to\\file',
    types: ['invalid-reverse-solidus', 'invalid-reverse-solidus', 'invalid-reverse-solidus'],
    failure: false,
  },
  { input: 'https://user@example.org', types: ['invalid-credentials'], failure: false },
  { input: 'ssh://user@example.org', types: ['invalid-credentials'], failure: false },
  { input: 'https://#fragment', types: ['host-missing'], failure: true },
  { input: 'https://:443', types: ['host-missing'], failure: true },
  { input: 'https://user:pass@', types: ['invalid-credentials', 'host-missing'], failure: true },
  { input: 'https://example.org:70000', types: ['port-out-of-range'], failure: true },
  { input: 'https://example.org:7z', types: ['port-invalid'], failure: true },
  { input: 'file://c:', types: ['file-invalid-Windows-drive-letter-host'], failure: false },
];

describe("the standard's validation error table", () => {
  for (const row of TABLE) {
    const name = `${JSON.stringify(row.input)}${row.base === undefined ? '' : ` against ${row.base}`}`;
    test(name, () => {
      const { failed, errors } = errorsOf(row.input, row.base);
      assert.deepEqual(
        errors.map((e) => e.type),
        row.types,
      );
      assert.equal(failed, row.failure);
      assert.deepEqual(
        errors.map((e) => e.failure),
        row.types.map((_, i) => row.failure && i === row.types.length - 1),
      );
    });
  }

  test('file-invalid-Windows-drive-letter: the file state, for a relative input starting with a drive letter', () => {
    // "c|" is no scheme, so the no scheme state hands the input to the file state, which reports
    // the error; the path state then meets "|", which is not a URL code point.
    const { failed, errors } = errorsOf('c|/path/to/file', 'file:///c:/');
    assert.equal(failed, false);
    assert.deepEqual(
      errors.map((e) => [e.type, e.index, e.length]),
      [
        ['file-invalid-Windows-drive-letter', 0, 2],
        ['invalid-URL-unit', 1, 1],
      ],
    );
  });

  test("the table's own file-invalid-Windows-drive-letter example goes through the file slash state, which reports nothing", () => {
    // "/c:/path/to/file": the file state sees "/" and moves to the file slash state, whose steps
    // have no validation error (see docs/validation.md).
    assert.deepEqual(errorsOf('/c:/path/to/file', 'file:///c:/').errors, []);
  });
});

describe('positions in the original input', () => {
  const at = (input: string, base?: string): [ValidationErrorType, number, number][] =>
    errorsOf(input, base).errors.map((e) => [e.type, e.index, e.length]);

  test('the offending code point', () => {
    assert.deepEqual(at('https://example.org/>'), [['invalid-URL-unit', 20, 1]]);
    assert.deepEqual(at('https://example.org/%s'), [['invalid-URL-unit', 20, 1]]);
    assert.deepEqual(at('https://example.org:7z'), [['port-invalid', 21, 1]]);
    assert.deepEqual(at('https://example.org:70000'), [['port-out-of-range', 20, 5]]);
    assert.deepEqual(at('https://user@example.org'), [['invalid-credentials', 12, 1]]);
    assert.deepEqual(at('foo://exa[mple.org'), [['host-invalid-code-point', 9, 1]]);
    assert.deepEqual(at('https://exam%70le.org'), [['domain-percent-encoded', 12, 3]]);
    assert.deepEqual(at('https://[1:2:3!:4]'), [['IPv6-invalid-code-point', 14, 1]]);
    assert.deepEqual(at('https://[::01]'), [['IPv6-piece-leading-zero', 11, 2]]);
    assert.deepEqual(at('https://127.0.0x0.1'), [['IPv4-non-decimal-part', 14, 3]]);
    assert.deepEqual(at('https://255.255.4000.1'), [['IPv4-out-of-range-part', 16, 4]]);
    assert.deepEqual(at('https://[ffff::127.0.0.4000]'), [['IPv4-in-IPv6-out-of-range-part', 23, 3]]);
    assert.deepEqual(at('file://c:'), [['file-invalid-Windows-drive-letter-host', 7, 2]]);
    assert.deepEqual(at('https://[::1'), [['IPv6-unclosed', 8, 4]]);
    assert.deepEqual(at('https://１２７.０.０.１/'), [['IPv4-non-ASCII-input', 8, 9]]);
    assert.deepEqual(at('https://①.②.③.④:1/'), [['IPv4-non-ASCII-input', 8, 7]]);
  });

  test('IPv4 numbers of 2^32 and more: with a reporter the IPv4 parser reads on, as the standard does', () => {
    // Without one, parsing stops at such a number (the result is failure either way); with one,
    // the next part's error and the out-of-range error are still found.
    assert.deepEqual(at('https://99999999999/'), [['IPv4-too-few-parts', 8, 11], ['IPv4-out-of-range-part', 8, 11]]);
    assert.deepEqual(at('https://99999999999.x.1/'), [['IPv4-too-few-parts', 8, 15], ['IPv4-non-numeric-part', 20, 1]]);
    assert.deepEqual(at('https://0x100000000.1.2.3/'), [['IPv4-non-decimal-part', 8, 11], ['IPv4-out-of-range-part', 8, 11]]);
    assert.deepEqual(at('https://1.2.3.99999999999999999999/'), [['IPv4-out-of-range-part', 14, 20]]);
    assert.equal(errorsOf('https://99999999999.x.1/').failed, true);
    assert.equal(parseURL('https://99999999999.x.1/'), null);
  });

  test('a lone surrogate is not a URL code point: invalid-URL-unit at its code unit', () => {
    // The parser reads a scalar value string (U+FFFD in the surrogate's place) and still reports it
    // where the standard checks for URL units; the output is the same as for U+FFFD.
    assert.deepEqual(at('https://example.com/#\uD800'), [['invalid-URL-unit', 21, 1]]);
    assert.deepEqual(at('https://example.com/\uDC00/?\uD800#x'), [['invalid-URL-unit', 20, 1], ['invalid-URL-unit', 23, 1]]);
    assert.deepEqual(at('sc://h\uD800/'), [['invalid-URL-unit', 6, 1]]);
    assert.deepEqual(at('sc:\uDFFF'), [['invalid-URL-unit', 3, 1]]);
    // Shifted by a removed tab; a real U+FFFD is a URL code point.
    assert.deepEqual(at('https://e\tx/\uFFFD\uD800'), [['invalid-URL-unit', 9, 1], ['invalid-URL-unit', 13, 1]]);
    // A surrogate pair is one code point, valid.
    assert.deepEqual(at('https://example.com/\uD83D\uDCA9'), []);
    assert.equal(parseURL('https://example.com/#\uD800')?.fragment, '%EF%BF%BD');
    const result = validateURL('https://example.com/#\uD800');
    assert.equal(result.valid, false);
    assert.deepEqual(result.errors.map((e) => [e.type, e.index, e.length]), [['invalid-URL-unit', 21, 1]]);
    assert.match(result.errors[0]!.message, /^"\\ud800" is not a URL unit/);
  });

  test('an ASCII tab or newline inside the input shifts later positions', () => {
    assert.deepEqual(at('https://ex\tample.org/>'), [
      ['invalid-URL-unit', 10, 1],
      ['invalid-URL-unit', 21, 1],
    ]);
    assert.deepEqual(at('ht\n\rtps://example.org:7\tz'), [
      ['invalid-URL-unit', 2, 2],
      ['port-invalid', 24, 1],
    ]);
  });

  test('an error spanning a removed tab covers it', () => {
    assert.deepEqual(at('https://example.org:7\t0000/'), [
      ['invalid-URL-unit', 21, 1],
      ['port-out-of-range', 20, 6],
    ]);
  });

  test('leading C0 control or space shifts positions; one error for leading and trailing ones', () => {
    assert.deepEqual(at('  \u0000https://example.org/> \u001f'), [
      ['invalid-URL-unit', 0, 3],
      ['invalid-URL-unit', 23, 1],
    ]);
    assert.deepEqual(at('https://example.org/\u0001 '), [['invalid-URL-unit', 20, 2]]);
  });

  test('tabs removed before and after trimming both count', () => {
    assert.deepEqual(at(' \thttps://a\tb/>\n'), [
      ['invalid-URL-unit', 0, 2],
      ['invalid-URL-unit', 11, 1],
      ['invalid-URL-unit', 14, 1],
    ]);
  });

  test('a code point outside the BMP is two code units', () => {
    assert.deepEqual(at('https://example.org/\u{10FFFE}x'), [['invalid-URL-unit', 20, 2]]);
    assert.deepEqual(at('https://example.org:1\u{1F4A9}'), [['port-invalid', 21, 2]]);
  });
});

describe('one error per occurrence where the standard reports per code point', () => {
  const types = (input: string, base?: string): ValidationErrorType[] =>
    errorsOf(input, base).errors.map((e) => e.type);

  test('invalid-URL-unit for each code point in the path, query and fragment', () => {
    assert.deepEqual(types('https://example.org/a b c?d e#f g'), Array(4).fill('invalid-URL-unit'));
    assert.deepEqual(types('mailto:a b c'), Array(2).fill('invalid-URL-unit'));
    assert.deepEqual(types('https://example.org/%%%zz'), Array(3).fill('invalid-URL-unit'));
  });

  test('special-scheme-missing-following-solidus for each extra solidus', () => {
    // The special authority slashes state consumes "//"; the ignore slashes state reports the rest.
    assert.deepEqual(types('https://////example.com///'), Array(4).fill('special-scheme-missing-following-solidus'));
    // A single "/": the slashes state reports the missing "//", the ignore slashes state the "/".
    assert.deepEqual(types('https:/example.com'), Array(2).fill('special-scheme-missing-following-solidus'));
    assert.deepEqual(types('https:\\\\example.com'), Array(3).fill('special-scheme-missing-following-solidus'));
  });

  test('invalid-credentials for each "@" in the authority', () => {
    assert.deepEqual(types('https://a@b@c@example.org/@'), Array(3).fill('invalid-credentials'));
  });

  test('one error for "input contains any" steps', () => {
    assert.deepEqual(types('\t\thttps://exa\tmple.org/\n'), ['invalid-URL-unit', 'invalid-URL-unit']);
    // Opaque-host parser steps 2 and 3: one error each, step 2 before step 3.
    const errors = errorsOf('foo://a%zb\u0001c\u0002%/').errors;
    assert.deepEqual(
      errors.map((e) => [e.type, e.index, e.length]),
      [
        ['invalid-URL-unit', 10, 1],
        ['invalid-URL-unit', 7, 1],
      ],
    );
  });
});

interface ParserCase {
  input: string;
  base: string | null;
  failure?: boolean;
}

describe('web-platform-tests urltestdata.json: errors agree with the outcome', { skip: wptSkip() }, () => {
  const cases = (loadWPT('urltestdata.json') as unknown[]).filter(
    (c): c is ParserCase => typeof c === 'object' && c !== null,
  );
  const baseOK = (base: string | null): boolean => base === null || parseURL(base) !== null;
  for (const c of cases.filter((c) => baseOK(c.base))) {
    test(`${cut(JSON.stringify(c.input))}${c.base === null ? '' : ` against ${cut(JSON.stringify(c.base))}`}`, () => {
      const { failed, errors } = errorsOf(c.input, c.base ?? undefined);
      assert.equal(failed, c.failure === true);
      const failures = errors.filter((e) => e.failure);
      if (failed) {
        assert.equal(failures.length, 1, 'exactly one error with failure: true');
        assert.equal(errors[errors.length - 1]!.failure, true, 'and it is the last');
      } else {
        assert.equal(failures.length, 0);
      }
      for (const e of errors) {
        assert.ok(Number.isInteger(e.index) && e.index >= 0, `index ${e.index}`);
        assert.ok(Number.isInteger(e.length) && e.length >= 0, `length ${e.length}`);
        assert.ok(e.index + e.length <= c.input.length, `${e.type} at ${e.index}+${e.length} in ${c.input.length}`);
        assert.match(e.message, /^\S.*\.$/s, 'a sentence');
      }
      // validateURL reports the same errors.
      assert.deepEqual(validateURL(c.input, { base: c.base ?? undefined }).errors, errors);
    });
  }
});

describe('messages', () => {
  test('every type has a sentence, with or without offending text', () => {
    const inputs = TABLE.map((r) => [r.input, r.base] as const).concat([
      ['c|/x', 'file:///c:/'],
      ['https://[1:2:3:]', undefined],
      ['https:example.org', undefined],
    ]);
    const seen = new Set<ValidationErrorType>();
    for (const [input, base] of inputs) {
      for (const e of errorsOf(input, base).errors) {
        seen.add(e.type);
        assert.match(e.message, /^\S.*\.$/s);
        assert.ok(e.message.length > 10);
      }
    }
    assert.equal(seen.size, 31, 'all 31 error types met');
  });

  test('offending text is quoted, escaped and shortened', () => {
    const [tab] = errorsOf('https://a/\u0001').errors;
    assert.ok(tab!.message.includes('"\\u0001"'), tab!.message);
    const [dollar] = errorsOf("foo://a$&'/\u0001").errors;
    assert.ok(dollar!.message.startsWith('"\\u0001"'), dollar!.message);
    const long = errorsOf('https://' + 'a'.repeat(1000) + '.1/').errors;
    for (const e of long) assert.ok(e.message.length < 250, e.message);
  });

  // A run of the same error over the same text shares one message string (the reporter keeps the
  // last one): each message must still be the one of its own type and text, in runs and out.
  test("each message is its type's template with the text the error covers", () => {
    const unit = fc.constantFrom('/', '\\', '\t', ' ', '%', '%zz', '^', 'a', '@', ':', 'é', '\u0001');
    fc.assert(
      fc.property(fc.constantFrom('https:', 'foo://h/', 'file:', 'https://h/?'), fc.array(unit, { maxLength: 12 }), (head, units) => {
        const input = head + units.join('') + 'h';
        for (const e of errorsOf(input).errors) {
          assert.equal(e.message, validationErrorMessage(e.type, input.slice(e.index, e.index + e.length)));
        }
      }),
      { numRuns: 500 },
    );
    // "https:" then "/", "\\", "/": the missing second solidus (no text), then each extra one.
    const messages = errorsOf('https:/\\/h').errors.map((e) => e.message);
    assert.deepEqual(messages, [
      'A special scheme should be followed by "//".',
      'A special scheme should be followed by "//", not by "/".',
      'A special scheme should be followed by "//", not by "\\\\".',
      'A special scheme should be followed by "//", not by "/".',
    ]);
  });
});

describe('odd inputs never throw', () => {
  const inputs = [
    '',
    '\uD800',
    '\uDC00https://a/',
    'https://a/\uD800\uD800#\uDFFF',
    'https://\uD800/',
    'foo://\uDBFF/',
    'https://[\uD800]/',
    '\u0000'.repeat(1000),
    'https://' + 'a'.repeat(300_000) + '/',
    'https://' + 'ü'.repeat(100_000) + '/',
    'https://h/' + '%'.repeat(300_000),
    Array.from({ length: 0x800 }, (_, i) => String.fromCharCode(i * 32)).join(''),
  ];
  for (const input of inputs) {
    test(cut(JSON.stringify(input), 40), () => {
      for (const base of [undefined, 'https://example.org/', 'file:///', 'mailto:x', 'not a url']) {
        const result = validateURL(input, { base });
        assert.equal(typeof result.valid, 'boolean');
        for (const e of result.errors) assert.ok(e.index + e.length <= input.length);
        assert.equal(typeof isValidURLString(input, { base }), 'boolean');
      }
    });
  }

  test('non-string input', () => {
    assert.equal(isValidURLString(42 as unknown as string), false);
    assert.deepEqual(validateURL(null as unknown as string), { valid: false, url: null, errors: [] });
  });
});
