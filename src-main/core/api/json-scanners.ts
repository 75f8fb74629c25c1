/**
 * The two scanners of the streamed JSON parser (streamed-json.ts): the envelope's, which follows
 * objects and their keys until a list opens, and the open list's, which finds where its elements
 * end and hands finished ones to the engine's JSON.parse. They share where a string left off
 * between two pieces of text.
 */
import { parseJsonText } from './read-body.ts';

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
export interface OpenList {
  path: string[];
  items: unknown[];
  /** Its text since the last element parsed. */
  pending: string;
  /** Where in `pending` the last comma between elements is; -1 when none yet. */
  lastComma: number;
  /** Brackets and braces open inside the current element. */
  depth: number;
  sawComma: boolean;
  /** False once a cut at a piece's last "}," was not between two elements: the list is then scanned. */
  cutsWork: boolean;
}

/** Whether the text left off inside a string, and with its next character escaped. */
export interface StringState {
  inString: boolean;
  escaped: boolean;
}

// Over 80 lines on purpose: the hot loop's state (the open lists, where a string left off) shared by
// small steps (the longest, scanList, 38 lines); one closure keeps it out of every call's arguments.
export function createListScanner(strings: StringState, notJson: () => Error, contentType: string | null) {
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
    if (strings.inString) {
      const closing = closingQuote(text, at, strings.escaped);
      if (closing < 0) {
        strings.escaped = endsInEscape(text, at, strings.escaped);
        return -1;
      }
      strings.inString = strings.escaped = false;
      at = closing + 1;
    }
    let depth = open.depth;
    for (; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        const closing = closingQuote(text, at + 1, false);
        if (closing < 0) {
          strings.inString = true;
          strings.escaped = endsInEscape(text, at + 1, false);
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

  /**
   * The quick way through a list of objects: the piece's last "}," is taken for the end of an
   * element, and all before it is parsed at once, no character scanned. The parse is the proof:
   * the text from an element's start to a cut is a valid list only when the cut falls between two
   * elements (a cut inside a string or a nested value leaves it open, and one past the list's end
   * leaves text after it). Returns where the text goes on after that comma, or -1 when the piece
   * has no such cut or it was not one: the scan then takes the piece as before, and the list is
   * scanned from then on (nested objects would make most cuts fail).
   */
  function takeUpToLastObjectEnd(open: OpenList, text: string, from: number): number {
    if (!open.cutsWork) return -1;
    const cut = text.lastIndexOf('},');
    if (cut < from) return -1;
    let parsed: unknown[];
    try {
      parsed = parseJsonText(`[${open.pending}${text.slice(from, cut + 1)}]`, contentType) as unknown[];
    } catch {
      open.cutsWork = false;
      return -1;
    }
    for (const item of parsed) open.items.push(item);
    // Between two elements: nothing is open, whatever the scan of the last piece's end had seen.
    Object.assign(open, { pending: '', lastComma: -1, depth: 0, sawComma: true });
    strings.inString = strings.escaped = false;
    return cut + 2;
  }

  /** Parses what the open list holds up to its last comma, keeping the rest for the next piece. */
  function takeFinishedElements(open: OpenList) {
    if (open.lastComma < 0) return;
    parseElements(open, open.pending.slice(0, open.lastComma));
    open.pending = open.pending.slice(open.lastComma + 1);
    open.lastComma = -1;
  }

  /** Parses what is left of a list that closed. */
  function finishList(open: OpenList) {
    if (open.pending.trim() !== '' || open.sawComma) parseElements(open, open.pending);
  }

  return { scanList, takeUpToLastObjectEnd, takeFinishedElements, finishList };
}

export function createEnvelopeScanner(strings: StringState, notJson: () => Error) {
  const frames: ObjectFrame[] = [];
  /** The text of the key being read (its quotes included) before the current piece, or null outside keys. */
  let keyBefore: string | null = null;
  /** Where the key being read starts in the current piece. */
  let keyFrom = 0;

  const readKey = (quoted: string) => {
    try {
      return String(JSON.parse(quoted));
    } catch {
      throw notJson();
    }
  };

  /** Scans envelope text from `from`; returns where a list opened (its `[`), or -1. */
  function scanEnvelope(text: string, from: number): number {
    for (let at = from; at < text.length; at++) {
      const code = text.charCodeAt(at);
      const frame = frames[frames.length - 1];
      if (strings.inString) {
        if (strings.escaped) strings.escaped = false;
        else if (code === BACKSLASH) strings.escaped = true;
        else if (code === QUOTE) {
          strings.inString = false;
          if (keyBefore !== null) {
            frame!.key = readKey(keyBefore + text.slice(keyFrom, at + 1));
            keyBefore = null;
          }
        }
      } else if (code === QUOTE) {
        strings.inString = true;
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

  /** The keys that lead from the root to where the scanner is. */
  const path = () => frames.map((frame) => frame.key ?? '');
  return { scanEnvelope, path };
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
