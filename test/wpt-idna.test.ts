/**
 * web-platform-tests IDNA cases (IdnaTestV2.json, IdnaTestV2-removed.json), with the semantics
 * of WPT's IdnaTestV2.window.js: the input, with the code points that would end the host
 * (`:` `/` `?` `#` `\`) percent-encoded, is parsed as the host of `https://<input>/x`.
 */
import { deepEqual } from 'node:assert/strict';
import { describe, test } from 'node:test';

import { URL } from '../src/index.ts';
import { loadWPT, truncateLabel as cut, wptSkip } from './helpers/wpt-data.ts';

interface IdnaCase {
  comment?: string;
  input: string;
  output: string | null;
}

const HOST_ENDING: Record<string, string> = {
  ':': '%3A',
  '/': '%2F',
  '?': '%3F',
  '#': '%23',
  '\\': '%5C',
};

function encodeHostEndingCodePoints(input: string): string {
  let output = '';
  for (const codePoint of input) output += HOST_ENDING[codePoint] ?? codePoint;
  return output;
}

function parseHost(encodedInput: string): unknown {
  let url: URL;
  try {
    url = new URL(`https://${encodedInput}/x`);
  } catch (error) {
    return error instanceof TypeError ? 'TypeError' : `threw ${String(error)}`;
  }
  return { host: url.host, hostname: url.hostname, pathname: url.pathname, href: url.href };
}

for (const file of ['IdnaTestV2.json', 'IdnaTestV2-removed.json']) {
  const skip = wptSkip();
  const data = (skip === false ? loadWPT(file) : []) as (string | IdnaCase)[];
  describe(file, { skip }, () => {
    for (const c of data) {
      if (typeof c === 'string') continue; // comment
      const name = `ToASCII(${cut(JSON.stringify(c.input))})` + (c.comment === undefined ? '' : ` ${cut(c.comment)}`);
      if (c.input === '') {
        // WPT does not run this case: "https:///x" is a valid URL with a different host, so the
        // empty input cannot be tested through the URL parser.
        test(name, { skip: 'the empty input cannot be tested through new URL() (as in WPT)' }, () => {});
        continue;
      }
      const encodedInput = encodeHostEndingCodePoints(c.input);
      test(name, () => {
        const expected =
          c.output === null
            ? 'TypeError'
            : { host: c.output, hostname: c.output, pathname: '/x', href: `https://${c.output}/x` };
        deepEqual(parseHost(encodedInput), expected);
      });
    }
  });
}
