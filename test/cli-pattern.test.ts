/**
 * `url-standard --pattern`: one JSON line per input (its groups, a non-match, or a failure to
 * parse), end to end through the built command (`npm test` builds first); the expectations come
 * from the URLPattern class.
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

test('--pattern prints one line per input: the groups of a match, "match": false for the others', () => {
  const pattern = 'https://:sub.example.com/users/:id';
  const lines = ['https://api.example.com/users/42?q=1', 'https://example.com/users/42', 'https://www.example.com/users/7#x'];
  const r = run(['--pattern', pattern], lines.join('\n') + '\n');
  const p = new URLPattern(pattern);
  const expected = lines
    .map((line) => {
      const m = p.exec(line);
      return JSON.stringify(m === null ? { input: line, match: false } : { input: line, match: true, hostname: m.hostname.groups, pathname: m.pathname.groups }) + '\n';
    })
    .join('');
  assert.equal(r.stdout, expected);
  assert.equal(r.status, 1, 'a line did not match');
  assert.equal(r.stderr, 'url-standard: 1 input did not match: line 2\n');
});

test('--pattern tells an input that fails to parse from one that does not match', () => {
  const r = run(['--pattern', 'https://example.com/*'], 'https://example.com/a\nhttps://other.example/\nhttp://[::1\n');
  assert.equal(
    r.stdout,
    '{"input":"https://example.com/a","match":true,"pathname":{"0":"a"}}\n' +
      '{"input":"https://other.example/","match":false}\n' +
      '{"input":"http://[::1","match":false,"failure":true}\n',
  );
  assert.equal(r.stderr, 'url-standard: 1 input did not match: line 2\nurl-standard: 1 input failed to parse: line 3\n');
  assert.equal(r.status, 1);
});

test('--pattern with a pathname and no base matches that path on any origin', () => {
  const r = run(['--pattern', '/users/:id', 'https://a.example/users/1', 'http://b.example:8080/users/2?x#y', 'https://a.example/posts/1']);
  assert.equal(
    r.stdout,
    '{"input":"https://a.example/users/1","match":true,"pathname":{"id":"1"}}\n' +
      '{"input":"http://b.example:8080/users/2?x#y","match":true,"pathname":{"id":"2"}}\n' +
      '{"input":"https://a.example/posts/1","match":false}\n',
  );
  assert.equal(r.status, 1);
  // With a search and a hash, those must match too.
  const withSearch = run(['--pattern', '/s?q=:q', 'https://a.example/s?q=url', 'https://a.example/s?r=1']);
  assert.equal(withSearch.stdout, '{"input":"https://a.example/s?q=url","match":true,"search":{"q":"url"}}\n{"input":"https://a.example/s?r=1","match":false}\n');
});

test('--pattern with --base: the pattern and the inputs are relative to the base', () => {
  const r = run(['-p', '/files/*', '--base', 'https://example.com/'], '/files/a/b.txt\nhttps://example.com/files/c\n');
  assert.equal(r.stdout, '{"input":"/files/a/b.txt","match":true,"pathname":{"0":"a/b.txt"}}\n{"input":"https://example.com/files/c","match":true,"pathname":{"0":"c"}}\n');
  assert.equal(r.status, 0);
});

test('--pattern usage errors: an invalid pattern, a relative pattern without a base, another output option, --encoding', () => {
  for (const args of [['--pattern', 'https://x/:id('], ['--pattern', 'a/:id'], ['--pattern', 'https://x/*', '--json'], ['--pattern', 'https://x/*', '--encoding', 'latin1']]) {
    const r = run([...args, 'https://x/a']);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '');
  }
  // A relative pattern that is not a pathname: the message says what to type.
  assert.match(run(['--pattern', 'a/:id', 'https://x/a']).stderr, /give --base <url>, or start the pattern with "\/" to match the path on any origin/);
});
