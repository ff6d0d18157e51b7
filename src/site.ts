/**
 * Public suffixes and registrable domains of hosts (URL Standard §3.2), and HTML's sites built on
 * them (same site, schemelessly same site).
 *
 * https://url.spec.whatwg.org/#host-public-suffix
 * https://html.spec.whatwg.org/multipage/browsers.html#sites
 *
 * The Public Suffix List (ICANN and private sections) comes from the `tldts` package; this entry
 * point is the only one that loads it, so the main entry stays small.
 */
import { getPublicSuffix as tldtsPublicSuffix } from 'tldts';
import { parseHost } from './host.ts';
import { getOrigin, type Origin, type OpaqueOrigin, type URLLike } from './origin.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

export { publicSuffixListVersion } from './public-suffix-list-version.ts';

const TLDTS_OPTIONS = {
  allowPrivateDomains: true,
  // The input is already a host from the host parser: no URL to extract, nothing to validate (the
  // host parser allows code points such as "_" that tldts's hostname validation rejects).
  extractHostname: false,
  validateHostname: false,
  mixedInputs: false,
  detectIp: false,
} as const;

/** The host parser on `input` when it yields a domain, otherwise null. */
function parseDomain(input: string): string | null {
  if (typeof input !== 'string') return null;
  const host = parseHost(input);
  if (typeof host !== 'string') return null; // failure or IP address
  // Strings from the (non-opaque) host parser are domains; an IPv6 or IPv4 address never is.
  return host;
}

/**
 * The Public Suffix List algorithm's public suffix of an ASCII domain without its trailing dot,
 * as a number of labels counted from the end.
 * https://github.com/publicsuffix/list/wiki/Format#formal-algorithm
 */
function publicSuffixLabelCount(domain: string): number {
  // An empty last label (the input ended in ".." or was ".") matches no rule but the default
  // rule "*", which makes it the public suffix.
  if (domain === '' || codeUnitAt(domain, domain.length - 1) === CodeUnit.FullStop) return 1;
  const suffix = tldtsPublicSuffix(domain, TLDTS_OPTIONS);
  if (suffix === null || suffix === '' || !(domain === suffix || domain.endsWith('.' + suffix))) {
    // Not expected for a domain; fall back to the default rule "*".
    return 1;
  }
  let count = 1;
  for (let i = 0; i < suffix.length; i++) if (codeUnitAt(suffix, i) === CodeUnit.FullStop) count++;
  return count;
}

/** The last `count` labels of `domain` (all of them when it has fewer). */
function lastLabels(domain: string, count: number): string {
  let index = domain.length;
  for (let n = 0; n < count; n++) {
    index = domain.lastIndexOf('.', index - 1);
    if (index === -1) return domain;
  }
  return domain.slice(index + 1);
}

/** Splits one trailing dot off a domain. */
function splitTrailingDot(domain: string): [withoutDot: string, trailingDot: string] {
  return codeUnitAt(domain, domain.length - 1) === CodeUnit.FullStop ? [domain.slice(0, -1), '.'] : [domain, ''];
}

// https://url.spec.whatwg.org/#host-public-suffix steps 2-5 (and the registrable domain's): the
// standard runs the Public Suffix List algorithm on the domain itself and asserts that the result
// ends with trailingDot. tldts disregards a trailing dot, so it is given the domain without it and
// the dot is appended to the result: the same answer.
function publicSuffixOfDomain(domain: string): string {
  const [bare, trailingDot] = splitTrailingDot(domain);
  return lastLabels(bare, publicSuffixLabelCount(bare)) + trailingDot;
}

function registrableDomainOfDomain(domain: string): string | null {
  const [bare, trailingDot] = splitTrailingDot(domain);
  const count = publicSuffixLabelCount(bare);
  const suffix = lastLabels(bare, count);
  if (suffix === bare) return null; // the host is its own public suffix
  return lastLabels(bare, count + 1) + trailingDot;
}

