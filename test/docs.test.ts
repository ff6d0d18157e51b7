/**
 * The documentation the package ships (the README, the CHANGELOG and docs/), kept for the person
 * who installs the package:
 * - the README at most 450 lines, and all shipped Markdown at most 2,500;
 * - no commit hash of this repository in the shipped Markdown or in src/ (versions and dates are
 *   cited instead), and no hash-like hex run at all in the shipped Markdown;
 * - no path of the source tree's src/, test/ or bench/ in the shipped Markdown, since the tarball
 *   has none of them;
 * - every image the README shows exists, is shipped, and is plain SVG (no script, no external
 *   resource); the benchmark chart is what bench/chart.mjs draws from bench/figures.json, and the
 *   chart shows the ratios of the medians it is given.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };

const README_LINE_LIMIT = 450;
const SHIPPED_MARKDOWN_LINE_LIMIT = 2_500;
/**
 * Hex runs in the shipped Markdown that are not commit hashes: the identifier of the blob URL in
 * the origin examples.
 */
const HEX_ALLOWED = new Set(['d0360e2f']);

/** Every file under `directory` (a path from the repository root), as paths from the root. */
function filesUnder(directory: string): string[] {
  const absolute = join(ROOT, directory);
  if (!statSync(absolute).isDirectory()) return [directory];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((name) => relative(ROOT, join(absolute, name)).replace(/\\/g, '/'))
    .filter((path) => statSync(join(ROOT, path)).isFile())
    .sort();
}

/** The Markdown files npm publishes: the README (always included) and those under "files". */
function shippedMarkdown(): string[] {
  const paths = new Set(['README.md']);
  for (const entry of PACKAGE.files) {
    if (!existsSync(join(ROOT, entry))) continue;
    for (const path of filesUnder(entry)) if (path.endsWith('.md')) paths.add(path);
  }
  return [...paths].sort();
}

const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** Runs of 7 to 40 hexadecimal digits standing alone, lowercased, each once. */
function hexRuns(text: string): string[] {
  return [...new Set([...text.matchAll(/(?<![0-9A-Za-z])[0-9a-fA-F]{7,40}(?![0-9A-Za-z])/g)].map((m) => m[0].toLowerCase()))];
}

