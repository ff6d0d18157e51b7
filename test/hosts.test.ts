import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { domainToASCII, domainToUnicode, parseHost } from '../src/host.ts';
import { displayDomain } from '../src/display.ts';
import { asciiClass, FORBIDDEN_DOMAIN } from '../src/infra.ts';
import { publicSuffix, registrableDomain } from '../src/site.ts';

describe('domain to ASCII and domain to Unicode', () => {
  it('uses UTS #46 (not IDNA2008): ☕.example ↔ xn--53h.example', () => {
    // https://url.spec.whatwg.org/#concept-domain-to-ascii (the note after the algorithm)
    assert.equal(domainToASCII('☕.example'), 'xn--53h.example');
    assert.equal(domainToUnicode('xn--53h.example'), '☕.example');
    // The display policy still keeps the symbol in Punycode.
    assert.equal(displayDomain('xn--53h.example'), 'xn--53h.example');
  });

  it('round-trips xn--8i7caa, whose Punycode decodes to mapped code points (ｗｗｗ)', () => {
    // https://url.spec.whatwg.org/#concept-domain-to-unicode (the note in step 2)
    assert.equal(domainToASCII('xn--8i7caa'), 'xn--8i7caa');
    assert.equal(domainToUnicode('xn--8i7caa'), 'xn--8i7caa');
    assert.equal(domainToASCII('xn--8i7caa', true), null);
    assert.equal(parseHost('xn--8i7caa'), 'xn--8i7caa');
  });

  it('lowercases ASCII and maps Unicode', () => {
    assert.equal(domainToASCII('EXAMPLE.com'), 'example.com');
    assert.equal(domainToASCII('münchen.DE'), 'xn--mnchen-3ya.de');
    assert.equal(domainToUnicode('xn--mnchen-3ya.de'), 'münchen.de');
    assert.equal(domainToASCII('إختبار'), 'xn--kgbechtv');
    assert.equal(domainToUnicode('xn--kgbechtv'), 'إختبار');
    assert.equal(domainToASCII('faß.de'), 'xn--fa-hia.de'); // nontransitional
    assert.equal(domainToASCII('a..b', true), null);
  });

  it('fails on exactly the forbidden domain code points (the asciiClass flags)', () => {
    // https://url.spec.whatwg.org/#forbidden-domain-code-point: an ASCII domain is only lowercased,
    // so a forbidden domain code point is its only way to fail.
    for (let c = 0; c < 128; c++) {
      const forbidden = (asciiClass[c]! & FORBIDDEN_DOMAIN) !== 0;
      const domain = `a${String.fromCharCode(c)}b`;
      assert.equal(domainToASCII(domain), forbidden ? null : domain.toLowerCase(), `U+${c.toString(16).padStart(4, '0')}`);
    }
    assert.equal(domainToASCII('a'.repeat(100_000) + '%'), null);
    assert.equal(domainToASCII('é'.repeat(100_000) + '.a|b'), null);
  });

  it('the host parser feeds the public suffix functions the same ASCII', () => {
    assert.equal(registrableDomain('WWW.MÜNCHEN.DE'), 'xn--mnchen-3ya.de');
    assert.equal(publicSuffix('Ｅｘａｍｐｌｅ．ＣＯＭ'), 'com');
  });
});
