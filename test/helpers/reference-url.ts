/**
 * whatwg-url (a development dependency, the reference implementation) as the oracle of tests that
 * compare the URL class with it on chosen inputs.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { URL } from '../../src/url.ts';

/** whatwg-url's URL and URLSearchParams classes (typed in test/whatwg-url.d.ts). */
export const reference = createRequire(import.meta.url)('whatwg-url') as typeof import('whatwg-url');

const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/** new URL(input, base) here and in whatwg-url: both fail, or both give the same value for every getter. */
export function assertSameURLAsReference(input: string, base?: string): void {
  const what = `${JSON.stringify(input.length > 60 ? input.slice(0, 30) + '…' + input.slice(-20) : input)}${base === undefined ? '' : ` against ${base}`}`;
  let expected: InstanceType<typeof reference.URL> | null = null;
  try {
    expected = new reference.URL(input, base);
  } catch {
    // Failure: ours must fail too.
  }
  const actual = URL.parse(input, base);
  assert.equal(actual === null, expected === null, `${what} parses in one and not the other`);
  if (actual !== null && expected !== null) for (const getter of GETTERS) assert.equal(actual[getter], expected[getter], `${getter} of ${what}`);
}

/** A setter and the value it is given, or a getter read at that point. */
export type URLStep = readonly [setter: (typeof GETTERS)[number], value: string] | readonly [getter: (typeof GETTERS)[number]];

/**
 * new URL(input) here and in whatwg-url, the same setters run on both (and getters read at the
 * steps that name one), then every getter compared, twice: a value kept from the first read must
 * be the one a second read gives.
 */
export function assertSameAfterSteps(input: string, steps: readonly URLStep[]): void {
  const what = `${input} after ${JSON.stringify(steps)}`;
  const actual = new URL(input) as unknown as Record<string, string>;
  const expected = new reference.URL(input) as unknown as Record<string, string>;
  for (const step of steps) {
    if (step.length === 2) {
      actual[step[0]] = step[1];
      expected[step[0]] = step[1];
    } else {
      assert.equal(actual[step[0]], expected[step[0]], `${step[0]} of ${what}`);
    }
  }
  for (let round = 1; round <= 2; round++) {
    for (const getter of GETTERS) assert.equal(actual[getter], expected[getter], `${getter} of ${what} (read ${round})`);
  }
}
