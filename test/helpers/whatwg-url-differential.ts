/**
 * A differential comparison of packages/whatwg-url (the drop-in, as built) with whatwg-url 17.3.0
 * (a development dependency): the same calls on both, and every observable result compared —
 * records, serializers, origin, validation errors, validity, and the URL API's getters and errors.
 */
import { URL_GETTERS } from '../../src/url-getters.ts';
import { isDeepStrictEqual } from 'node:util';
import { createRequire } from 'node:module';

/** The drop-in's module (its type is whatwg-url's API). */
export type WhatwgURLModule = typeof import('../../packages/whatwg-url/src/index.ts');
export type WrapperModule = typeof import('../../packages/whatwg-url/src/webidl2js-wrapper.ts');
export type URLRecord = import('../../packages/whatwg-url/src/index.ts').URLRecord;
export type StateOverride = import('../../packages/whatwg-url/src/index.ts').StateOverride;

const require = createRequire(import.meta.url);

/** The drop-in, loaded the way its dependents load it (CommonJS, from the built package). */
export const dropIn = require('../../packages/whatwg-url') as WhatwgURLModule;
export const dropInWrapper = require('../../packages/whatwg-url/dist/webidl2js-wrapper.js') as WrapperModule;

/** whatwg-url 17.3.0, the reference. */
export const reference = require('whatwg-url') as WhatwgURLModule;
export const referenceWrapper = require('whatwg-url/webidl2js-wrapper') as WrapperModule;

/** Every state override name. https://url.spec.whatwg.org/#concept-basic-url-parser */
export const STATE_OVERRIDES: readonly StateOverride[] = [
  'scheme start',
  'scheme',
  'no scheme',
  'special relative or authority',
  'path or authority',
  'relative',
  'relative slash',
  'special authority slashes',
  'special authority ignore slashes',
  'authority',
  'host',
  'hostname',
  'port',
  'file',
  'file slash',
  'file host',
  'path start',
  'path',
  'opaque path',
  'query',
  'fragment',
];

/** The URL API's getters, in the order of the standard's IDL. */
export const GETTERS = URL_GETTERS;

/** One difference: what was compared, on which input, and the two results. */
export interface Difference {
  what: string;
  input: string;
  expected: unknown;
  actual: unknown;
}

/** The outcome of a call: its value, or the class and message of what it threw. */
export function outcome<T>(call: () => T): { value: T } | { threw: string } {
  try {
    return { value: call() };
  } catch (error) {
    return { threw: error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error) };
  }
}

/** Compares two results, adding a difference when they are not deeply equal. */
export function compare(differences: Difference[], what: string, input: string, expected: unknown, actual: unknown): void {
  if (!isDeepStrictEqual(expected, actual)) differences.push({ what, input, expected, actual });
}

/** The record-level observations of a record: the serializers, origin and predicates. */
function observeRecord(implementation: WhatwgURLModule, record: URLRecord): Record<string, unknown> {
  return {
    record: { ...record },
    href: implementation.serializeURL(record),
    hrefWithoutFragment: implementation.serializeURL(record, true),
    path: implementation.serializePath(record),
    origin: implementation.serializeURLOrigin(record),
    host: record.host === null ? null : implementation.serializeHost(record.host),
    port: record.port === null ? null : implementation.serializeInteger(record.port),
    opaquePath: implementation.hasAnOpaquePath(record),
    cannotHaveUsernamePasswordPort: implementation.cannotHaveAUsernamePasswordPort(record),
  };
}

/** The URL API's observations of `new URL(input, base)`. */
function observeAPI(implementation: WhatwgURLModule, input: string, base: string | undefined): unknown {
  return outcome(() => {
    const url = base === undefined ? new implementation.URL(input) : new implementation.URL(input, base);
    const values: Record<string, unknown> = {};
    for (const getter of GETTERS) values[getter] = url[getter];
    values['searchParams'] = [...url.searchParams];
    values['searchParamsString'] = url.searchParams.toString();
    values['toJSON'] = url.toJSON();
    return values;
  });
}

/**
 * Compares the two implementations on `input` (against `base` when given): the URL parser's
 * record and every serializer of it, the validation errors, validity, and the API.
 */
export function compareInput(differences: Difference[], input: string, base?: string): void {
  const label = base === undefined ? input : `${input} against ${base}`;
  const referenceBase = base === undefined ? null : reference.parseURL(base);
  const dropInBase = base === undefined ? null : dropIn.parseURL(base);
  compare(differences, 'base record', label, referenceBase, dropInBase);
  if (base !== undefined && (referenceBase === null || dropInBase === null)) return;

  const expected = reference.parseURL(input, { baseURL: referenceBase });
  const actual = dropIn.parseURL(input, { baseURL: dropInBase });
  compare(differences, 'parseURL', label, expected, actual);
  if (expected !== null && actual !== null) {
    compare(differences, 'serializers', label, observeRecord(reference, expected), observeRecord(dropIn, actual));
    if (referenceBase !== null && dropInBase !== null) {
      compare(
        differences,
        'host shared with the base',
        label,
        expected.host === referenceBase.host,
        actual.host === dropInBase.host,
      );
    }
  }
  compare(
    differences,
    'basicURLParse',
    label,
    reference.basicURLParse(input, { baseURL: referenceBase }),
    dropIn.basicURLParse(input, { baseURL: dropInBase }),
  );
  compare(
    differences,
    'parseURLWithValidationErrors',
    label,
    reference.parseURLWithValidationErrors(input, { baseURL: referenceBase }),
    dropIn.parseURLWithValidationErrors(input, { baseURL: dropInBase }),
  );
  compare(
    differences,
    'isValidURLString',
    label,
    reference.isValidURLString(input, { baseURL: referenceBase }),
    dropIn.isValidURLString(input, { baseURL: dropInBase }),
  );
  compare(differences, 'URL API', label, observeAPI(reference, input, base), observeAPI(dropIn, input, base));
  compare(
    differences,
    'URL.canParse',
    label,
    base === undefined ? reference.URL.canParse(input) : reference.URL.canParse(input, base),
    base === undefined ? dropIn.URL.canParse(input) : dropIn.URL.canParse(input, base),
  );
}

