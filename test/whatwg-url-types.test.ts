/**
 * The drop-in's bundled types, as shipped (packages/whatwg-url/dist), accept code written against
 * `@types/whatwg-url` 13 and whatwg-url 17's additions: `tsc --noEmit` (part of `npm test`) checks
 * this file, and the calls run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

import type * as WhatwgURL from '../packages/whatwg-url/dist/index.js';
import type * as Wrapper from '../packages/whatwg-url/dist/webidl2js-wrapper.js';

const require = createRequire(import.meta.url);
const whatwgURL = require('../packages/whatwg-url') as typeof WhatwgURL;
const wrapper = require('../packages/whatwg-url/dist/webidl2js-wrapper.js') as typeof Wrapper;

test('code written against @types/whatwg-url 13 and whatwg-url 17 type-checks and runs', () => {
  const { URL, URLSearchParams, parseURL, basicURLParse, serializeURL, serializeHost, serializePath } = whatwgURL;
  const url: WhatwgURL.URL = new URL('https://example.com/a?b=c');
  const params: WhatwgURL.URLSearchParams = url.searchParams;
  const entries: [string, string][] = [...params];
  const parsed: WhatwgURL.URL | null = URL.parse('/x', url);
  const canParse: boolean = URL.canParse('https://example.com/');
  const fromRecord = new URLSearchParams({ a: '1' });

  const record: WhatwgURL.URLRecord | null = parseURL('https://[::1]:8080/a/b?q#f');
  assert.ok(record !== null);
  const host: string | number | WhatwgURL.IPv6Address | null = record.host;
  const ipv6: WhatwgURL.IPv6Address = [0, 0, 0, 0, 0, 0, 0, 2];
  record.host = ipv6;
  const path: string | string[] = record.path;
  const state: WhatwgURL.StateOverride = 'port';
  const changed: WhatwgURL.URLRecord | null = basicURLParse('9090', { url: record, stateOverride: state });
  const relative = parseURL('c', { baseURL: record, encoding: 'windows-1252' });
  const { url: validated, validationErrors } = whatwgURL.parseURLWithValidationErrors('https://a/%zz');
  const valid: boolean = whatwgURL.isValidURLString('https://a/', { baseURL: record });
  const bytes: Uint8Array = whatwgURL.percentDecodeBytes(new Uint8Array([0x25, 0x34, 0x31]));
  whatwgURL.setTheUsername(record, 'user');
  whatwgURL.setThePassword(record, 'password');
  const origin: string = whatwgURL.serializeURLOrigin(record);

  assert.deepEqual(entries, [['b', 'c']]);
  assert.equal(parsed?.href, 'https://example.com/x');
  assert.equal(canParse, true);
  assert.equal(fromRecord.toString(), 'a=1');
  assert.ok(Array.isArray(host));
  assert.deepEqual(path, ['a', 'b']);
  assert.equal(changed, record);
  assert.equal(serializeURL(record), 'https://user:password@[::2]:9090/a/b?q#f');
  assert.equal(serializeHost(ipv6), '[::2]');
  assert.equal(serializePath(record), '/a/b');
  assert.equal(relative === null ? null : serializeURL(relative), 'https://[::2]:9090/a/c');
  assert.notEqual(validated, null);
  assert.deepEqual(validationErrors, ['invalid-URL-unit']);
  assert.equal(valid, true);
  assert.deepEqual([...bytes], [0x41]);
  assert.equal(origin, 'https://[::2]:9090');
  assert.equal(whatwgURL.serializeInteger(80), '80');
  assert.equal(whatwgURL.hasAnOpaquePath(record), false);
  assert.equal(whatwgURL.cannotHaveAUsernamePasswordPort(record), false);
  assert.deepEqual([...whatwgURL.percentDecodeString('%41')], [0x41]);
});

test('the webidl2js-wrapper entry type-checks as jsdom uses it', () => {
  const window = { Array, Object, Promise, String, TypeError } as unknown as Wrapper.GlobalObject;
  wrapper.URL.install(window, ['Window']);
  wrapper.URLSearchParams.install(window, ['Window']);
  const impl = wrapper.URL.createImpl(window, ['https://example.com/?a=1']);
  const wrapped = wrapper.URL.create(window, ['https://example.com/']);
  assert.equal(wrapper.URL.is(wrapped), true);
  assert.equal(wrapper.URL.isImpl(impl), true);
  assert.equal(impl.searchParams.get('a'), '1');
  assert.equal(wrapper.URLSearchParams.isImpl(impl.searchParams), true);
});
