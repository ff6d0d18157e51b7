/**
 * `url-standard --pattern`: each input's groups as JSON, or nothing, end to end through the built
 * command (`npm test` builds first); the expectations come from the URLPattern class.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { URLPattern } from '../src/urlpattern.ts';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url).href);

function run(args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('--pattern prints the groups of matching lines and nothing for the others', () => {
  const pattern = 'https://:sub.example.com/users/:id';
  const lines = ['https://api.example.com/users/42?q=1', 'https://example.com/users/42', 'https://www.example.com/users/7#x'];
  const r = run(['--pattern', pattern], lines.join('\n') + '\n');
  const p = new URLPattern(pattern);
  const expected = lines
    .map((line) => p.exec(line))
    .filter((m) => m !== null)
    .map((m) => JSON.stringify({ input: m.inputs[0], hostname: m.hostname.groups, pathname: m.pathname.groups }) + '\n')
    .join('');
  assert.equal(r.stdout, expected);
  assert.equal(r.status, 1, 'a line did not match');
  assert.match(r.stderr, /1 input did not match: line 2/);
});

test('--pattern with --base: the pattern and the inputs are relative to the base', () => {
  const r = run(['-p', '/files/*', '--base', 'https://example.com/'], '/files/a/b.txt\nhttps://example.com/files/c\n');
  assert.equal(r.stdout, '{"input":"/files/a/b.txt","pathname":{"0":"a/b.txt"}}\n{"input":"https://example.com/files/c","pathname":{"0":"c"}}\n');
  assert.equal(r.status, 0);
});

test('--pattern usage errors: an invalid pattern, another output option, --encoding', () => {
  for (const args of [['--pattern', '/a'], ['--pattern', 'https://x/:id('], ['--pattern', 'https://x/*', '--json'], ['--pattern', 'https://x/*', '--encoding', 'latin1']]) {
    const r = run([...args, 'https://x/a']);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '');
  }
});
