/**
 * The basic URL parser's file, file slash and file host states. Each is a function of the run (see
 * url-parser-run.ts).
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { parseHostToString } from './host.ts';
import { isNormalizedWindowsDriveLetter, isWindowsDriveLetter, startsWithWindowsDriveLetter } from './url-record.ts';
import { at } from './url-parser-input.ts';
import { finish, type ParserRun, pathOf, report, RESTART, shortenPath, startQueryOrFragment, State, type StateResult } from './url-parser-run.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

// https://url.spec.whatwg.org/#file-state
export function fileState(r: ParserRun): StateResult {
  if (r.optimistic) return RESTART;
  const { s, p, base, url } = r;
  r.verbatim = false;
  url.scheme = 'file';
  r.special = true;
  url.host = '';
  const c = at(s, p);
  if (c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus) {
    if (c === CodeUnit.ReverseSolidus) report(r, 'invalid-reverse-solidus', p, 1, false);
    r.state = State.FileSlash;
    r.p = p + 1;
  } else if (base !== null && base.scheme === 'file') {
    url.host = base.host;
    url.serializedPath = base.serializedPath;
    url.opaquePath = false;
    r.segments = null;
    url.query = base.query;
    if (startQueryOrFragment(r, c, p + 1)) return;
    if (c === -1) return finish(r);
    url.query = null;
    if (!startsWithWindowsDriveLetter(s, p)) {
      shortenPath(url, pathOf(r));
    } else {
      report(r, 'file-invalid-Windows-drive-letter', p, 2, false);
      r.segments = [];
    }
    r.state = State.Path;
  } else {
    r.state = State.Path;
  }
  return;
}

// https://url.spec.whatwg.org/#file-slash-state
export function fileSlashState(r: ParserRun): StateResult {
  if (r.optimistic) return RESTART;
  const { s, p, base, url } = r;
  r.verbatim = false;
  const c = at(s, p);
  if (c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus) {
    if (c === CodeUnit.ReverseSolidus) report(r, 'invalid-reverse-solidus', p, 1, false);
    r.state = State.FileHost;
    r.p = p + 1;
    return;
  }
  if (base !== null && base.scheme === 'file') {
    url.host = base.host;
    if (!startsWithWindowsDriveLetter(s, p)) {
      // base's path[0], read without splitting the rest.
      const first = base.opaquePath ? undefined : base.serializedPath.split('/', 2)[1];
      if (first !== undefined && isNormalizedWindowsDriveLetter(first)) pathOf(r).push(first);
    }
  }
  r.state = State.Path;
  return;
}

// https://url.spec.whatwg.org/#file-host-state
export function fileHostState(r: ParserRun): StateResult {
  if (r.optimistic) return RESTART;
  const { s, p, len, url } = r;
  r.verbatim = false;
  let q = p;
  for (; q < len; q++) {
    const c = codeUnitAt(s, q);
    if (c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus || c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign) break;
  }
  if (!r.hasOverride && isWindowsDriveLetter(s, p, q)) {
    report(r, 'file-invalid-Windows-drive-letter-host', p, 2, false);
    // The buffer is not reset: the path state uses it as the first segment.
    r.carried = s.slice(p, q);
    r.state = State.Path;
    r.p = q;
    return;
  }
  if (q === p) {
    url.host = '';
    if (r.hasOverride) return finish(r);
    r.state = State.PathStart;
    return;
  }
  let host = parseHostToString(s.slice(p, q), !r.special, r.reporter, p);
  if (host === null) return null;
  if (host === 'localhost') host = '';
  url.host = host;
  if (r.hasOverride) return finish(r);
  r.state = State.PathStart;
  r.p = q;
  return;
}