/**
 * The public suffix of a host, or `null` when the input is not a domain (an IP address, or a
 * failure of the host parser). The input goes through the host parser first, so it may be in any
 * case or in Unicode; the result is ASCII (Punycode). Uses the Public Suffix List, private section
 * included, and its default rule `*` (an unknown top-level domain is its own public suffix).
 *
 * ```ts
 * publicSuffix('www.example.com');   // 'com'
 * publicSuffix('example.com.');      // 'com.'
 * publicSuffix('whatwg.github.io');  // 'github.io'
 * publicSuffix('example.إختبار');    // 'xn--kgbechtv'
 * publicSuffix('[::1]');             // null
 * ```
 *
 * https://url.spec.whatwg.org/#host-public-suffix
 */
export function publicSuffix(host: string): string | null {
  const domain = parseDomain(host);
  return domain === null ? null : publicSuffixOfDomain(domain);
}

/**
 * The registrable domain of a host: its public suffix and the label before it, or `null` when
 * the host is not a domain or is a public suffix itself.
 *
 * ```ts
 * registrableDomain('sub.www.example.com'); // 'example.com'
 * registrableDomain('example.com.');        // 'example.com.'
 * registrableDomain('github.io');           // null
 * registrableDomain('sub.example.إختبار');  // 'example.xn--kgbechtv'
 * ```
 *
 * https://url.spec.whatwg.org/#host-registrable-domain
 */
export function registrableDomain(host: string): string | null {
  const domain = parseDomain(host);
  return domain === null ? null : registrableDomainOfDomain(domain);
}

/**
 * The registrable domain of an already serialized host (as origins and URL records hold it):
 * no second run of the host parser.
 */
function registrableDomainOfSerializedHost(host: string): string | null {
  if (host === '' || codeUnitAt(host, 0) === CodeUnit.LeftSquareBracket /* [ IPv6 */) return null;
  // A serialized IPv4 address ends in a number; a domain from the host parser never does.
  const last = codeUnitAt(host, host.length - 1);
  if (last >= CodeUnit.Digit0 && last <= CodeUnit.Digit9 && /^[0-9.]+$/.test(host)) return null;
  return registrableDomainOfDomain(host);
}

// --- Sites ---------------------------------------------------------------------------------------

/** A scheme-and-host: https://html.spec.whatwg.org/multipage/browsers.html#scheme-and-host */
export interface SchemeAndHost {
  readonly type: 'scheme-and-host';
  readonly scheme: string;
  /** The host, serialized: the registrable domain, or the whole host when it has none. */
  readonly host: string;
}

/** A site: an opaque origin or a scheme-and-host. https://html.spec.whatwg.org/multipage/browsers.html#site */
export type Site = OpaqueOrigin | SchemeAndHost;

/** Options of the site functions. */
export interface SiteOptions {
  /**
   * The registrable domain of a serialized host, replacing this module's Public Suffix List, for
   * callers that need another list (the list "will diverge from client to client", as the URL
   * Standard warns).
   */
  registrableDomain?: ((host: string) => string | null) | undefined;
}

function registrableDomainWith(host: string, options: SiteOptions | undefined): string | null {
  const custom = options?.registrableDomain;
  return typeof custom === 'function' ? custom(host) : registrableDomainOfSerializedHost(host);
}

/**
 * Obtains the site of an origin: the origin itself when opaque, otherwise its scheme with its
 * host's registrable domain (or its host, when that is null).
 *
 * ```ts
 * obtainSite(getOrigin(new URL('https://a.b.example.com:8443/'))!);
 * // { type: 'scheme-and-host', scheme: 'https', host: 'example.com' }
 * ```
 *
 * https://html.spec.whatwg.org/multipage/browsers.html#obtain-a-site
 */
export function obtainSite(origin: Origin, options?: SiteOptions): Site {
  if (origin.type !== 'tuple') return origin;
  const domain = registrableDomainWith(origin.host, options);
  return { type: 'scheme-and-host', scheme: origin.scheme, host: domain ?? origin.host };
}

/**
 * The serialization of a site: "null" for an opaque origin, otherwise `scheme://host`.
 *
 * https://html.spec.whatwg.org/multipage/browsers.html#serialization-of-a-site
 */
export function serializeSite(site: Site): string {
  return site.type === 'opaque' ? 'null' : site.scheme + '://' + site.host;
}

