// Pathological input: url-standard against the runtime's own URL and URLSearchParams on long
// inputs of hostile shapes, at 1 MB and 10 MB. Prints, per shape, the best time of each side, the
// ratio ours/native, and our 10 MB / 1 MB ratio (about 10 when linear). See bench/README.md.
//
//   node bench/adversarial.mjs            # after npm run build
//   bun bench/adversarial.mjs; deno run -A bench/adversarial.mjs
//   ADV_SIZES=1 ADV_ONLY=tabs,ipv6 node bench/adversarial.mjs

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// BENCH_OURS: another build to time as "ours" (as in bench.mjs), e.g. a copy of a previous dist/.
const dist = process.env.BENCH_OURS ? resolve(process.env.BENCH_OURS) : fileURLToPath(new URL('../dist/index.js', import.meta.url));
if (!existsSync(dist)) {
  console.error(`${dist} is missing: run npm run build first`);
  process.exit(2);
}
const ours = await import(pathToFileURL(dist).href);
const Native = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };

const MB = 1 << 20;
const sizes = (process.env.ADV_SIZES ?? '1,10').split(',').map(Number);
const only = process.env.ADV_ONLY ? new Set(process.env.ADV_ONLY.split(',')) : null;
const RUNS = Number(process.env.ADV_RUNS ?? 5);

/** Repeats `unit` to about `bytes` code units, between `head` and `tail`. */
const fill = (head, unit, bytes, tail = '') => head + unit.repeat(Math.max(1, Math.floor(bytes / unit.length))) + tail;

