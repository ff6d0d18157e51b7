/**
 * A node:test reporter that ends the run with what was skipped and why, grouped by reason.
 * (The spec reporter shows each skip where it happens, and counts skipped tests but not skipped
 * suites in its summary.) `npm test` runs it after the spec reporter, on standard output.
 */
import { relative } from 'node:path';

const LISTED = 4;

export default async function* skipSummary(source) {
  /** reason -> names of the skipped tests and suites */
  const byReason = new Map();
  let count = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { skip, name, file, details } = event.data;
    if (skip === undefined || skip === false) continue;
    const reason = typeof skip === 'string' && skip !== '' ? skip : '(no reason given)';
    const kind = details?.type === 'suite' ? 'suite' : 'test';
    const where = file === undefined ? '' : `${relative(process.cwd(), file)}: `;
    if (!byReason.has(reason)) byReason.set(reason, []);
    byReason.get(reason).push(`${where}${kind} "${name}"`);
    count++;
  }
  if (count === 0) {
    yield '\nSkipped: nothing.\n';
    return;
  }
  let text = `\nSkipped: ${count} (tests and suites), for ${byReason.size} reason${byReason.size === 1 ? '' : 's'}:\n`;
  for (const [reason, names] of byReason) {
    text += `- ${reason}\n`;
    for (const name of names.slice(0, LISTED)) text += `    ${name}\n`;
    if (names.length > LISTED) text += `    … and ${names.length - LISTED} more\n`;
  }
  yield text;
}
