/**
 * Reads a response body with a size cap and a cancel signal, and parses it as JSON without losing
 * digits of large numeric ids.
 */
import { isInteger, isSafeNumber, parse as parseLossless } from 'lossless-json';

export class BodyTooLargeError extends Error {}
export class NotJsonError extends Error {}
export class BodyAbortedError extends Error {}

export interface ReadOptions {
  maxBytes: number;
  /**
   * Cancels the read: the reader is cancelled here, by us, so a stalled body ends even where the
   * fetch implementation would not notice its own abort (undici after a GC, seen on Node 20).
   */
  signal?: AbortSignal;
  /** Keep the first maxBytes and stop, instead of failing (error bodies: the start is enough). */
  truncate?: boolean;
}

export async function readCappedText(response: Response, options: ReadOptions): Promise<string> {
  const { maxBytes, signal } = options;
  const declared = Number(response.headers.get('content-length'));
  if (!options.truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(`the response is ${formatBytes(declared)}, over the ${formatBytes(maxBytes)} limit`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader() as unknown as BodyReader;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readOrAbort(reader, signal);
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      void reader.cancel().catch(() => {});
      if (!options.truncate) throw new BodyTooLargeError(`the response is over the ${formatBytes(maxBytes)} limit`);
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      break;
    }
    size += value.byteLength;
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks, size), options.truncate === true);
}

type Chunk = { done: true; value?: undefined } | { done: false; value: Uint8Array };
interface BodyReader {
  read(): Promise<Chunk>;
  cancel(): Promise<void>;
}

function readOrAbort(reader: BodyReader, signal: AbortSignal | undefined): Promise<Chunk> {
  if (!signal) return reader.read();
  if (signal.aborted) {
    void reader.cancel().catch(() => {});
    return Promise.reject(new BodyAbortedError('aborted'));
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      void reader.cancel().catch(() => {});
      reject(new BodyAbortedError('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    reader.read().then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Invalid UTF-8 is refused rather than silently replaced (an id with a replacement character is another id). */
function decodeUtf8(bytes: Buffer, lenient: boolean): string {
  try {
    return new TextDecoder('utf-8', { fatal: !lenient }).decode(bytes);
  } catch {
    throw new NotJsonError('it is not valid UTF-8 text');
  }
}

/** Digits in a row from which JSON.parse might round a number (ids beyond 2^53). */
const LONG_RUN = 16;
const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * True when the text holds 16 digits in a row. Any such run covers one of every 16th position, so
 * only those are looked at until a digit is found: a 60 MB list is checked in a few milliseconds
 * (a regular expression took 200 ms).
 */
export function hasLongDigitRun(text: string): boolean {
  for (let at = LONG_RUN - 1; at < text.length; at += LONG_RUN) {
    if (!isDigit(text.charCodeAt(at))) continue;
    let start = at;
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && end - start < LONG_RUN && isDigit(text.charCodeAt(end))) end++;
    if (end - start >= LONG_RUN) return true;
    at = end - 1; // the next look is 16 past the run's end, still inside any longer run after it
  }
  return false;
}

/** Safe numbers as numbers; integers beyond 2^53 as their exact digits (a string). */
const exactNumber = (text: string): unknown => (isSafeNumber(text) || !isInteger(text) ? Number(text) : text);

export function parseJsonText(text: string, contentType: string | null): unknown {
  const trimmed = text.replace(/^\uFEFF/, '');
  try {
    // The fast native parser unless a long number could lose digits.
    return hasLongDigitRun(trimmed) ? parseLossless(trimmed, null, exactNumber) : JSON.parse(trimmed);
  } catch {
    const kind = contentType ? contentType.split(';')[0] : 'no content type';
    const start = trimmed.slice(0, 40).replace(/\s+/g, ' ');
    throw new NotJsonError(`it is not JSON (${kind}, starting “${start}”)`);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