// [id, description, make(bytes) -> input, run(impl, input)]
const parse = (impl, s, base) => {
  try {
    return new impl.URL(s, base).href.length;
  } catch {
    return -1;
  }
};
const SHAPES = [
  ['file-slashes', '"file:" then "/" x n', (n) => fill('file:', '/', n), parse],
  // file: URLs with long runs of slashes at the start of the path, in other forms.
  ['file-backslashes', '"file:" then "\\\\" x n', (n) => fill('file:', '\\', n), parse],
  ['file-mixed-slashes', '"file:" then "/\\\\" x n', (n) => fill('file:', '/\\', n), parse],
  ['file-host-slashes', '"file://host" then "/" x n', (n) => fill('file://host', '/', n), parse],
  ['file-host-mixed', '"file://h" then "\\\\/" x n', (n) => fill('file://h', '\\/', n), parse],
  ['file-drive-slashes', '"file:///C:" then "/" x n', (n) => fill('file:///C:', '/', n), parse],
  ['file-drive-mixed', '"file:///C|" then "\\\\//" x n', (n) => fill('file:///C|', '\\//', n), parse],
  ['file-slashes-base', '"/" x n against a file base', (n) => fill('', '/', n), (impl, s) => parse(impl, s, 'file:///C:/a/b')],
  ['file-mixed-base', '"file:" then "\\\\/" x n against a file base', (n) => fill('file:', '\\/', n), (impl, s) => parse(impl, s, 'file://h/C:/a')],
  ['file-slashes-tail', '"file:" then "/" x n then "a"', (n) => fill('file:', '/', n, 'a'), parse],
  ['file-upper-slashes', '"FILE:" then "/" x n then "C:/x"', (n) => fill('FILE:', '/', n, 'C:/x'), parse],
  ['file-base-backslashes', '"\\\\" x n against a file base', (n) => fill('', '\\', n), (impl, s) => parse(impl, s, 'file://h/C:/a')],
  ['file-host-backslashes', '"file://host" then "\\\\" x n then "a"', (n) => fill('file://host', '\\', n, 'a'), parse],
  ['tabs', 'path of "a\\t" x n', (n) => fill('http://h/', 'a\t', n), parse],
  ['ipv4-parts', 'host "1." x n', (n) => fill('http://', '1.', n, '/'), parse],
  ['ipv4-number', 'host "1" x n (one number)', (n) => fill('http://', '1', n, '/'), parse],
  ['drive-letters', '"C:/" x n in a file URL', (n) => fill('file:///', 'C:/', n), parse],
  ['ipv6', 'host "[1:1:…"', (n) => fill('http://[', '1:', n, ']/'), parse],
  ['percent', 'path of "%" x n', (n) => fill('http://h/', '%', n), parse],
  ['dot-dot', 'path of "../" x n', (n) => fill('http://h/', '../', n), parse],
  ['pct-dot-dot', 'path of "%2e%2e/" x n', (n) => fill('http://h/', '%2e%2e/', n), parse],
  ['at-signs', 'userinfo "@" x n', (n) => fill('http://', '@', n, 'h/'), parse],
  // Dot segments written with percent-encoded dots, in either case and mixed with plain dots.
  ['pct-dot', 'path of "%2E/" x n', (n) => fill('http://h/', '%2E/', n), parse],
  ['pct-dot-lower', 'path of "%2e/" x n', (n) => fill('http://h/', '%2e/', n), parse],
  ['pct-dot-dot-upper', 'path of "%2E%2E/" x n', (n) => fill('http://h/', '%2E%2E/', n), parse],
  ['pct-dot-dot-case', 'path of "%2e%2E/%2E%2e/" x n', (n) => fill('http://h/', '%2e%2E/%2E%2e/', n), parse],
  ['pct-dot-mixed', 'path of ".%2E/%2e./" x n', (n) => fill('http://h/', '.%2E/%2e./', n), parse],
  ['pct-dot-plain', 'path of "./%2E/../%2e%2e/" x n', (n) => fill('http://h/', './%2E/../%2e%2e/', n), parse],
  ['pct-dot-grow', 'path of "a/b/%2E%2e/%2e/" x n', (n) => fill('http://h/', 'a/b/%2E%2e/%2e/', n), parse],
  ['pct-dot-backslash', 'path of "%2E\\\\%2e%2E\\\\" x n', (n) => fill('http://h/', '%2E\\%2e%2E\\', n), parse],
  ['pct-dot-nonspecial', '"foo://h/" then "%2e/%2E%2e/" x n', (n) => fill('foo://h/', '%2e/%2E%2e/', n), parse],
  ['pct-dot-file', '"file:///C:/" then "%2E%2E/%2e/" x n', (n) => fill('file:///C:/', '%2E%2E/%2e/', n), parse],
  ['pct-dot-relative', 'reference "%2E/%2e%2E/" x n against a base', (n) => fill('', '%2E/%2e%2E/', n), (impl, s) => parse(impl, s, 'http://h/a/b')],
  ['idn', 'host "é" x n (one label)', (n) => fill('http://', 'é', n, '/'), parse],
  // Joiners inside one IDN label, between letters of scripts whose CONTEXTJ rules allow them.
  ['zwj-deva', 'host "क्\u200d" x n (ZWJ after a virama)', (n) => fill('http://', 'क्\u200d', n, 'क/'), parse],
  ['zwnj-deva', 'host "क्\u200c" x n (ZWNJ after a virama)', (n) => fill('http://', 'क्\u200c', n, 'क/'), parse],
  ['zwnj-arabic', 'host "ب\u200c" x n (ZWNJ between dual-joining letters)', (n) => fill('http://', 'ب\u200c', n, 'ب/'), parse],
  ['zwnj-arabic-marks', 'host "بَ\u200cَ" x n (transparent marks around ZWNJ)', (n) => fill('http://', 'ب\u064e\u200c\u064e', n, 'ب/'), parse],
  ['zwnj-persian', 'host "می\u200cخ" x n', (n) => fill('http://', 'می\u200cخ', n, '/'), parse],
  ['zwj-malayalam', 'host "ന്\u200dമ" x n (ZWJ after a virama)', (n) => fill('http://', 'ന്\u200dമ', n, '/'), parse],
  ['zwj-bengali', 'host "ক্\u200dষ" x n', (n) => fill('http://', 'ক্\u200dষ', n, '/'), parse],
  ['joiner-mix', 'host "क्\u200dب\u200cب्\u200c" x n (scripts mixed)', (n) => fill('http://', 'क्\u200dب\u200cبक्\u200c', n, 'क/'), parse],
  ['joiner-run', 'host "क्" then ZWJ x n (a run of joiners)', (n) => fill('http://क्', '\u200d', n, 'क/'), parse],
  ['zwnj-run', 'host "ب" then ZWNJ x n', (n) => fill('http://ب', '\u200c', n, 'ب/'), parse],
  ['zwnj-mongolian', 'host "ᠠ\u200c" x n (ZWNJ between dual-joining letters, no overflow)', (n) => fill('http://', 'ᠠ\u200c', n, 'ᠠ/'), parse],
  // Long labels of a word's letters: few distinct code points close together, so that the
  // Punycode encoding does not overflow and every pass of it runs.
  ['idn-cyrillic', 'host "пример" x n (one label)', (n) => fill('http://', 'пример', n, '/'), parse],
  ['idn-thai', 'host "ภาษาไทย" x n (one label)', (n) => fill('http://', 'ภาษาไทย', n, '/'), parse],
  ['zwj-many', 'host of 33 Devanagari consonants, each with a virama and ZWJ', (n) => fill('http://', Array.from({ length: 33 }, (_, i) => String.fromCharCode(0x915 + i) + '्\u200d').join(''), n, 'क/'), parse],
  ['zwj-ascii', 'host "a\u200d" x n (ZWJ after ASCII letters)', (n) => fill('http://', 'a\u200d', n, '/'), parse],
  ['upper-host', 'host "A" x n (ASCII, lowercased)', (n) => fill('http://', 'A', n, '/'), parse],
  ['backslashes', 'path of "a\\" x n', (n) => fill('http://h/', 'a\\', n), parse],
  ['path-segments', 'path of "a/" x n', (n) => fill('http://h/', 'a/', n), parse],
  ['relative-path', 'reference "a/" x n against a base', (n) => fill('', 'a/', n), (impl, s) => parse(impl, s, 'http://h/a/b')],
  ['long-scheme', 'scheme "a" x n', (n) => fill('', 'a', n, ':x'), parse],
  ['opaque-path', '"javascript:" then " a" x n', (n) => fill('javascript:', ' a', n, 'x'), parse],
  ['opaque-tabs', '"javascript:" then "a\t" x n', (n) => fill('javascript:', 'a\t', n, 'x'), parse],
  ['opaque-plain', '"javascript:" then "a" x n', (n) => fill('javascript:', 'a', n), parse],
  ['non-special-path', '"foo://h/" then "a" x n', (n) => fill('foo://h/', 'a', n), parse],
  ['opaque-host', '"foo://" then host "a" x n', (n) => fill('foo://', 'a', n, '/'), parse],
  ['trailing-spaces', '"http://h/?" then " " x n', (n) => fill('http://h/?', ' ', n), parse],
  ['leading-c0', '"\\u0001" x n then "http://h/"', (n) => fill('', '\u0001', n, 'http://h/'), parse],
  ['trailing-c0', '"http://h/?" then "\\u0001" x n', (n) => fill('http://h/?', '\u0001', n), parse],
  ['userinfo-spaces', 'userinfo of " " x n', (n) => fill('http://', ' ', n, '@h/'), parse],
  ['password', 'password of "p" x n', (n) => fill('http://u:', 'p', n, '@h/'), parse],
  ['path-spaces', 'path of " " x n', (n) => fill('http://h/', ' ', n, 'x'), parse],
  ['query-quotes', 'query of \'"\' x n', (n) => fill('http://h/?', '"', n), parse],
  [
    'usp-parse',
    'URLSearchParams("a=b&" x n)',
    (n) => fill('', 'a=b&', n),
    (impl, s) => {
      let k = 0;
      for (const _ of new impl.URLSearchParams(s)) k++;
      return k;
    },
  ],
  [
    'usp-sort',
    'URLSearchParams sort of n/10 shuffled names',
    (n) => Array.from({ length: Math.floor(n / 10) }, (_, i) => `k${(i * 7919) % 1000003}=${i}`).join('&'),
    (impl, s) => {
      const p = new impl.URLSearchParams(s);
      p.sort();
      return p.toString().length;
    },
  ],
  [
    'usp-delete',
    'URLSearchParams delete of every other pair',
    (n) => fill('', 'a=1&b=2&', n),
    (impl, s) => {
      const p = new impl.URLSearchParams(s);
      p.delete('a');
      return p.toString().length;
    },
  ],
];

