/**
 * The `url-standard` command: prints the serialization of its argument.
 *
 *   url-standard <url> [--base <url>]
 */
import { parseURL, serializeURL } from './index.ts';

function main(argv: string[]): number {
  let input: string | undefined;
  let base: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--base') {
      base = argv[++i];
      if (base === undefined) {
        process.stderr.write('url-standard: --base needs a URL\n');
        return 2;
      }
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write('Usage: url-standard <url> [--base <url>]\nPrints the URL Standard serialization of <url>.\n');
      return 0;
    } else if (input === undefined) {
      input = arg;
    } else {
      process.stderr.write(`url-standard: unexpected argument ${JSON.stringify(arg)}\n`);
      return 2;
    }
  }
  if (input === undefined) {
    process.stderr.write('Usage: url-standard <url> [--base <url>]\n');
    return 2;
  }
  if (base !== undefined && parseURL(base) === null) {
    process.stderr.write(`url-standard: invalid base URL: ${JSON.stringify(base)}\n`);
    return 1;
  }
  const record = parseURL(input, { base });
  if (record === null) {
    process.stderr.write(`url-standard: invalid URL: ${JSON.stringify(input)}\n`);
    return 1;
  }
  process.stdout.write(serializeURL(record) + '\n');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
