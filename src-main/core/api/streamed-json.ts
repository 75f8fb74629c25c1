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

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** An object of the envelope, and where its next string is a key. */
interface ObjectFrame {
  key: string | null;
  expectsKey: boolean;
}

/** A list whose elements are being parsed as they come. */
interface OpenList {
  path: string[];
  items: unknown[];
  /** Its text since the last element parsed. */
  pending: string;
  /** Where in `pending` the last comma between elements is; -1 when none yet. */
  lastComma: number;
  /** Brackets and braces open inside the current element. */
  depth: number;
  sawComma: boolean;
}

export interface StreamedJsonParser {
  /** Hands over the next piece of text (decoded already). */
  write(text: string): void;
  /** The parsed value; undefined for an empty body. Throws NotJsonError when the text is not JSON. */
  end(): unknown;
  /** Characters held as text, not yet parsed: the envelope and the open list's unfinished element. */
  held(): number;
}

// Over 80 lines on purpose: one parser's state (where it is in strings, objects and the open list)
// shared by its two scanners, each under 40 lines.
export function createStreamedJsonParser(contentType: string | null = null): StreamedJsonParser {
  let envelope = '';
  const frames: ObjectFrame[] = [];
  const lists: Array<{ path: string[]; items: unknown[] }> = [];
  let list: OpenList | null = null;
  let inString = false;
  let escaped = false;
  /** The text of the key being read (its quotes included) before the current piece, or null outside keys. */
  let keyBefore: string | null = null;
  /** Where the key being read starts in the current piece. */
  let keyFrom = 0;
  /** The first characters, for the message when the text is not JSON. */
  let start = '';

  const notJson = () => notJsonError(contentType, start);

  /** Parses `text` (elements and the commas between them) onto the open list. */
  function parseElements(open: OpenList, text: string) {
    if (text.trim() === '') throw notJson(); // `[,1]`, `[1,,2]` or `[1,]`
    let parsed: unknown[];
    try {
      parsed = parseJsonText(`[${text}]`, contentType) as unknown[];
    } catch {
      throw notJson();
    }
    for (const item of parsed) open.items.push(item);
  }

  /**
   * Scans the text of an open list from `from`; returns where the list closed, or -1. Strings are
   * crossed with indexOf, which is most of the text and many times faster than a loop.
   */
  function scanList(open: OpenList, text: string, from: number): number {
    let at = from;
    if (inString) {
      const closing = closingQuote(text, at, escaped);
      if (closing < 0) {
        escaped = endsInEscape(text, at, escaped);
        return -1;
      }
      inString = escaped = false;
      at = closing + 1;
    }
    let depth = open.depth;
    for (; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        const closing = closingQuote(text, at + 1, false);
        if (closing < 0) {
          inString = true;
          escaped = endsInEscape(text, at + 1, false);
          break;
        }
        at = closing;
      } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) depth++;
      else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
        if (depth === 0) {
          if (code !== CLOSE_ARRAY) throw notJson();
          open.depth = 0;
          return at;
        }
        depth--;
      } else if (code === COMMA && depth === 0) {
        open.lastComma = open.pending.length + (at - from);
        open.sawComma = true;
      }
    }
    open.depth = depth;
    return -1;
  }

  /** Parses what the open list holds up to its last comma, keeping the rest for the next piece. */
  function takeFinishedElements(open: OpenList) {
    if (open.lastComma < 0) return;
    parseElements(open, open.pending.slice(0, open.lastComma));
    open.pending = open.pending.slice(open.lastComma + 1);
    open.lastComma = -1;
  }

  function closeList(open: OpenList) {
    if (open.pending.trim() !== '' || open.sawComma) parseElements(open, open.pending);
    lists.push({ path: open.path, items: open.items });
    list = null;
  }

  /** Scans envelope text from `from`; returns where a list opened (its `[`), or -1. */
  function scanEnvelope(text: string, from: number): number {
    for (let at = from; at < text.length; at++) {
      const code = text.charCodeAt(at);
      const frame = frames[frames.length - 1];
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) {
          inString = false;
          if (keyBefore !== null) {
            frame!.key = readKey(keyBefore + text.slice(keyFrom, at + 1));
            keyBefore = null;
          }
        }
      } else if (code === QUOTE) {
        inString = true;
        if (frame?.expectsKey) {
          keyBefore = '';
          keyFrom = at;
          frame.expectsKey = false;
        }
      } else if (code === OPEN_OBJECT) frames.push({ key: null, expectsKey: true });
      else if (code === CLOSE_OBJECT) frames.pop();
      else if (code === COMMA && frame) frame.expectsKey = true;
      else if (code === OPEN_ARRAY) return at;
      else if (code === CLOSE_ARRAY || (code === COLON && !frame)) throw notJson();
    }
    if (keyBefore !== null) {
      keyBefore += text.slice(keyFrom);
      keyFrom = 0;
    }
    return -1;
  }

  const readKey = (quoted: string) => {
    try {
      return String(JSON.parse(quoted));
    } catch {
      throw notJson();
    }
  };

  function write(text: string) {
    if (start.length < KEPT_START) start = (start + text).replace(/^\uFEFF/, '').slice(0, KEPT_START);
    let from = 0;
    while (from < text.length) {
      if (list) {
        const closed = scanList(list, text, from);
        if (closed < 0) {
          list.pending += text.slice(from);
          takeFinishedElements(list);
          return;
        }
        list.pending += text.slice(from, closed);
        closeList(list);
        envelope += ']';
        from = closed + 1;
      } else {
        const opened = scanEnvelope(text, from);
        if (opened < 0) {
          envelope += text.slice(from);
          return;
        }
        envelope += text.slice(from, opened + 1);
        const path = frames.map((frame) => frame.key ?? '');
        list = { path, items: [], pending: '', lastComma: -1, depth: 0, sawComma: false };
        from = opened + 1;
      }
    }
  }

  function end(): unknown {
    if (list || inString) throw notJson();
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
 * Where the string that goes on at `from` ends (its closing quote), or -1 when it goes on past the
 * text. `escaped`: the character at `from` is escaped by a backslash at the end of the last piece.
 */
function closingQuote(text: string, from: number, escaped: boolean): number {
  let searchFrom = escaped ? from + 1 : from;
  for (;;) {
    const quote = text.indexOf('"', searchFrom);
    if (quote < 0) return -1;
    if (!escapedAt(text, quote, searchFrom)) return quote;
    searchFrom = quote + 1;
  }
}

/** True when the character at `at` follows an odd run of backslashes that starts at or after `from`. */
function escapedAt(text: string, at: number, from: number): boolean {
  let backslashes = 0;
  while (at - backslashes - 1 >= from && text.charCodeAt(at - backslashes - 1) === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

/** Whether a string running past the end of the text leaves the next piece's first character escaped. */
function endsInEscape(text: string, from: number, escaped: boolean): boolean {
  const start = escaped ? from + 1 : from;
  return start <= text.length && escapedAt(text, text.length, start);
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
