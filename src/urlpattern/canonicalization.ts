/**
 * The encoding callbacks (URL Pattern Standard §3.1): canonicalization of component values
 * through this package's basic URL parser with state overrides.
 *
 * https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks
 *
 * Each callback first tries a shortcut for values the parser would return unchanged (printable
 * ASCII outside the component's percent-encode set, and for paths no segment that could be a dot
 * segment); everything else runs the parser exactly as the standard says. A test compares the two
 * on every fixed-text piece of the WPT data and on random strings.
 */
import { runBasicURLParser, State } from '../url-parser.ts';
import { specialSchemeDefaultPort, URLRecord } from '../url-record.ts';
import {
  FRAGMENT_SET,
  PATH_SET,
  SPECIAL_QUERY_SET,
  USERINFO_SET,
  utf8PercentEncodeString,
  type PercentEncodeSet,
} from '../percent-encoding.ts';
import { simpleHostFromOverrideInput } from '../url-parser.ts';
import { CodeUnit, codeUnitAt } from '../code-unit.ts';

let dummyURLTemplate: URLRecord | null = null;

/**
 * https://urlpattern.spec.whatwg.org/#create-a-dummy-url
 *
 * The parse of "https://dummy.invalid/" is computed once; each call returns a copy.
 */
export function createADummyURL(): URLRecord {
  if (dummyURLTemplate === null) dummyURLTemplate = runBasicURLParser('https://dummy.invalid/', null, null, 0, null, null)!;
  return dummyURLTemplate.clone();
}

/** Whether every code unit of `value` is printable ASCII (U+0021–U+007E) outside `set`. */
function isPrintableOutside(value: string, set: PercentEncodeSet): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = codeUnitAt(value, i);
    if (c <= CodeUnit.Space || c >= CodeUnit.Delete || set[c] === 1) return false;
  }
  return true;
}

/** A scheme string: ASCII alpha, then ASCII alphanumeric, "+", "-" or ".". */
const SCHEME_STRING = /^[A-Za-z][A-Za-z0-9+\-.]*$/;

/** https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol */
export function canonicalizeAProtocol(value: string): string {
  if (value === '') return value;
  // A scheme string followed by "://dummy.invalid/" always parses, to the lowercased scheme.
  if (SCHEME_STRING.test(value)) return value.toLowerCase();
  const parseResult = runBasicURLParser(value + '://dummy.invalid/', null, null, 0, null, null);
  if (parseResult === null) throw new TypeError(`Invalid protocol: ${JSON.stringify(value)}`);
  return parseResult.scheme;
}

/**
 * https://urlpattern.spec.whatwg.org/#canonicalize-a-username
 *
 * (Setting the username is UTF-8 percent-encoding with the userinfo percent-encode set.)
 */
export function canonicalizeAUsername(value: string): string {
  if (value === '') return value;
  return utf8PercentEncodeString(value, USERINFO_SET);
}

/** https://urlpattern.spec.whatwg.org/#canonicalize-a-password */
export function canonicalizeAPassword(value: string): string {
  if (value === '') return value;
  return utf8PercentEncodeString(value, USERINFO_SET);
}

/** https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname */
export function canonicalizeAHostname(value: string): string {
  if (value === '') return value;
  // An ASCII lowercase domain that cannot end in a number: the host parser returns it unchanged.
  const simple = simpleHostFromOverrideInput(value);
  if (simple !== null) return simple;
  const dummyURL = createADummyURL();
  const parseResult = runBasicURLParser(value, null, dummyURL, State.Hostname, null, null);
  if (parseResult === null) throw new TypeError(`Invalid hostname: ${JSON.stringify(value)}`);
  return dummyURL.host ?? '';
}

/** https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname */
export function canonicalizeAnIPv6Hostname(value: string): string {
  let result = '';
  for (let i = 0; i < value.length; i++) {
    const c = codeUnitAt(value, i);
    const isHex = (c >= CodeUnit.Digit0 && c <= CodeUnit.Digit9) || (c >= CodeUnit.UpperA && c <= CodeUnit.UpperF) || (c >= CodeUnit.LowerA && c <= CodeUnit.LowerF);
    if (!isHex && c !== CodeUnit.LeftSquareBracket && c !== CodeUnit.RightSquareBracket && c !== CodeUnit.Colon) {
      throw new TypeError(`Invalid IPv6 hostname: ${JSON.stringify(value)}`);
    }
    result += c >= CodeUnit.UpperA && c <= CodeUnit.UpperF ? String.fromCharCode(c + 0x20) : value[i];
  }
  return result;
}

/** https://urlpattern.spec.whatwg.org/#canonicalize-a-port */
export function canonicalizeAPort(portValue: string, protocolValue?: string): string {
  if (portValue === '') return portValue;
  // Without a protocol, no port is a default port. (The standard's text sets no scheme on the dummy
  // URL, "https://dummy.invalid/", so 443 would become the empty string: "443*" would compile to
  // "*". The web-platform-tests data, and every implementation, keep "443"; see docs/urlpattern.md.)
  const scheme = protocolValue === undefined ? '' : protocolValue;
  // Up to five ASCII digits: the port state reads them as a number and drops the default port.
  if (portValue.length <= 5 && /^[0-9]+$/.test(portValue)) {
    const port = Number(portValue);
    if (port > 65535) throw new TypeError(`Invalid port: ${JSON.stringify(portValue)}`);
    return port === specialSchemeDefaultPort(scheme) ? '' : String(port);
  }
  const dummyURL = createADummyURL();
  dummyURL.scheme = scheme;
  const parseResult = runBasicURLParser(portValue, null, dummyURL, State.Port, null, null);
  if (parseResult === null) throw new TypeError(`Invalid port: ${JSON.stringify(portValue)}`);
  return dummyURL.port === null ? '' : String(dummyURL.port);
}