/**
 * Sets up `record` for the basic URL parser with `stateOverride` as the standard's own callers do
 * before entering that state: the query or fragment set to the empty string, a list path emptied
 * for "path start" (the pathname setter), the path made opaque for "opaque path" (the scheme state
 * sets it to the empty string). Other states are entered as the record is.
 */
export function prepareForStateOverride(record: URLRecord, stateOverride: StateOverride): void {
  if (stateOverride === 'query') record.query = '';
  else if (stateOverride === 'fragment') record.fragment = '';
  else if (stateOverride === 'path start' && typeof record.path !== 'string') record.path = [];
  else if (stateOverride === 'opaque path') record.path = '';
}

/**
 * Whether a thrown error is one whatwg-url's parser runs into rather than throws by design: a
 * state entered with a state override that reads a field the URL lacks ("Cannot read properties
 * of null"), or appends to a list path and meets an opaque one ("this.url.path.push is not a
 * function").
 */
export function isReferenceCrash(thrown: string): boolean {
  return /^TypeError: (Cannot read properties of null|this\.url\.path\.\w+ is not a function)/.test(thrown);
}

/** What {@link compareStateOverride} did. */
export type StateOverrideComparison = 'compared' | 'whatwg-url crashed';

/**
 * Compares the two implementations on the basic URL parser with `url` (parsed from `href`), a
 * state override, and `href` as the base URL: the return value and the record afterwards (changed
 * in place even on failure). Compares nothing when whatwg-url crashes (see
 * {@link isReferenceCrash}); the drop-in must then still return.
 */
export function compareStateOverride(
  differences: Difference[],
  href: string,
  value: string,
  stateOverride: StateOverride,
): StateOverrideComparison {
  const label = `<${href}> ${stateOverride} = ${value}`;
  const expectedRecord = reference.parseURL(href);
  const actualRecord = dropIn.parseURL(href);
  if (expectedRecord === null || actualRecord === null) {
    compare(differences, 'parseURL', href, expectedRecord, actualRecord);
    return 'compared';
  }
  prepareForStateOverride(expectedRecord, stateOverride);
  prepareForStateOverride(actualRecord, stateOverride);
  // The states of relative references read the base URL: the URL's own parse is given as the base.
  const expectedBase = reference.parseURL(href)!;
  const actualBase = dropIn.parseURL(href)!;
  const expected = outcome(
    () => reference.basicURLParse(value, { url: expectedRecord, stateOverride, baseURL: expectedBase }) !== null,
  );
  const actual = outcome(() => dropIn.basicURLParse(value, { url: actualRecord, stateOverride, baseURL: actualBase }) !== null);
  if ('threw' in expected && isReferenceCrash(expected.threw)) {
    if ('threw' in actual) differences.push({ what: 'basicURLParse with state override threw', input: label, expected: 'a return', actual });
    return 'whatwg-url crashed';
  }
  compare(differences, `basicURLParse with state override (result)`, label, expected, actual);
  compare(differences, `basicURLParse with state override (record)`, label, { ...expectedRecord }, { ...actualRecord });
  return 'compared';
}

/** Compares the API's setter `attribute` on `new URL(href)`: every getter afterwards. */
export function compareSetter(differences: Difference[], href: string, attribute: string, value: string): void {
  const label = `<${href}>.${attribute} = ${value}`;
  const observe = (implementation: WhatwgURLModule): unknown =>
    outcome(() => {
      const url = new implementation.URL(href);
      (url as unknown as Record<string, unknown>)[attribute] = value;
      const values: Record<string, unknown> = {};
      for (const getter of GETTERS) values[getter] = url[getter];
      values['searchParams'] = [...url.searchParams];
      return values;
    });
  compare(differences, 'URL setter', label, observe(reference), observe(dropIn));
}

/** The differences, shortened for a failure message. */
export function describeDifferences(differences: readonly Difference[], limit = 15): string {
  const lines = differences
    .slice(0, limit)
    .map((d) => `${d.what} on ${JSON.stringify(d.input)}:\n  whatwg-url: ${JSON.stringify(d.expected)}\n  drop-in:    ${JSON.stringify(d.actual)}`);
  if (differences.length > limit) lines.push(`… and ${differences.length - limit} more`);
  return `${differences.length} differences\n${lines.join('\n')}`;
}
