/**
 * Streaming input and batched output for the command line.
 */
import { fstatSync } from 'node:fs';
import { CodeUnit } from '../code-unit.ts';

/** Output is written in pieces of about this many UTF-16 code units. */
const FLUSH_AT = 1 << 16;

/**
 * Collects output in a string and writes it in large pieces. `flush` reports backpressure: false
 * when the stream asked us to wait for 'drain'.
 */
export class BatchedWriter {
  readonly stream: NodeJS.WritableStream;
  text = '';
  #blocked = false;

  constructor(stream: NodeJS.WritableStream) {
    this.stream = stream;
  }

  write(s: string): void {
    this.text += s;
    if (this.text.length >= FLUSH_AT) this.flush();
  }

  /** Writes what is collected. Returns false when the stream is full (wait for 'drain'). */
  flush(): boolean {
    if (this.text !== '') {
      if (!this.stream.write(this.text)) this.#blocked = true;
      this.text = '';
    }
    const ok = !this.#blocked;
    this.#blocked = false;
    return ok;
  }
}

/**
 * Splits decoded text into lines ("\n" or "\r\n" endings) across chunk boundaries. Decoding is a
 * streaming TextDecoder, so a UTF-8 sequence split between chunks is decoded whole and invalid
 * bytes become U+FFFD.
 */
export class LineSplitter {
  readonly #decoder = new TextDecoder('utf-8');
  /** The start of a line whose end has not arrived yet. */
  #rest = '';

  /** Calls `onLine` for each line completed by `chunk`. */
  push(chunk: Uint8Array, onLine: (line: string) => void): void {
    this.#split(this.#decoder.decode(chunk, { stream: true }), onLine);
  }

  /** Ends the input: flushes the decoder and emits a last line that has no line ending. */
  end(onLine: (line: string) => void): void {
    this.#split(this.#decoder.decode(), onLine);
    if (this.#rest !== '') {
      const line = this.#rest;
      this.#rest = '';
      onLine(line.charCodeAt(line.length - 1) === CodeUnit.CarriageReturn ? line.slice(0, -1) : line);
    }
  }

  #split(text: string, onLine: (line: string) => void): void {
    let newline = text.indexOf('\n');
    if (newline === -1) {
      this.#rest += text;
      return;
    }
    let start = 0;
    if (this.#rest !== '') {
      let line = this.#rest + text.slice(0, newline);
      this.#rest = '';
      if (line.charCodeAt(line.length - 1) === CodeUnit.CarriageReturn) line = line.slice(0, -1);
      onLine(line);
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    while (newline !== -1) {
      const end = newline > start && text.charCodeAt(newline - 1) === CodeUnit.CarriageReturn ? newline - 1 : newline;
      onLine(text.slice(start, end));
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    this.#rest = text.slice(start);
  }
}

/** The size of standard input when it is a regular file, otherwise -1. */
export function stdinFileSize(): number {
  try {
    const stat = fstatSync(0);
    return stat.isFile() ? stat.size : -1;
  } catch {
    return -1;
  }
}

export interface ReadLinesOptions {
  /** Called for each line. */
  onLine: (line: string) => void;
  /** Called after each chunk's lines; return false to pause input until `output` drains. */
  afterChunk: (bytes: number) => boolean;
  /** The stream whose 'drain' resumes paused input. */
  output: NodeJS.WritableStream;
}

/** Reads standard input as lines, as they arrive. Resolves at the end of input. */
export function readLines(input: NodeJS.ReadableStream, options: ReadLinesOptions): Promise<void> {
  const splitter = new LineSplitter();
  return new Promise((resolve, reject) => {
    input.on('data', (chunk: Buffer) => {
      splitter.push(chunk, options.onLine);
      if (!options.afterChunk(chunk.length)) {
        input.pause();
        options.output.once('drain', () => input.resume());
      }
    });
    input.on('end', () => {
      splitter.end(options.onLine);
      options.afterChunk(0);
      resolve();
    });
    input.on('error', reject);
  });
}