/**
 * Whether the path state (special URL) leaves `value` unchanged: printable ASCII outside the path
 * percent-encode set, no "\\", and no "." or "%" that starts a segment (no possible dot segment).
 */
function isCleanPath(value: string): boolean {
  let segmentStart = true;
  for (let i = 0; i < value.length; i++) {
    const c = codeUnitAt(value, i);
    if (c <= CodeUnit.Space || c >= CodeUnit.Delete || PATH_SET[c] === 1 || c === CodeUnit.ReverseSolidus) return false;
    if (c === CodeUnit.Solidus) {
      segmentStart = true;
      continue;
    }
    if (segmentStart && (c === CodeUnit.FullStop || c === CodeUnit.PercentSign)) return false;
    segmentStart = false;
  }
  return true;
}

/** https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname */
export function canonicalizeAPathname(value: string): string {
  if (value === '') return value;
  if (isCleanPath(value)) return value;
  const leadingSlash = codeUnitAt(value, 0) === CodeUnit.Solidus;
  const modifiedValue = (leadingSlash ? '' : '/-') + value;
  const dummyURL = createADummyURL();
  dummyURL.serializedPath = '';
  runBasicURLParser(modifiedValue, null, dummyURL, State.PathStart, null, null);
  const result = dummyURL.serializedPath;
  return leadingSlash ? result : result.slice(2);
}

/** https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname */
export function canonicalizeAnOpaquePathname(value: string): string {
  if (value === '') return value;
  // Printable ASCII other than "?" and "#": the opaque path state copies it.
  let clean = true;
  for (let i = 0; i < value.length; i++) {
    const c = codeUnitAt(value, i);
    if (c <= CodeUnit.Space || c >= CodeUnit.Delete || c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign) {
      clean = false;
      break;
    }
  }
  if (clean) return value;
  const dummyURL = createADummyURL();
  dummyURL.serializedPath = '';
  dummyURL.opaquePath = true;
  const parseResult = runBasicURLParser(value, null, dummyURL, State.OpaquePath, null, null);
  if (parseResult === null) throw new TypeError(`Invalid pathname: ${JSON.stringify(value)}`);
  return dummyURL.serializedPath;
}

/** https://urlpattern.spec.whatwg.org/#canonicalize-a-search */
export function canonicalizeASearch(value: string): string {
  if (value === '') return value;
  if (isPrintableOutside(value, SPECIAL_QUERY_SET)) return value;
  const dummyURL = createADummyURL();
  dummyURL.query = '';
  runBasicURLParser(value, null, dummyURL, State.Query, null, null);
  return dummyURL.query ?? '';
}

/** https://urlpattern.spec.whatwg.org/#canonicalize-a-hash */
export function canonicalizeAHash(value: string): string {
  if (value === '') return value;
  if (isPrintableOutside(value, FRAGMENT_SET)) return value;
  const dummyURL = createADummyURL();
  dummyURL.fragment = '';
  runBasicURLParser(value, null, dummyURL, State.Fragment, null, null);
  return dummyURL.fragment ?? '';
}

/** The standard's callbacks, each running the parser without any shortcut (for tests). */
export const UNSHORTENED = {
  protocol(value: string): string {
    if (value === '') return value;
    const parseResult = runBasicURLParser(value + '://dummy.invalid/', null, null, 0, null, null);
    if (parseResult === null) throw new TypeError('Invalid protocol');
    return parseResult.scheme;
  },
  hostname(value: string): string {
    if (value === '') return value;
    const dummyURL = createADummyURL();
    if (runBasicURLParser(value, null, dummyURL, State.Hostname, null, null) === null) throw new TypeError('Invalid hostname');
    return dummyURL.host ?? '';
  },
  port(portValue: string, protocolValue?: string): string {
    if (portValue === '') return portValue;
    const dummyURL = createADummyURL();
    dummyURL.scheme = protocolValue === undefined ? '' : protocolValue;
    if (runBasicURLParser(portValue, null, dummyURL, State.Port, null, null) === null) throw new TypeError('Invalid port');
    return dummyURL.port === null ? '' : String(dummyURL.port);
  },
  pathname(value: string): string {
    if (value === '') return value;
    const leadingSlash = codeUnitAt(value, 0) === CodeUnit.Solidus;
    const dummyURL = createADummyURL();
    dummyURL.serializedPath = '';
    runBasicURLParser((leadingSlash ? '' : '/-') + value, null, dummyURL, State.PathStart, null, null);
    return leadingSlash ? dummyURL.serializedPath : dummyURL.serializedPath.slice(2);
  },
  opaquePathname(value: string): string {
    if (value === '') return value;
    const dummyURL = createADummyURL();
    dummyURL.serializedPath = '';
    dummyURL.opaquePath = true;
    if (runBasicURLParser(value, null, dummyURL, State.OpaquePath, null, null) === null) throw new TypeError('Invalid pathname');
    return dummyURL.serializedPath;
  },
  search(value: string): string {
    if (value === '') return value;
    const dummyURL = createADummyURL();
    dummyURL.query = '';
    runBasicURLParser(value, null, dummyURL, State.Query, null, null);
    return dummyURL.query ?? '';
  },
  hash(value: string): string {
    if (value === '') return value;
    const dummyURL = createADummyURL();
    dummyURL.fragment = '';
    runBasicURLParser(value, null, dummyURL, State.Fragment, null, null);
    return dummyURL.fragment ?? '';
  },
};
