/**
 * The data of the `corpus` conformance suite (test/conformance/suites.js): each line of the URL
 * corpus (`../shared/corpus/urls.txt`, URLs found in public documents) with its href as whatwg-url,
 * the reference implementation, gives it (null: not a URL). Without the corpus, the reason the
 * suite is skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { URL as WhatwgURL } from 'whatwg-url';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/urls.txt', import.meta.url));

export interface CorpusCase {
  input: string;
  href: string | null;
}

export function corpusCases(): CorpusCase[] | { skipped: string } {
  if (!existsSync(CORPUS)) return { skipped: `the URL corpus is missing (${CORPUS})` };
  const cases: CorpusCase[] = [];
  for (const input of readFileSync(CORPUS, 'utf8').split('\n')) {
    if (input === '') continue;
    let href: string | null = null;
    try {
      href = new WhatwgURL(input).href;
    } catch {}
    cases.push({ input, href });
  }
  return cases;
}
