/** Reads a response body with a size cap and parses it as JSON. */

export class BodyTooLargeError extends Error {}
export class NotJsonError extends Error {}

export async function readCappedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new BodyTooLargeError(`the response is ${formatBytes(declared)}, over the ${formatBytes(maxBytes)} limit`);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(`the response is over the ${formatBytes(maxBytes)} limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

export function parseJsonText(text: string, contentType: string | null): unknown {
  const trimmed = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(trimmed);
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
