/**
 * Tests for url-standard/legacy-encoding: output encoding resolution, percent-encode after
 * encoding, the URL parser with a document encoding, and the urlencoded serializer with an
 * encoding. Includes web-platform-tests percent-encoding.json, with the semantics of WPT's
 * percent-encoding.window.js: in a document with the given encoding,
 * `https://doesnotmatter.invalid/?${input}#${input}` has `search` "?" + the expected output for
 * that encoding and `hash` "#" + the UTF-8 output.
 */
import { deepEqual, equal, ok, throws } from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { serializeUrlencoded as serializeUrlencodedUTF8, URL as StandardURL } from '../src/index.ts';
import {
  basicURLParse,
  getOutputEncoding,
  parseURL,
  percentEncodeAfterEncoding,
  serializeUrlencoded,
  type PercentEncodeSetName,
} from '../src/legacy-encoding.ts';
import type { ValidationError } from '../src/validation-error.ts';
import { percentEncodeAfterEncoding as dependencyPercentEncodeAfterEncoding } from '@exodus/bytes/whatwg.js';
import { toScalarValueString } from '../src/infra.ts';
import { labelToName } from '@exodus/bytes/encoding.js';

/** The dependency's encoder over the whole input at once, with the form set's printable members. */
function encodeAndPercentEncodeWhole(label: string, input: string): string {
  const key = labelToName(label)!.toLowerCase();
  return dependencyPercentEncodeAfterEncoding(key, toScalarValueString(input), ' !"#$%&\'()+,/:;<=>?@[\\]^`{|}~', true);
}
import { loadWPT, truncateLabel as cut, wptSkip } from './helpers/wpt-data.ts';
import { PERCENT_ENCODE_SET_NAMES } from './helpers/percent-encode-sets.ts';

interface PercentEncodingCase {
  input: string;
  output: Record<string, string>;
}

/** What the URL API getters `search` and `hash` give for a record's query and fragment. */
function searchAndHash(input: string, encoding: string): { search: string; hash: string } | null {
  const record = parseURL(input, { encoding });
  if (record === null) return null;
  return {
    search: record.query === null || record.query === '' ? '' : `?${record.query}`,
    hash: record.fragment === null || record.fragment === '' ? '' : `#${record.fragment}`,
  };
}

describe('percent-encoding.json', { skip: wptSkip() }, () => {
  const data = loadWPT('percent-encoding.json') as (string | PercentEncodingCase)[];
  const cases = data.filter((c): c is PercentEncodingCase => typeof c !== 'string');

  test('the data has cases, each with a UTF-8 output', () => {
    ok(cases.length > 0);
    for (const c of cases) equal(typeof c.output['utf-8'], 'string', JSON.stringify(c.input));
  });

  for (const c of cases) {
    const utf8 = c.output['utf-8']!;
    for (const [encoding, expected] of Object.entries(c.output)) {
      test(`${cut(JSON.stringify(c.input))} with ${encoding}`, () => {
        deepEqual(searchAndHash(`https://doesnotmatter.invalid/?${c.input}#${c.input}`, encoding), {
          search: `?${expected}`,
          hash: `#${utf8}`,
        });
        equal(percentEncodeAfterEncoding(encoding, c.input, 'special-query'), expected);
      });
    }
  }
});

// https://url.spec.whatwg.org/#example-percent-encode-operations
describe('the standard\'s examples', () => {
  const cases: [encoding: string, input: string, set: PercentEncodeSetName, output: string][] = [
    ['Shift_JIS', ' ', 'special-query', '%20'],
    ['Shift_JIS', '≡', 'special-query', '%81%DF'],
    ['Shift_JIS', '‽', 'special-query', '%26%238253%3B'],
    ['ISO-2022-JP', '¥', 'special-query', '%1B(J\\%1B(B'],
    ['Shift_JIS', '1+1 ≡ 2%20‽', 'application/x-www-form-urlencoded', '1%2B1+%81%DF+2%2520%26%238253%3B'],
    ['UTF-8', '≡', 'userinfo', '%E2%89%A1'],
    ['UTF-8', '‽', 'userinfo', '%E2%80%BD'],
    ['UTF-8', 'Say what‽', 'userinfo', 'Say%20what%E2%80%BD'],
  ];
  for (const [encoding, input, set, output] of cases) {
    test(`${encoding} ${JSON.stringify(input)} ${set}`, () => {
      equal(percentEncodeAfterEncoding(encoding, input, set), output);
    });
  }
});

