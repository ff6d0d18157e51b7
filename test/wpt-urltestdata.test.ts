/**
 * web-platform-tests parser cases: urltestdata.json and urltestdata-javascript-only.json, with
 * the semantics of WPT's url-constructor.any.js, url-origin.any.js, url-statics-canparse.any.js,
 * url-statics-parse.any.js and failure.html (the parts of it that do not need a document).
 */
import { deepEqual } from 'node:assert/strict';
import { describe, test } from 'node:test';

import { URL, URLSearchParams } from '../src/index.ts';
import { loadWPT, truncateLabel as cut, wptSkip } from './helpers/wpt-data.ts';

interface ParserCase {
  input: string;
  base: string | null;
  failure?: boolean;
  /**
   * Only on failures without a base: the input would parse against a base of this kind. WPT's
   * failure.html uses it solely to skip the checks that resolve the input against the document
   * URL (XHR, sendBeacon, window.open, ...), which have no counterpart here; the constructor,
   * base-argument and href-setter checks still apply.
   */
  relativeTo?: string;
  href?: string;
  origin?: string;
  protocol?: string;
  username?: string;
  password?: string;
  host?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
  searchParams?: string;
}

const COMPONENTS = [
  'href',
  'protocol',
  'username',
  'password',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
] as const;

function caseName(c: ParserCase): string {
  const input = cut(JSON.stringify(c.input));
  return c.base === null ? `${input} without base` : `${input} against ${cut(JSON.stringify(c.base))}`;
}

/** 'TypeError' when `fn` throws a TypeError, otherwise a description of what happened. */
function outcome(fn: () => unknown): string {
  let value: unknown;
  try {
    value = fn();
  } catch (error) {
    if (error instanceof TypeError) return 'TypeError';
    return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  if (value instanceof URL) return `no exception (href ${JSON.stringify(value.href)})`;
  return `no exception (${JSON.stringify(value)})`;
}

function runFailure(c: ParserCase): void {
  const base = c.base ?? undefined;
  const actual: Record<string, unknown> = {
    constructor: outcome(() => new URL(c.input, base)),
    canParse: URL.canParse(c.input, base),
    parse: URL.parse(c.input, base)?.href ?? null,
  };
  const expected: Record<string, unknown> = { constructor: 'TypeError', canParse: false, parse: null };
  if (c.base === null) {
    // failure.html: an input that does not parse without a base is rejected as a base URL too,
    // and by the href setter.
    actual['asBase'] = outcome(() => new URL('about:blank', c.input));
    actual['hrefSetter'] = outcome(() => {
      const url = new URL('about:blank');
      url.href = c.input;
      return url;
    });
    expected['asBase'] = 'TypeError';
    expected['hrefSetter'] = 'TypeError';
  }
  deepEqual(actual, expected);
}

function runSuccess(c: ParserCase): void {
  const base = c.base ?? undefined;
  const url = new URL(c.input, base);
  const actual: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const key of COMPONENTS) {
    actual[key] = url[key];
    expected[key] = c[key];
  }
  if (c.origin !== undefined) {
    actual['origin'] = url.origin;
    expected['origin'] = c.origin;
  }
  if (c.searchParams !== undefined) {
    actual['searchParams'] = url.searchParams.toString();
    expected['searchParams'] = c.searchParams;
    // The query object and the search getter describe the same query.
    actual['searchParamsFromSearch'] = new URLSearchParams(url.search).toString();
    expected['searchParamsFromSearch'] = c.searchParams;
  }
  actual['canParse'] = URL.canParse(c.input, base);
  expected['canParse'] = true;
  actual['parse().href'] = URL.parse(c.input, base)?.href ?? null;
  expected['parse().href'] = c.href;
  actual['String(url)'] = String(url);
  expected['String(url)'] = c.href;
  actual['toJSON()'] = url.toJSON();
  expected['toJSON()'] = c.href;
  deepEqual(actual, expected);
}

for (const file of ['urltestdata.json', 'urltestdata-javascript-only.json']) {
  const skip = wptSkip();
  const data = (skip === false ? loadWPT(file) : []) as (string | ParserCase)[];
  describe(file, { skip }, () => {
    for (const c of data) {
      if (typeof c === 'string') continue; // comment
      test(caseName(c), () => {
        if (c.failure === true) runFailure(c);
        else runSuccess(c);
      });
    }
  });
}