function best(run, impl, input, runs = RUNS) {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    run(impl, input);
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

const v = process.versions;
const runtime = v.bun ? `Bun ${v.bun}` : v.deno ? `Deno ${v.deno}` : `Node ${process.version}`;
console.log(`adversarial input, ${runtime}, best of ${RUNS}, ${new Date().toISOString()}`);
console.log('shape          | size  | ours ms  | native ms | ours/native | ours 10 MB / 1 MB');
console.log('---------------|-------|----------|-----------|-------------|------------------');
for (const [id, , make, run] of SHAPES) {
  if (only !== null && !only.has(id)) continue;
  const times = {};
  let nativeSlow = false;
  for (const size of sizes) {
    if (nativeSlow) {
      // The runtime's own implementation took over a second at the previous size: at this one it
      // would take minutes if it is not linear (Node 20's URLSearchParams delete is quadratic).
      console.log(`${id.padEnd(14)} | ${String(size).padStart(2)} MB | skipped: the runtime's own took over 1 s at the size before`);
      continue;
    }
    const input = make(size * MB);
    // Interleaved: a warm-up of each, then the timed runs of each.
    const oursResult = run(ours, input);
    const nativeResult = run(Native, input);
    const a = best(run, ours, input);
    const b = best(run, Native, input);
    nativeSlow = b > 1000;
    times[size] = a;
    const growth = size !== sizes[0] && times[sizes[0]] ? (a / times[sizes[0]]).toFixed(1) : '';
    console.log(
      `${id.padEnd(14)} | ${String(size).padStart(2)} MB | ${a.toFixed(1).padStart(8)} | ${b.toFixed(1).padStart(9)} | ${(a / b).toFixed(2).padStart(10)}× | ${growth}` +
        // The runtime's own URL throws on some of these (Node 26 and Bun refuse labels of more than
        // 8,192 code points and long hosts), where the standard parses: the ratio is then ours
        // against an early rejection.
        (nativeResult === -1 && oursResult !== -1 ? ' (the runtime\'s own rejects this input; ours parses it)' : ''),
    );
  }
}

// IDN hosts at the largest size the runtime's own URL converts. Node 24 and 26 fail an IDN label
// of over 8,192 code points, and a host of about that size; Bun a label of over 1,000 and a host of
// about 2,000; Deno a label of over 1,000. The standard converts any length, so there the "idn" row
// above compares our conversion with an early failure. These rows find, by doubling and then
// bisection, the largest host of each shape (up to about 1 MB) that the runtime's own converts, and
// time both on it: the same work on both sides.
// [id, description, make(n) -> input, the largest n tried (an input of about 1 MB)]
const IDN_LIMIT_SHAPES = [
  ['idn-max-label', 'the longest one label of "é" it converts', (n) => `http://${'é'.repeat(n)}/`, MB],
  ['idn-max-host', 'the most labels of 63 "é" it converts', (n) => `http://${Array(n).fill('é'.repeat(63)).join('.')}/`, MB / 64],
  // The other huge hosts of the README, each at the largest size the runtime's own converts.
  ['idn-max-mixed', 'the longest one label of "éa" it converts', (n) => `http://${'éa'.repeat(n)}/`, MB / 4],
  ['idn-max-cyrillic', 'the longest one label of "пример" it converts', (n) => `http://${'пример'.repeat(n)}/`, MB / 12],
  ['idn-max-thai', 'the longest one label of "ภาษาไทย" it converts', (n) => `http://${'ภาษาไทย'.repeat(n)}/`, MB / 14],
  ['idn-max-mapped', 'the longest one label of "É" (mapped to "é") it converts', (n) => `http://${'É'.repeat(n)}/`, MB / 2],
  ['idn-max-emoji', 'the longest one label of "😀" it converts', (n) => `http://${'😀'.repeat(n)}/`, MB / 4],
  ['idn-max-labels', 'the most labels of one "ä" it converts', (n) => `http://${'ä.'.repeat(n)}x/`, MB / 3],
  // Labels of joiners that CONTEXTJ allows, which the runtime's own converts up to its limit.
  ['idn-max-zwj', 'the longest one label of "क्\u200d" (ZWJ after a virama) it converts', (n) => `http://${'क्\u200d'.repeat(n)}क/`, MB / 3],
  ['idn-max-zwnj', 'the longest one label of "ᠠ\u200c" (Mongolian ZWNJ) it converts', (n) => `http://${'ᠠ\u200c'.repeat(n)}ᠠ/`, MB / 2],
];
const nativeConverts = (make, n) => parse(Native, make(n)) !== -1;
/** The largest n ≤ cap with make(n) converted by the runtime's own URL (0 when none is). */
function largestConverted(make, cap) {
  if (!nativeConverts(make, 1)) return 0;
  // Doubling finds a size it fails (bad), unless it converts every size up to the cap.
  let good = 1;
  let bad = 0;
  while (bad === 0 && good < cap) {
    const next = Math.min(good * 2, cap);
    if (nativeConverts(make, next)) good = next;
    else bad = next;
  }
  if (bad === 0) return good;
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1;
    if (nativeConverts(make, mid)) good = mid;
    else bad = mid;
  }
  return good;
}
const shownLimits = IDN_LIMIT_SHAPES.filter(([id]) => only === null || only.has(id));
if (shownLimits.length > 0) {
  // Inputs of microseconds (a limit of a few thousand code points): the best of many runs, after a
  // warm-up of each side; inputs over 64 KB (a runtime without a limit), of ADV_RUNS as above.
  const SHORT_RUNS = RUNS * 40;
  const SHORT = 1 << 16;
  console.log('');
  console.log(`IDN hosts at the largest size the runtime's own URL converts, best of ${SHORT_RUNS} (of ${RUNS} above ${SHORT} code units)`);
  console.log('shape            | n       | input chars | ours µs  | native µs | ours/native');
  console.log('-----------------|---------|-------------|----------|-----------|------------');
  for (const [id, , make, cap] of shownLimits) {
    const n = largestConverted(make, cap);
    if (n === 0) {
      console.log(`${id.padEnd(16)} | the runtime's own converts no host of this shape`);
      continue;
    }
    const input = make(n);
    if (parse(ours, input) !== parse(Native, input)) throw new Error(`${id}: this library and the runtime's own disagree on the href's length`);
    const runs = input.length > SHORT ? RUNS : SHORT_RUNS;
    for (let i = 0; i < Math.min(20, runs); i++) {
      parse(ours, input);
      parse(Native, input);
    }
    let a = Infinity;
    let b = Infinity;
    // Interleaved, one run of each at a time.
    for (let i = 0; i < runs; i++) {
      a = Math.min(a, best(parse, ours, input, 1));
      b = Math.min(b, best(parse, Native, input, 1));
    }
    console.log(
      `${id.padEnd(16)} | ${String(n).padStart(7)} | ${String(input.length).padStart(11)} | ${(a * 1000).toFixed(1).padStart(8)} | ${(b * 1000).toFixed(1).padStart(9)} | ${(a / b).toFixed(2).padStart(10)}×`,
    );
  }
}
