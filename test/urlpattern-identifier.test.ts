/**
 * The URL Pattern tokenizer's name code points (src/urlpattern/identifier.ts): ID_Start and
 * ID_Continue of Unicode 17.0 from the package's own tables, checked on every code point against
 * the Unicode data package and, where this engine has the same Unicode version, its `\p{…}`.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isIDContinue, isIDStart } from '../src/urlpattern/identifier.ts';
import { isValidNameCodePoint } from '../src/urlpattern/tokenizer.ts';
import { unicodeSet } from './helpers/unicode-data.ts';

const SIZE = 0x110000;

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The code points where `actual` and the set disagree (at most ten, for the message). */
function disagreements(actual: (cp: number) => boolean, expected: Uint8Array): string[] {
  const found: string[] = [];
  for (let cp = 0; cp < SIZE && found.length < 10; cp++) if (actual(cp) !== (expected[cp] === 1)) found.push(hex(cp));
  return found;
}

test('src/urlpattern/identifier.generated.ts is what the generator produces', () => {
  const script = fileURLToPath(new URL('../scripts/generate-identifier-tables.mjs', import.meta.url));
  const out = execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  assert.equal(out.trim(), 'src/urlpattern/identifier.generated.ts is up to date.');
});

test('ID_Start and ID_Continue are those of Unicode 17.0 on every code point', async () => {
  const [start, part] = await Promise.all([unicodeSet('17.0.0', 'Binary_Property/ID_Start'), unicodeSet('17.0.0', 'Binary_Property/ID_Continue')]);
  assert.deepEqual(disagreements(isIDStart, start), []);
  assert.deepEqual(disagreements(isIDContinue, part), []);
});

test("they agree with this engine's own when it has Unicode 17.0 data", (t) => {
  if (process.versions.unicode !== '17.0') {
    t.skip(`this engine has Unicode ${process.versions.unicode} data`);
    return;
  }
  const start = /\p{ID_Start}/u;
  const part = /\p{ID_Continue}/u;
  const found: string[] = [];
  for (let cp = 0; cp < SIZE && found.length < 10; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (isIDStart(cp) !== start.test(c) || isIDContinue(cp) !== part.test(c)) found.push(hex(cp));
  }
  assert.deepEqual(found, []);
});

test('name code points: ASCII letters, "$" and "_" anywhere, digits after the first, ZWNJ and ZWJ inside', () => {
  for (const [cp, first, valid] of [
    [0x61, true, true],
    [0x24, true, true],
    [0x5f, true, true],
    [0x31, true, false],
    [0x31, false, true],
    [0x2d, false, false],
    [0x200c, true, false],
    [0x200c, false, true],
    [0x200d, false, true],
    [0x4e00, true, true], // CJK
    [0x323b0, true, true], // CJK extension J, Unicode 17.0
    [0x0301, true, false], // a combining mark: ID_Continue only
    [0x0301, false, true],
    [0x2603, false, false], // a snowman
  ] as const) {
    assert.equal(isValidNameCodePoint(cp, first), valid, `${hex(cp)} ${first ? 'first' : 'after the first'}`);
  }
});
