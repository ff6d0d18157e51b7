import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeForDisplay, displayDomain, displayURL, explainDisplayURL, isSafeUnicodeLabel } from '../src/display.ts';
import { domainToASCII } from '../src/host.ts';
import { URL, recordOf } from '../src/url.ts';
// @ts-expect-error: a plain .mjs script without type declarations
import { generate } from '../scripts/generate-display-data.mjs';

const shown = (host: string): string => displayDomain(domainToASCII(host)!);

describe('display data', () => {
  it('the generator reproduces src/display-data.generated.ts', async () => {
    const file = fileURLToPath(new globalThis.URL('../src/display-data.generated.ts', import.meta.url));
    const expected = readFileSync(file, 'utf8');
    assert.equal(await (generate as () => Promise<string>)(), expected);
  });
});

describe('why a label stays in Punycode (explainDisplayURL)', () => {
  const reasons = (host: string): [string, string, string][] =>
    explainDisplayURL(`https://${host}/`).punycodeLabels.map((k) => [k.label, k.unicode, k.reason]);

  it('names the reason of each kept label, with the label in both forms', () => {
    assert.deepEqual(reasons('аррӏе.com'), [['xn--80ak6aa92e', 'аррӏе', 'whole-script-confusable']]);
    assert.deepEqual(reasons('ορο.com'), [['xn--0xaaf', 'ορο', 'whole-script-confusable']]);
    assert.deepEqual(reasons('pаypal.com'), [['xn--pypal-4ve', 'pаypal', 'mixed-scripts']]);
    assert.deepEqual(reasons('faß.de'), [['xn--fa-hia', 'faß', 'deviation']]);
    assert.deepEqual(reasons('☕.example'), [['xn--53h', '☕', 'no-script']]);
    assert.deepEqual(reasons('a\u034Fb.example'), []); // mapped away by UTS #46: nothing kept
    // Only the unsafe label is reported; the safe one is shown in Unicode.
    const both = explainDisplayURL('https://xn--mnchen-3ya.xn--80ak6aa92e.com/');
    assert.equal(both.display, 'https://münchen.xn--80ak6aa92e.com/');
    assert.deepEqual(both.punycodeLabels.map((k) => k.label), ['xn--80ak6aa92e']);
  });

  it('reports a label that does not decode', () => {
    assert.deepEqual(reasons('xn--8i7caa'), [['xn--8i7caa', 'xn--8i7caa', 'not-decodable']]);
  });

  it('messages name the code point or the scripts', () => {
    const [deviation] = explainDisplayURL('https://faß.de/').punycodeLabels;
    assert.match(deviation!.message, /U\+00DF/);
    const [mixed] = explainDisplayURL('https://pаypal.com/').punycodeLabels;
    assert.match(mixed!.message, /Latin, Cyrillic/);
  });

  it('agrees with displayURL and has no reasons for hosts shown in Unicode or ASCII', () => {
    for (const url of ['https://münchen.de/', 'https://example.com/', 'https://пример.рф/', 'https://xn--pypal-4ve.com/a?b', 'http://[::1]/', 'sc://opaque/']) {
      const explained = explainDisplayURL(url, { maxLength: 20 });
      assert.equal(explained.display, displayURL(url, { maxLength: 20 }), url);
    }
    assert.deepEqual(explainDisplayURL('https://münchen.de/').punycodeLabels, []);
    assert.deepEqual(explainDisplayURL('https://example.com/').punycodeLabels, []);
  });
});

