/**
 * The data of the `corpus` conformance suite (test/conformance/suites.js): each line of the URL
 * corpus (`../shared/corpus/urls.txt`, URLs found in public documents) with its href as whatwg-url,
 * the reference implementation, gives it (null: not a URL). Without the corpus, the reason the
 * suite is skipped.
 */
import { URL as WhatwgURL } from 'whatwg-url';
import { corpusLines, corpusSkip } from '../helpers/corpus.ts';


export interface CorpusCase {
  input: string;
  href: string | null;
}

export function corpusCases(): CorpusCase[] | { skipped: string } {
  const skip = corpusSkip();
  if (skip !== false) return { skipped: skip };
  const cases: CorpusCase[] = [];
  for (const input of corpusLines()) {
    let href: string | null = null;
    try {
      href = new WhatwgURL(input).href;
    } catch {}
    cases.push({ input, href });
  }
  return cases;
}
