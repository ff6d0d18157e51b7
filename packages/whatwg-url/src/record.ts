/**
 * whatwg-url's URL records: plain objects whose fields dependents read, copy (`{ ...url }`) and
 * assign directly, converted to and from url-standard's `URLRecord` (which keeps the host and the
 * path serialized).
 *
 * https://url.spec.whatwg.org/#concept-url
 */
import { URLRecord as StandardURLRecord, parseHost, serializeHost as serializeStandardHost } from 'url-standard';

/** An IPv6 address: eight 16-bit pieces. https://url.spec.whatwg.org/#concept-ipv6 */
export type IPv6Address = [number, number, number, number, number, number, number, number];

/**
 * A host: a domain or opaque host (string), an IPv4 address (number), an IPv6 address (array of
 * eight numbers), or the empty host (""). https://url.spec.whatwg.org/#concept-host
 */
export type Host = string | number | IPv6Address;

/** A URL record, as whatwg-url gives it. https://url.spec.whatwg.org/#concept-url */
export interface URLRecord {
  scheme: string;
  username: string;
  password: string;
  host: Host | null;
  port: number | null;
  /** A list of path segments, or a string for an opaque path. */
  path: string | string[];
  query: string | null;
  fragment: string | null;
}

/** An IPv4 address as the host serializer writes it: four decimal numbers, dot-separated. */
const IPV4_SERIALIZATION = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * The host a serialized host stands for, in the URL whose scheme is `scheme`. A special URL's host
 * made of four dot-separated decimal numbers is an IPv4 address: the host parser sends every
 * domain that ends in a number to the IPv4 parser, so no domain looks like that (and a domain
 * that does not end in a digit is not one to look at). A host in brackets is an IPv6 address, in
 * every URL. Everything else is a domain, an opaque host, or the empty host.
 *
 * https://url.spec.whatwg.org/#concept-host-serializer
 */
export function hostFromSerialization(serialized: string, scheme: string): Host {
  if (serialized.startsWith('[')) {
    const address = parseHost(serialized);
    return Array.isArray(address) ? (Array.from(address) as IPv6Address) : serialized;
  }
  const last = serialized.charCodeAt(serialized.length - 1);
  if (last >= 0x30 && last <= 0x39 && isSpecialScheme(scheme)) {
    const parts = IPV4_SERIALIZATION.exec(serialized);
    if (parts !== null) {
      // The serializer writes each of the four bytes in decimal, most significant first.
      return ((Number(parts[1]) * 256 + Number(parts[2])) * 256 + Number(parts[3])) * 256 + Number(parts[4]);
    }
  }
  return serialized;
}

/** https://url.spec.whatwg.org/#special-scheme */
export function isSpecialScheme(scheme: string): boolean {
  switch (scheme) {
    case 'ftp':
    case 'file':
    case 'http':
    case 'https':
    case 'ws':
    case 'wss':
      return true;
    default:
      return false;
  }
}

/** The host serializer, for whatwg-url's host values. https://url.spec.whatwg.org/#concept-host-serializer */
export function serializeHost(host: Host): string {
  return serializeStandardHost(host);
}

/**
 * whatwg-url's record for a url-standard record parsed against `base` (null for none), which was
 * converted to `standardBase` for the parse. When the host is the base's, the record shares the
 * base's host value, as whatwg-url's records of relative URLs do (dependents compare hosts, IPv6
 * arrays included, with `===`).
 */
export function recordFromStandard(standard: StandardURLRecord, base: URLRecord | null, standardBase: StandardURLRecord | null): URLRecord {
  const serializedHost = standard.host;
  let host: Host | null = null;
  if (serializedHost !== null) {
    host =
      base !== null && base.host !== null && serializedHost === standardBase!.host
        ? base.host
        : hostFromSerialization(serializedHost, standard.scheme);
  }
  return {
    scheme: standard.scheme,
    username: standard.username,
    password: standard.password,
    host,
    port: standard.port,
    path: standardBase !== null && standard.serializedPath === standardBase.serializedPath ? pathOfBase(standard, base!) : standard.path,
    query: standard.query,
    fragment: standard.fragment,
  };
}

/**
 * The path of `standard`, which has the serialized path of `base`'s conversion (a reference with a
 * query or a fragment only, or an empty one): a copy of the base's list, whose segments are those
 * of that serialized path, as the conversion is checked against them.
 * https://url.spec.whatwg.org/#relative-state (the base's path is cloned)
 */