describe('hosts in Unicode only when safe', () => {
  it('shows single-script and allowed combinations in Unicode', () => {
    assert.equal(shown('münchen.de'), 'münchen.de');
    assert.equal(shown('例え.jp'), '例え.jp');
    assert.equal(shown('日本語ひらがなカタカナlatin.jp'), '日本語ひらがなカタカナlatin.jp'); // Latin + Han + kana
    assert.equal(shown('中文注音ㄅ.tw'), '中文注音ㄅ.tw'); // Han + Bopomofo
    assert.equal(shown('한국어漢字.kr'), '한국어漢字.kr'); // Hangul + Han
    assert.equal(shown('пример.рф'), 'пример.рф');
    assert.equal(shown('παράδειγμα.gr'), 'παράδειγμα.gr');
    assert.equal(shown('إختبار'), 'إختبار');
  });

  it('keeps labels mixing scripts in Punycode', () => {
    assert.equal(shown('pаypal.com'), 'xn--pypal-4ve.com'); // Latin + Cyrillic а
    assert.equal(shown('gοοgle.com'), 'xn--ggle-0nda.com'); // Latin + Greek ο
    assert.equal(shown('한국abc日本ひら.jp'), domainToASCII('한국abc日本ひら.jp')); // Hangul + Hiragana
    assert.equal(isSafeUnicodeLabel('abcпример'), false);
    assert.equal(isSafeUnicodeLabel('ㄅかな'), false); // Bopomofo + Hiragana
  });

  it('keeps whole-script Latin look-alikes in Punycode, unless the TLD is in that script', () => {
    assert.equal(shown('аррӏе.com'), 'xn--80ak6aa92e.com');
    assert.equal(shown('сосо.com'), domainToASCII('сосо.com'));
    assert.equal(shown('ορο.com'), 'xn--0xaaf.com'); // Greek
    assert.equal(shown('аррӏе.рф'), 'аррӏе.рф');
    assert.equal(shown('пример.com'), 'пример.com'); // Cyrillic, but not all look-alikes
  });

  it('keeps symbols, deviation characters and invisible characters in Punycode', () => {
    assert.equal(shown('☕.example'), 'xn--53h.example');
    assert.equal(shown('faß.de'), 'xn--fa-hia.de');
    assert.equal(shown('ς.gr'), domainToASCII('ς.gr'));
    assert.equal(isSafeUnicodeLabel('a\u200Db'), false);
    assert.equal(isSafeUnicodeLabel('a\u034Fb'), false); // COMBINING GRAPHEME JOINER, default ignorable
    assert.equal(shown('🔒.example'), domainToASCII('🔒.example'));
  });

  it('leaves labels that do not decode as they are (xn--8i7caa round trip)', () => {
    assert.equal(shown('xn--8i7caa'), 'xn--8i7caa');
    assert.equal(displayDomain('example.com'), 'example.com');
    assert.equal(displayDomain('xn--mnchen-3ya.xn--53h.de'), 'münchen.xn--53h.de'); // label by label
  });
});

describe('percent-decoding for display', () => {
  it('decodes UTF-8 for readability', () => {
    assert.equal(decodeForDisplay('/caf%C3%A9/%F0%9F%8D%A3'), '/café/🍣');
    assert.equal(decodeForDisplay('/%E4%BE%8B%E3%81%88'), '/例え');
    assert.equal(decodeForDisplay('/%41%7E%2d'), '/A~-');
  });

  it('keeps reserved and other ASCII encoded, so the structure does not change', () => {
    assert.equal(decodeForDisplay('/a%2Fb%3Fc%23d%25e%26f%3Dg%40h%3Ai'), '/a%2Fb%3Fc%23d%25e%26f%3Dg%40h%3Ai');
    assert.equal(decodeForDisplay('/a%20b%09c%00'), '/a%20b%09c%00');
  });

  it('keeps bidi controls, invisible characters, spoofy symbols and invalid UTF-8 encoded', () => {
    assert.equal(decodeForDisplay('/%E2%80%AEgpj.exe'), '/%E2%80%AEgpj.exe'); // U+202E
    assert.equal(decodeForDisplay('/a%E2%80%8Bb'), '/a%E2%80%8Bb'); // U+200B
    assert.equal(decodeForDisplay('/%E2%81%A6x'), '/%E2%81%A6x'); // U+2066
    assert.equal(decodeForDisplay('/%F0%9F%94%92'), '/%F0%9F%94%92'); // U+1F512
    assert.equal(decodeForDisplay('/%EF%BC%8Fevil'), '/%EF%BC%8Fevil'); // U+FF0F
    assert.equal(decodeForDisplay('/%E2%80%A6'), '/%E2%80%A6'); // U+2026, the elision mark
    assert.equal(decodeForDisplay('/%C2%A0'), '/%C2%A0'); // NO-BREAK SPACE
    assert.equal(decodeForDisplay('/%C2%85'), '/%C2%85'); // C1 control
    assert.equal(decodeForDisplay('/%FF%C3%28%ED%A0%80'), '/%FF%C3%28%ED%A0%80'); // invalid, surrogate
    assert.equal(decodeForDisplay('/%C0%AF'), '/%C0%AF'); // overlong "/"
    assert.equal(decodeForDisplay('/%EF%BF%BF'), '/%EF%BF%BF'); // noncharacter
  });

  it('decodes a combining mark only after a decoded letter', () => {
    assert.equal(decodeForDisplay('/%C3%A9%CC%81'), '/é\u0301');
    assert.equal(decodeForDisplay('/%CC%81x'), '/%CC%81x');
    assert.equal(decodeForDisplay('/e%CC%81'), '/e%CC%81');
  });

  it('passes through lone "%" and malformed escapes', () => {
    assert.equal(decodeForDisplay('/100%'), '/100%');
    assert.equal(decodeForDisplay('/%zz%C3'), '/%zz%C3');
  });
});

