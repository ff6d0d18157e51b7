/**
 * The URL corpus: `../shared/corpus/urls.txt` beside the repository, URLs found in public
 * documents, read in place and never copied into the project. A test that needs it is skipped with
 * {@link corpusSkip} as its reason when it is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPUS_PATH: string = fileURLToPath(new URL('../../../shared/corpus/urls.txt', import.meta.url));

/** The reason to skip a test that needs the corpus, or false when it is present. */
export function corpusSkip(): string | false {
  return existsSync(CORPUS_PATH) ? false : `the URL corpus (${CORPUS_PATH}) is not present`;
}

/**
 * The corpus's lines, split on LF only (a few hold CR, tabs or spaces, which are part of the
 * input), without empty ones; none when the corpus is missing.
 */
export function corpusLines(): string[] {
  if (!existsSync(CORPUS_PATH)) return [];
  return readFileSync(CORPUS_PATH, 'utf8').split('\n').filter((line) => line !== '');
}
