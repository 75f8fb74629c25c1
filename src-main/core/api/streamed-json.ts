/**
 * Parses a JSON body while it arrives, so that a 200 MB list never exists whole as text: the
 * elements of every array reached through objects alone (a bare list, `data`, `result.items`, …)
 * are parsed a chunk at a time, natively, and the rest (the envelope: paging links, totals) is
 * parsed once at the end with the lists put back where they were. The result equals parsing the
 * whole text; memory is the parsed value plus about one chunk.
 *
 * Why not a streaming JSON library: they tokenise every value in JavaScript (@streamparser/json
 * measured 5× slower than JSON.parse), which would cost the lookup's full load its budget. This
 * scanner only looks for quotes and brackets and leaves the parsing to the engine.
 */
import { timePhase } from '../util/phase-timings.ts';
import { forEachChunk, KEPT_START, NotJsonError, notJsonError, parseJsonText, type ReadOptions } from './read-body.ts';
import { createEnvelopeScanner, createListScanner, type OpenList, type StringState } from './json-scanners.ts';

export interface StreamedJsonParser {
  /** Hands over the next piece of text (decoded already). */
  write(text: string): void;
  /** The parsed value; undefined for an empty body. Throws NotJsonError when the text is not JSON. */
  end(): unknown;
  /** Characters held as text, not yet parsed: the envelope and the open list's unfinished element. */
  held(): number;
}

/** A JSON text parsed piece by piece; its scanners are in json-scanners.ts. */
export function createStreamedJsonParser(contentType: string | null = null): StreamedJsonParser {
  let envelope = '';
  const lists: Array<{ path: string[]; items: unknown[] }> = [];
  let list: OpenList | null = null;
  const strings: StringState = { inString: false, escaped: false };
  /** The first characters, for the message when the text is not JSON. */
  let start = '';
  const notJson = () => notJsonError(contentType, start);
  const { scanList, takeUpToLastObjectEnd, takeFinishedElements, finishList } = createListScanner(strings, notJson, contentType);
  const { scanEnvelope, path } = createEnvelopeScanner(strings, notJson);

  /** Goes on in the open list; where the text goes on after it closed, or -1 when it did not. */
  function goOnInList(open: OpenList, text: string, start: number): number {
    const cutAt = takeUpToLastObjectEnd(open, text, start);
    const from = cutAt < 0 ? start : cutAt;
    const closed = scanList(open, text, from);
    if (closed < 0) {
      open.pending += text.slice(from);
      takeFinishedElements(open);
      return -1;
    }
    open.pending += text.slice(from, closed);
    finishList(open);
    lists.push({ path: open.path, items: open.items });
    list = null;
    envelope += ']';
    return closed + 1;
  }

  function write(text: string) {
    if (start.length < KEPT_START) start = (start + text).replace(/^\uFEFF/, '').slice(0, KEPT_START);
    let from = 0;
    while (from < text.length) {
      if (list) {
        from = goOnInList(list, text, from);
        if (from < 0) return;
      } else {
        const opened = scanEnvelope(text, from);
        if (opened < 0) {
          envelope += text.slice(from);
          return;
        }
        envelope += text.slice(from, opened + 1);
        list = { path: path(), items: [], pending: '', lastComma: -1, depth: 0, sawComma: false, cutsWork: true };
        from = opened + 1;
      }
    }
  }

  function end(): unknown {
    if (list || strings.inString) throw notJson();
    const text = envelope.replace(/^\uFEFF/, '');
    if (text.trim() === '') return undefined;
    let value: unknown;
    try {
      value = parseJsonText(text, contentType);
    } catch {
      throw notJson();
    }
    if (lists.length > 0 && lists[0]!.path.length === 0 && Array.isArray(value)) return lists[0]!.items;
    for (const { path, items } of lists) value = putBack(value, path, items);
    return value;
  }

  return { write, end, held: () => envelope.length + (list?.pending.length ?? 0) };
}

/**
 * Puts a list back where the envelope holds its empty stand-in. A key the envelope names twice
 * keeps its last value, as JSON.parse would: a list whose place was overwritten is dropped.
 */
function putBack(root: unknown, path: string[], items: unknown[]): unknown {
  if (path.length === 0) return root;
  let parent: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, key)) return root;
    parent = (parent as Record<string, unknown>)[key];
  }
  const key = path[path.length - 1]!;
  if (typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, key)) return root;
  if (!Array.isArray((parent as Record<string, unknown>)[key])) return root;
  // defineProperty: a key named "__proto__" is an own field, as JSON.parse makes it.
  Object.defineProperty(parent, key, { value: items, writable: true, enumerable: true, configurable: true });
  return root;
}

/** Reads a JSON body as it arrives (see above), within the size cap; invalid UTF-8 is refused. */
export async function readJsonStreamed(response: Response, options: ReadOptions): Promise<unknown> {
  const parser = createStreamedJsonParser(response.headers.get('content-type'));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Uint8Array) => {
    try {
      return decoder.decode(chunk, { stream: chunk !== undefined });
    } catch {
      throw new NotJsonError('it is not valid UTF-8 text');
    }
  };
  // Parse time is reported on its own; the request's network time includes it.
  await forEachChunk(response, options, (chunk) => timePhase('parse', () => parser.write(decode(chunk))));
  parser.write(decode());
  return timePhase('parse', () => parser.end());
}