function pathOfBase(standard: StandardURLRecord, base: URLRecord): string | string[] {
  return standard.opaquePath || typeof base.path === 'string' ? standard.path : base.path.slice();
}

/** url-standard's record for a whatwg-url record (a new record; `record` is only read). */
export function standardFromRecord(record: URLRecord): StandardURLRecord {
  const standard = new StandardURLRecord();
  standard.scheme = record.scheme;
  standard.username = record.username;
  standard.password = record.password;
  standard.host = record.host === null ? null : serializeStandardHost(record.host);
  standard.port = record.port;
  standard.path = record.path;
  standard.query = record.query;
  standard.fragment = record.fragment;
  return standard;
}

/**
 * A record converted for use as a base, with what the conversion cannot tell from its result: the
 * record's host value and path list. The conversion holds while the record's fields are those of
 * `standard` (the scalar fields are copied as they are), its host and path are these, and its
 * path's segments are `segments`.
 */
interface BaseConversion {
  /** The record converted. */
  readonly record: URLRecord;
  readonly standard: StandardURLRecord;
  readonly host: Host | null;
  readonly path: string | string[];
  /** A copy of the path's segments, or null for an opaque path. */
  readonly segments: readonly string[] | null;
}

/**
 * The last conversion of each record used as a base: dependents parse many references against one
 * base record (a document's base URL), which is then converted once. A lazy cache, checked against
 * the record's fields at each use, since dependents change records in place.
 */
const baseConversions = new WeakMap<URLRecord, BaseConversion>();

/**
 * The conversion used last, looked at before the WeakMap: references come in runs against one base
 * (a document's links). It keeps that one record alive until another record is used as a base.
 */
let lastConversion: BaseConversion | null = null;

/** Whether `record` has the values `conversion` was made from. */
function isConversionOf(conversion: BaseConversion, record: URLRecord): boolean {
  const standard = conversion.standard;
  if (
    conversion.path !== record.path ||
    conversion.host !== record.host ||
    standard.scheme !== record.scheme ||
    standard.username !== record.username ||
    standard.password !== record.password ||
    standard.port !== record.port ||
    standard.query !== record.query ||
    standard.fragment !== record.fragment
  ) {
    return false;
  }
  const segments = conversion.segments;
  if (segments === null) return true;
  const path = record.path as string[];
  if (path.length !== segments.length) return false;
  for (let i = 0; i < segments.length; i++) if (path[i] !== segments[i]) return false;
  return true;
}

/**
 * url-standard's record for a whatwg-url record used as a base URL, which the parser only reads:
 * the cached conversion while the record is unchanged. An IPv6 host (an array, which could change
 * in place) is converted each time.
 */
export function standardBaseFromRecord(record: URLRecord): StandardURLRecord {
  // The last conversion, when it is this record's, is the one the WeakMap holds for it.
  const last = lastConversion;
  const cached = last !== null && last.record === record ? last : baseConversions.get(record);
  if (cached !== undefined && isConversionOf(cached, record)) {
    lastConversion = cached;
    return cached.standard;
  }
  const standard = standardFromRecord(record);
  if (!Array.isArray(record.host)) {
    const path = record.path;
    const conversion: BaseConversion = {
      record,
      standard,
      host: record.host,
      path,
      segments: typeof path === 'string' ? null : path.slice(),
    };
    baseConversions.set(record, conversion);
    lastConversion = conversion;
  }
  return standard;
}

/**
 * Writes the fields of `standard` (which was made from `record` and then changed in place) back
 * into `record`. A host or a path that serializes as before keeps its value, so that arrays held
 * elsewhere stay the record's own.
 */
export function copyStandardInto(record: URLRecord, standard: StandardURLRecord): void {
  record.scheme = standard.scheme;
  record.username = standard.username;
  record.password = standard.password;
  const serializedHost = standard.host;
  if (serializedHost === null) {
    record.host = null;
  } else if (record.host === null || serializeStandardHost(record.host) !== serializedHost) {
    record.host = hostFromSerialization(serializedHost, standard.scheme);
  }
  record.port = standard.port;
  const path = record.path;
  if (standard.opaquePath) {
    record.path = standard.serializedPath;
  } else if (typeof path === 'string' || serializeListPath(path) !== standard.serializedPath) {
    record.path = standard.path;
  }
  record.query = standard.query;
  record.fragment = standard.fragment;
}

/** A list path serialized the way url-standard keeps it: "" for no segment, "/a/b" for « a, b ». */
function serializeListPath(segments: readonly string[]): string {
  return segments.length === 0 ? '' : '/' + segments.join('/');
}
