/**
 * The basic URL parser's states from special authority slashes to port: the authority, its
 * credentials, host and port. Each is a function of the run (see url-parser-run.ts).
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { parseHostToString } from './host.ts';
import { codePointLength } from './infra.ts';
import { USERINFO_SET, utf8PercentEncodeRange } from './percent-encoding.ts';
import { specialSchemeDefaultPort } from './url-record.ts';
import { AuthorityScan, hostStateEnd, scanAuthority } from './url-parser-scanners.ts';
import { at } from './url-parser-input.ts';
import { finish, type ParserRun, report, RESTART, State, type StateResult } from './url-parser-run.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

// https://url.spec.whatwg.org/#special-authority-slashes-state
export function specialAuthoritySlashesState(r: ParserRun): StateResult {
  if (at(r.s, r.p) === CodeUnit.Solidus && at(r.s, r.p + 1) === CodeUnit.Solidus) {
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
  for (let c = at(s, p); c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus; c = at(s, ++p)) {
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
  const scan = r.authority ?? (r.authority = new AuthorityScan());
  const end = scanAuthority(s, p, r.len, special, reporter, scan);
  if (end === -1) return RESTART;
  const { lastAt, colon } = scan;
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
  const host = parseHostToString(hostInput, !special, reporter, hostStart, scan.simple);
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
  if (c === CodeUnit.Colon) {
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
    if (c < CodeUnit.Digit0 || c > CodeUnit.Digit9) break;
    if (port <= 0xffff) port = port * 10 + (c - CodeUnit.Digit0);
    q++;
  }
  const c = at(s, q);
  if (c === -1 || c === CodeUnit.Solidus || c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign || (r.special && c === CodeUnit.ReverseSolidus) || r.hasOverride) {
    if (q !== p) {
      if (port > 0xffff) {
        report(r, 'port-out-of-range', p, q - p, true);
        return null;
      }
      url.port = port === specialSchemeDefaultPort(url.scheme) ? null : port;
      if (url.port === null || (q - p > 1 && codeUnitAt(s, p) === CodeUnit.Digit0)) r.verbatim = false;
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
