/**
 * A URL held as its serialization: the href, and where its components are in it. The parser
 * returns one for an input that is its URL's serialization, and builds no record then; the URL
 * class, the record splitter and URLPattern read the components off the href through
 * {@link componentOfSerialization}.
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
 * The serialization of a URL with a special scheme, no credentials and a host that is not an IPv6
 * address, split: `href` and where its host starts (after "//") and ends (at the port's ":", or
 * where the path starts), where its path starts (its "/") and ends (the "?" or "#" after it, or the
 * end), and where its query ends (the "#", or the end; the path's end when there is no query).
 *
 * `href` may lack the path "/" that ends a serialization after the host or port (the input
 * "https://example.com"): `pathStart` is then `href.length`, and the path is "/".
 *
 * `record` is set instead when the parser built the record of a URL whose serialization it knows
 * to be `href` (one with credentials, or a scheme that is not special): the positions are not used
 * then.
 */
export class SerializedURL {
  constructor(
    public href: string,
    public hostStart: number,
    public hostEnd: number,
    public pathStart: number,
    public pathEnd: number,
    public queryEnd: number,
    public readonly record: URLRecord | null,
  ) {}
}

/** The serialization of a URL the parser returned as a {@link SerializedURL}. */
export function serializationOf(url: SerializedURL): string {
  return url.record === null && url.pathStart === url.href.length ? url.href + '/' : url.href;
}

/** A {@link SerializedURL} for a record whose serialization is known to be `href`. */
export function serializedRecord(href: string, record: URLRecord): SerializedURL {
  return new SerializedURL(href, 0, 0, 0, 0, 0, record);
}

/**
 * One component of a URL held as its serialization: the scheme, username, password, host, port,
 * path, query and fragment as URLPattern names them (without ":", "?" or "#"; the empty string for
 * a null query or fragment, and for no port).
 */
export function componentOfSerialization(url: SerializedURL, component: URLComponent): string {
  const { href, hostStart, hostEnd, pathStart, pathEnd, queryEnd } = url;
  switch (component) {
    case URLComponent.Protocol:
      return href.slice(0, hostStart - 3);
    case URLComponent.Hostname:
      return href.slice(hostStart, hostEnd);
    case URLComponent.Port:
      return hostEnd < pathStart ? href.slice(hostEnd + 1, pathStart) : '';
    case URLComponent.Pathname:
      return pathStart === pathEnd ? '/' : href.slice(pathStart, pathEnd);
    case URLComponent.Search:
      return pathEnd < queryEnd ? href.slice(pathEnd + 1, queryEnd) : '';
    case URLComponent.Hash:
      return queryEnd < href.length ? href.slice(queryEnd + 1) : '';
    default:
      // A URL held as its serialization has no credentials.
      return '';
  }
}

/**
 * The URL record of a URL held as its serialization: the serializer's steps read backwards.
 * https://url.spec.whatwg.org/#concept-url-serializer
 */
export function recordOfSerialization(url: SerializedURL): URLRecord {
  const { href, hostStart, hostEnd, pathStart, pathEnd, queryEnd } = url;
  let port: number | null = null;
  if (hostEnd < pathStart) {
    // The port, serialized: decimal digits without a leading zero, as the parser read them.
    port = 0;
    for (let i = hostEnd + 1; i < pathStart; i++) port = port * 10 + (codeUnitAt(href, i) - CodeUnit.Digit0);
  }
  return createURLRecord(
    specialSchemeOfLength(href, hostStart - 3),
    '',
    '',
    componentOfSerialization(url, URLComponent.Hostname),
    port,
    componentOfSerialization(url, URLComponent.Pathname),
    pathEnd < queryEnd ? href.slice(pathEnd + 1, queryEnd) : null,
    queryEnd < href.length ? href.slice(queryEnd + 1) : null,
  );
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