/**
 * Whether two origins are schemelessly same site: the same opaque origin (the same object), or
 * two tuple origins whose hosts have the same non-null registrable domain, or that have equal
 * hosts without a registrable domain. Schemes, ports and domains are ignored.
 *
 * ```ts
 * isSchemelesslySameSite(getOrigin(new URL('https://example.com'))!,
 *                        getOrigin(new URL('http://non-secure.example.com'))!); // true
 * ```
 *
 * https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site
 */
export function isSchemelesslySameSite(a: Origin, b: Origin, options?: SiteOptions): boolean {
  if (a.type !== 'tuple' || b.type !== 'tuple') return a === b;
  const domainA = registrableDomainWith(a.host, options);
  if (domainA === null) return a.host === b.host && registrableDomainWith(b.host, options) === null;
  return domainA === registrableDomainWith(b.host, options);
}

/**
 * Whether two origins are same site: their sites have the same scheme and host (or are the same
 * opaque origin). Ports and domains are ignored.
 *
 * ```ts
 * const o = (s: string) => getOrigin(new URL(s))!;
 * isSameSite(o('https://a.example.com'), o('https://b.example.com:8443')); // true
 * isSameSite(o('https://a.github.io'), o('https://b.github.io'));          // false
 * isSameSite(o('https://example.com'), o('http://example.com'));           // false
 * ```
 *
 * https://html.spec.whatwg.org/multipage/browsers.html#same-site
 */
export function isSameSite(a: Origin, b: Origin, options?: SiteOptions): boolean {
  const siteA = obtainSite(a, options);
  const siteB = obtainSite(b, options);
  // https://html.spec.whatwg.org/multipage/browsers.html#concept-site-same-site
  if (siteA.type !== 'scheme-and-host' || siteB.type !== 'scheme-and-host') return siteA === siteB;
  return siteA.scheme === siteB.scheme && siteA.host === siteB.host;
}

/**
 * Whether the origins of two URLs (strings, records, or objects with an `href`) are same site. A
 * URL whose origin is opaque (`data:`, `file:`, an unparsable string...) is never same site with
 * another URL, as each gets a new opaque origin.
 *
 * ```ts
 * isSameSiteURL('https://www.example.com/a', 'https://static.example.com/b'); // true
 * ```
 */
export function isSameSiteURL(a: string | URLLike, b: string | URLLike, options?: SiteOptions): boolean {
  const originA = originOfInput(a);
  const originB = originOfInput(b);
  if (originA === null || originB === null) return false;
  return isSameSite(originA, originB, options);
}

function originOfInput(input: string | URLLike): Origin | null {
  return getOrigin(typeof input === 'string' ? { href: input } : input);
}

/**
 * Whether `hostSuffixString` is a registrable domain suffix of or is equal to `originalHost`
 * (a serialized host, such as an origin's): the check behind `document.domain`'s setter.
 *
 * ```ts
 * isRegistrableDomainSuffixOfOrEqualTo('example.com', 'www.example.com'); // true
 * isRegistrableDomainSuffixOfOrEqualTo('com', 'example.com');             // false
 * ```
 *
 * https://html.spec.whatwg.org/multipage/browsers.html#is-a-registrable-domain-suffix-of-or-is-equal-to
 */
export function isRegistrableDomainSuffixOfOrEqualTo(hostSuffixString: string, originalHost: string): boolean {
  if (typeof hostSuffixString !== 'string' || hostSuffixString === '') return false;
  const hostSuffix = parseHost(hostSuffixString);
  if (hostSuffix === null) return false;
  const original = parseHost(originalHost);
  if (original === null) return false;
  if (typeof hostSuffix === 'string' && typeof original === 'string' && hostSuffix === original) return true;
  if (typeof hostSuffix !== 'string' || typeof original !== 'string') {
    // IP addresses: only equality counts.
    return JSON.stringify(hostSuffix) === JSON.stringify(original);
  }
  if (!original.endsWith('.' + hostSuffix)) return false;
  if (hostSuffix === publicSuffixOfDomain(hostSuffix)) return false;
  if (publicSuffixOfDomain(original).endsWith('.' + hostSuffix)) return false;
  return true;
}
