/**
 * The check behind URL.canParse for the common shapes: whether the basic URL parser certainly
 * succeeds on an input, read off a prefix of it with the parser's scanners, building nothing.
 *
 * https://url.spec.whatwg.org/#dom-url-canparse
 */
import { CodeUnit, codeUnitAt } from './code-unit.ts';
import { isDottedDecimalIPv4 } from './host.ts';
import { schemeEnd } from './infra.ts';
import { isASCIIAlpha, isFileScheme, leadingSpecialScheme, SchemeMatch, schemeOfMatch, portDigitsEnd } from './url-parser-scanners.ts';

/**
 * True when the basic URL parser (without a base) certainly succeeds on `input`; false means "not
 * known", and the full parser has to decide. It answers true for the common shapes only:
 *
 * - a scheme that is not special and not followed by "//": the rest is an opaque path or a path,
 *   and the states that follow never fail;
 * - "http", "https", "ws", "wss" or "ftp", then "//", a host of {@link certainHostEnd}, then an
 *   optional port of at most 65535 — the path, query and fragment states that follow never fail;
 * - "file", then "///" (an empty host), or "//" and a host of {@link certainHostEnd} followed by
 *   "/", "\\", "?", "#" or the end (the file host state, then states that never fail).
 *
 * Every code unit it reads is one that cleaning the input (trimming, removing tab and newline)
 * leaves in place: it gives up at any other code unit, so the unread rest may hold anything.
 */
export function certainlyParses(input: string): boolean {
  const len = input.length;
  if (len === 0) return false;
  let c = codeUnitAt(input, 0);
  if (!isASCIIAlpha(c)) return false;
  const match = leadingSpecialScheme(input, c);
  let i: number;
  let file = false;
  if (match !== SchemeMatch.None) {
    i = schemeOfMatch(match).length + 1;
  } else {
    i = schemeEnd(input, 1);
    if (i === len || codeUnitAt(input, i) !== CodeUnit.Colon) return false;
    const schemeLength = i;
    i++;
    file = isFileScheme(input, schemeLength);
  }
  if (match === SchemeMatch.None && !file) {
    // Opaque path, path, or (after "//") an authority with an opaque host, which is left to the parser.
    c = i < len ? codeUnitAt(input, i) : -1;
    if (isTabOrNewline(c)) return false;
    if (c !== CodeUnit.Solidus) return true;
    c = i + 1 < len ? codeUnitAt(input, i + 1) : -1;
    return c !== CodeUnit.Solidus && !isTabOrNewline(c);
  }
  if (i + 1 >= len || codeUnitAt(input, i) !== CodeUnit.Solidus || codeUnitAt(input, i + 1) !== CodeUnit.Solidus) return false;
  i += 2;
  if (file) {
    // "file:///": the file host state sees an empty host, and the path state never fails.
    if (i < len && codeUnitAt(input, i) === CodeUnit.Solidus) return true;
    i = certainHostEnd(input, i);
    if (i === -1) return false;
    c = i < len ? codeUnitAt(input, i) : -1;
    return c === -1 || isPathStartOrEnd(c);
  }
  i = certainHostEnd(input, i);
  if (i === -1) return false;
  if (i === len) return true;
  c = codeUnitAt(input, i);
  if (c === CodeUnit.Colon) {
    i = portDigitsEnd(input, i + 1, len);
    if (i === -1) return false;
    if (i === len) return true;
    c = codeUnitAt(input, i);
  }
  return isPathStartOrEnd(c);
}

/** Whether `c` is ASCII tab or newline. https://infra.spec.whatwg.org/#ascii-tab-or-newline */
function isTabOrNewline(c: number): boolean {
  return c === CodeUnit.Tab || c === CodeUnit.LineFeed || c === CodeUnit.CarriageReturn;
}

/** Whether `c` ends a special URL's authority: "/", "\\", "?" or "#". */
function isPathStartOrEnd(c: number): boolean {
  return c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus || c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign;
}

/**
 * A run of ASCII alphanumerics, "-" and ".", matched from `lastIndex`. A native scan: it reads a
 * string held as a slice of another (as `split` makes) as fast as a flat one, where a loop of
 * code unit reads pays for the indirection at each one.
 */
const HOST_RUN = /[0-9A-Za-z.-]*/y;

/**
 * The end of a host starting at `i` that the host parser certainly accepts (a domain is only
 * lowercased), or -1 when that is not known. Such a host is a run of ASCII alphanumerics, "-" and
 * "." whose last label does not start with a digit (the ends-in-a-number checker says false), or
 * four decimal numbers of at most 255 without leading zero, separated by "." (an IPv4 address the
 * IPv4 parser accepts).
 *
 * https://url.spec.whatwg.org/#concept-host-parser
 */
function certainHostEnd(input: string, hostStart: number): number {
  HOST_RUN.lastIndex = hostStart;
  HOST_RUN.test(input);
  const end = HOST_RUN.lastIndex;
  // The ends-in-a-number checker looks at the last label, the one before a single trailing ".": a
  // number starts with a digit. With one, the host is known only as a dotted-decimal IPv4
  // address; with an empty last label (two trailing "."), or none, it is not known.
  let lastLabelEnd = end;
  if (lastLabelEnd > hostStart && codeUnitAt(input, lastLabelEnd - 1) === CodeUnit.FullStop) lastLabelEnd--;
  let lastLabelStart = lastLabelEnd;
  while (lastLabelStart > hostStart && codeUnitAt(input, lastLabelStart - 1) !== CodeUnit.FullStop) lastLabelStart--;
  if (lastLabelStart === lastLabelEnd) return -1;
  const c = codeUnitAt(input, lastLabelStart);
  if (c >= CodeUnit.Digit0 && c <= CodeUnit.Digit9) return isDottedDecimalIPv4(input, hostStart, end) ? end : -1;
  return end;
}
