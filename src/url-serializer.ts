/**
 * URL serializing (URL Standard §4.5).
 *
 * https://url.spec.whatwg.org/#url-serializing
 */
import { createURLRecord, type URLRecord } from './url-record.ts';
import { codeUnitAt } from './code-unit.ts';

/**
 * The URL serializer.
 *
 * https://url.spec.whatwg.org/#concept-url-serializer
 */
export function serializeURL(url: URLRecord, excludeFragment = false): string {
  let output: string;
  if (url.host !== null) {
    output = schemeAndSlashes(url.scheme);
    if (url.username !== '' || url.password !== '') {
      output += url.username;
      if (url.password !== '') output += ':' + url.password;
      output += '@';
    }
    output += url.host;
    // The port, serialized (https://url.spec.whatwg.org/#serialize-an-integer).
    if (url.port !== null) output += ':' + url.port;
  } else {
    output = url.scheme + ':';
    if (!url.opaquePath && url.serializedPath.charCodeAt(1) === 0x2f /* path[0] is "" and size > 1 */) output += '/.';
  }
  output += url.serializedPath;
  if (url.query !== null) output += '?' + url.query;
  if (!excludeFragment && url.fragment !== null) output += '#' + url.fragment;
  return output;
}

/**
 * The scheme, ":" and "//": one shared string for the special schemes, where concatenating would
 * make two short strings per URL. (npm run bench row 3, Node 26, interleaved with the build before:
 * 149 -> 142 ns.)
 */
function schemeAndSlashes(scheme: string): string {
  switch (scheme) {
    case 'https':
      return 'https://';
    case 'http':
      return 'http://';
    case 'file':
      return 'file://';
    case 'wss':
      return 'wss://';
    case 'ws':
      return 'ws://';
    case 'ftp':
      return 'ftp://';
    default:
      return scheme + '://';
  }
}

/**
 * The URL path serializer.
 *
 * https://url.spec.whatwg.org/#url-path-serializer
 */
export function serializePath(url: URLRecord): string {
  return url.serializedPath;
}

/**
 * The URL record whose serialization is `href`, for a URL with a special scheme, no credentials, a
 * host that is not an IPv6 address, and a path, given where the host starts (after "//") and ends
 * (at the port's ":", or where the path starts), where the path starts (its "/") and ends (the "?"
 * or "#" after it, or the end), and where the query ends (the "#", or the end; the path's end when
 * there is no query): the serializer's steps read backwards. `href` may also lack the path "/"
 * that ends it after the host or port (`pathStart` is then its length): the path is "/" then.
 *
 * The URL class keeps such a serialization instead of the record the parser would have built (see
 * parseCommonShape's ReturnMode.Serialization), and calls this when the record is first needed.
 */
export function recordOfSerialization(href: string, hostStart: number, hostEnd: number, pathStart: number, pathEnd: number, queryEnd: number): URLRecord {
  let port: number | null = null;
  if (hostEnd < pathStart) {
    // The port, serialized: decimal digits without a leading zero, as the parser read them.
    port = 0;
    for (let i = hostEnd + 1; i < pathStart; i++) port = port * 10 + (codeUnitAt(href, i) - 0x30);
  }
  return createURLRecord(
    specialSchemeOfLength(href, hostStart - 3),
    '',
    '',
    href.slice(hostStart, hostEnd),
    port,
    pathStart === pathEnd ? '/' : href.slice(pathStart, pathEnd),
    pathEnd < queryEnd ? href.slice(pathEnd + 1, queryEnd) : null,
    queryEnd < href.length ? href.slice(queryEnd + 1) : null,
  );
}

/** The special scheme at the start of a serialization, told by its length (`n`) and first code unit. */
function specialSchemeOfLength(href: string, n: number): string {
  const a = codeUnitAt(href, 0);
  switch (n) {
    case 2:
      return 'ws';
    case 3:
      return a === 0x77 ? 'wss' : 'ftp';
    case 4:
      return a === 0x68 ? 'http' : 'file';
    default:
      return 'https';
  }
}
