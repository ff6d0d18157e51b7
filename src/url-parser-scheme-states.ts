/**
 * The basic URL parser's states from scheme start to relative slash: the scheme, and the states
 * that take what a reference without one keeps of its base. Each is a function of the run (see
 * url-parser-run.ts).
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { CodeUnit } from './code-unit.ts';
import { ALPHA, asciiClass, schemeEnd } from './infra.ts';
import { specialSchemeDefaultPort } from './url-record.ts';
import { at } from './url-parser-input.ts';
import { finish, type ParserRun, pathOf, report, RESTART, shortenPath, startQueryOrFragment, State, type StateResult } from './url-parser-run.ts';

// https://url.spec.whatwg.org/#scheme-start-state
export function schemeStartState(r: ParserRun): StateResult {
  const c = at(r.s, r.p);
  if (c >= 0 && c < CodeUnit.FirstNonASCII && (asciiClass[c]! & ALPHA) !== 0) {
    r.state = State.Scheme;
    return;
  }
  if (!r.hasOverride) {
    r.state = State.NoScheme;
    return;
  }
  return null;
}

// https://url.spec.whatwg.org/#scheme-state
export function schemeState(r: ParserRun): StateResult {
  const { s, url } = r;
  const schemeStart = r.p;
  const q = schemeEnd(s, schemeStart);
  if (at(s, q) !== CodeUnit.Colon) {
    if (!r.hasOverride) {
      r.state = State.NoScheme;
      r.p = 0;
      return;
    }
    return null;
  }
  const rawScheme = s.slice(schemeStart, q);
  // ASCII lowercase: the scheme's code points are all ASCII, so toLowerCase, one native pass, is
  // ASCII lowercase without asciiLowercase's loop.
  const buffer = rawScheme.toLowerCase();
  if (buffer !== rawScheme) r.verbatim = false;
  if (r.hasOverride) {
    const urlSpecial = specialSchemeDefaultPort(url.scheme) !== undefined;
    const bufferPort = specialSchemeDefaultPort(buffer);
    const bufferSpecial = bufferPort !== undefined;
    // Steps 2.1.1 and 2.1.2: a special scheme cannot become one that is not, nor the reverse.
    if (urlSpecial !== bufferSpecial) return finish(r);
    if ((url.username !== '' || url.password !== '' || url.port !== null) && buffer === 'file') return finish(r);
    if (url.scheme === 'file' && url.host === '') return finish(r);
    url.scheme = buffer;
    if (url.port !== null && url.port === bufferPort) url.port = null;
    return finish(r);
  }
  url.scheme = buffer;
  const special = specialSchemeDefaultPort(buffer) !== undefined;
  r.special = special;
  const p = q + 1;
  r.p = p;
  if (buffer === 'file') {
    if (!(at(s, p) === CodeUnit.Solidus && at(s, p + 1) === CodeUnit.Solidus)) {
      report(r, 'special-scheme-missing-following-solidus', p, 0, false);
    }
    r.state = State.File;
  } else if (special && r.base !== null && r.base.scheme === buffer) {
    r.state = State.SpecialRelativeOrAuthority;
  } else if (special) {
    r.state = State.SpecialAuthoritySlashes;
  } else if (at(s, p) === CodeUnit.Solidus) {
    r.state = State.PathOrAuthority;
    r.p = p + 1;
  } else {
    url.opaquePath = true;
    url.serializedPath = '';
    r.state = State.OpaquePath;
  }
  return;
}

// https://url.spec.whatwg.org/#no-scheme-state
export function noSchemeState(r: ParserRun): StateResult {
  const { base, url } = r;
  r.verbatim = false;
  const c = at(r.s, r.p);
  if (base === null || (base.opaquePath && c !== CodeUnit.NumberSign)) {
    report(r, 'missing-scheme-non-relative-URL', r.p, 0, true);
    return null;
  }
  if (base.opaquePath && c === CodeUnit.NumberSign) {
    url.scheme = base.scheme;
    url.opaquePath = true;
    url.serializedPath = base.serializedPath;
    url.query = base.query;
    url.fragment = '';
    r.special = specialSchemeDefaultPort(url.scheme) !== undefined;
    r.state = State.Fragment;
    r.p++;
  } else if (base.scheme !== 'file') {
    r.state = State.Relative;
  } else {
    r.state = State.File;
  }
  return;
}

// https://url.spec.whatwg.org/#special-relative-or-authority-state
export function specialRelativeOrAuthorityState(r: ParserRun): StateResult {
  if (r.optimistic) return RESTART;
  if (at(r.s, r.p) === CodeUnit.Solidus && at(r.s, r.p + 1) === CodeUnit.Solidus) {
    r.state = State.SpecialAuthorityIgnoreSlashes;
    r.p += 2;
  } else {
    report(r, 'special-scheme-missing-following-solidus', r.p, 0, false);
    r.state = State.Relative;
  }
  return;
}

// https://url.spec.whatwg.org/#path-or-authority-state
export function pathOrAuthorityState(r: ParserRun): StateResult {
  if (at(r.s, r.p) === CodeUnit.Solidus) {
    r.state = State.Authority;
    r.p++;
  } else {
    r.state = State.Path;
  }
  return;
}

// https://url.spec.whatwg.org/#relative-state
export function relativeState(r: ParserRun): StateResult {
  const { base, url } = r;
  r.verbatim = false;
  // Only a state override gets here without a base: relative and relative slash (and special
  // relative or authority, which goes on to them) take the base's components, and have none to take.
  if (base === null) return null;
  url.scheme = base.scheme;
  const special = specialSchemeDefaultPort(url.scheme) !== undefined;
  r.special = special;
  const c = at(r.s, r.p);
  if (c === CodeUnit.Solidus) {
    r.state = State.RelativeSlash;
    r.p++;
  } else if (special && c === CodeUnit.ReverseSolidus) {
    report(r, 'invalid-reverse-solidus', r.p, 1, false);
    r.state = State.RelativeSlash;
    r.p++;
  } else {
    url.username = base.username;
    url.password = base.password;
    url.host = base.host;
    url.port = base.port;
    // A clone of base's path, which is opaque only when a state override starts here with such a
    // base (the no scheme state sends no other input to this state then).
    url.serializedPath = base.serializedPath;
    url.opaquePath = base.opaquePath;
    r.segments = null;
    url.query = base.query;
    if (startQueryOrFragment(r, c, r.p + 1)) return;
    if (c === -1) return finish(r);
    // The standard asserts that a path to shorten is not opaque; such an input fails instead.
    if (base.opaquePath) return null;
    url.query = null;
    shortenPath(url, pathOf(r));
    r.state = State.Path;
  }
  return;
}

// https://url.spec.whatwg.org/#relative-slash-state
export function relativeSlashState(r: ParserRun): StateResult {
  r.verbatim = false;
  const c = at(r.s, r.p);
  if (r.special && (c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus)) {
    if (c === CodeUnit.ReverseSolidus) report(r, 'invalid-reverse-solidus', r.p, 1, false);
    r.state = State.SpecialAuthorityIgnoreSlashes;
    r.p++;
  } else if (c === CodeUnit.Solidus) {
    r.state = State.Authority;
    r.p++;
  } else {
    // As in the relative state: without a base (a state override), there is nothing to take.
    const { base, url } = r;
    if (base === null) return null;
    url.username = base.username;
    url.password = base.password;
    url.host = base.host;
    url.port = base.port;
    r.state = State.Path;
  }
  return;
}
