/**
 * Valid URL strings, with whatwg-url's options.
 *
 * https://url.spec.whatwg.org/#valid-url-string
 */
import { isValidURLString as standardIsValidURLString } from 'url-standard';
import { standardBaseFromRecord, type URLRecord } from './record.ts';

/** Options of {@link isValidURLString}. */
export interface IsValidURLStringOptions {
  /** The base URL record a relative-URL-with-fragment string is judged against. */
  baseURL?: URLRecord | null | undefined;
}

/**
 * Whether `input` is a valid URL string: an absolute-URL-with-fragment string, or with a base, a
 * relative-URL-with-fragment string too.
 *
 * https://url.spec.whatwg.org/#valid-url-string
 */
export function isValidURLString(input: string, options: IsValidURLStringOptions = {}): boolean {
  const baseURL = options.baseURL ?? null;
  return standardIsValidURLString(input, { base: baseURL === null ? null : standardBaseFromRecord(baseURL) });
}