describe('percentEncodeAfterEncoding', () => {
  test('long input, encoded in pieces, gives what one run of the encoder over the whole gives', () => {
    // Pieces are 8,192 code units; these inputs cross piece boundaries at every offset of a
    // surrogate pair, with code points the encodings can and cannot represent.
    const units = ['é', '‽', '≡', 'a b', '💩', 'x💩', '\ud800', '¥~', '%20+'];
    for (const encoding of ['Shift_JIS', 'windows-1252', 'GBK', 'gb18030', 'Big5', 'EUC-KR', 'EUC-JP', 'ISO-2022-JP']) {
      for (const unit of units) {
        const input = unit.repeat(Math.ceil(20_000 / unit.length));
        const whole = encodeAndPercentEncodeWhole(encoding, input);
        equal(percentEncodeAfterEncoding(encoding, input, 'application/x-www-form-urlencoded'), whole, `${encoding} ${JSON.stringify(unit)}`);
      }
    }
  });

  test('the component set with UTF-8 matches encodeURIComponent on well-formed input', () => {
    const samples: string[] = [];
    for (let c = 0; c < 0x80; c++) samples.push(String.fromCharCode(c));
    samples.push('\u0080', '\u00A0', 'é', '\u07FF', '\u0800', '‽', '≡', '\uD7FF', '\uE000', '\uFFFD', '\uFFFF');
    samples.push('\u{10000}', '\u{1F600}', '\u{10FFFF}', 'Say what‽ & 1+1=2 / "quoted" ~*().!\'');
    for (const s of samples) {
      equal(percentEncodeAfterEncoding('UTF-8', s, 'component'), encodeURIComponent(s), JSON.stringify(s));
    }
  });

  test('the set decides which ASCII bytes are percent-encoded; bytes 0x80 and above always are', () => {
    equal(percentEncodeAfterEncoding('windows-1252', "a 'é€", 'query'), "a%20'%E9%80");
    equal(percentEncodeAfterEncoding('windows-1252', "a 'é€", 'special-query'), 'a%20%27%E9%80');
    equal(percentEncodeAfterEncoding('windows-1252', "a 'é€", 'c0-control'), "a '%E9%80");
    equal(percentEncodeAfterEncoding('windows-1252', '\u007F\u0001', 'c0-control'), '%7F%01');
    // Shift_JIS trail bytes in the ASCII range are subject to the set: ≡ is 0x81 0xDF, − is 0x81 0x7C.
    equal(percentEncodeAfterEncoding('Shift_JIS', '−', 'special-query'), '%81|');
    equal(percentEncodeAfterEncoding('Shift_JIS', '−', 'component'), '%81%7C');
  });

  test('space becomes "+" with the application/x-www-form-urlencoded set only (spaceAsPlus)', () => {
    equal(percentEncodeAfterEncoding('Shift_JIS', 'a b≡', 'application/x-www-form-urlencoded'), 'a+b%81%DF');
    equal(percentEncodeAfterEncoding('UTF-8', 'a b', 'application/x-www-form-urlencoded'), 'a+b');
    for (const set of PERCENT_ENCODE_SET_NAMES.filter((name) => name !== 'application/x-www-form-urlencoded')) {
      const expected = set === 'c0-control' ? 'a b%81%DF' : 'a%20b%81%DF';
      equal(percentEncodeAfterEncoding('Shift_JIS', 'a b≡', set), expected, set);
    }
  });

  test('code points the encoding cannot represent become percent-encoded numeric character references', () => {
    equal(percentEncodeAfterEncoding('windows-1252', 'a‽b', 'special-query'), 'a%26%238253%3Bb');
    equal(percentEncodeAfterEncoding('windows-1252', '\u{1F600}', 'special-query'), '%26%23128512%3B');
    equal(percentEncodeAfterEncoding('ISO-8859-2', '¢', 'special-query'), '%26%23162%3B');
    equal(percentEncodeAfterEncoding('EUC-KR', '‽†', 'special-query'), '%26%238253%3B%A2%D3');
    // gb18030 encodes every scalar value; U+1F600 is the four-byte sequence 0x94 0x39 0xFC 0x36.
    equal(percentEncodeAfterEncoding('gb18030', '\u{1F600}', 'special-query'), '%949%FC6');
    equal(percentEncodeAfterEncoding('GBK', '\u{1F600}', 'special-query'), '%26%23128512%3B');
  });

  test('lone surrogates are treated as U+FFFD', () => {
    equal(percentEncodeAfterEncoding('UTF-8', 'a\uD800', 'special-query'), 'a%EF%BF%BD');
    equal(percentEncodeAfterEncoding('windows-1252', '\uDC00b', 'special-query'), '%26%2365533%3Bb');
    equal(percentEncodeAfterEncoding('Shift_JIS', '\uD800', 'special-query'), '%26%2365533%3B');
    // gb18030 can encode U+FFFD: 0x84 0x31 0xA4 0x37.
    equal(percentEncodeAfterEncoding('gb18030', '\uD800', 'special-query'), '%841%A47');
  });

  test('ISO-2022-JP runs one encoder over the whole input', () => {
    // One switch to Roman for both yen signs, one switch back to ASCII at the end.
    equal(percentEncodeAfterEncoding('ISO-2022-JP', '¥¥', 'special-query'), '%1B(J\\\\%1B(B');
    // An unencodable code point does not reset the Roman state; the switch back comes at the end.
    equal(percentEncodeAfterEncoding('ISO-2022-JP', '¥‽', 'special-query'), '%1B(J\\%26%238253%3B%1B(B');
    // In the JIS X 0208 state the encoder switches to ASCII before reporting the error.
    equal(percentEncodeAfterEncoding('ISO-2022-JP', '≡‽a', 'special-query'), '%1B$B%22a%1B(B%26%238253%3Ba');
    // U+000E, U+000F and U+001B are refused (reported as U+FFFD).
    equal(percentEncodeAfterEncoding('ISO-2022-JP', '\u001B$B', 'special-query'), '%26%2365533%3B$B');
    equal(percentEncodeAfterEncoding('ISO-2022-JP', 'abc', 'special-query'), 'abc');
  });

  test('the encoding is a label, resolved to its output encoding', () => {
    equal(percentEncodeAfterEncoding('latin1', 'é', 'special-query'), '%E9');
    equal(percentEncodeAfterEncoding(' x-sjis ', '≡', 'special-query'), '%81%DF');
    equal(percentEncodeAfterEncoding('utf-16le', 'é', 'special-query'), '%C3%A9');
    equal(percentEncodeAfterEncoding('replacement', 'é', 'special-query'), '%C3%A9');
  });

  test('unknown encoding labels and set names are rejected', () => {
    throws(() => percentEncodeAfterEncoding('utf-7', 'a', 'query'), (e: unknown) => e instanceof RangeError && /"utf-7"/.test(e.message));
    throws(() => percentEncodeAfterEncoding('UTF-8', 'a', 'nope' as PercentEncodeSetName), TypeError);
  });
});

