#!/usr/bin/env node
/**
 * Measures the throughput of `node dist/cli.js` (default output) on standard input.
 *
 *   node scripts/cli-throughput.mjs [corpus.txt] [--lines N] [--runs N] [-- extra cli options]
 *
 * Writes a temporary file with the corpus repeated to about N lines (default 1,500,000), runs
 * `node dist/cli.js < file > /dev/null` several times (default 3), and prints the URLs per second
 * of each run, their range and their median. The corpus is a file with one URL a line: the first argument,
 * else $URL_CORPUS, else ../shared/corpus/urls.txt beside the repository; without any, a generated list is used.
 * Build first (`npm run build`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, closeSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.js');

const args = process.argv.slice(2);
let corpusPath;
let targetLines = 1_500_000;
let runs = 3;
let cliArgs = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--lines') targetLines = Number(args[++i]);
  else if (arg === '--runs') runs = Number(args[++i]);
  else if (arg === '--') {
    cliArgs = args.slice(i + 1);
    break;
  } else corpusPath = arg;
}
corpusPath ??= process.env.URL_CORPUS ?? join(root, '..', 'shared', 'corpus', 'urls.txt');

if (!existsSync(cli)) {
  console.error(`${cli} does not exist; run npm run build first`);
  process.exit(2);
}

function generatedCorpus() {
  const lines = [];
  const hosts = ['example.com', 'www.example.org', 'sub.example.co.uk', '192.0.2.1', '[2001:db8::1]', 'xn--n3h.example'];
  for (let i = 0; i < 10_000; i++) {
    const host = hosts[i % hosts.length];
    lines.push(`https://${host}/path/${i}/file.html?q=${i}&r=a+b#frag${i % 7}`);
    if (i % 10 === 0) lines.push(`HTTP://${host.toUpperCase()}:80/a/./b/../c`);
    if (i % 50 === 0) lines.push(`not a url ${i}`);
  }
  return lines.join('\n') + '\n';
}

let corpus = existsSync(corpusPath) ? readFileSync(corpusPath, 'utf8') : generatedCorpus();
if (!corpus.endsWith('\n')) corpus += '\n';
const corpusLines = corpus.split('\n').length - 1;
const copies = Math.max(1, Math.round(targetLines / corpusLines));
const lines = corpusLines * copies;

const dir = mkdtempSync(join(tmpdir(), 'url-standard-cli-'));
const file = join(dir, 'urls.txt');
writeFileSync(file, corpus.repeat(copies));
const bytes = statSync(file).size;

function run() {
  return new Promise((resolve, reject) => {
    const input = openSync(file, 'r');
    const output = openSync('/dev/null', 'w');
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [cli, ...cliArgs], { stdio: [input, output, 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      closeSync(input);
      closeSync(output);
      if (code !== 0 && code !== 1) reject(new Error(`exit status ${code}: ${stderr}`));
      else resolve(seconds);
    });
  });
}

const cpu = cpus();
console.log(`corpus: ${existsSync(corpusPath) ? corpusPath : '(generated)'}, ${corpusLines} lines`);
console.log(`input: ${lines.toLocaleString('en-US')} lines, ${(bytes / 1e6).toFixed(1)} MB`);
console.log(`machine: ${cpu.length} cores, ${cpu[0]?.model ?? 'unknown CPU'}, Node.js ${process.version}`);
console.log(`command: node dist/cli.js ${cliArgs.join(' ')} < file > /dev/null`);
const rates = [];
try {
  for (let r = 0; r < runs; r++) {
    const seconds = await run();
    rates.push(lines / seconds);
    console.log(`run ${r + 1}: ${seconds.toFixed(2)} s, ${Math.round(lines / seconds).toLocaleString('en-US')} URLs/s`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
rates.sort((a, b) => a - b);
const format = (rate) => Math.round(rate).toLocaleString('en-US');
const median = rates.length % 2 === 1 ? rates[(rates.length - 1) / 2] : (rates[rates.length / 2 - 1] + rates[rates.length / 2]) / 2;
console.log(`range: ${format(rates[0])}–${format(rates[rates.length - 1])} URLs/s over ${rates.length} runs, median ${format(median)}`);
