/**
 * End-to-end tests of the `url-standard` command: each test runs the built dist/cli.js
 * (`npm run build` first) and compares its answers with the library's.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseURL, relativeURL, serializeURL, URL, type ValidationError } from '../src/index.ts';
import { parseURL as parseWithEncoding } from '../src/legacy-encoding.ts';
import { publicSuffix, registrableDomain } from '../src/site.ts';
import { displayURL, explainDisplayURL } from '../src/display.ts';
import { validateURL } from '../src/validate.ts';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url).href);
const PACKAGE = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url).href), 'utf8')) as {
  version: string;
};

assert.ok(existsSync(CLI), 'dist/cli.js is missing: run npm run build');

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command with `args`, `input` on standard input (closed at once when absent). */
function run(args: string[], input: string | Uint8Array = '', env: NodeJS.ProcessEnv = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, NO_COLOR: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A test that the command exits with status 2, prints nothing on standard output and `message` on standard error. */
function itRejectsUsage(args: readonly string[], message: RegExp): void {
  it(`exit status 2: ${args.join(' ')}`, async () => {
    const r = await run([...args]);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, message);
  });
}

/** The serialization the library gives, or '' for failure. */
function expected(input: string, base?: string): string {
  const record = parseURL(input, { base });
  return record === null ? '' : serializeURL(record);
}

const SAMPLES = [
  'https://example.com/',
  'HTTPS://EXAMPLE.com/a/../b/./c?x=1#y',
  'http://user:pa ss@[::1]:8080/p',
  'http://192.168.0.257/',
  'http://0x7f.1/',
  'file:///C|/dir/file',
  'mailto:someone@example.com',
  'https://www.例え.jp/パス?クエリ#断片',
  'https://xn--nxasmq6b.com/',
  'web+demo:/.//not-a-host/',
  '  https://trim.example/\t\n ',
  'non-special://host/a b',
  'https://ex%41mple.com/',
  'http://exa mple.com/',
  'https://example.com:99999/',
  'not a url',
  '',
  '//scheme-relative.example/',
  'blob:https://example.com/uuid',
  'data:text/plain,hello',
];

describe('arguments', { concurrency: true }, () => {
  it('prints the serialization of each argument, an empty line for a failure', async () => {
    const r = await run(SAMPLES);
    assert.equal(r.stdout, SAMPLES.map((s) => expected(s) + '\n').join(''));
    const failing = SAMPLES.flatMap((s, i) => (expected(s) === '' ? [i + 1] : []));
    assert.ok(failing.length >= 2);
    assert.equal(r.status, 1);
    assert.equal(
      r.stderr,
      `url-standard: ${failing.length} inputs failed to parse: arguments ${failing.join(', ')}\n`,
    );
  });

  it('exits 0 when every input parses', async () => {
    const r = await run(['https://a.example/', 'https://b.example/x']);
    assert.deepEqual(r, { status: 0, stdout: 'https://a.example/\nhttps://b.example/x\n', stderr: '' });
  });

  it('names a single failure in the singular', async () => {
    const r = await run(['https://a.example/', 'http://[::1/']);
    assert.equal(r.status, 1);
    assert.equal(r.stdout, 'https://a.example/\n\n');
    assert.equal(r.stderr, 'url-standard: 1 input failed to parse: argument 2\n');
  });

  it('takes arguments after -- as URLs even when they start with "-"', async () => {
    const r = await run(['--base', 'https://example.com/dir/', '--', '-x', '--json']);
    assert.equal(r.stdout, 'https://example.com/dir/-x\nhttps://example.com/dir/--json\n');
    assert.equal(r.status, 0);
  });
});

