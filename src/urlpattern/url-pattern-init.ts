/**
 * URLPatternInit processing (URL Pattern Standard §3.2).
 *
 * https://urlpattern.spec.whatwg.org/#canon-processing-for-init
 */
import { runBasicURLParser } from '../url-parser.ts';
import { isSpecialScheme } from '../url-record.ts';
import {
  canonicalizeAHash,
  canonicalizeAHostname,
  canonicalizeAPassword,
  canonicalizeAPathname,
  canonicalizeAPort,
  canonicalizeAProtocol,
  canonicalizeASearch,
  canonicalizeAnOpaquePathname,
  canonicalizeAUsername,
} from './canonicalization.ts';
import { escapeAPatternString } from './pattern-string-generation.ts';
import { CodeUnit, codeUnitAt } from '../code-unit.ts';

/**
 * The URLPatternInit dictionary: a pattern (or, for `test()` and `exec()`, a URL) given component
 * by component. Missing members are wildcards in a pattern and empty strings in an input.
 *
 * https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit
 */
export interface URLPatternInit {
  protocol?: string;
  username?: string;
  password?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
  baseURL?: string;
}

/** "pattern" or "url". */
export type InitType = 'pattern' | 'url';

/** https://urlpattern.spec.whatwg.org/#process-a-base-url-string */
function processABaseURLString(input: string, type: InitType): string {
  if (type !== 'pattern') return input;
  return escapeAPatternString(input);
}

/** https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname */
function isAnAbsolutePathname(input: string, type: InitType): boolean {
  if (input === '') return false;
  const c0 = codeUnitAt(input, 0);
  if (c0 === CodeUnit.Solidus) return true;
  if (type === 'url') return false;
  if (input.length < 2) return false;
  const c1 = codeUnitAt(input, 1);
  return (c0 === CodeUnit.ReverseSolidus && c1 === CodeUnit.Solidus) || (c0 === CodeUnit.LeftCurlyBracket && c1 === CodeUnit.Solidus);
}

/** https://urlpattern.spec.whatwg.org/#process-protocol-for-init */
function processProtocolForInit(value: string, type: InitType): string {
  const strippedValue = value.endsWith(':') ? value.slice(0, -1) : value;
  if (type === 'pattern') return strippedValue;
  return canonicalizeAProtocol(strippedValue);
}

/** https://urlpattern.spec.whatwg.org/#process-username-for-init */
function processUsernameForInit(value: string, type: InitType): string {
  return type === 'pattern' ? value : canonicalizeAUsername(value);
}

/** https://urlpattern.spec.whatwg.org/#process-password-for-init */
function processPasswordForInit(value: string, type: InitType): string {
  return type === 'pattern' ? value : canonicalizeAPassword(value);
}

/** https://urlpattern.spec.whatwg.org/#process-hostname-for-init */
function processHostnameForInit(value: string, type: InitType): string {
  return type === 'pattern' ? value : canonicalizeAHostname(value);
}

/** https://urlpattern.spec.whatwg.org/#process-port-for-init */
function processPortForInit(portValue: string, protocolValue: string, type: InitType): string {
  return type === 'pattern' ? portValue : canonicalizeAPort(portValue, protocolValue);
}

/** https://urlpattern.spec.whatwg.org/#process-pathname-for-init */
function processPathnameForInit(pathnameValue: string, protocolValue: string, type: InitType): string {
  if (type === 'pattern') return pathnameValue;
  if (protocolValue === '' || isSpecialScheme(protocolValue)) return canonicalizeAPathname(pathnameValue);
  return canonicalizeAnOpaquePathname(pathnameValue);
}

/** https://urlpattern.spec.whatwg.org/#process-search-for-init */
function processSearchForInit(value: string, type: InitType): string {
  const strippedValue = value.startsWith('?') ? value.slice(1) : value;
  return type === 'pattern' ? strippedValue : canonicalizeASearch(strippedValue);
}

