/**
 * A URL held as its serialization: the href, and where its components are in it. The parser
 * returns one for an input that is its URL's serialization, and builds no record then; the record
 * splitter and URLPattern read the components off the href through the functions below, and the
 * URL class's getters slice it the same way (written out in each getter, see url.ts).
 *
 * https://url.spec.whatwg.org/#concept-url-serializer
 */
import { codeUnitAt, CodeUnit } from './code-unit.ts';
import { createURLRecord, type URLRecord } from './url-record.ts';

/**
 * The components of a URL, in URLPattern's order (https://urlpattern.spec.whatwg.org/#url-pattern-struct).
 */
export const enum URLComponent {
  Protocol = 0,
  Username = 1,
  Password = 2,
  Hostname = 3,
  Port = 4,
  Pathname = 5,
  Search = 6,
  Hash = 7,
}

/**
 * The serialization of a URL with a special scheme and a host that is not an IPv6 address, split:
 * `href` and where its host starts (after "//", or after the credentials' "@") and ends (at the
 * port's ":", or where the path starts), where its path starts (its "/") and ends (the "?" or "#"
 * after it, or the end), and where its query ends (the "#", or the end; the path's end when there
 * is no query). The credentials, when there are any, are between "//" and the "@" before the host.
 *
 * `href` may lack the path "/" that ends a serialization after the host or port (the input
 * "https://example.com"): `pathStart` is then `href.length`, and the path is "/".
 *
 * `record` is set instead when the parser built the record of a URL whose serialization it knows
 * to be `href` (one with a scheme that is not special): the positions are not used then.
 */
export class SerializedURL {
  // The fields are declared here and set in the constructor, as URLRecord's are (url-record.ts):
  // JavaScriptCore runs class field initializers as a separate function on every construction.
  declare href: string;
  declare hostStart: number;
  declare hostEnd: number;
  declare pathStart: number;
  declare pathEnd: number;
  declare queryEnd: number;
  declare readonly record: URLRecord | null;
  /**
   * Whether the URL has credentials, as the route that wrote this knows: the URL class keeps it,
   * so that its getters need not read #href to tell (the functions below read the href instead).
   */
  declare credentials: boolean;

  constructor(href: string, hostStart: number, hostEnd: number, pathStart: number, pathEnd: number, queryEnd: number, record: URLRecord | null) {
    this.href = href;
    this.hostStart = hostStart;
    this.hostEnd = hostEnd;
    this.pathStart = pathStart;
    this.pathEnd = pathEnd;
    this.queryEnd = queryEnd;
    this.record = record;
    this.credentials = false;
  }
}

/** The serialization of a URL the parser returned as a {@link SerializedURL}. */
export function serializationOf(url: SerializedURL): string {
  return url.record === null && url.pathStart === url.href.length ? url.href + '/' : url.href;
}

/** A {@link SerializedURL} for a record whose serialization is known to be `href`. */
export function serializedRecord(href: string, record: URLRecord): SerializedURL {
  return new SerializedURL(href, 0, 0, 0, 0, 0, record);
}

// The components of a URL held as its serialization `href`, as URLPattern names them (without
// ":", "?" or "#"; the empty string for a null query or fragment, and for no port), each sliced
// off it by a function small enough for V8 to inline, given the positions it needs.

/**
 * Whether the serialization has credentials: "@" ends them, right before the host (which "//"
 * precedes otherwise).
 */
export function hasCredentialsInSerialization(href: string, hostStart: number): boolean {
  return codeUnitAt(href, hostStart - 1) === CodeUnit.CommercialAt;
}

/** Where the scheme ends: at its ":", the first in the href (a scheme has none). */
export function schemeEndOfSerialization(href: string, hostStart: number): number {
  return hasCredentialsInSerialization(href, hostStart) ? href.indexOf(':') : hostStart - 3;
}

/** The scheme. */
export function protocolOfSerialization(href: string, hostStart: number): string {
  return href.slice(0, schemeEndOfSerialization(href, hostStart));
}

/**
 * The username, or "" for none: the credentials up to their first ":" (the serializer's, as the
 * parser percent-encodes every ":" in the username and the password).
 */
export function usernameOfSerialization(href: string, hostStart: number): string {
  if (!hasCredentialsInSerialization(href, hostStart)) return '';
  const start = href.indexOf(':') + 3;
  const colon = href.indexOf(':', start);
  return href.slice(start, colon === -1 || colon > hostStart ? hostStart - 1 : colon);
}

