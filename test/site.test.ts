import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import {
  isRegistrableDomainSuffixOfOrEqualTo,
  isSameSite,
  isSameSiteURL,
  isSchemelesslySameSite,
  obtainSite,
  publicSuffixListVersion,
  publicSuffix,
  registrableDomain,
  serializeSite,
} from '../src/site.ts';
import { getOrigin, newOpaqueOrigin, type Origin, type TupleOrigin } from '../src/origin.ts';
import { URL } from '../src/url.ts';

const tuple = (scheme: string, host: string, port: number | null = null): TupleOrigin => ({
  type: 'tuple',
  scheme,
  host,
  port,
  domain: null,
});
const originOf = (href: string): Origin => getOrigin(new URL(href))!;

describe('public suffix and registrable domain', () => {
  // https://url.spec.whatwg.org/#example-host-psl
  const table: Array<[string, string | null, string | null]> = [
    ['com', 'com', null],
    ['example.com', 'com', 'example.com'],
    ['www.example.com', 'com', 'example.com'],
    ['sub.www.example.com', 'com', 'example.com'],
    ['EXAMPLE.COM', 'com', 'example.com'],
    ['example.com.', 'com.', 'example.com.'],
    ['github.io', 'github.io', null],
    ['whatwg.github.io', 'github.io', 'whatwg.github.io'],
    ['إختبار', 'xn--kgbechtv', null],
    ['example.إختبار', 'xn--kgbechtv', 'example.xn--kgbechtv'],
    ['sub.example.إختبار', 'xn--kgbechtv', 'example.xn--kgbechtv'],
    ['[2001:0db8:85a3:0000:0000:8a2e:0370:7334]', null, null],
  ];
  for (const [input, suffix, domain] of table) {
    it(`the standard's example ${JSON.stringify(input)}`, () => {
      assert.equal(publicSuffix(input), suffix);
      assert.equal(registrableDomain(input), domain);
    });
  }

  it('IPv4 addresses, in any form the host parser accepts, have neither', () => {
    for (const input of ['127.0.0.1', '0x7f.1', '1.2.3.4.', '[::1]']) {
      assert.equal(publicSuffix(input), null, input);
      assert.equal(registrableDomain(input), null, input);
    }
  });

  it('host parser failures and the empty string give null', () => {
    for (const input of ['', 'a b', 'exa%mple.com', '[::1', 'a.0x100000000', '\u00AD']) {
      assert.equal(publicSuffix(input), null, input);
      assert.equal(registrableDomain(input), null, input);
    }
  });

  it('unknown top-level domains are their own public suffix (default rule "*")', () => {
    assert.equal(publicSuffix('example.notarealtld'), 'notarealtld');
    assert.equal(registrableDomain('a.b.example.notarealtld'), 'example.notarealtld');
    assert.equal(registrableDomain('notarealtld'), null);
    assert.equal(publicSuffix('localhost'), 'localhost');
    assert.equal(registrableDomain('a.localhost'), 'a.localhost');
  });

  it('uses the private section, wildcard and exception rules of the list', () => {
    assert.equal(publicSuffix('a.blogspot.com'), 'blogspot.com');
    assert.equal(registrableDomain('a.b.github.io'), 'b.github.io');
    // "*.ck" with the exception "!www.ck".
    assert.equal(publicSuffix('foo.bar.ck'), 'bar.ck');
    assert.equal(registrableDomain('www.ck'), 'www.ck');
    // "*.kawasaki.jp" with the exception "!city.kawasaki.jp".
    assert.equal(publicSuffix('a.b.c.kawasaki.jp'), 'c.kawasaki.jp');
    assert.equal(registrableDomain('city.kawasaki.jp'), 'city.kawasaki.jp');
    assert.equal(publicSuffix('www.example.co.uk'), 'co.uk');
  });

  it('matches rules written in Unicode in the list against Punycode and Unicode input', () => {
    // The list has "公司.cn" (xn--55qx5d.cn).
    assert.equal(publicSuffix('公司.cn'), 'xn--55qx5d.cn');
    assert.equal(registrableDomain('a.公司.cn'), 'a.xn--55qx5d.cn');
    assert.equal(registrableDomain('www.a.xn--55qx5d.cn'), 'a.xn--55qx5d.cn');
    assert.equal(registrableDomain('Ｅｘａｍｐｌｅ.ＣＯＭ'), 'example.com');
  });

  it('keeps exactly one trailing dot, and applies the default rule to an empty last label', () => {
    assert.equal(publicSuffix('www.github.io.'), 'github.io.');
    assert.equal(registrableDomain('www.whatwg.github.io.'), 'whatwg.github.io.');
    assert.equal(registrableDomain('com.'), null);
    assert.equal(publicSuffix('example.com..'), '.');
    assert.equal(registrableDomain('example.com..'), 'com..');
  });

  it('accepts host code points the URL parser allows but DNS does not', () => {
    assert.equal(registrableDomain('x_y.example.com'), 'example.com');
    assert.equal(registrableDomain('under_score.com'), 'under_score.com');
  });
});

