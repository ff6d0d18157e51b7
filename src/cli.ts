#!/usr/bin/env node
/**
 * The `url-standard` command: parses URLs with the WHATWG URL Standard and prints their
 * serialization, components, JSON, validation errors or display form. See docs/cli.md.
 */
import { parseArgs, UsageError, COMPONENTS, STANDARD_INPUT, type Input, type Mode, type Options } from './cli/args.ts';
import { BaseError, makeHandler, makeParser, Outcome, PatternError, type Handler } from './cli/handlers.ts';
import { BatchedWriter, readLines, stdinFileSize } from './cli/io.ts';
import type { URLRecord } from './url-record.ts';
import { colorsFor, formatCount, Progress, style, type Style } from './cli/terminal.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

const NAME = 'url-standard';

/** The package version, replaced by the build (tsup `define`) with the one in package.json. */
declare const __URL_STANDARD_VERSION__: string;
const VERSION = typeof __URL_STANDARD_VERSION__ === 'string' ? __URL_STANDARD_VERSION__ : 'development';

/** Show a progress line for standard input files larger than this (bytes). */
const PROGRESS_MIN_BYTES = 4 * 1024 * 1024;

/** List at most this many failing line numbers or argument positions. */
const MAX_LISTED = 20;

/** Help lines are at most this many columns. */
const HELP_WIDTH = 80;

/**
 * `items` joined with ", " and wrapped at `width` columns; continuation lines are indented by
 * `indent` spaces, and the first line starts at column `firstColumn`.
 */
function wrapList(items: readonly string[], indent: number, width: number, firstColumn: number): string {
  let text = '';
  let column = firstColumn;
  items.forEach((item, i) => {
    const piece = i < items.length - 1 ? `${item},` : item;
    if (i > 0) {
      if (column + 1 + piece.length > width) {
        text += '\n' + ' '.repeat(indent);
        column = indent;
      } else {
        text += ' ';
        column++;
      }
    }
    text += piece;
    column += piece.length;
  });
  return text;
}

const COMPONENT_LINE = '  -c, --component <name>   print one component: ';

const HELP = `Usage: ${NAME} [options] [url ...]

Parses each URL with the WHATWG URL Standard and prints one line per input.
Without URL arguments (or where "-" is given), reads URLs from standard input,
one per line, and writes each answer as soon as its line arrives; blank lines
are skipped.

Output (choose one; the default prints the serialization, or an empty line
for a failure):
  -j, --json               one JSON object per line: the URL's components,
                           validity, validation errors, public suffix and
                           registrable domain
      --validate           print each validation error as
                           "<input>: index <i>: <type>: <message>" (<i>
                           counts from 0; "line <n>" stands for the input
                           when reading standard input)
${COMPONENT_LINE}${wrapList(COMPONENTS, 27, HELP_WIDTH, COMPONENT_LINE.length)}
  -d, --display            print the display form for people (the same as
                           --component display)
  -p, --pattern <pattern>  match each input with this URL pattern (URL
                           Pattern Standard syntax, relative to --base when
                           given; without it, "/path" matches any origin):
                           one JSON line per input, "match" true with the
                           groups, or false (and "failure" when it does not
                           parse)
      --relative-to <url>  print each URL relative to this URL (itself
                           relative to --base when given): the shortest
                           string that parses against it to the URL; with
                           --json, add it as "relative"

Parsing:
  -b, --base <url>         resolve each input against this base URL
  -e, --encoding <label>   encode the query of special URLs with this legacy
                           encoding (an Encoding Standard label such as
                           shift_jis or latin1)

  -h, --help               show this help
  -V, --version            show the version (and the Public Suffix List's)
  --                       treat all further arguments as URLs

Exit status: 0 all inputs parsed (with --validate: all are valid URL strings;
with --pattern: all matched); 1 some did not; 2 usage error (unknown option,
missing option value, conflicting output options, unknown component, invalid
base URL, invalid --relative-to URL, unknown encoding label, invalid pattern);
3 internal error.

Examples:
  ${NAME} 'HTTPS://EXAMPLE.com/a/../b'    # https://example.com/b
  ${NAME} --base https://example.com/dir/ x ../y
  ${NAME} --relative-to https://example.com/a/b https://example.com/c
  ${NAME} --json 'https://user@www.example.co.uk:8080/p?q#f'
  ${NAME} --component registrableDomain https://a.b.example.co.uk/
  ${NAME} --validate 'https://exa mple.com/\\path'
  ${NAME} --encoding shift_jis 'https://example.com/?q=≡'
  tail -f access.log | cut -d' ' -f7 |
    ${NAME} --base https://example.com --component pathname
`;

/** Where an input came from: `argument N` or `line N` (of standard input). */
type Unit = 'argument' | 'line';

/** Failing inputs: the count and the first few positions. */
class Failures {
  count = 0;
  readonly listed: [Unit, number][] = [];

  add(unit: Unit, position: number): void {
    this.count++;
    if (this.listed.length < MAX_LISTED) this.listed.push([unit, position]);
  }

  /** E.g. "3 inputs failed to parse: lines 4, 17, 99", or "…: argument 1, line 3" for both kinds. */
  describe(singular: string, plural: string): string {
    const n = this.count;
    const units = new Set(this.listed.map(([unit]) => unit));
    const one = units.size === 1 ? [...units][0]! : null;
    let list = this.listed.map(([unit, position]) => (one === null ? `${unit} ${position}` : `${position}`)).join(', ');
    if (n > this.listed.length) list += `, … (${formatCount(n - this.listed.length)} more)`;
    const prefix = one === null ? '' : n === 1 ? `${one} ` : `${one}s `;
    return n === 1 ? `1 input ${singular}: ${prefix}${list}` : `${formatCount(n)} inputs ${plural}: ${prefix}${list}`;
  }
}

