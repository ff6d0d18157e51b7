/**
 * Origins of URLs (URL Standard §4.7, with HTML's definitions of origin).
 *
 * https://url.spec.whatwg.org/#origin
 * https://html.spec.whatwg.org/multipage/browsers.html#concept-origin
 */
import { runBasicURLParser } from './url-parser.ts';
import { URLRecord } from './url-record.ts';

/** A tuple origin: scheme, host, port and domain. */
export interface TupleOrigin {
  readonly type: 'tuple';
  readonly scheme: string;
  /** The host, serialized. */
  readonly host: string;
  readonly port: number | null;
  /** The origin's domain (set by `document.domain` in browsers); always null here. */
  readonly domain: string | null;
}

/** An opaque origin. Each one is a distinct object, same origin only with itself. */
export interface OpaqueOrigin {
  readonly type: 'opaque';
}

/** https://html.spec.whatwg.org/multipage/browsers.html#concept-origin */
export type Origin = TupleOrigin | OpaqueOrigin;

/** Anything holding a URL: a record, or an object with an `href` (such as our `URL`). */
export type URLLike = URLRecord | { readonly href: string };

function toRecord(url: URLLike): URLRecord | null {
  if (url instanceof URLRecord) return url;
  if (url === null || typeof url !== 'object' || typeof url.href !== 'string') return null;
  return runBasicURLParser(url.href, null, null, 0, null, null);
}

/** A new opaque origin. */
export function newOpaqueOrigin(): OpaqueOrigin {
  return { type: 'opaque' };
}

/**
 * The origin of a URL record.
 *
 * https://url.spec.whatwg.org/#concept-url-origin
 */
export function originOfRecord(url: URLRecord): Origin {
  switch (url.scheme) {
    case 'blob': {
      // No blob URL store here, so the blob URL entry is always null.
      const pathURL = runBasicURLParser(url.serializedPath, null, null, 0, null, null);
      if (pathURL === null) return newOpaqueOrigin();
      if (pathURL.scheme === 'http' || pathURL.scheme === 'https' || pathURL.scheme === 'file') {
        return originOfRecord(pathURL);
      }
      return newOpaqueOrigin();
    }
    case 'ftp':
    case 'http':
    case 'https':
    case 'ws':
    case 'wss':
      return { type: 'tuple', scheme: url.scheme, host: url.host!, port: url.port, domain: null };
    case 'file':
      // The standard leaves this "as an exercise to the reader" and suggests an opaque origin
      // when in doubt. Browsers give file: URLs opaque origins (serialized "null"), so two file:
      // URLs are never same origin here, not even a URL with itself.
      return newOpaqueOrigin();
    default:
      return newOpaqueOrigin();
  }
}

/**
 * The origin of a URL (a record, our `URL`, or anything with an `href`), or `null` when `url` is
 * not a URL.
 *
 * ```ts
 * getOrigin(new URL('https://example.com:8443/x'));
 * // { type: 'tuple', scheme: 'https', host: 'example.com', port: 8443, domain: null }
 * getOrigin(new URL('data:text/plain,hi')); // { type: 'opaque' }
 * ```
 *
 * https://url.spec.whatwg.org/#concept-url-origin
 */
export function getOrigin(url: URLLike): Origin | null {
  const record = toRecord(url);
  return record === null ? null : originOfRecord(record);
}

/**
 * The serialization of an origin: "null" for an opaque origin.
 *
 * https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
 */
export function serializeOrigin(origin: Origin): string {
  if (origin.type !== 'tuple') return 'null';
  let result = origin.scheme + '://' + origin.host;
  if (origin.port !== null) result += ':' + origin.port;
  return result;
}

/** The serialized origin of a URL record, without allocating an origin object. */
export function serializeOriginOfRecord(url: URLRecord): string {
  switch (url.scheme) {
    case 'ftp':
    case 'http':
    case 'https':
    case 'ws':
    case 'wss':
      return url.port === null ? url.scheme + '://' + url.host : url.scheme + '://' + url.host + ':' + url.port;
    default:
      return serializeOrigin(originOfRecord(url));
  }
}

/**
 * Whether two origins are same origin: the same opaque origin (the same object), or two tuple
 * origins with identical schemes, hosts and ports. The domain is not compared (see
 * {@link isSameOriginDomain}).
 *
 * ```ts
 * const a = getOrigin(new URL('https://example.org/a'))!;
 * isSameOrigin(a, getOrigin(new URL('https://EXAMPLE.org:443/b'))!); // true
 * isSameOrigin(a, getOrigin(new URL('http://example.org/'))!);       // false
 * const opaque = getOrigin(new URL('data:,x'))!;
 * isSameOrigin(opaque, opaque);                                      // true
 * isSameOrigin(opaque, getOrigin(new URL('data:,x'))!);              // false
 * ```
 *
 * https://html.spec.whatwg.org/multipage/browsers.html#same-origin
 */
export function isSameOrigin(a: Origin, b: Origin): boolean {
  if (a.type !== 'tuple' || b.type !== 'tuple') return a === b;
  return a.scheme === b.scheme && a.host === b.host && a.port === b.port;
}

/**
 * Whether two origins are same origin-domain: the same opaque origin, or two tuple origins with
 * identical schemes and identical non-null domains (ports then do not matter), or same origin
 * with both domains null.
 *
 * ```ts
 * isSameOriginDomain(
 *   { type: 'tuple', scheme: 'https', host: 'example.org', port: 314, domain: 'example.org' },
 *   { type: 'tuple', scheme: 'https', host: 'example.org', port: 420, domain: 'example.org' },
 * ); // true
 * ```
 *
 * https://html.spec.whatwg.org/multipage/browsers.html#same-origin-domain
 */
export function isSameOriginDomain(a: Origin, b: Origin): boolean {
  if (a.type !== 'tuple' || b.type !== 'tuple') return a === b;
  if (a.scheme === b.scheme && a.domain !== null && a.domain === b.domain) return true;
  return isSameOrigin(a, b) && a.domain === null && b.domain === null;
}
