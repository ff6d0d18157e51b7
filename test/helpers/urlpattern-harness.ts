/**
 * The semantics of WPT's `urlpatterntests.js` (kept beside the data in `harness/`), for any
 * URLPattern class: `expected_obj` (filled in from the pattern, earlier components and the base URL
 * when absent), `expected_match`, `exactly_empty_components`, `null` groups meaning undefined, and
 * "error" meaning a TypeError. `assert_object_equals` compares own enumerable properties.
 */
import assert from 'node:assert/strict';
import { URLPattern } from '../../src/urlpattern.ts';
import { URL } from '../../src/index.ts';

export type Component = 'protocol' | 'username' | 'password' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash';

// The harness's list (it names "password" twice; the repetition checks nothing more).
const COMPONENTS: readonly Component[] = ['protocol', 'username', 'password', 'hostname', 'port', 'password', 'pathname', 'search', 'hash'];

const EARLIER_COMPONENTS: Record<Component, readonly string[]> = {
  protocol: [],
  hostname: ['protocol'],
  port: ['protocol', 'hostname'],
  username: [],
  password: [],
  pathname: ['protocol', 'hostname', 'port'],
  search: ['protocol', 'hostname', 'port', 'pathname'],
  hash: ['protocol', 'hostname', 'port', 'pathname', 'search'],
};

export interface Entry {
  pattern: unknown[];
  inputs?: unknown[];
  expected_obj?: 'error' | Partial<Record<Component, string>>;
  expected_match?: 'error' | null | Record<string, unknown>;
  exactly_empty_components?: Component[];
}

export type Ctor = new (...args: unknown[]) => URLPattern;
const Pattern = URLPattern as unknown as Ctor;

/** Runs one entry as `urlpatterntests.js` does. */
export function runEntry(entry: Entry, Impl: Ctor = Pattern, URLImpl: typeof URL = URL): void {
  if (entry.expected_obj === 'error') {
    assert.throws(() => new Impl(...entry.pattern), TypeError, 'URLPattern() constructor');
    return;
  }
  const pattern = new Impl(...entry.pattern) as unknown as Record<string, unknown> & URLPattern;
  const expectedObj = entry.expected_obj ?? {};
  const first = entry.pattern[0] as Record<string, string> | string | undefined;
  for (const component of COMPONENTS) {
    let expected = expectedObj[component];
    if (expected == undefined) {
      let baseURL: URL | null = null;
      if (entry.pattern.length > 0 && typeof first === 'object' && first !== null && first.baseURL) {
        baseURL = new URLImpl(first.baseURL);
      } else if (entry.pattern.length > 1 && typeof entry.pattern[1] === 'string') {
        baseURL = new URLImpl(entry.pattern[1]);
      }
      if (entry.exactly_empty_components?.includes(component)) {
        expected = '';
      } else if (typeof first === 'object' && first !== null && first[component]) {
        expected = first[component];
      } else if (typeof first === 'object' && first !== null && EARLIER_COMPONENTS[component].some((c) => c in first)) {
        expected = '*';
      } else if (baseURL && component !== 'username' && component !== 'password') {
        let baseValue = baseURL[component];
        if (component === 'protocol') baseValue = baseValue.substring(0, baseValue.length - 1);
        else if (component === 'search' || component === 'hash') baseValue = baseValue.substring(1, baseValue.length);
        expected = baseValue;
      } else {
        expected = '*';
      }
    }
    assert.equal(pattern[component], expected, `compiled pattern property '${component}'`);
  }
  const inputs = entry.inputs ?? [];
  if (entry.expected_match === 'error') {
    assert.throws(() => pattern.test(...(inputs as [])), TypeError, 'test() result');
    assert.throws(() => pattern.exec(...(inputs as [])), TypeError, 'exec() result');
    return;
  }
  assert.equal(pattern.test(...(inputs as [])), !!entry.expected_match, 'test() result');
  const execResult = pattern.exec(...(inputs as [])) as unknown as Record<string, unknown> | null;
  if (!entry.expected_match || typeof entry.expected_match !== 'object') {
    assert.equal(execResult, entry.expected_match, 'exec() failed match result');
    return;
  }
  assert.ok(execResult !== null, 'exec() result');
  const expectedMatch = { ...entry.expected_match };
  if (!expectedMatch['inputs']) expectedMatch['inputs'] = inputs;
  const resultInputs = execResult['inputs'] as unknown[];
  const expectedInputs = expectedMatch['inputs'] as unknown[];
  assert.equal(resultInputs.length, expectedInputs.length, 'exec() result.inputs.length');
  for (let i = 0; i < resultInputs.length; i++) {
    const input = resultInputs[i];
    const expectedInput = expectedInputs[i];
    if (typeof input === 'string') {
      assert.equal(input, expectedInput, `exec() result.inputs[${i}]`);
      continue;
    }
    for (const component of COMPONENTS) {
      assert.equal(
        (input as Record<string, unknown>)[component],
        (expectedInput as Record<string, unknown>)[component],
        `exec() result.inputs[${i}][${component}]`,
      );
    }
  }
  for (const component of COMPONENTS) {
    let expected = expectedMatch[component] as { input: string; groups: Record<string, string | null | undefined> } | undefined;
    if (!expected) {
      expected = { input: '', groups: {} };
      if (!entry.exactly_empty_components || !entry.exactly_empty_components.includes(component)) {
        expected.groups['0'] = '';
      }
    }
    const groups: Record<string, string | undefined> = {};
    for (const key of Object.keys(expected.groups)) {
      const value = expected.groups[key];
      groups[key] = value === null ? undefined : value;
    }
    // assert_object_equals: own enumerable properties, recursively, compared with ===.
    assert.deepStrictEqual(
      { ...(execResult[component] as object) },
      { input: expected.input, groups },
      `exec() result for ${component}`,
    );
    assert.deepStrictEqual(
      { ...((execResult[component] as { groups: object }).groups) },
      groups,
      `exec() result groups for ${component}`,
    );
  }
}