describe('getOutputEncoding', () => {
  const cases: [label: string, name: string][] = [
    ['utf-8', 'UTF-8'],
    ['unicode-1-1-utf-8', 'UTF-8'],
    ['latin1', 'windows-1252'],
    ['ascii', 'windows-1252'],
    ['iso-8859-1', 'windows-1252'],
    ['us-ascii', 'windows-1252'],
    ['iso-8859-9', 'windows-1254'],
    ['iso-8859-11', 'windows-874'],
    ['utf-16le', 'UTF-8'],
    ['utf-16', 'UTF-8'],
    ['utf-16be', 'UTF-8'],
    ['replacement', 'UTF-8'],
    ['iso-2022-kr', 'UTF-8'],
    ['x-sjis', 'Shift_JIS'],
    ['ms_kanji', 'Shift_JIS'],
    ['csiso2022jp', 'ISO-2022-JP'],
    ['euc-jp', 'EUC-JP'],
    ['x-gbk', 'GBK'],
    ['gb2312', 'GBK'],
    ['gb18030', 'gb18030'],
    ['big5-hkscs', 'Big5'],
    ['ks_c_5601-1987', 'EUC-KR'],
    ['koi8-ru', 'KOI8-U'],
    ['iso-8859-8-i', 'ISO-8859-8-I'],
    ['mac', 'macintosh'],
    ['x-user-defined', 'x-user-defined'],
    ['cp866', 'IBM866'],
  ];
  for (const [label, name] of cases) {
    test(`${label} → ${name}`, () => equal(getOutputEncoding(label), name));
  }

  test('labels are ASCII case-insensitive, with leading and trailing ASCII whitespace ignored', () => {
    equal(getOutputEncoding('LATIN1'), 'windows-1252');
    equal(getOutputEncoding('\t\n\f\r Shift_JIS \r\f\n\t'), 'Shift_JIS');
    equal(getOutputEncoding('UTF-16LE'), 'UTF-8');
  });

  test('unknown labels throw a RangeError naming the label', () => {
    for (const label of ['', ' ', 'bogus', 'utf 8', '\vutf-8', '\u00A0utf-8', 'utf-8\u0000', 'latın1', 'ＵＴＦ-8']) {
      throws(
        () => getOutputEncoding(label),
        (e: unknown) => e instanceof RangeError && e.message.includes(JSON.stringify(label)),
        JSON.stringify(label),
      );
    }
  });
});

