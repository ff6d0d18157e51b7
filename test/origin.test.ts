import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  getOrigin,
  isSameOrigin,
  isSameOriginDomain,
  newOpaqueOrigin,
  originOfRecord,
  serializeOrigin,
  type Origin,
  type TupleOrigin,
} from '../src/origin.ts';
import { URL, recordOf } from '../src/url.ts';

const originOf = (href: string): Origin => getOrigin(new URL(href))!;
const tuple = (scheme: string, host: string, port: number | null, domain: string | null): TupleOrigin => ({
  type: 'tuple',
  scheme,
  host,
  port,
  domain,
});

describe('origin of a URL', () => {
  it("the standard's blob: example", () => {
    // https://url.spec.whatwg.org/#example-43b5cea5
    assert.deepEqual(originOf('blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f'), {
      type: 'tuple',
      scheme: 'https',
      host: 'whatwg.org',
      port: null,
      domain: null,
    });
  });

  it('blob: URLs around http:, https: and file: URLs take their origin; others are opaque', () => {
    assert.equal(serializeOrigin(originOf('blob:http://example.com:8080/x')), 'http://example.com:8080');
    assert.equal(serializeOrigin(originOf('blob:file:///tmp/x')), 'null');
    assert.equal(originOf('blob:ftp://example.com/x').type, 'opaque');
    assert.equal(originOf('blob:ws://example.com/x').type, 'opaque');
    assert.equal(originOf('blob:not a url').type, 'opaque');
    assert.equal(originOf('blob:blob:https://example.com/x').type, 'opaque');
  });

  it('tuple origins for ftp, http, https, ws and wss, without default ports', () => {
    assert.equal(serializeOrigin(originOf('https://user:pw@EXAMPLE.com:443/p?q#f')), 'https://example.com');
    assert.equal(serializeOrigin(originOf('http://example.com:8080/')), 'http://example.com:8080');
    assert.equal(serializeOrigin(originOf('ftp://example.com/')), 'ftp://example.com');
    assert.equal(serializeOrigin(originOf('ws://example.com:81/')), 'ws://example.com:81');
    assert.equal(serializeOrigin(originOf('wss://[::1]/')), 'wss://[::1]');
    assert.equal(serializeOrigin(originOf('http://☕.example/')), 'http://xn--53h.example');
  });

  it('file: URLs and other schemes get a new opaque origin each time', () => {
    for (const href of ['file:///etc/hosts', 'file://host/share', 'data:text/plain,x', 'about:blank', 'git://example.com/']) {
      const a = originOf(href);
      const b = originOf(href);
      assert.equal(a.type, 'opaque', href);
      assert.notEqual(a, b, href);
      assert.equal(isSameOrigin(a, b), false, href);
      assert.equal(serializeOrigin(a), 'null', href);
    }
  });

  it('accepts records and objects with an href', () => {
    const url = new URL('https://example.com/');
    assert.equal(serializeOrigin(originOfRecord(recordOf(url))), 'https://example.com');
    assert.equal(serializeOrigin(getOrigin({ href: 'https://example.com:1/' })!), 'https://example.com:1');
    assert.equal(getOrigin({ href: 'no scheme' }), null);
  });
});

describe('same origin and same origin-domain', () => {
  // https://html.spec.whatwg.org/multipage/browsers.html#same-origin-domain, the example table.
  const table: Array<[TupleOrigin, TupleOrigin, boolean, boolean]> = [
    [tuple('https', 'example.org', null, null), tuple('https', 'example.org', null, null), true, true],
    [tuple('https', 'example.org', 314, null), tuple('https', 'example.org', 420, null), false, false],
    [tuple('https', 'example.org', 314, 'example.org'), tuple('https', 'example.org', 420, 'example.org'), false, true],
    [tuple('https', 'example.org', null, null), tuple('https', 'example.org', null, 'example.org'), true, false],
    [tuple('https', 'example.org', null, 'example.org'), tuple('http', 'example.org', null, 'example.org'), false, false],
  ];
  for (const [a, b, sameOrigin, sameOriginDomain] of table) {
    it(`HTML's example ${JSON.stringify([a.scheme, a.port, a.domain])} vs ${JSON.stringify([b.scheme, b.port, b.domain])}`, () => {
      assert.equal(isSameOrigin(a, b), sameOrigin);
      assert.equal(isSameOrigin(b, a), sameOrigin);
      assert.equal(isSameOriginDomain(a, b), sameOriginDomain);
      assert.equal(isSameOriginDomain(b, a), sameOriginDomain);
    });
  }

  it('compares URLs origins', () => {
    assert.equal(isSameOrigin(originOf('https://example.com/a'), originOf('https://EXAMPLE.com:443/b?c')), true);
    assert.equal(isSameOrigin(originOf('https://example.com/'), originOf('http://example.com/')), false);
    assert.equal(isSameOrigin(originOf('https://example.com/'), originOf('https://www.example.com/')), false);
    assert.equal(isSameOrigin(originOf('https://example.com/'), originOf('https://example.com:8443/')), false);
    assert.equal(isSameOrigin(originOf('http://example.com/'), originOf('blob:http://example.com/uuid')), true);
  });

  it('opaque origins are same origin only with themselves', () => {
    const opaque = newOpaqueOrigin();
    assert.equal(isSameOrigin(opaque, opaque), true);
    assert.equal(isSameOriginDomain(opaque, opaque), true);
    assert.equal(isSameOrigin(opaque, newOpaqueOrigin()), false);
    assert.equal(isSameOriginDomain(opaque, newOpaqueOrigin()), false);
    assert.equal(isSameOrigin(opaque, tuple('https', 'example.org', null, null)), false);
    assert.equal(isSameOriginDomain(tuple('https', 'example.org', null, null), opaque), false);
  });
});