/** Of `candidates`, those that name a commit of this repository (by `git cat-file`), or null without git. */
function commitsOfThisRepository(candidates: string[]): string[] | null {
  if (candidates.length === 0) return [];
  const result = spawnSync('git', ['cat-file', '--batch-check'], {
    cwd: ROOT,
    input: candidates.map((c) => `${c}^{commit}\n`).join(''),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0 || result.error) return null;
  const answers = result.stdout.trimEnd().split('\n');
  assert.equal(answers.length, candidates.length, 'git cat-file answers one line per candidate');
  // "missing" for no such object; "ambiguous" is a prefix of more than one object, which counts too.
  return candidates.filter((_, i) => !answers[i]!.endsWith(' missing'));
}

const isGitCheckout = spawnSync('git', ['rev-parse', '--git-dir'], { cwd: ROOT, encoding: 'utf8' }).status === 0;

describe('the shipped documentation', () => {
  const markdown = shippedMarkdown();

  it('ships the README, the CHANGELOG and docs/, and no benchmark log', () => {
    assert.ok(markdown.includes('README.md'));
    assert.ok(markdown.includes('CHANGELOG.md'));
    assert.ok(markdown.includes('docs/performance.md'));
    assert.ok(!markdown.includes('docs/benchmarks.md'));
  });

  it(`keeps the README within ${README_LINE_LIMIT} lines and all shipped Markdown within ${SHIPPED_MARKDOWN_LINE_LIMIT}`, (t) => {
    const counts = markdown.map((path) => [path, lineCount(read(path))] as const);
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    t.diagnostic(counts.map(([path, n]) => `${path} ${n}`).join(', ') + `; total ${total}`);
    assert.ok(counts.find(([path]) => path === 'README.md')![1] <= README_LINE_LIMIT, 'README.md is too long');
    assert.ok(total <= SHIPPED_MARKDOWN_LINE_LIMIT, `the shipped Markdown has ${total} lines`);
  });

  it('names no hash-like hex run, only versions and dates', () => {
    for (const path of markdown) {
      const suspicious = hexRuns(read(path)).filter((run) => /[a-f]/.test(run) && /[0-9]/.test(run) && !HEX_ALLOWED.has(run));
      assert.deepEqual(suspicious, [], `${path} has hex runs that look like commit hashes`);
    }
  });

  it('names no file of src/, test/ or bench/, which the package does not have', () => {
    for (const path of markdown) {
      const lines = read(path)
        .split('\n')
        .map((line, i) => [i + 1, line] as const)
        .filter(([, line]) => /(?<![\w./-])(src|test|bench)\/[\w.-]/.test(line));
      assert.deepEqual(lines, [], `${path} names files of the source tree`);
    }
  });

  it('shows images that exist, ship and are plain SVG', () => {
    const readme = read('README.md');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    assert.ok(images.includes('docs/benchmark.svg'), 'the README shows the benchmark chart');
    const shipped = new Set(PACKAGE.files.flatMap((entry) => (existsSync(join(ROOT, entry)) ? filesUnder(entry) : [])));
    for (const image of images) {
      assert.ok(!/^[a-z][a-z0-9+.-]*:/i.test(image), `${image} is not a relative link`);
      assert.ok(existsSync(join(ROOT, image)), `${image} does not exist`);
      assert.ok(shipped.has(image), `${image} is not in the package's files`);
      const svg = read(image);
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/);
      assert.doesNotMatch(svg, /<script|\son[a-z]+=|href=|@import|@font-face|url\(/i, `${image} is not plain SVG`);
      assert.match(svg, /<title[^>]*>[^<]+<\/title>/, `${image} has no title`);
    }
  });
});

describe('commit hashes', { skip: isGitCheckout ? false : 'not a git checkout: cannot tell which hex runs are commits' }, () => {
  it('no commit of this repository is named in the shipped Markdown or in src/', () => {
    for (const path of [...shippedMarkdown(), ...filesUnder('src')]) {
      const commits = commitsOfThisRepository(hexRuns(read(path)));
      assert.notEqual(commits, null, 'git cat-file failed');
      assert.deepEqual(commits, [], `${path} names commits of this repository`);
    }
  });

  it('the check finds a commit of this repository', () => {
    const head = spawnSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
    assert.deepEqual(commitsOfThisRepository([head, 'fffffffffffffffffff0']), [head]);
  });
});

describe('the benchmark chart', () => {
  const chart = (args: string[]): string => {
    const result = spawnSync(process.execPath, [join(ROOT, 'bench', 'chart.mjs'), ...args], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    return result.stdout;
  };

  it('docs/benchmark.svg is what bench/chart.mjs draws from bench/figures.json (see bench/README.md)', () => {
    const drawn = chart(['bench/figures.json', '--runtimes', 'Node,Bun,Deno', '--rows', '1,2,3,3c,3o,3n,4,5,6a,7,8a,8b,8d']);
    assert.equal(drawn, read('docs/benchmark.svg'));
  });

  it("shows each implementation's median over the runtime's own, and says where the runtime has none", () => {
    const work = mkdtempSync(join(tmpdir(), 'url-standard-chart-'));
    try {
      const run = {
        meta: { date: '2026-01-02T03:04:05.000Z', runtime: 'Node 99.0.0 (V8 1.2.3)', cpu: 'a test CPU', cores: 2, platform: 'linux x64' },
        workloads: [
          { id: '1', short: 'href', results: { ours: { median: 50 }, node: { median: 200 }, whatwg: { median: 6000 } } },
          { id: '8a', short: 'URLPattern construct', results: { ours: { median: 300 }, whatwg: { median: 900 } } },
        ],
      };
      writeFileSync(join(work, 'latest.json'), JSON.stringify(run));
      const svg = chart([join(work, 'latest.json')]);
      assert.match(svg, />0\.25×</);
      assert.match(svg, />30×</);
      assert.match(svg, /1 href, url-standard: 0\.25×/);
      assert.match(svg, /url-standard: none of its own/);
      assert.match(svg, /2026-01-02/);
      assert.doesNotMatch(svg, /<script|href=/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