describe('parseURL with an encoding', () => {
  test('the query of special URLs is encoded with the encoding', () => {
    equal(parseURL('https://example.com/?é', { encoding: 'windows-1252' })?.query, '%E9');
    equal(parseURL('http://example.com/?é', { encoding: 'latin1' })?.query, '%E9');
    equal(parseURL('file:///tmp/?é', { encoding: 'latin1' })?.query, '%E9');
    equal(parseURL('https://example.com/?≡‽\'', { encoding: 'Shift_JIS' })?.query, '%81%DF%26%238253%3B%27');
  });

  test('ws:, wss: and non-special URLs ignore the encoding', () => {
    for (const input of ['ws://example.com/?é', 'wss://example.com/?é', 'foo://example.com/?é', 'data:text/plain,x?é', 'mailto:a@b?é']) {
      const record = parseURL(input, { encoding: 'windows-1252' });
      equal(record?.query, '%C3%A9', input);
    }
    // The query percent-encode set (not the special one) applies to non-special URLs.
    equal(parseURL("foo://h/?'≡", { encoding: 'Shift_JIS' })?.query, "'%E2%89%A1");
  });

  test('the fragment stays UTF-8', () => {
    const record = parseURL('https://example.com/?≡#≡', { encoding: 'Shift_JIS' });
    equal(record?.query, '%81%DF');
    equal(record?.fragment, '%E2%89%A1');
  });

  test('the path, userinfo and host do not use the encoding', () => {
    const record = parseURL('https://é:é@example.com/é?é', { encoding: 'windows-1252' });
    equal(record?.username, '%C3%A9');
    equal(record?.password, '%C3%A9');
    equal(record?.serializedPath, '/%C3%A9');
    equal(record?.query, '%E9');
  });

  test('UTF-8, and no encoding, give what the URL API gives', () => {
    const inputs = ['https://example.com/?a b≡‽\'"<>#f', 'wss://x/?é', 'foo:/?\u{1F600}', 'https://x/?\uD800'];
    for (const input of inputs) {
      const search = new StandardURL(input).search;
      for (const options of [undefined, {}, { encoding: 'UTF-8' }, { encoding: 'utf-16le' }]) {
        const record = parseURL(input, options);
        ok(record !== null);
        equal(record.query === '' || record.query === null ? '' : `?${record.query}`, search, `${input} ${JSON.stringify(options)}`);
      }
    }
  });

  test('base URLs and validation errors', () => {
    equal(parseURL('?é', { base: 'https://example.com/a', encoding: 'latin1' })?.query, '%E9');
    equal(parseURL('?é', { base: 'foo://example.com/a', encoding: 'latin1' })?.query, '%C3%A9');
    equal(parseURL('?é', { base: 'not a url', encoding: 'latin1' }), null);
    const errors: ValidationError[] = [];
    equal(parseURL('https://example.com/?a b', { encoding: 'latin1', onValidationError: (e) => errors.push(e) })?.query, 'a%20b');
    ok(errors.some((e) => e.type === 'invalid-URL-unit'));
  });

  test('an unknown encoding label throws a RangeError naming it', () => {
    throws(() => parseURL('https://example.com/', { encoding: 'nonsense' }), (e: unknown) => e instanceof RangeError && /"nonsense"/.test(e.message));
  });
});

