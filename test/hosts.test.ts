import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { domainToASCII, domainToUnicode, parseHost, serializeHost } from '../src/host.ts';
import { URL as WhatwgURL } from 'whatwg-url';
import fc from './helpers/fast-check.ts';
import { URL } from '../src/url.ts';
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

describe('IPv4 hosts', () => {
  // The host parser returns a host written as the IPv4 serializer writes it as it is, and parses
  // every other host that ends in a number with the IPv4 parser: both give whatwg-url's host.
  const part = fc.oneof(
    fc.integer({ min: 0, max: 300 }).map(String),
    fc.stringMatching(/^[0-9]{0,4}$/),
    fc.stringMatching(/^0[xX][0-9a-fA-F]{0,3}$/),
    // Numbers of 2^32 or more, which fail however the rest of the host reads; parts that are not numbers.
    fc.stringMatching(/^[0-9]{9,13}$/),
    fc.stringMatching(/^0[xX][0-9a-fA-F]{8,11}$/),
    fc.stringMatching(/^0[0-7]{10,13}$/),
    fc.stringMatching(/^[0-9a-gx]{1,3}$/),
  );
  const host = fc
    .tuple(fc.array(part, { minLength: 1, maxLength: 6 }), fc.boolean())
    .map(([parts, dot]) => parts.join('.') + (dot ? '.' : ''));

  it('agree with whatwg-url on hosts of numbers, and keep a serialized address as it is', () => {
    fc.assert(
      fc.property(host, (h) => {
        const ours = URL.parse(`http://${h}/`);
        let theirs: string | null = null;
        try {
          theirs = new WhatwgURL(`http://${h}/`).hostname;
        } catch {
          theirs = null;
        }
        assert.equal(ours === null ? null : ours.hostname, theirs, h);
        const parsed = parseHost(h);
        if (typeof parsed === 'number' && serializeHost(parsed) === h) assert.equal(ours!.href, `http://${h}/`);
      }),
      { numRuns: 20_000 },
    );
  });

  it('edge cases', () => {
    for (const [input, expected] of [
      ['0.0.0.0', '0.0.0.0'],
      ['255.255.255.255', '255.255.255.255'],
      ['256.0.0.0', null],
      ['01.2.3.4', '1.2.3.4'],
      ['1.2.3.04', '1.2.3.4'],
      ['1.2.3.4.', '1.2.3.4'],
      ['1.2.3', '1.2.0.3'],
      ['1.2.3.4.5', null],
      ['1.2.3.1000', null],
      ['0x7f.0.0.1', '127.0.0.1'],
      ['127.0.0.1', '127.0.0.1'],
      ['4294967295', '255.255.255.255'],
      ['4294967296', null],
      ['0xffffffff', '255.255.255.255'],
      ['0x100000000', null],
      ['037777777777', '255.255.255.255'],
      ['040000000000', null],
      ['1.16777215', '1.255.255.255'],
      ['1.16777216', null],
      ['99999999999.x.1', null],
      ['1'.repeat(100_000), null],
    ] as const) {
      assert.equal(URL.parse(`http://${input}/`)?.hostname ?? null, expected, input);
    }
  });
});

describe('the chunk buffer that long Punycode output and long percent-encoding share', () => {
  it('leaves nothing of one in the other: a long IDN label, then a long query, then the label again', () => {
    const label = 'é'.repeat(80_000) + 'ab';
    const query = '"'.repeat(30_000) + 'x';
    const input = `http://${label}/?${query}`;
    const expected = new WhatwgURL(input).href;
    assert.equal(expected, `http://${new WhatwgURL(`http://${label}/`).hostname}/?${'%22'.repeat(30_000)}x`);
    assert.equal(new URL(input).href, expected);
    assert.equal(new URL(`http://${label}/`).hostname, new WhatwgURL(`http://${label}/`).hostname);
    assert.equal(domainToASCII(label.slice(0, 79_000), false), new WhatwgURL(`http://${label.slice(0, 79_000)}/`).hostname);
  });
});