/**
 * Whether `input` is blank: empty, or only C0 controls and spaces (which the URL parser strips
 * from both ends). A blank line of standard input is no input: it is skipped, and not a failure.
 */
function isBlank(input: string): boolean {
  return input === '' || (codeUnitAt(input, 0) <= CodeUnit.Space && /^[\u0000-\u0020]*$/.test(input));
}

/**
 * Whether the mode writes one plain line for every input (so that output line N belongs to input
 * line N): a skipped blank line gets an empty line there too. The JSON modes write nothing for it.
 */
function writesLinePerInput(mode: Mode): boolean {
  return mode.kind === 'serialize' || mode.kind === 'component';
}

function usage(message: string, s: Style): number {
  process.stderr.write(`${s.red(`${NAME}:`)} ${message}\nTry '${NAME} --help'.\n`);
  return 2;
}

async function main(argv: readonly string[]): Promise<number> {
  const errStyle = style(colorsFor(process.stderr));
  let options: Options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message, errStyle);
    throw error;
  }
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (options.version) {
    // The version is read from the installed package's manifest: the list itself is not loaded.
    const { publicSuffixListVersion } = await import('./public-suffix-list-version.ts');
    process.stdout.write(`${NAME} ${VERSION}\nPublic Suffix List: ${publicSuffixListVersion() ?? 'unknown'}\n`);
    return 0;
  }

  let parser: Awaited<ReturnType<typeof makeParser>>;
  try {
    parser = await makeParser(options.base, options.encoding);
  } catch (error) {
    if (error instanceof BaseError) return usage(error.message, errStyle);
    if (error instanceof RangeError) return usage(`unknown encoding label ${JSON.stringify(options.encoding)}`, errStyle);
    throw error;
  }

  let relativeTo: URLRecord | null = null;
  if (options.relativeTo !== undefined) {
    const kind = options.mode.kind;
    if (kind !== 'serialize' && kind !== 'json') {
      return usage('--relative-to goes with the default output or --json only', errStyle);
    }
    relativeTo = parser.parse(options.relativeTo);
    if (relativeTo === null) return usage(`invalid --relative-to URL: ${JSON.stringify(options.relativeTo)}`, errStyle);
  }

  const stdoutTTY = process.stdout.isTTY === true;
  const out = new BatchedWriter(process.stdout);
  if (options.mode.kind === 'pattern' && options.encoding !== undefined) {
    return usage('--pattern and --encoding cannot be used together', errStyle);
  }
  let handle: Handler;
  try {
    handle = await makeHandler({
      mode: options.mode,
      parse: parser.parse,
      base: parser.base,
      relativeTo,
      legacy: parser.legacy,
      out,
      style: style(colorsFor(process.stdout)),
      tty: stdoutTTY,
    });
  } catch (error) {
    if (error instanceof PatternError) return usage(error.message, errStyle);
    throw error;
  }
  const failures = new Failures();
  const unmatched = new Failures();
  const blankLine = writesLinePerInput(options.mode) ? '\n' : '';
  const count = (outcome: Outcome, unit: Unit, position: number): void => {
    if (outcome === Outcome.Failed) failures.add(unit, position);
    else if (outcome === Outcome.NotMatched) unmatched.add(unit, position);
  };

  const inputs: readonly Input[] = options.inputs.length > 0 ? options.inputs : [STANDARD_INPUT];
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i]!;
    if (input !== STANDARD_INPUT) {
      count(handle(input, input), 'argument', i + 1);
      continue;
    }
    out.flush();
    if (process.stdin.isTTY === true) {
      // Typed input: say what the command waits for instead of waiting silently.
      process.stderr.write(
        `${NAME}: reading URLs from standard input, one per line (end with Ctrl-D; '${NAME} --help' for usage)\n`,
      );
    }
    const size = stdinFileSize();
    const progress =
      size >= PROGRESS_MIN_BYTES && process.stderr.isTTY === true && !stdoutTTY
        ? new Progress(process.stderr, size)
        : null;
    let line = 0;
    const onLine = (text: string): void => {
      line++;
      if (isBlank(text)) {
        if (blankLine !== '') out.write(blankLine);
        return;
      }
      count(handle(text, `line ${line}`), 'line', line);
    };
    await readLines(process.stdin, {
      onLine,
      afterChunk: (bytes) => {
        if (progress !== null) {
          progress.bytes += bytes;
          progress.lines = line;
        }
        return out.flush();
      },
      output: process.stdout,
    });
    progress?.stop();
  }
  out.flush();

  if (failures.count === 0 && unmatched.count === 0) return 0;
  const summaries: string[] = [];
  if (unmatched.count > 0) summaries.push(unmatched.describe('did not match', 'did not match'));
  if (failures.count > 0) {
    summaries.push(
      options.mode.kind === 'validate'
        ? failures.describe('is not a valid URL string', 'are not valid URL strings')
        : failures.describe('failed to parse', 'failed to parse'),
    );
  }
  for (const summary of summaries) process.stderr.write(`${errStyle.red(`${NAME}:`)} ${summary}\n`);
  return 1;
}

// Stop quietly when the reader of standard output goes away (e.g. `url-standard < urls | head`).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(`${NAME}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 3;
  },
);
