/**
 * web-platform-tests host cases (toascii.json), with the semantics of WPT's toascii.window.js:
 * each input is parsed as the host of `https://<input>/x`, and assigned through the `host` and
 * `hostname` setters of `https://x/x` (which keep `x` when the input is rejected).
 */
import { deepEqual } from 'node:assert/strict';
import { describe, test } from 'node:test';

import { URL } from '../src/index.ts';
import { loadWPT, truncateLabel as cut, wptSkip } from './helpers/wpt-data.ts';

interface HostCase {
  comment?: string;
  input: string;
  output: string | null;
  urlStandardOnly?: boolean;
}

/** The components WPT checks, or a description of the exception. */
function parseHost(input: string): unknown {
  let url: URL;
  try {
    url = new URL(`https://${input}/x`);
  } catch (error) {
    return error instanceof TypeError ? 'TypeError' : `threw ${String(error)}`;
  }
  return { host: url.host, hostname: url.hostname, pathname: url.pathname, href: url.href };
}

const skip = wptSkip();
const data = (skip === false ? loadWPT('toascii.json') : []) as (string | HostCase)[];

describe('toascii.json', { skip }, () => {
  for (const c of data) {
    if (typeof c === 'string') continue; // comment
    const name = cut(JSON.stringify(c.input)) + (c.comment === undefined ? '' : ` (${cut(c.comment)})`);
    test(`${name} (using URL)`, () => {
      const expected =
        c.output === null
          ? 'TypeError'
          : { host: c.output, hostname: c.output, pathname: '/x', href: `https://${c.output}/x` };
      deepEqual(parseHost(c.input), expected);
    });
    for (const setter of ['host', 'hostname'] as const) {
      test(`${name} (using URL.${setter})`, () => {
        const url = new URL('https://x/x');
        url[setter] = c.input;
        deepEqual({ [setter]: url[setter] }, { [setter]: c.output ?? 'x' });
      });
    }
  }
});
