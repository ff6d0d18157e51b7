/**
 * The Web IDL conversions of the URLPattern API: the URLPatternInput union, the URLPatternInit
 * and URLPatternOptions dictionaries, the URLPatternComponent enumeration and the groups record.
 *
 * https://webidl.spec.whatwg.org/#es-union
 * https://webidl.spec.whatwg.org/#es-dictionary
 */
import { toUSVString } from '../webidl.ts';
import type { URLPatternInit } from './url-pattern-init.ts';

/** The members of URLPatternInit in lexicographic order (the order Web IDL reads them). */
const INIT_MEMBERS = ['baseURL', 'hash', 'hostname', 'password', 'pathname', 'port', 'protocol', 'search', 'username'] as const;

/** Converts a value to the URLPatternInit dictionary (null and undefined give an empty one). */
export function toURLPatternInit(value: unknown): URLPatternInit {
  const init: URLPatternInit = {};
  if (value === null || value === undefined) return init;
  if (typeof value !== 'object' && typeof value !== 'function') {
    throw new TypeError('The URLPatternInit argument is not an object');
  }
  const object = value as Record<string, unknown>;
  for (const member of INIT_MEMBERS) {
    const v = object[member];
    if (v !== undefined) init[member] = toUSVString(v);
  }
  return init;
}

/** Converts a value to the union (USVString or URLPatternInit). */
export function toURLPatternInput(value: unknown): string | URLPatternInit {
  if (value === null || value === undefined || typeof value === 'object' || typeof value === 'function') {
    return toURLPatternInit(value);
  }
  return toUSVString(value);
}

/** The URLPatternOptions dictionary. */
export interface URLPatternOptions {
  /** Match case-insensitively (the regular expressions get the "i" flag). Default false. */
  ignoreCase?: boolean;
}

/** Converts a value to the URLPatternOptions dictionary, with its default. */
export function toURLPatternOptions(value: unknown): { ignoreCase: boolean } {
  if (value === null || value === undefined) return { ignoreCase: false };
  if (typeof value !== 'object' && typeof value !== 'function') {
    throw new TypeError('The URLPatternOptions argument is not an object');
  }
  const ignoreCase = (value as { ignoreCase?: unknown }).ignoreCase;
  return { ignoreCase: ignoreCase === undefined ? false : Boolean(ignoreCase) };
}

/** The URLPatternComponent enumeration. */
export type URLPatternComponent = 'protocol' | 'username' | 'password' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash';

/** The URLPatternComponent values in component order. */
export const COMPONENT_NAMES: readonly URLPatternComponent[] = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];

/** Converts a value to the URLPatternComponent enumeration (its index in the component order). */
export function toURLPatternComponent(value: unknown): number {
  const s = toUSVString(value);
  const index = COMPONENT_NAMES.indexOf(s as URLPatternComponent);
  if (index === -1) throw new TypeError(`${JSON.stringify(s)} is not a valid URLPatternComponent`);
  return index;
}

/** Converts a value to record<USVString, USVString>. */
export function toGroupsRecord(value: unknown): Map<string, string> {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) throw new TypeError('The groups argument is not an object');
  const result = new Map<string, string>();
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !descriptor.enumerable) continue;
    result.set(toUSVString(key), toUSVString((value as Record<PropertyKey, unknown>)[key]));
  }
  return result;
}
