/**
 * What the basic URL parser with a state override does to the common inputs of the API's setters,
 * computed directly (URL Standard §4.4 with a state override, §6.1 the setters). Each function
 * returns null when the input needs the state machine; the setters then run it.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { FRAGMENT_SET, PATH_SET, QUERY_SET, SPECIAL_QUERY_SET, utf8PercentEncodeRange } from './percent-encoding.ts';
import { mayEndInANumber, PATH_CLASS, PathClass, simpleHostEnd } from './url-parser-scanners.ts';
import { hasTabOrNewline } from './url-parser-input.ts';
import { isDotSegmentAt } from './dot-segments.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/**
 * The fragment state with a state override (the hash setter, after it sets the fragment to the empty
 * string): the input with ASCII tab or newline removed, UTF-8 percent-encoded with the fragment
 * percent-encode set. Null when the input holds an ASCII tab or newline.
 *
 * https://url.spec.whatwg.org/#fragment-state
 */
export function fragmentFromOverrideInput(input: string): string | null {
  const encoded = utf8PercentEncodeRange(input, 0, input.length, FRAGMENT_SET);
  return encoded.length === input.length || !hasTabOrNewline(input, 0, input.length) ? encoded : null;
}

/**
 * The query state with a state override (the search setter, after it sets the query to the empty
 * string), for a URL whose query encoding is UTF-8: with an override, "#" does not end the query and
 * is percent-encoded. Null when the input holds an ASCII tab or newline.
 *
 * https://url.spec.whatwg.org/#query-state
 */
export function queryFromOverrideInput(input: string, special: boolean): string | null {
  const encoded = utf8PercentEncodeRange(input, 0, input.length, special ? SPECIAL_QUERY_SET : QUERY_SET);
  return encoded.length === input.length || !hasTabOrNewline(input, 0, input.length) ? encoded : null;
}

/**
 * The path start state with a state override on an empty path (the pathname setter), for a URL
 * whose scheme is not "file": the serialized path. Null for empty input and for input the state
 * machine has to handle: ASCII tab or newline, "\\", or a segment that may be a dot segment.
 * With an override, "?" and "#" do not end the path; the path percent-encode set has both.
 *
 * https://url.spec.whatwg.org/#path-start-state, https://url.spec.whatwg.org/#path-state
 */
export function pathFromOverrideInput(input: string): string | null {
  const len = input.length;
  if (len === 0) return null;
  // Path start state: a leading "/" starts the path state after it; otherwise the path state
  // starts at the first code point. Either way the first segment starts at `start`.
  const start = codeUnitAt(input, 0) === CodeUnit.Solidus ? 1 : 0;
  let encode = false;
  for (let i = start; i < len; i++) {
    const c = codeUnitAt(input, i);
    const k = c < CodeUnit.FirstNonASCII ? PATH_CLASS[c]! : PathClass.Encode;
    if (k === PathClass.Keep) continue;
    if (k === PathClass.Encode || k === PathClass.End) {
      encode = true;
    } else if (k === PathClass.Dot) {
      if ((i === start || codeUnitAt(input, i - 1) === CodeUnit.Solidus) && isDotSegmentAt(input, i, len)) return null;
    } else {
      return null;
    }
  }
  if (encode) return '/' + utf8PercentEncodeRange(input, start, len, PATH_SET);
  return start === 1 ? input : '/' + input;
}

/**
 * The host state with a state override (the host and hostname setters), for a URL with a special
 * scheme other than "file", when the input is an ASCII lowercase domain (letters, digits, "-", ".")
 * whose last label starts with a letter or "-": the host parser returns such input unchanged, and the
 * host state sets it. Null for any other input.
 *
 * https://url.spec.whatwg.org/#host-state
 */
export function simpleHostFromOverrideInput(input: string): string | null {
  const len = input.length;
  if (len === 0 || simpleHostEnd(input, 0, len) !== len) return null;
  return mayEndInANumber(input, 0, len) ? null : input;
}