/** https://urlpattern.spec.whatwg.org/#process-hash-for-init */
function processHashForInit(value: string, type: InitType): string {
  const strippedValue = value.startsWith('#') ? value.slice(1) : value;
  return type === 'pattern' ? strippedValue : canonicalizeAHash(strippedValue);
}

/**
 * Processes a URLPatternInit. The component arguments (the standard's protocol … hash, string or
 * null) are the initial values; `null` leaves a member absent. Throws a TypeError for a base URL
 * that does not parse, or (type "url") a value the canonicalization rejects.
 *
 * https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit
 */
export function processAURLPatternInit(init: URLPatternInit, type: InitType, initial: string | null): URLPatternInit {
  const result: URLPatternInit = {};
  if (initial !== null) {
    result.protocol = initial;
    result.username = initial;
    result.password = initial;
    result.hostname = initial;
    result.port = initial;
    result.pathname = initial;
    result.search = initial;
    result.hash = initial;
  }
  let baseURL = null;
  const has = (key: keyof URLPatternInit): boolean => init[key] !== undefined;
  if (init.baseURL !== undefined) {
    baseURL = runBasicURLParser(init.baseURL, null, null, 0, null, null);
    if (baseURL === null) throw new TypeError(`Invalid base URL: ${JSON.stringify(init.baseURL)}`);
    if (!has('protocol')) result.protocol = processABaseURLString(baseURL.scheme, type);
    if (type !== 'pattern' && !has('protocol') && !has('hostname') && !has('port') && !has('username')) {
      result.username = processABaseURLString(baseURL.username, type);
    }
    if (type !== 'pattern' && !has('protocol') && !has('hostname') && !has('port') && !has('username') && !has('password')) {
      result.password = processABaseURLString(baseURL.password, type);
    }
    if (!has('protocol') && !has('hostname')) {
      result.hostname = processABaseURLString(baseURL.host ?? '', type);
    }
    if (!has('protocol') && !has('hostname') && !has('port')) {
      result.port = baseURL.port === null ? '' : String(baseURL.port);
    }
    if (!has('protocol') && !has('hostname') && !has('port') && !has('pathname')) {
      result.pathname = processABaseURLString(baseURL.serializedPath, type);
    }
    if (!has('protocol') && !has('hostname') && !has('port') && !has('pathname') && !has('search')) {
      result.search = processABaseURLString(baseURL.query ?? '', type);
    }
    if (!has('protocol') && !has('hostname') && !has('port') && !has('pathname') && !has('search') && !has('hash')) {
      result.hash = processABaseURLString(baseURL.fragment ?? '', type);
    }
  }
  if (init.protocol !== undefined) result.protocol = processProtocolForInit(init.protocol, type);
  if (init.username !== undefined) result.username = processUsernameForInit(init.username, type);
  if (init.password !== undefined) result.password = processPasswordForInit(init.password, type);
  if (init.hostname !== undefined) result.hostname = processHostnameForInit(init.hostname, type);
  const resultProtocolString = result.protocol ?? '';
  if (init.port !== undefined) result.port = processPortForInit(init.port, resultProtocolString, type);
  if (init.pathname !== undefined) {
    let pathname = init.pathname;
    if (baseURL !== null && !baseURL.opaquePath && !isAnAbsolutePathname(pathname, type)) {
      const baseURLPath = processABaseURLString(baseURL.serializedPath, type);
      const slashIndex = baseURLPath.lastIndexOf('/');
      if (slashIndex !== -1) pathname = baseURLPath.slice(0, slashIndex + 1) + pathname;
    }
    result.pathname = processPathnameForInit(pathname, resultProtocolString, type);
  }
  if (init.search !== undefined) result.search = processSearchForInit(init.search, type);
  if (init.hash !== undefined) result.hash = processHashForInit(init.hash, type);
  return result;
}