/** The password, or "" for none: the credentials after their first ":". */
export function passwordOfSerialization(href: string, hostStart: number): string {
  if (!hasCredentialsInSerialization(href, hostStart)) return '';
  const colon = href.indexOf(':', href.indexOf(':') + 3);
  return colon === -1 || colon > hostStart ? '' : href.slice(colon + 1, hostStart - 1);
}

/** The host (a held URL's host is never null). */
export function hostnameOfSerialization(href: string, hostStart: number, hostEnd: number): string {
  return href.slice(hostStart, hostEnd);
}

/** The port, serialized, or "" for none. */
export function portOfSerialization(href: string, hostEnd: number, pathStart: number): string {
  return hostEnd < pathStart ? href.slice(hostEnd + 1, pathStart) : '';
}

/** The path, serialized. */
export function pathnameOfSerialization(href: string, pathStart: number, pathEnd: number): string {
  return pathStart === pathEnd ? '/' : href.slice(pathStart, pathEnd);
}

/** The query, or "" for none. */
export function queryOfSerialization(href: string, pathEnd: number, queryEnd: number): string {
  return pathEnd < queryEnd ? href.slice(pathEnd + 1, queryEnd) : '';
}

/** The fragment, or "" for none. */
export function fragmentOfSerialization(href: string, queryEnd: number): string {
  return queryEnd < href.length ? href.slice(queryEnd + 1) : '';
}

/**
 * The eight components of a URL held as its serialization, in URLPattern's order
 * ({@link URLComponent}), as URLPattern names them.
 */
export function componentValuesOfSerialization(url: SerializedURL): string[] {
  const { href, hostStart, hostEnd, pathStart, pathEnd, queryEnd } = url;
  return [
    protocolOfSerialization(href, hostStart),
    usernameOfSerialization(href, hostStart),
    passwordOfSerialization(href, hostStart),
    hostnameOfSerialization(href, hostStart, hostEnd),
    portOfSerialization(href, hostEnd, pathStart),
    pathnameOfSerialization(href, pathStart, pathEnd),
    queryOfSerialization(href, pathEnd, queryEnd),
    fragmentOfSerialization(href, queryEnd),
  ];
}

/**
 * The URL record of a URL held as its serialization `href`, given where its components are (see
 * {@link SerializedURL}): the serializer's steps read backwards.
 * https://url.spec.whatwg.org/#concept-url-serializer
 */
export function recordOfSerialization(href: string, hostStart: number, hostEnd: number, pathStart: number, pathEnd: number, queryEnd: number): URLRecord {
  let port: number | null = null;
  if (hostEnd < pathStart) {
    // The port, serialized: decimal digits without a leading zero, as the parser read them.
    port = 0;
    for (let i = hostEnd + 1; i < pathStart; i++) port = port * 10 + (codeUnitAt(href, i) - CodeUnit.Digit0);
  }
  return createURLRecord(
    specialSchemeOfLength(href, schemeEndOfSerialization(href, hostStart)),
    usernameOfSerialization(href, hostStart),
    passwordOfSerialization(href, hostStart),
    hostnameOfSerialization(href, hostStart, hostEnd),
    port,
    pathnameOfSerialization(href, pathStart, pathEnd),
    pathEnd < queryEnd ? href.slice(pathEnd + 1, queryEnd) : null,
    queryEnd < href.length ? href.slice(queryEnd + 1) : null,
  );
}

/** The record of a URL the parser returned as a {@link SerializedURL}: the one it built, or the split. */
export function recordOfSerializedURL(url: SerializedURL): URLRecord {
  return url.record ?? recordOfSerialization(url.href, url.hostStart, url.hostEnd, url.pathStart, url.pathEnd, url.queryEnd);
}

/** The special scheme at the start of a serialization, told by its length (`n`) and first code unit. */
function specialSchemeOfLength(href: string, n: number): string {
  const first = codeUnitAt(href, 0);
  switch (n) {
    case 2:
      return 'ws';
    case 3:
      return first === CodeUnit.LowerW ? 'wss' : 'ftp';
    case 4:
      return first === CodeUnit.LowerH ? 'http' : 'file';
    default:
      return 'https';
  }
}