describe('sites', () => {
  it('obtains and serializes sites', () => {
    const site = obtainSite(originOf('https://a.b.example.com:8443/x'));
    assert.deepEqual(site, { type: 'scheme-and-host', scheme: 'https', host: 'example.com' });
    assert.equal(serializeSite(site), 'https://example.com');
    assert.equal(serializeSite(obtainSite(originOf('http://[::1]:8080/'))), 'http://[::1]');
    assert.equal(serializeSite(obtainSite(originOf('https://github.io/'))), 'https://github.io');
    const opaque = newOpaqueOrigin();
    assert.equal(obtainSite(opaque), opaque);
    assert.equal(serializeSite(obtainSite(opaque)), 'null');
  });

  // https://html.spec.whatwg.org/multipage/browsers.html#same-site, the example table, which
  // assumes "wildlife.museum", "museum" and "com" are public suffixes and "example.com" is not.
  const htmlTable: Array<[[string, string], [string, string], boolean, boolean]> = [
    [['https', 'example.com'], ['https', 'sub.example.com'], true, true],
    [['https', 'example.com'], ['https', 'sub.other.example.com'], true, true],
    [['https', 'example.com'], ['http', 'non-secure.example.com'], true, false],
    [['https', 'r.wildlife.museum'], ['https', 'sub.r.wildlife.museum'], true, true],
    [['https', 'r.wildlife.museum'], ['https', 'sub.other.r.wildlife.museum'], true, true],
    [['https', 'r.wildlife.museum'], ['https', 'other.wildlife.museum'], false, false],
    [['https', 'r.wildlife.museum'], ['https', 'wildlife.museum'], false, false],
    [['https', 'wildlife.museum'], ['https', 'wildlife.museum'], true, true],
    [['https', 'example.com'], ['https', 'example.com.'], false, false],
  ];
  // The table's assumption on top of the real list: the current list no longer has a
  // "wildlife.museum" rule, so the real list makes "wildlife.museum" a registrable domain.
  const withWildlifeMuseum = {
    registrableDomain(host: string): string | null {
      const [bare, dot] = host.endsWith('.') ? [host.slice(0, -1), '.'] : [host, ''];
      if (bare === 'wildlife.museum') return null;
      if (bare.endsWith('.wildlife.museum')) {
        const labels = bare.split('.');
        return labels.slice(-3).join('.') + dot;
      }
      return registrableDomain(host);
    },
  };
  for (const [[schemeA, hostA], [schemeB, hostB], schemeless, sameSite] of htmlTable) {
    it(`HTML's example (${schemeA}, ${hostA}) vs (${schemeB}, ${hostB})`, () => {
      const a = tuple(schemeA, hostA);
      const b = tuple(schemeB, hostB);
      assert.equal(isSchemelesslySameSite(a, b, withWildlifeMuseum), schemeless);
      assert.equal(isSameSite(a, b, withWildlifeMuseum), sameSite);
      assert.equal(isSchemelesslySameSite(b, a, withWildlifeMuseum), schemeless);
      assert.equal(isSameSite(b, a, withWildlifeMuseum), sameSite);
    });
  }

  it('with the real list, the rows without "wildlife.museum" hold as they are', () => {
    for (const [[schemeA, hostA], [schemeB, hostB], schemeless, sameSite] of htmlTable) {
      if (hostA.includes('wildlife') || hostB.includes('wildlife')) continue;
      assert.equal(isSchemelesslySameSite(tuple(schemeA, hostA), tuple(schemeB, hostB)), schemeless);
      assert.equal(isSameSite(tuple(schemeA, hostA), tuple(schemeB, hostB)), sameSite);
    }
    // And with the real list "wildlife.museum" is registrable (only "museum" is a suffix).
    assert.equal(registrableDomain('r.wildlife.museum'), 'wildlife.museum');
    assert.equal(isSameSite(tuple('https', 'r.wildlife.museum'), tuple('https', 'other.wildlife.museum')), true);
  });

  it('a public suffix separates sites: github.io subdomains are not same site', () => {
    assert.equal(isSameSite(originOf('https://a.github.io/'), originOf('https://b.github.io/')), false);
    assert.equal(isSameSite(originOf('https://a.example.com/'), originOf('https://b.example.com/')), true);
    assert.equal(isSameSite(originOf('https://x.a.github.io/'), originOf('https://y.a.github.io/')), true);
    assert.equal(isSameSiteURL('https://a.github.io/', 'https://b.github.io/'), false);
    assert.equal(isSameSiteURL('https://www.example.com/a', 'https://static.example.com:444/b'), true);
  });

  it('ignores ports, compares schemes', () => {
    assert.equal(isSameSite(originOf('https://example.com:1/'), originOf('https://example.com:2/')), true);
    assert.equal(isSameSite(originOf('ws://example.com/'), originOf('http://example.com/')), false);
    assert.equal(isSchemelesslySameSite(originOf('ws://example.com/'), originOf('http://example.com/')), true);
  });

  it('hosts without a registrable domain are same site only when equal', () => {
    assert.equal(isSameSite(originOf('http://127.0.0.1/'), originOf('http://127.0.0.1:81/')), true);
    assert.equal(isSameSite(originOf('http://127.0.0.1/'), originOf('http://127.0.0.2/')), false);
    assert.equal(isSameSite(originOf('https://github.io/'), originOf('https://github.io/')), true);
    assert.equal(isSameSite(originOf('https://github.io/'), originOf('https://a.github.io/')), false);
    assert.equal(isSameSite(originOf('http://[::1]/'), originOf('http://[0::1]:8/')), true);
  });

  it('opaque origins are same site only with the same object', () => {
    const opaque = originOf('data:text/plain,x');
    assert.equal(isSameSite(opaque, opaque), true);
    assert.equal(isSchemelesslySameSite(opaque, opaque), true);
    assert.equal(isSameSite(opaque, originOf('data:text/plain,x')), false);
    assert.equal(isSameSite(opaque, tuple('https', 'example.com')), false);
    assert.equal(isSchemelesslySameSite(tuple('https', 'example.com'), opaque), false);
    assert.equal(isSameSiteURL('file:///a', 'file:///a'), false);
    assert.equal(isSameSiteURL('not a url', 'not a url'), false);
  });

  it('blob: URLs are same site with the site of the URL inside them', () => {
    assert.equal(
      isSameSiteURL('blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f', 'https://spec.whatwg.org/'),
      true,
    );
    assert.equal(isSameSiteURL('blob:https://a.github.io/x', 'https://b.github.io/'), false);
  });
});