describe('basicURLParse with an encoding', () => {
  test('without a state override', () => {
    equal(basicURLParse('https://example.com/?é', { encoding: 'windows-1252' })?.query, '%E9');
    equal(basicURLParse('?≡', { base: 'https://example.com/', encoding: 'Shift_JIS' })?.query, '%81%DF');
  });

  test('with the query state override, "#" is part of the query', () => {
    const record = basicURLParse('https://example.com/')!;
    equal(basicURLParse('é#≡', { url: record, stateOverride: 'query', encoding: 'windows-1252' }), record);
    equal(record.query, '%E9%23%26%238801%3B');
    const ws = basicURLParse('wss://example.com/')!;
    basicURLParse('é', { url: ws, stateOverride: 'query', encoding: 'windows-1252' });
    equal(ws.query, '%C3%A9');
  });
});

describe('serializeUrlencoded with an encoding', () => {
  test('names and values use the encoding, the urlencoded set and "+" for space', () => {
    equal(serializeUrlencoded([['q', '≡ ‽'], ['1+1', '2%20']], 'Shift_JIS'), 'q=%81%DF+%26%238253%3B&1%2B1=2%2520');
    equal(serializeUrlencoded([['é', 'é€'], ['x', "!'()~*-._"]], 'latin1'), '%E9=%E9%80&x=%21%27%28%29%7E*-._');
    equal(serializeUrlencoded([['a', '¥']], 'ISO-2022-JP'), 'a=%1B%28J%5C%1B%28B');
    equal(serializeUrlencoded([], 'Shift_JIS'), '');
  });

  test('the default, and the labels whose output encoding is UTF-8, match the UTF-8 serializer', () => {
    const tuples: [string, string][] = [['a b', 'é≡‽\u{1F600}'], ['~', "!'()*"]];
    const utf8 = serializeUrlencodedUTF8(tuples);
    equal(serializeUrlencoded(tuples), utf8);
    equal(serializeUrlencoded(tuples, 'utf-16be'), utf8);
    equal(utf8, 'a+b=%C3%A9%E2%89%A1%E2%80%BD%F0%9F%98%80&%7E=%21%27%28%29*');
  });

  test('accepts any iterable of tuples', () => {
    const map = new Map([['k', 'é']]);
    equal(serializeUrlencoded(map, 'windows-1252'), 'k=%E9');
  });

  test('an unknown encoding label throws a RangeError naming it', () => {
    throws(() => serializeUrlencoded([['a', 'b']], 'klingon'), (e: unknown) => e instanceof RangeError && /"klingon"/.test(e.message));
  });
});

test('multi-byte index tables are read only when a multi-byte encoding encodes non-ASCII input', () => {
  const moduleUrl = new globalThis.URL('../src/legacy-encoding.ts', import.meta.url).href;
  const script = `
    import { createRequire } from 'node:module';
    const L = await import(${JSON.stringify(moduleUrl)});
    const tables = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.endsWith('multi-byte.encodings.json'));
    const seen = [tables()];
    L.parseURL('https://example.com/?abc', { encoding: 'Shift_JIS' });
    L.percentEncodeAfterEncoding('windows-1252', 'é‽', 'special-query');
    L.serializeUrlencoded([['a', 'b c']], 'Big5');
    seen.push(tables());
    L.percentEncodeAfterEncoding('Shift_JIS', '≡', 'special-query');
    seen.push(tables());
    console.log(JSON.stringify(seen));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new globalThis.URL('..', import.meta.url)),
    encoding: 'utf8',
  });
  deepEqual(JSON.parse(out.trim()), [false, false, true]);
});