describe('standard input', { concurrency: true }, () => {
  it('gives one line per input line, with line numbers of failures', async () => {
    const r = await run([], SAMPLES.filter((s) => !s.includes('\n')).join('\n') + '\n');
    const inputs = SAMPLES.filter((s) => !s.includes('\n'));
    assert.equal(r.stdout, inputs.map((s) => expected(s) + '\n').join(''));
    // A blank line (only spaces or controls) is skipped with an empty line, and is not a failure.
    const blank = (s: string): boolean => /^[\u0000-\u0020]*$/.test(s);
    assert.ok(inputs.some(blank));
    const failing = inputs.flatMap((s, i) => (expected(s) === '' && !blank(s) ? [i + 1] : []));
    assert.equal(r.stderr, `url-standard: ${failing.length} inputs failed to parse: lines ${failing.join(', ')}\n`);
    assert.equal(r.status, 1);
  });

  it('handles CRLF line endings and a last line without a line ending', async () => {
    const r = await run([], 'https://a.example/x\r\nhttps://b.example/\r\nhttps://c.example');
    assert.equal(r.stdout, 'https://a.example/x\nhttps://b.example/\nhttps://c.example/\n');
    assert.equal(r.status, 0);
  });

  it('prints nothing and exits 0 for empty input', async () => {
    assert.deepEqual(await run([], ''), { status: 0, stdout: '', stderr: '' });
  });

  it('answers each line as it arrives, before the end of input', async () => {
    const child = spawn(process.execPath, [CLI], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8');
    let stdout = '';
    let waiting: { text: string; resolve: () => void } | null = null;
    child.stdout.on('data', (d: string) => {
      stdout += d;
      if (waiting !== null && stdout.includes(waiting.text)) waiting.resolve();
    });
    const waitFor = (text: string): Promise<void> =>
      new Promise((resolve, reject) => {
        if (stdout.includes(text)) return resolve();
        waiting = { text, resolve };
        child.once('close', () => reject(new Error(`closed before ${JSON.stringify(text)}; got ${stdout}`)));
      });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.write('HTTPS://FIRST.example/a/../b\n');
    await waitFor('https://first.example/b\n');
    // A UTF-8 sequence split across two writes is decoded whole.
    child.stdin.write(Buffer.from([...Buffer.from('https://second.example/'), 0xe2, 0x98]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    child.stdin.write(Buffer.from([0x83, 0x0a]));
    await waitFor('https://second.example/%E2%98%83\n');
    child.stdin.end('https://third.example\n');
    assert.equal(await closed, 0);
    assert.equal(stdout, 'https://first.example/b\nhttps://second.example/%E2%98%83\nhttps://third.example/\n');
  });

  it('turns invalid UTF-8 into U+FFFD', async () => {
    const bytes = Buffer.concat([
      Buffer.from('https://example.com/'),
      Buffer.from([0xff]),
      Buffer.from('?q='),
      Buffer.from([0xc3]), // truncated two-byte sequence
      Buffer.from('\nhttps://example.com/'),
      Buffer.from([0xed, 0xa0, 0x80]), // encoded surrogate
      Buffer.from('\n'),
    ]);
    const r = await run([], bytes);
    assert.equal(r.stdout, 'https://example.com/%EF%BF%BD?q=%EF%BF%BD\nhttps://example.com/%EF%BF%BD%EF%BF%BD%EF%BF%BD\n');
    assert.equal(r.status, 0);
  });

  it('handles a line of one megabyte', async () => {
    const path = 'a/'.repeat(1 << 19);
    const input = 'https://example.com/' + path + '?' + 'q'.repeat(1000);
    const r = await run([], 'https://before.example/\n' + input + '\nhttps://after.example/\n');
    assert.equal(r.stdout, 'https://before.example/\n' + input + '\nhttps://after.example/\n');
    assert.equal(r.status, 0);
  });

  it('lists at most 20 failing lines', async () => {
    const r = await run([], 'bad\n'.repeat(25) + 'https://ok.example/\n');
    assert.equal(r.status, 1);
    const first20 = Array.from({ length: 20 }, (_, i) => i + 1).join(', ');
    assert.equal(r.stderr, `url-standard: 25 inputs failed to parse: lines ${first20}, … (5 more)\n`);
    assert.equal(r.stdout, '\n'.repeat(25) + 'https://ok.example/\n');
  });
});

describe('"-" and blank lines', { concurrency: true }, () => {
  it('"-" stands for standard input, between URL arguments', async () => {
    const r = await run(['https://a.example/', '-', 'http://[::1'], 'https://b.example/\nnot a url\n');
    assert.equal(r.stdout, 'https://a.example/\nhttps://b.example/\n\n\n');
    assert.equal(r.stderr, 'url-standard: 2 inputs failed to parse: line 2, argument 3\n');
    assert.equal(r.status, 1);
    const alone = await run(['-'], 'https://c.example\n');
    assert.deepEqual(alone, { status: 0, stdout: 'https://c.example/\n', stderr: '' });
  });

  it('"-" after "--" is a URL (a relative one), and "-" twice is a usage error', async () => {
    const r = await run(['--base', 'https://example.com/dir/', '--', '-'], 'https://ignored.example/\n');
    assert.equal(r.stdout, 'https://example.com/dir/-\n');
    const twice = await run(['-', '-']);
    assert.equal(twice.status, 2);
    assert.match(twice.stderr, /"-" \(standard input\) is given more than once/);
  });

  it('skips blank lines of standard input: an empty line in the plain modes, nothing in --json and --validate', async () => {
    const input = 'https://a.example/\n\n  \t\nhttps://b.example/\n';
    const plain = await run([], input);
    assert.deepEqual(plain, { status: 0, stdout: 'https://a.example/\n\n\nhttps://b.example/\n', stderr: '' });
    const hostname = await run(['-c', 'hostname'], input);
    assert.equal(hostname.stdout, 'a.example\n\n\nb.example\n');
    const json = await run(['--json'], input);
    assert.deepEqual(json.stdout.trimEnd().split('\n').map((line) => (JSON.parse(line) as { input: string }).input), ['https://a.example/', 'https://b.example/']);
    assert.equal(json.status, 0);
    const validate = await run(['--validate'], input);
    assert.deepEqual(validate, { status: 0, stdout: '', stderr: '' });
  });

  it('the static imports of the command load none of the optional entries', () => {
    // What `url-standard <url>` and `--version` load before any import(): not the Public Suffix
    // List, the display data, the legacy encoders or URL patterns.
    const dist = dirname(CLI);
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(join(dist, file), 'utf8');
      for (const match of text.matchAll(/^import\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
        const target = match[1]!;
        if (target.startsWith('./')) visit(target.slice(2));
        else packages.add(target);
      }
    };
    visit('cli.js');
    for (const entry of ['site.js', 'display.js', 'legacy-encoding.js', 'urlpattern.js']) assert.ok(!seen.has(entry), entry);
    assert.deepEqual([...packages].filter((name) => !name.startsWith('node:') && !['fs'].includes(name)), []);
    assert.ok(seen.size > 1, 'the command imports the library chunks');
  });
});

describe('--base', { concurrency: true }, () => {
  it('resolves each input against the base', async () => {
    const base = 'https://example.com/dir/page?q#f';
    const inputs = ['x', '../y', '?z', '#w', '//other.example/', 'http://abs.example/', ''];
    const r = await run(['--base', base, ...inputs]);
    assert.equal(r.stdout, inputs.map((s) => expected(s, base) + '\n').join(''));
    assert.equal(r.status, 0);
    const r2 = await run([`--base=${base}`], inputs.join('\n') + '\n');
    // A blank line of standard input is no input, even with a base (an empty argument is one).
    assert.equal(r2.stdout, r.stdout.replace(/[^\n]*\n$/, '\n'));
    assert.equal(r2.status, 0);
  });

  it('rejects an invalid base with exit status 2', async () => {
    const r = await run(['--base', 'not a base', 'x']);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^url-standard: invalid base URL: "not a base"\n/);
  });
});

describe('--relative-to', { concurrency: true }, () => {
  const to = 'https://example.com/dir/page?q#f';
  const inputs = [
    'https://example.com/dir/other',
    'https://example.com/dir/page?q',
    'https://example.com/dir/page?q#g',
    'https://example.com/elsewhere/x',
    'https://other.example/dir/',
    'http://example.com/dir/',
    'https://example.com/dir/a:b',
    'not a url',
  ];

  it('prints each URL relative to the URL given, an empty line for a failure', async () => {
    const r = await run(['--relative-to', to, ...inputs]);
    const lines = inputs.map((input) => (parseURL(input) === null ? '' : relativeURL(to, input)));
    assert.equal(r.stdout, lines.map((line) => line + '\n').join(''));
    // Each answer parses against that URL back to the input's serialization.
    inputs.forEach((input, i) => {
      if (parseURL(input) !== null) assert.equal(new URL(lines[i]!, to).href, expected(input), input);
    });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, 'url-standard: 1 input failed to parse: argument 8\n');
    const r2 = await run([`--relative-to=${to}`], inputs.join('\n') + '\n');
    assert.equal(r2.stdout, r.stdout);
  });

  it('parses the inputs and the URL given against --base', async () => {
    const base = 'https://example.com/dir/';
    const r = await run(['--base', base, '--relative-to', 'sub/page', 'x', '../y', 'sub/z?q']);
    const from = expected('sub/page', base);
    assert.equal(r.stdout, ['x', '../y', 'sub/z?q'].map((input) => relativeURL(from, expected(input, base)) + '\n').join(''));
    assert.equal(r.status, 0);
  });

  it('adds "relative" after "href" with --json', async () => {
    const r = await run(['--json', '--relative-to', to, inputs[0]!, inputs[3]!, 'not a url']);
    const lines = r.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(lines[0]!['relative'], relativeURL(to, inputs[0]!));
    assert.equal(lines[1]!['relative'], relativeURL(to, inputs[3]!));
    assert.deepEqual(Object.keys(lines[0]!).slice(0, 3), ['input', 'href', 'relative']);
    assert.deepEqual(Object.keys(lines[2]!), ['input', 'valid', 'failure', 'errors']);
    // Without --relative-to there is no such field.
    const plain = JSON.parse((await run(['--json', inputs[0]!])).stdout) as Record<string, unknown>;
    assert.ok(!('relative' in plain));
  });

  for (const [args, message] of [
    [['--relative-to', 'not a url', 'x'], /invalid --relative-to URL: "not a url"/],
    [['--relative-to'], /--relative-to needs a value/],
    [['--validate', '--relative-to', to, 'x'], /--relative-to goes with the default output or --json only/],
    [['--component', 'host', '--relative-to', to, 'x'], /--relative-to goes with the default output or --json only/],
  ] as const) {
    itRejectsUsage(args, message);
  }
});

describe('--json', { concurrency: true }, () => {
  const inputs = [
    'https://user:pass@www.example.co.uk:8080/p/a/t/h?query=1#frag',
    'HTTP://EXAMPLE.COM/%7Efoo/',
    'http://[::1]:80/',
    'http://127.1/',
    'https://github.io/',
    'https://exa mple.com/',
    'file:///etc/passwd',
    'non-special://host/path',
    'mailto:a@b',
    'https://münchen.example/',
    'http://exa\tmple.com/',
    'https://xn--80ak6aa92e.com/',
  ];

  it('prints one object per line matching the library field by field', async () => {
    const r = await run(['--json', ...inputs]);
    const lines = r.stdout.split('\n');
    assert.equal(lines.pop(), '');
    assert.equal(lines.length, inputs.length);
    for (let i = 0; i < inputs.length; i++) {
      const input = inputs[i]!;
      const object = JSON.parse(lines[i]!) as Record<string, unknown>;
      const errors: ValidationError[] = [];
      const record = parseURL(input, { onValidationError: (e) => errors.push(e) });
      assert.equal(object['input'], input);
      assert.equal(object['valid'], validateURL(input).valid, input);
      assert.deepEqual(
        object['errors'],
        errors.map((e) => ({ type: e.type, index: e.index, length: e.length, message: e.message })),
        input,
      );
      if (record === null) {
        assert.deepEqual(Object.keys(object), ['input', 'valid', 'failure', 'errors']);
        assert.equal(object['failure'], true);
        assert.equal(object['valid'], false);
        continue;
      }
      const url = new URL(input);
      for (const key of [
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
        'origin',
      ] as const) {
        assert.equal(object[key], url[key], `${input} ${key}`);
      }
      const domain = ['http:', 'https:', 'ws:', 'wss:', 'ftp:'].includes(url.protocol) && !/^[[\d]/.test(url.hostname);
      if (domain) {
        assert.equal(object['publicSuffix'], publicSuffix(url.hostname), input);
        assert.equal(object['registrableDomain'], registrableDomain(url.hostname), input);
      } else {
        assert.ok(!('publicSuffix' in object) && !('registrableDomain' in object), input);
      }
      const explained = explainDisplayURL(record);
      assert.equal(object['display'], explained.display, input);
      if (explained.punycodeLabels.length === 0) assert.ok(!('punycodeLabels' in object), input);
      else assert.deepEqual(object['punycodeLabels'], explained.punycodeLabels, input);
    }
    assert.equal(r.status, 1); // "https://exa mple.com/" fails
  });

  it('gives a failure object', async () => {
    const r = await run(['--json'], 'http://[::1\n');
    const object = JSON.parse(r.stdout) as { input: string; failure: boolean; errors: Array<{ type: string }> };
    assert.equal(object.input, 'http://[::1');
    assert.equal(object.failure, true);
    assert.equal((object as unknown as { valid: unknown }).valid, false);
    assert.deepEqual(
      object.errors.map((e) => e.type),
      ['IPv6-unclosed'],
    );
    assert.equal(r.stderr, 'url-standard: 1 input failed to parse: line 1\n');
    assert.equal(r.status, 1);
  });

  it('shows registrableDomain null for a public suffix', async () => {
    const r = await run(['--json', 'https://github.io/']);
    const object = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.equal(object['publicSuffix'], 'github.io');
    assert.equal(object['registrableDomain'], null);
  });
});

describe('--component', { concurrency: true }, () => {
  const inputs = [
    'https://user:pw@sub.example.co.uk:8443/a/b?c=d#e',
    'http://[2001:db8::1]/',
    'blob:https://example.org:444/uuid',
    'file:///tmp/x',
    'urn:isbn:0451450523',
  ];

  // Every getter goes through the same code; --json above compares all of them.
  for (const name of ['href', 'origin', 'host', 'search'] as const) {
    it(name, async () => {
      const r = await run(['--component', name, ...inputs]);
      assert.equal(r.stdout, inputs.map((s) => new URL(s)[name] + '\n').join(''));
      assert.equal(r.status, 0);
    });
  }

  it('registrableDomain and publicSuffix (empty when the host is not a domain)', async () => {
    const r = await run(['-c', 'registrableDomain', ...inputs]);
    assert.equal(r.stdout, 'example.co.uk\n\n\n\n\n');
    const r2 = await run(['--component=publicSuffix', ...inputs, 'https://github.io/', 'https://www.example.a1/']);
    assert.equal(r2.stdout, 'co.uk\n\n\n\n\ngithub.io\na1\n');
    assert.equal(registrableDomain('sub.example.co.uk'), 'example.co.uk');
  });

  it('display', async () => {
    const display = ['https://xn--mnchen-3ya.example/%C3%A9t%C3%A9', ...inputs];
    const r = await run(['--component', 'display', ...display]);
    assert.equal(r.stdout, display.map((s) => displayURL(s) + '\n').join(''));
  });

  it('an empty line and exit status 1 for a failure', async () => {
    const r = await run(['--component', 'host', 'https://a.example/', 'nope']);
    assert.equal(r.stdout, 'a.example\n\n');
    assert.equal(r.status, 1);
  });

  it('rejects an unknown component', async () => {
    const r = await run(['--component', 'scheme', 'https://a.example/']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown component "scheme"/);
  });
});

describe('--display', { concurrency: true }, () => {
  it('prints the display form', async () => {
    const inputs = ['https://user:pass@xn--mnchen-3ya.example/caf%C3%A9?q=%E2%9C%93', 'https://example.com/%2F%20'];
    const r = await run(['--display', ...inputs]);
    assert.equal(r.stdout, inputs.map((s) => displayURL(s) + '\n').join(''));
    assert.ok(!r.stdout.includes('pass'));
    assert.equal(r.status, 0);
  });
});

describe('--encoding', { concurrency: true }, () => {
  it('encodes the query of special URLs with a legacy encoding', async () => {
    const inputs = ['https://example.com/≡?q=≡‽#≡', 'non-special://x/?≡', 'wss://example.com/?≡'];
    const r = await run(['--encoding', 'shift_jis', ...inputs]);
    const want = inputs.map((s) => serializeURL(parseWithEncoding(s, { encoding: 'shift_jis' })!) + '\n').join('');
    assert.equal(r.stdout, want);
    assert.ok(r.stdout.startsWith('https://example.com/%E2%89%A1?q=%81%DF%26%238253%3B#%E2%89%A1\n'));
    assert.equal(r.status, 0);
  });

  it('rejects an unknown label with exit status 2', async () => {
    const r = await run(['--encoding', 'no-such-encoding', 'https://example.com/']);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^url-standard: unknown encoding label "no-such-encoding"\n/);
  });
});

describe('--validate', { concurrency: true }, () => {
  it('prints errors as input: index i: type: message, without a caret line off a terminal', async () => {
    const input = 'https://user@exa mple.com/';
    const r = await run(['--validate', input, 'https://example.com/']);
    const { errors } = validateURL(input);
    assert.ok(errors.length > 0);
    assert.equal(r.stdout, errors.map((e) => `${input}: index ${e.index}: ${e.type}: ${e.message}\n`).join(''));
    assert.ok(!r.stdout.includes('^'));
    // The space in the host is named as the cause, at an index that cannot read as a port.
    assert.ok(r.stdout.includes(`${input}: index 13: domain-to-ASCII: The host "exa mple.com" contains " ", which is a forbidden domain code point.\n`), r.stdout);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, 'url-standard: 1 input is not a valid URL string: argument 1\n');
  });

  it('names standard input lines as "line N"', async () => {
    const second = 'http://example.com\\path';
    const r = await run(['--validate'], `https://example.com/\n${second}\n`);
    const { errors } = validateURL(second);
    assert.deepEqual(errors.map((e) => [e.index, e.type]), [[18, 'invalid-reverse-solidus']]);
    assert.equal(r.stdout, errors.map((e) => `line 2: index ${e.index}: ${e.type}: ${e.message}\n`).join(''));
    assert.equal(r.status, 1);
    assert.equal(r.stderr, 'url-standard: 1 input is not a valid URL string: line 2\n');
  });

  it('validates against --base', async () => {
    const r = await run(['--validate', '--base', 'https://example.com/a/', '../b?c#d', 'x y']);
    const { errors } = validateURL('x y', { base: 'https://example.com/a/' });
    assert.equal(r.stdout, errors.map((e) => `x y: index ${e.index}: ${e.type}: ${e.message}\n`).join(''));
    assert.equal(r.stderr, 'url-standard: 1 input is not a valid URL string: argument 2\n');
    assert.equal(r.status, 1);
  });

  it('reports IPv4-non-ASCII-input for a host that IDNA maps to an IPv4 address', async () => {
    const input = 'https://１２７.０.０.１/';
    const r = await run(['--validate', input]);
    assert.equal(r.stdout, `${input}: index 8: IPv4-non-ASCII-input: ${validateURL(input).errors[0]!.message}\n`);
    assert.equal(r.status, 1);
  });

  it('exits 0 when every input is a valid URL string', async () => {
    const r = await run(['--validate', 'https://example.com/a?b#c', 'mailto:x@example.com']);
    assert.deepEqual(r, { status: 0, stdout: '', stderr: '' });
  });
});

