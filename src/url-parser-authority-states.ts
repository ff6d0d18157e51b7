/**
 * The basic URL parser's states from special authority slashes to port: the authority, its
 * credentials, host and port. Each is a function of the run (see url-parser-run.ts).
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { parseHostToString } from './host.ts';
import { codePointLength, LONG_INPUT } from './infra.ts';
import { USERINFO_SET, utf8PercentEncodeRange } from './percent-encoding.ts';
import { specialSchemeDefaultPort } from './url-record.ts';
import { AUTHORITY_CLASS, AuthorityClass, SPECIAL_AUTHORITY_END } from './url-parser-common-shape.ts';
import { at } from './url-parser-input.ts';
import { finish, type ParserRun, pathOf, report, RESTART, State, type StateResult } from './url-parser-run.ts';
import type { ValidationReporter } from './validation-error.ts';
import { codeUnitAt } from './code-unit.ts';

// https://url.spec.whatwg.org/#special-authority-slashes-state
export function specialAuthoritySlashesState(r: ParserRun): StateResult {
  if (at(r.s, r.p) === 0x2f && at(r.s, r.p + 1) === 0x2f) {
    r.p += 2;
  } else {
    r.verbatim = false;
    report(r, 'special-scheme-missing-following-solidus', r.p, 0, false);
  }
  r.state = State.SpecialAuthorityIgnoreSlashes;
  return;
}

// https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
export function specialAuthorityIgnoreSlashesState(r: ParserRun): StateResult {
  const s = r.s;
  let p = r.p;
  for (let c = at(s, p); c === 0x2f || c === 0x5c; c = at(s, ++p)) {
    r.verbatim = false;
    report(r, 'special-scheme-missing-following-solidus', p, 1, false);
  }
  r.p = p;
  r.state = State.Authority;
  return;
}

// https://url.spec.whatwg.org/#authority-state
export function authorityState(r: ParserRun): StateResult {
  const { s, p, special, reporter, url } = r;
  const end = scanAuthority(s, p, r.len, special, reporter);
  if (end === -1) return RESTART;
  const lastAt = authorityLastAt;
  const colon = authorityColon;
  let hostStart = p;
  if (lastAt !== -1) {
    r.verbatim = false;
    // Every "@" before the last one ends up percent-encoded, as the userinfo set has "@"; the
    // first ":" separates the username from the password.
    let userColon = s.indexOf(':', p);
    if (userColon === -1 || userColon > lastAt) userColon = lastAt;
    url.username += utf8PercentEncodeRange(s, p, userColon, USERINFO_SET);
    if (userColon < lastAt) url.password += utf8PercentEncodeRange(s, userColon + 1, lastAt, USERINFO_SET);
    hostStart = lastAt + 1;
    if (hostStart === end) {
      report(r, 'host-missing', hostStart, 0, true);
      return null;
    }
  }
  // The host state, without a state override; with one, the host state itself (which returns
  // after the host or the port).
  if (r.hasOverride) {
    r.state = State.Host;
    r.p = hostStart;
    return;
  }
  const hostEnd = colon === -1 ? end : colon;
  if (hostStart === hostEnd && (special || colon !== -1)) {
    report(r, 'host-missing', hostStart, 0, true);
    return null;
  }
  const hostInput = s.slice(hostStart, hostEnd);
  const host = parseHostToString(hostInput, !special, reporter, hostStart, authoritySimple);
  if (host === null) return null;
  if (host !== hostInput) r.verbatim = false;
  url.host = host;
  if (colon !== -1) {
    r.state = State.Port;
    r.p = colon + 1;
  } else {
    r.state = State.PathStart;
    r.p = end;
  }
  return;
}

// https://url.spec.whatwg.org/#host-state
// https://url.spec.whatwg.org/#hostname-state
export function hostState(r: ParserRun): StateResult {
  if (r.optimistic) return RESTART;
  const { s, p, special, reporter, url } = r;
  if (r.hasOverride && url.scheme === 'file') {
    r.state = State.FileHost;
    return;
  }
  const q = hostStateEnd(s, p, r.len, special);
  const c = at(s, q);
  if (c === 0x3a) {
    if (q === p) {
      report(r, 'host-missing', p, 0, true);
      return null;
    }
    if (r.override === State.Hostname) return null;
    const host = parseHostToString(s.slice(p, q), !special, reporter, p);
    if (host === null) return null;
    url.host = host;
    r.state = State.Port;
    r.p = q + 1;
    return;
  }
  if (special && q === p) {
    report(r, 'host-missing', p, 0, true);
    return null;
  }
  if (r.hasOverride && q === p && (url.username !== '' || url.password !== '' || url.port !== null)) {
    return null;
  }
  const host = parseHostToString(s.slice(p, q), !special, reporter, p);
  if (host === null) return null;
  url.host = host;
  if (r.hasOverride) return finish(r);
  r.state = State.PathStart;
  r.p = q;
  return;
}

// https://url.spec.whatwg.org/#port-state
export function portState(r: ParserRun): StateResult {
  const { s, p, len, url } = r;
  let q = p;
  let port = 0;
  while (q < len) {
    const c = codeUnitAt(s, q);
    if (c < 0x30 || c > 0x39) break;
    if (port <= 0xffff) port = port * 10 + (c - 0x30);
    q++;
  }
  const c = at(s, q);
  if (c === -1 || c === 0x2f || c === 0x3f || c === 0x23 || (r.special && c === 0x5c) || r.hasOverride) {
    if (q !== p) {
      if (port > 0xffff) {
        report(r, 'port-out-of-range', p, q - p, true);
        return null;
      }
      url.port = port === specialSchemeDefaultPort(url.scheme) ? null : port;
      if (url.port === null || (q - p > 1 && codeUnitAt(s, p) === 0x30)) r.verbatim = false;
      if (r.hasOverride) return finish(r);
    }
    if (r.hasOverride) return null;
    if (q === p) r.verbatim = false;
    r.state = State.PathStart;
    r.p = q;
    return;
  }
  report(r, 'port-invalid', q, codePointLength(s, q), true);
  return null;
}

/** Set by {@link scanAuthority}: the authority's last "@", or -1. */
let authorityLastAt = -1;
/** Set by {@link scanAuthority}: the first ":" outside brackets after that "@", or -1. */
let authorityColon = -1;
/**
 * Set by {@link scanAuthority}: whether the host (after the last "@", up to that ":") has only
 * ASCII lowercase letters, digits, "-" and ".".
 */
