/**
 * web-platform-tests setter cases (setters_tests.json), with the semantics of WPT's
 * url-setters.any.js: parse `href` without a base, assign `new_value` to the attribute, then
 * every getter named in `expected` returns the expected string.
 */
import { deepEqual } from 'node:assert/strict';
import { describe, test } from 'node:test';

import { URL } from '../src/index.ts';
import { loadWPT, truncateLabel as cut, wptSkip } from './helpers/wpt-data.ts';

interface SetterCase {
  comment?: string;
  href: string;
  new_value: string;
  expected: Record<string, string>;
}

const skip = wptSkip();
const data = (skip === false ? loadWPT('setters_tests.json') : {}) as Record<string, unknown>;

describe('setters_tests.json', { skip }, () => {
  for (const [attribute, cases] of Object.entries(data)) {
    if (attribute === 'comment') continue;
    describe(attribute, () => {
      for (const c of cases as SetterCase[]) {
        const name =
          `<${cut(JSON.stringify(c.href))}>.${attribute} = ${cut(JSON.stringify(c.new_value))}` +
          (c.comment === undefined ? '' : ` (${cut(c.comment, 100)})`);
        test(name, () => {
          const url = new URL(c.href);
          (url as unknown as Record<string, unknown>)[attribute] = c.new_value;
          const actual: Record<string, unknown> = {};
          for (const key of Object.keys(c.expected)) {
            actual[key] = (url as unknown as Record<string, unknown>)[key];
          }
          deepEqual(actual, c.expected);
        });
      }
    });
  }
});