describe('is a registrable domain suffix of or is equal to', () => {
  // https://html.spec.whatwg.org/multipage/browsers.html#is-a-registrable-domain-suffix-of-or-is-equal-to
  const table: Array<[string, string, boolean]> = [
    ['0.0.0.0', '0.0.0.0', true],
    ['0x10203', '0.1.2.3', true],
    ['[0::1]', '[::1]', true],
    ['example.com', 'example.com', true],
    ['example.com', 'example.com.', false],
    ['example.com.', 'example.com', false],
    ['example.com', 'www.example.com', true],
    ['com', 'example.com', false],
    ['example', 'example', true],
    ['compute.amazonaws.com', 'example.compute.amazonaws.com', false],
    ['example.compute.amazonaws.com', 'www.example.compute.amazonaws.com', false],
    ['amazonaws.com', 'www.example.compute.amazonaws.com', false],
    ['amazonaws.com', 'test.amazonaws.com', true],
  ];
  for (const [suffix, host, expected] of table) {
    it(`HTML's example ${JSON.stringify(suffix)} / ${host}`, () => {
      assert.equal(isRegistrableDomainSuffixOfOrEqualTo(suffix, host), expected);
    });
  }
  it('the empty string and parse failures are not suffixes', () => {
    assert.equal(isRegistrableDomainSuffixOfOrEqualTo('', 'example.com'), false);
    assert.equal(isRegistrableDomainSuffixOfOrEqualTo('a b', 'example.com'), false);
    assert.equal(isRegistrableDomainSuffixOfOrEqualTo('1.2.3.4', 'www.1.2.3.4'), false);
  });
});

describe('publicSuffixListVersion', () => {
  it('names the installed tldts, read at run time', () => {
    const installed = createRequire(import.meta.url)('tldts/package.json') as { version: string };
    assert.match(installed.version, /^\d+\.\d+\.\d+/);
    assert.equal(publicSuffixListVersion(), `tldts ${installed.version}`);
    assert.equal(publicSuffixListVersion(), publicSuffixListVersion()); // read once, then kept
  });
});
