/**
 * validateURL and isValidURLString take time linear in their input (test/perf/linear.ts), also on
 * inputs that make a validation error at every unit.
 */
import { describe, test } from 'node:test';
import { validateURL } from '../../src/validate.ts';
import { isValidURLString } from '../../src/valid-url-string.ts';
import { assertLinear } from './linear.ts';

describe('linear time', () => {
  const shapes: [string, (n: number) => string][] = [
    ['"%zz" in the path', (n) => 'https://h/' + '%zz'.repeat(n)],
    ['tabs everywhere', (n) => 'https://h/' + 'a\t'.repeat(n)],
    ['"@" in the authority', (n) => 'https://' + '@'.repeat(n) + 'h/'],
    ['leading spaces and a tab', (n) => ' '.repeat(n) + 'https://h/\t>'],
    ['"\\" in a special path', (n) => 'https://h' + '\\'.repeat(n)],
    ['extra solidi', (n) => 'https:' + '/'.repeat(n) + 'h'],
    ['spaces in an opaque path', (n) => 'a:' + ' x'.repeat(n)],
    ['forbidden host code points in an opaque host', (n) => 'foo://' + '\u0001'.repeat(n)],
    ['long IPv6', (n) => 'https://[' + '1:'.repeat(n) + ']'],
    ['long IPv4', (n) => 'https://' + '1.'.repeat(n) + '1'],
  ];
  // Up to about 800 KB for the three-code-unit shapes. validateURL keeps an error for every unit
  // of most shapes: the cost of keeping one can step up once the list outgrows a part of the heap,
  // a step the check allows for (test/perf/linear.ts).
  const LARGEST = 280_000;
  for (const [name, make] of shapes) {
    test(`validateURL: ${name}`, (t) => assertLinear(t, make, LARGEST, (s: string) => validateURL(s)));
    test(`isValidURLString: ${name}`, (t) =>
      assertLinear(t, make, LARGEST, (s: string) => isValidURLString(s, { base: 'https://example.org/' })));
  }
});