let authoritySimple = true;

/**
 * The authority state's scan from `p`, in one pass: the end of the authority (the first "/", "?",
 * "#", or "\\" for special URLs), or -1 at an ASCII tab or newline (the optimistic run restarts
 * there); the last "@" and the first ":" outside brackets after it go to {@link authorityLastAt}
 * and {@link authorityColon}: what the authority, host and port states would find code point by
 * code point. Reports invalid-credentials at each "@".
 *
 * https://url.spec.whatwg.org/#authority-state
 */
function scanAuthority(s: string, p: number, len: number, special: boolean, reporter: ValidationReporter | null): number {
  let end = p;
  let lastAt = -1;
  let colon = -1;
  let insideBrackets = false;
  let simple = true;
  if (reporter === null && len - p > LONG_INPUT) {
    // The same answers from native scans (no validation errors to report on the way).
    end = scanLongAuthority(s, p, len, special);
    lastAt = longAuthorityLastAt;
    colon = longAuthorityColon;
    simple = false;
  }
  for (; end < len; end++) {
    const c = codeUnitAt(s, end);
    if (c >= 128) {
      if (colon === -1) simple = false;
      continue;
    }
    const f = AUTHORITY_CLASS[c]!;
    if (f === 0) continue;
    if (f === AuthorityClass.End || (c === 0x5c && special)) break;
    if (c === 0x40) {
      if (reporter !== null) reporter.report('invalid-credentials', end, 1, false);
      lastAt = end;
      colon = -1;
      insideBrackets = false;
      simple = true;
    } else if (c === 0x3a) {
      if (!insideBrackets && colon === -1) colon = end;
    } else {
      if (c <= 0x0d && (c === 0x09 || c === 0x0a || c === 0x0d)) return -1;
      if (c === 0x5b) insideBrackets = true;
      else if (c === 0x5d) insideBrackets = false;
      if (colon === -1) simple = false;
    }
  }
  authorityLastAt = lastAt;
  authorityColon = colon;
  authoritySimple = simple;
  return end;
}

/** The end of another authority. */
const AUTHORITY_END_RE = /[/?#]/g;
/** ":" or "[", for the first ":" outside brackets. */
const COLON_OR_BRACKET = /[:[]/g;

let longAuthorityLastAt = -1;
let longAuthorityColon = -1;

/**
 * The authority state's one-pass scan (see scanAuthority) for a long authority, with native scans:
 * returns the end of the authority and sets the last "@" before it and the first ":" outside
 * brackets after that. Each scan goes forward from where the last one stopped, so the whole is
 * linear. (An IPv6-like host of a million code units: 3.2 -> 0.5 ms on Node 26.) The input has no
 * ASCII tab or newline: one longer than {@link LONG_INPUT} is cleaned before any run (see
 * parseOtherShape), and the other runs parse cleaned input.
 */
function scanLongAuthority(s: string, p: number, len: number, special: boolean): number {
  const endRe = special ? SPECIAL_AUTHORITY_END : AUTHORITY_END_RE;
  endRe.lastIndex = p;
  const endMatch = endRe.exec(s);
  const end = endMatch === null ? len : endMatch.index;
  let lastAt = end > p ? s.lastIndexOf('@', end - 1) : -1;
  if (lastAt < p) lastAt = -1;
  longAuthorityLastAt = lastAt;
  let colon = -1;
  // The scans below read the authority only: the input up to its end. (Searching the whole input
  // read all of a long path after a short host: 9% of "http://h/" and 1 MB of "%2e%2e/".)
  const authority = s.slice(0, end);
  COLON_OR_BRACKET.lastIndex = lastAt === -1 ? p : lastAt + 1;
  for (;;) {
    const m = COLON_OR_BRACKET.exec(authority);
    if (m === null) break;
    if (codeUnitAt(s, m.index) === 0x3a) {
      colon = m.index;
      break;
    }
    // "[": no ":" counts until the next "]".
    const close = authority.indexOf(']', m.index + 1);
    if (close === -1) break;
    COLON_OR_BRACKET.lastIndex = close + 1;
  }
  longAuthorityColon = colon;
  return end;
}

/**
 * Where the host state's buffer ends, from `p`: at a ":" outside brackets, "/", "?", "#", "\\" for
 * special URLs, or the end. https://url.spec.whatwg.org/#host-state
 */
function hostStateEnd(s: string, p: number, len: number, special: boolean): number {
  let insideBrackets = false;
  let q = p;
  for (; q < len; q++) {
    const c = codeUnitAt(s, q);
    if (c === 0x3a && !insideBrackets) break;
    if (c === 0x2f || c === 0x3f || c === 0x23 || (c === 0x5c && special)) break;
    if (c === 0x5b) insideBrackets = true;
    else if (c === 0x5d) insideBrackets = false;
  }
  return q;
}