describe('usage', { concurrency: true }, () => {
  it('--help shows usage and examples', async () => {
    const r = await run(['--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Usage: url-standard \[options\] \[url \.\.\.\]/);
    assert.match(r.stdout, /Examples:/);
    for (const option of ['--json', '--validate', '--component', '--display', '--base', '--encoding', '--version', '--relative-to']) {
      assert.ok(r.stdout.includes(option), option);
    }
  });

  it('--help fits 80 columns', async () => {
    const r = await run(['--help']);
    const long = r.stdout.split('\n').filter((line) => [...line].length > 80);
    assert.deepEqual(long, []);
    // Every component name is still listed.
    const listed = r.stdout.slice(r.stdout.indexOf('--component <name>'), r.stdout.indexOf('-d, --display')).replace(/\s+/g, ' ');
    for (const name of ['href', 'origin', 'hash', 'registrableDomain', 'publicSuffix', 'display']) assert.match(listed, new RegExp(`\\b${name}\\b`));
  });

  it('--version prints the package version and the Public Suffix List\'s', async () => {
    const r = await run(['--version']);
    const tldts = createRequire(import.meta.url)('tldts/package.json') as { version: string };
    assert.deepEqual(r, {
      status: 0,
      stdout: `url-standard ${PACKAGE.version}\nPublic Suffix List: tldts ${tldts.version}\n`,
      stderr: '',
    });
  });

  for (const [args, message] of [
    [['--frobnicate'], /unknown option "--frobnicate"/],
    [['--base'], /--base needs a value/],
    [['--json', '--validate', 'x'], /--json and --validate cannot be used together/],
    [['--display', '--component', 'host'], /--display and --component cannot be used together/],
    [['--json=yes'], /--json takes no value/],
  ] as const) {
    itRejectsUsage(args, message);
  }
});

describe('colours', { concurrency: true }, () => {
  // `script` gives the command a terminal; skip where it is not available.
  const script = spawnSync('script', ['--version'], { encoding: 'utf8' });
  const haveScript = script.status === 0;
  const noTerminal = haveScript ? false : 'script(1) from util-linux is not installed: no terminal to run the command in';
  const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const inTerminal = (args: string[], env: NodeJS.ProcessEnv): string => {
    const command = [process.execPath, CLI, ...args].map(shellQuote).join(' ');
    const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, ...env } });
    return r.stdout;
  };

  it('are off without a terminal', async () => {
    const r = await run(['--validate', 'http://a b/'], '', { NO_COLOR: '' });
    assert.ok(!r.stdout.includes('\x1b[') && !r.stderr.includes('\x1b['));
  });

  it('are on in a terminal, with a caret line, and off with NO_COLOR', { skip: noTerminal }, () => {
    const colored = inTerminal(['--validate', 'http://ex ample.com/'], { NO_COLOR: '' });
    assert.ok(colored.includes('\x1b['), JSON.stringify(colored));
    const plain = inTerminal(['--validate', 'http://ex ample.com/'], { NO_COLOR: '1' });
    assert.ok(!plain.includes('\x1b['), JSON.stringify(plain));
    // The caret line under the offending code units.
    const [error] = validateURL('http://ex ample.com/').errors;
    assert.ok(plain.includes(`\n    http://ex ample.com/\r\n    ${' '.repeat(error!.index)}${'^'.repeat(error!.length)}\r\n`));
  });

  it('with no URL arguments on a terminal, says on stderr that it reads standard input', { skip: noTerminal }, () => {
    // Standard input is the terminal that `script` creates; the Ctrl-D typed into it ends the input.
    const r = spawnSync('script', ['-qec', [process.execPath, CLI].map(shellQuote).join(' '), '/dev/null'], {
      encoding: 'utf8',
      input: '\x04',
      timeout: 20_000,
    });
    assert.match(r.stdout, /^url-standard: reading URLs from standard input, one per line \(end with Ctrl-D; 'url-standard --help' for usage\)\r?\n/);
  });

  it('without a terminal on standard input, prints no hint', async () => {
    const r = await run([], 'https://example.com/\n');
    assert.deepEqual(r, { status: 0, stdout: 'https://example.com/\n', stderr: '' });
  });

  it('--display on a terminal says why a host stays in Punycode; a pipe gets the display form alone', { skip: noTerminal }, async () => {
    const input = 'https://xn--80ak6aa92e.com/';
    const [kept] = explainDisplayURL(input).punycodeLabels;
    assert.ok(kept !== undefined);
    const shown = inTerminal(['--display', input, 'https://example.com/'], { NO_COLOR: '1' });
    assert.equal(
      shown,
      `${displayURL(input)}\r\n    ${kept.label} (${kept.unicode}) stays in Punycode: ${kept.reason}: ${kept.message}\r\nhttps://example.com/\r\n`,
    );
    const piped = await run(['--display', input]);
    assert.equal(piped.stdout, displayURL(input) + '\n');
  });

  it('a progress line on a terminal for a large standard input file, erased at the end', { skip: noTerminal }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-standard-cli-test-'));
    try {
      const big = join(dir, 'big.txt');
      writeFileSync(big, 'https://example.com/some/path?query=1\n'.repeat(150_000)); // 5.7 MB
      const small = join(dir, 'small.txt');
      writeFileSync(small, 'https://example.com/\n');
      const command = (file: string): string => `${shellQuote(process.execPath)} ${shellQuote(CLI)} < ${shellQuote(file)} > /dev/null`;
      const withProgress = spawnSync('script', ['-qec', command(big), '/dev/null'], { encoding: 'utf8' }).stdout;
      assert.ok(withProgress.endsWith('\r\x1b[K'), JSON.stringify(withProgress.slice(-200)));
      assert.ok(!withProgress.includes('https://'));
      const without = spawnSync('script', ['-qec', command(small), '/dev/null'], { encoding: 'utf8' }).stdout;
      assert.equal(without, '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
