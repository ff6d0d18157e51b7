/**
 * The last step of every generator script: with `--check` on the command line, exit with status 1
 * when the committed file differs from what would be generated; otherwise write it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `path` is relative to the repository root; `command` regenerates the file. */
export function writeOrCheck(path, text, command) {
  const file = ROOT + path;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {}
    if (current !== text) {
      console.error(`${path} is out of date; run \`${command}\`.`);
      process.exit(1);
    }
    console.log(`${path} is up to date.`);
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${path} (${text.length} characters)`);
  }
}