describe('displayURL', () => {
  it('drops credentials and shows the host through domain to Unicode when safe', () => {
    assert.equal(
      displayURL('https://user:pass@xn--mnchen-3ya.de/stra%C3%9Fe?q=%E2%9C%93#top'),
      'https://münchen.de/straße?q=✓#top',
    );
    assert.equal(displayURL('https://examplecorp.com@attacker.example/'), 'https://attacker.example/');
    assert.equal(displayURL('https://pаypal.com/'), 'https://xn--pypal-4ve.com/');
    assert.equal(displayURL('https://аррӏе.com/'), 'https://xn--80ak6aa92e.com/');
    assert.equal(displayURL('http://例え.jp:8080/パス'), 'http://例え.jp:8080/パス');
  });

  it('accepts URL objects, records and objects with an href', () => {
    const url = new URL('https://u@xn--r8jz45g.jp/%E2%9C%93');
    assert.equal(displayURL(url), 'https://例え.jp/✓');
    assert.equal(displayURL(recordOf(url)), 'https://例え.jp/✓');
    assert.equal(displayURL({ href: url.href }), 'https://例え.jp/✓');
    assert.throws(() => displayURL('not a url'), TypeError);
  });

  it('hostOnly and omitScheme', () => {
    assert.equal(displayURL('https://www.example.com:8443/a?b#c', { hostOnly: true }), 'www.example.com');
    assert.equal(displayURL('https://www.example.com/a', { omitScheme: true }), 'www.example.com/a');
    assert.equal(displayURL('http://www.example.com/a', { omitScheme: true }), 'www.example.com/a');
    assert.equal(displayURL('ftp://example.com/a', { omitScheme: true }), 'ftp://example.com/a');
    assert.equal(displayURL('data:text/plain,x', { hostOnly: true }), '');
  });

  it('shows other URLs serialized, with the same decoding', () => {
    assert.equal(displayURL('data:text/plain,%F0%9F%8D%A3%E2%80%AE'), 'data:text/plain,🍣%E2%80%AE');
    assert.equal(displayURL('file:///C:/x%20y'), 'file:///C:/x%20y');
    assert.equal(displayURL('http://[::1]:8080/x'), 'http://[::1]:8080/x');
    assert.equal(displayURL('http://0x7f.1/'), 'http://127.0.0.1/');
    assert.equal(displayURL('foo://opaque.host/%C3%A9'), 'foo://opaque.host/é');
    assert.equal(displayURL('web+demo:/.//not-a-host/'), 'web+demo:/.//not-a-host/');
  });

  describe('elision', () => {
    const long = 'https://examplecorp.com.evil.com/login/page?x=1';
    const cases: Array<[number, boolean, string]> = [
      [100, false, 'https://examplecorp.com.evil.com/login/page?x=1'],
      [47, false, 'https://examplecorp.com.evil.com/login/page?x=1'],
      [46, false, 'https://examplecorp.com.evil.com/login/page?x…'],
      [40, false, 'https://examplecorp.com.evil.com/login/…'],
      [34, false, 'https://examplecorp.com.evil.com/…'],
      // 'https://examplecorp.com.evil.com' is 32 code points: with "/" and "…" it needs 34 (rule 2).
      [33, false, 'https://…com.evil.com'],
      [21, false, 'https://…com.evil.com'],
      [20, false, 'https://…evil.com'],
      [5, false, 'https://…evil.com'], // the registrable domain is never cut
      [30, true, 'examplecorp.com.evil.com/logi…'],
      [25, true, '…com.evil.com'],
      [13, true, '…com.evil.com'],
      [12, true, '…evil.com'],
    ];
    for (const [maxLength, omitScheme, expected] of cases) {
      it(`maxLength ${maxLength}${omitScheme ? ', omitScheme' : ''}`, () => {
        const result = displayURL(long, { maxLength, omitScheme });
        assert.equal(result, expected);
        if (maxLength >= 20 || omitScheme) assert.ok(Array.from(result).length <= Math.max(maxLength, 12));
        assert.ok(!result.includes('examplecorp.com…'));
      });
    }

    it('elides hosts alone, keeping the registrable domain across public suffixes', () => {
      assert.equal(displayURL('https://a.b.example.com/x', { hostOnly: true, maxLength: 12 }), '…example.com');
      assert.equal(displayURL('https://a.b.example.com/x', { hostOnly: true, maxLength: 14 }), '…b.example.com');
      assert.equal(displayURL('https://deep.sub.whatwg.github.io/', { hostOnly: true, maxLength: 5 }), '…whatwg.github.io');
      assert.equal(displayURL('https://example.co.uk/', { hostOnly: true, maxLength: 3 }), 'example.co.uk');
    });

    it('counts code points, keeps ports and never cuts a percent-encoded byte', () => {
      assert.equal(displayURL('https://例え.jp/🍣🍣🍣🍣', { maxLength: 17 }), 'https://例え.jp/🍣🍣…');
      assert.equal(displayURL('https://a.example.com:8443/', { maxLength: 20 }), 'https://…example.com:8443');
      assert.equal(displayURL('https://example.com/ab%2Fcd', { maxLength: 25 }), 'https://example.com/ab…');
      assert.equal(displayURL('data:text/plain,abcdef', { maxLength: 10 }), 'data:text…');
    });
  });
});
