/**
 * url-standard: the WHATWG URL Standard.
 *
 * https://url.spec.whatwg.org/
 */
import { URL, recordOf } from './url.ts';
import { URLRecord } from './url-record.ts';
import { basicURLParseWith, type BasicURLParseOptions } from './url-parser.ts';
import { serializeURL } from './url-serializer.ts';
import { serializeUrlencoded as serializeUrlencodedWith } from './urlencoded.ts';
import type { URLLike } from './origin.ts';

export { URL, urlFromRecord, type URLInput } from './url.ts';
export { URLSearchParams } from './url-search-params.ts';
export { URLRecord } from './url-record.ts';
export { parseURL, type ParseOptions, type StateOverride, type BasicURLParseOptions } from './url-parser.ts';
export { serializeURL, serializePath } from './url-serializer.ts';
export {
  parseHost,
  serializeHost,
  hostEquals,
  domainToASCII,
  domainToUnicode,
  type Host,
  type IPv6Address,
} from './host.ts';
export {
  getOrigin,
  serializeOrigin,
  isSameOrigin,
  isSameOriginDomain,
  type Origin,
  type TupleOrigin,
  type OpaqueOrigin,
  type URLLike,
} from './origin.ts';
export { percentDecode, utf8PercentEncode, type PercentEncodeSetName } from './percent-encoding.ts';
export { parseUrlencoded, type NameValueTuple } from './urlencoded.ts';
export type { ValidationError, ValidationErrorType, ValidationErrorCallback } from './validation-error.ts';
export { isValidURLString, type ValidURLStringOptions } from './valid-url-string.ts';
export { validateURL, type ValidateURLOptions, type URLValidationResult } from './validate.ts';
export { relativeURL, type RelativeURLOptions, type RelativeURLInput } from './relative-url.ts';

/**
 * The application/x-www-form-urlencoded serializer, in UTF-8. (For a legacy encoding, use
 * `serializeUrlencoded` from `url-standard/legacy-encoding`.)
 *
 * ```ts
 * serializeUrlencoded([['a b', 'é&']]); // 'a+b=%C3%A9%26'
 * ```
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-serializer
 */
export function serializeUrlencoded(tuples: Iterable<readonly [string, string]>): string {
  return serializeUrlencodedWith(tuples);
}

/**
 * The basic URL parser. Without `url` it returns a new record or `null` for failure. With `url`
 * and `stateOverride`, it modifies `url` in place (as the API setters do) and returns `url`, or
 * `null` when the standard says "return failure" (the record may still have been modified).
 *
 * ```ts
 * const record = basicURLParse('https://example.com/')!;
 * basicURLParse('example.org:8080', { url: record, stateOverride: 'host' });
 * serializeURL(record); // 'https://example.org:8080/'
 * ```
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function basicURLParse(input: string, options?: BasicURLParseOptions): URLRecord | null {
  return basicURLParseWith(input, options, null);
}

/**
 * URL equivalence: whether two URLs serialize the same. Each is a record, a `URL` object of this
 * package, or anything with an `href` string, such as the platform's own `URL` (its `href` is
 * parsed); one whose `href` is not a URL is equal to nothing.
 *
 * ```ts
 * urlEquals(new URL('https://a.example/#x'), new URL('HTTPS://A.EXAMPLE/#y'), true); // true
 * urlEquals(new globalThis.URL('https://a.example/'), parseURL('https://A.example')!); // true
 * ```
 *
 * https://url.spec.whatwg.org/#concept-url-equals
 */
export function urlEquals(a: URL | URLLike, b: URL | URLLike, excludeFragments = false): boolean {
  const recordA = toRecord(a);
  const recordB = toRecord(b);
  if (recordA === null || recordB === null) return false;
  return serializeURL(recordA, excludeFragments) === serializeURL(recordB, excludeFragments);
}

function toRecord(u: URL | URLLike): URLRecord | null {
  if (u instanceof URL) return recordOf(u);
  if (u instanceof URLRecord) return u;
  if (u === null || typeof u !== 'object' || typeof u.href !== 'string') return null;
  return basicURLParseWith(u.href, undefined, null);
}
