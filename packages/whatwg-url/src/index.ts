/**
 * @url-standard/whatwg-url: whatwg-url 17's API (the URL and URLSearchParams classes, the URL
 * records and the functions over them) on url-standard.
 *
 * https://url.spec.whatwg.org/
 */
import * as URLInterface from './url-interface.ts';
import * as URLSearchParamsInterface from './url-search-params-interface.ts';
import type { GlobalObject } from './webidl.ts';
import type {
  URL as URLObject,
  URLConstructor,
  URLSearchParams as URLSearchParamsObject,
  URLSearchParamsConstructor,
} from './types.ts';

export type { URLConstructor, URLSearchParamsConstructor } from './types.ts';
export type { URLRecord, Host, IPv6Address } from './record.ts';
export { serializeHost } from './record.ts';
export {
  basicURLParse,
  parseURL,
  parseURLWithValidationErrors,
  type BasicURLParseOptions,
  type ParseOptions,
  type ParseResultWithValidationErrors,
  type StateOverride,
} from './parse.ts';
export {
  cannotHaveAUsernamePasswordPort,
  hasAnOpaquePath,
  percentDecodeBytes,
  percentDecodeString,
  serializeInteger,
  serializePath,
  serializeURL,
  serializeURLOrigin,
  setThePassword,
  setTheUsername,
  type TypedArray,
} from './serialize.ts';
export { isValidURLString, type IsValidURLStringOptions } from './valid-url-string.ts';

/** The global object the main entry's classes belong to, with the intrinsics they use. */
const sharedGlobalObject = { Array, Object, Promise, String, TypeError } as unknown as GlobalObject;
URLInterface.install(sharedGlobalObject, ['Window']);
URLSearchParamsInterface.install(sharedGlobalObject, ['Window']);

/** https://url.spec.whatwg.org/#url-class */
export const URL = sharedGlobalObject['URL'] as URLConstructor;
export type URL = URLObject;

/** https://url.spec.whatwg.org/#interface-urlsearchparams */
export const URLSearchParams = sharedGlobalObject['URLSearchParams'] as URLSearchParamsConstructor;
export type URLSearchParams = URLSearchParamsObject;
