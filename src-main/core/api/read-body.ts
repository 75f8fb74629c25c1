/**
 * Reads a response body with a size cap and a cancel signal, and parses it as JSON without losing
 * digits of large numeric ids.
 */

import { redact } from '../security/redact.ts';
export class BodyTooLargeError extends Error {}
/**
 * An answer that is not JSON. Its start is kept longer than it is shown and put into words only by
 * bodyProblemText, with secrets redacted first and cut after: cut first, a secret echoed across the
 * cut would leak in part.
 */
export class NotJsonError extends Error {
  constructor(
    message: string,
    readonly excerpt?: { kind: string; start: string },
  ) {
    super(message);
  }
}
/** Characters of a non-JSON answer kept for the message, and shown of them (after redaction). */
export const KEPT_START = 200;
const SHOWN_START = 40;

export function notJsonError(contentType: string | null, start: string): NotJsonError {
  const kind = contentType ? contentType.split(';')[0]! : 'no content type';
  return new NotJsonError(`it is not JSON (${kind})`, { kind, start: start.slice(0, KEPT_START) });
}

/** Why a body could not be read, in words: a non-JSON answer's start redacted, then cut. */
export function bodyProblemText(error: Error, secrets: Iterable<string>): string {
  if (!(error instanceof NotJsonError) || !error.excerpt) return redact(error.message, secrets);
  const start = redact(error.excerpt.start, secrets).replace(/\s+/g, ' ').slice(0, SHOWN_START);
  return `it is not JSON (${error.excerpt.kind}, starting “${start}”)`;
}
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
  const chunks: Uint8Array[] = [];
  const size = await forEachChunk(response, options, (chunk) => chunks.push(chunk));
  return decodeUtf8(Buffer.concat(chunks, size), options.truncate === true);
}

/**
 * Hands each piece of the body to `take` as it arrives, within the size cap (a declared length over
 * it is refused before reading); returns the bytes read.
 */
export async function forEachChunk(response: Response, options: ReadOptions, take: (chunk: Uint8Array) => void): Promise<number> {
  const { maxBytes, signal } = options;
  const declared = Number(response.headers.get('content-length'));
  if (!options.truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(`the response is ${formatBytes(declared)}, over the ${formatBytes(maxBytes)} limit`);
  }
  if (!response.body) return 0;
  const reader = response.body.getReader() as unknown as BodyReader;
  let size = 0;
  for (;;) {
    const { done, value } = await readOrAbort(reader, signal);
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      void reader.cancel().catch(() => {});
      if (!options.truncate) throw new BodyTooLargeError(`the response is over the ${formatBytes(maxBytes)} limit`);
      take(value.subarray(0, maxBytes - size));
      return maxBytes;
    }
    size += value.byteLength;
    take(value);
  }
  return size;
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

const isNumberStart = (code: number) => isDigit(code) || code === 45; // 0-9 or -
/** 0-9 . e E + - */
const isNumberPart = (code: number) => isNumberStart(code) || code === 46 || code === 101 || code === 69 || code === 43;
const QUOTE = 34;
const BACKSLASH = 92;
const JSON_INTEGER = /^-?(0|[1-9]\d*)$/;

/**
 * The text with every integer beyond 2^53 (outside strings) put in quotes, so that the native parser
 * hands it back as its exact digits. Other numbers, safe or not integers, stay numbers.
 */
export function quoteLongIntegers(text: string): string {
  const pieces: string[] = [];
  let copied = 0;
  let inString = false;
  let escaped = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    if (!isNumberStart(code)) continue;
    let end = at + 1;
    while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
    const literal = text.slice(at, end);
    if (end - at >= LONG_RUN && JSON_INTEGER.test(literal) && !Number.isSafeInteger(Number(literal))) {
      pieces.push(text.slice(copied, at), `"${literal}"`);
      copied = end;
    }
    at = end - 1;
  }
  if (copied === 0) return text;
  pieces.push(text.slice(copied));
  return pieces.join('');
}

export function parseJsonText(text: string, contentType: string | null): unknown {
  const trimmed = text.replace(/^\uFEFF/, '');
  try {
    // The fast native parser, once integers that would lose digits are quoted.
    return JSON.parse(hasLongDigitRun(trimmed) ? quoteLongIntegers(trimmed) : trimmed);
  } catch {
    throw notJsonError(contentType, trimmed);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
