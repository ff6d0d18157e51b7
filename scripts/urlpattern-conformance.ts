/**
 * Counts the WPT URLPattern entries (`urlpatterntestdata.json`, and the tentative compare and
 * generate data) that a URLPattern implementation passes, with the test suite's harness:
 * url-standard's, the runtime's own (when it has one) and urlpattern-polyfill's.
 *
 * Usage: node --import tsx scripts/urlpattern-conformance.ts
 */
import { URLPattern } from '../src/urlpattern.ts';
import { URLPattern as Polyfill } from 'urlpattern-polyfill/urlpattern';
import { loadURLPatternWPT } from '../test/helpers/wpt-urlpattern-data.ts';
import { runEntry, type Ctor, type Entry } from '../test/helpers/urlpattern-harness.ts';

const main = loadURLPatternWPT('urlpatterntestdata.json') as Entry[];
const compare = loadURLPatternWPT('urlpattern-compare-test-data.json') as { component: string; left: unknown; right: unknown; expected: number }[];
const generate = loadURLPatternWPT('urlpattern-generate-test-data.json') as { pattern: unknown; component: string; groups: unknown; expected: string | null }[];

const impls: [string, Ctor | undefined][] = [
  ['url-standard', URLPattern as unknown as Ctor],
  [`runtime (${process.version})`, (globalThis as { URLPattern?: Ctor }).URLPattern],
  ['urlpattern-polyfill', Polyfill as unknown as Ctor],
];

for (const [name, Impl] of impls) {
  if (Impl === undefined) {
    console.log(`${name}: no URLPattern`);
    continue;
  }
  const failures: number[] = [];
  main.forEach((entry, i) => {
    try {
      runEntry(structuredClone(entry), Impl);
    } catch {
      failures.push(i);
    }
  });
  const S = Impl as unknown as { compareComponent?: (c: string, l: unknown, r: unknown) => number };
  let comparePassed = 0;
  const hasCompare = typeof S.compareComponent === 'function';
  const hasGenerate = typeof (Impl.prototype as { generate?: unknown }).generate === 'function';
  for (const e of hasCompare ? compare : []) {
    try {
      const l = new Impl(e.left);
      const r = new Impl(e.right);
      if (S.compareComponent!(e.component, l, r) === e.expected && S.compareComponent!(e.component, r, l) === ~~(e.expected * -1)) comparePassed++;
    } catch {}
  }
  let generatePassed = 0;
  for (const e of hasGenerate ? generate : []) {
    try {
      const p = new Impl(e.pattern) as unknown as { generate: (c: string, g: unknown) => string };
      let result: string | null;
      try {
        result = p.generate(e.component, e.groups);
      } catch (error) {
        result = error instanceof TypeError ? null : 'not a TypeError';
      }
      if (result === e.expected) generatePassed++;
    } catch {}
  }
  console.log(
    `${name}: main ${main.length - failures.length}/${main.length}, compare ${hasCompare ? `${comparePassed}/${compare.length}` : 'absent'}, generate ${hasGenerate ? `${generatePassed}/${generate.length}` : 'absent'}` +
      (failures.length ? `; main failures: ${failures.join(' ')}` : ''),
  );
}
