/**
 * The trace of every correction the employee makes to their record on this computer (a clock-out
 * set to an earlier time, an absence or a balance correction added or removed, a short rest
 * accepted): append-only, chained by hash (trace-chain.ts), written durably before the change is
 * said to be made. Its head (the newest entry's number and hash) is kept in a second file, so
 * entries cut off the end are found too. Entries older than the years IT keeps are let go; the
 * chain then starts at the last one let go.
 *
 * A trace that cannot be read whole is kept as it was (its bytes beside it) and a new chain is
 * started; the trace says so ("started again") rather than showing a partial chain as whole.
 */
import * as v from 'valibot';
import { parseStoredJson } from '../util/json-text.ts';
import { storedEntries, storedInstant, type Dropped } from '../util/stored-entries.ts';
import type { TextFile } from '../util/text-file.ts';
import { isCalendarDay } from '../../shared/moments.ts';
import {
  chainBreak,
  chained,
  GENESIS,
  keptSince,
  TRACE_KINDS,
  type ChainBreak,
  type TraceAnchor,
  type TraceEntry,
  type TraceFacts,
} from './trace-chain.ts';

/** Far more than a working life of corrections; a file longer than this was not written by the app. */
export const MAX_TRACE = 20_000;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const hash = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
const anchorSchema = v.object({ seq: v.pipe(v.number(), v.integer(), v.minValue(0)), hash });
const entrySchema = v.object({
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  prev: hash,
  hash,
  environmentId: text(200),
  employeeId: text(200),
  by: text(320),
  madeAt: storedInstant,
  kind: v.picklist(TRACE_KINDS),
  day: v.pipe(v.string(), v.check(isCalendarDay)),
  subject: v.nullable(text(40)),
  before: v.nullable(text(40)),
  after: v.nullable(text(40)),
  reason: text(400),
});

/** Whether the trace is as it was written, and since when it runs. */
export interface TraceState {
  broken: ChainBreak | null;
  /** When a trace that could not be read was set aside and this one started (ms); null otherwise. */
  restartedAt: number | null;
}

export interface CorrectionTrace {
  /** Writes the entry durably; throws when it cannot, and the change must then not be made. */
  append(facts: TraceFacts): TraceEntry;
  /** This person's entries made at or after `from`, oldest first. */
  entries(person: { environmentId: string; employeeId: string }, from: number): TraceEntry[];
  state(): TraceState;
}

interface TraceFiles {
  trace: TextFile;
  head: TextFile;
  /** Keeps the bytes of a trace that could not be read whole; where, or null when it could not. */
  setAside: (bytes: Buffer) => string | null;
}

/** `keepFrom`: the first moment kept (ms), as the years IT keeps say it at the caller's now. */
export function createCorrectionTrace(files: TraceFiles | undefined, keepFrom: () => number, now: () => number): CorrectionTrace {
  const loaded = load(files, now);
  let { entries, anchor } = loaded;
  const restartedAt = loaded.restartedAt;
  return {
    append(facts) {
      const head = entries.at(-1) ?? anchor;
      const entry = chained(head, facts);
      const kept = keptSince([...entries, entry], anchor, keepFrom());
      files?.trace.write(JSON.stringify({ anchor: kept.anchor, restartedAt, entries: kept.entries }));
      files?.head.write(JSON.stringify({ seq: entry.seq, hash: entry.hash }));
      ({ entries, anchor } = kept);
      return entry;
    },
    entries: (person, from) =>
      entries.filter(
        (entry) => entry.environmentId === person.environmentId && entry.employeeId === person.employeeId && entry.madeAt >= from,
      ),
    state: () => ({ broken: chainBreak(entries, anchor) ?? cutOff(entries, anchor, loaded.head), restartedAt }),
  };
}

/** The newest entries cut off the end: the head kept apart is further on than the trace. */
function cutOff(entries: readonly TraceEntry[], anchor: TraceAnchor, head: TraceAnchor | null): ChainBreak | null {
  const last = entries.at(-1) ?? anchor;
  return head && head.seq > last.seq ? { problem: 'removed', seq: last.seq + 1 } : null;
}

function load(files: TraceFiles | undefined, now: () => number) {
  const head = readHead(files?.head);
  let bytes: Buffer | null = null;
  try {
    bytes = files?.trace.readBytes() ?? null;
  } catch {
    return restarted(files, null, now);
  }
  if (bytes === null || bytes.length === 0) return { entries: [], anchor: GENESIS, restartedAt: null, head };
  const parsed = parseStoredJson(bytes.toString('utf8')) as
    { anchor?: unknown; entries?: unknown; restartedAt?: unknown } | null | undefined;
  const dropped: Dropped = { count: 0 };
  const entries = storedEntries(entrySchema, parsed?.entries, dropped, MAX_TRACE) as TraceEntry[];
  const anchor = v.safeParse(anchorSchema, parsed?.anchor);
  if (typeof parsed !== 'object' || parsed === null || !anchor.success || dropped.count > 0) return restarted(files, bytes, now);
  const restartedAt = typeof parsed.restartedAt === 'number' ? parsed.restartedAt : null;
  return { entries, anchor: anchor.output, restartedAt, head };
}

/** A trace not read whole: its bytes kept, a new chain from now (the head kept apart belongs to the old one). */
function restarted(files: TraceFiles | undefined, bytes: Buffer | null, now: () => number) {
  if (bytes) files?.setAside(bytes);
  return { entries: [] as TraceEntry[], anchor: GENESIS, restartedAt: now(), head: null };
}

function readHead(file: TextFile | undefined): TraceAnchor | null {
  try {
    const parsed = v.safeParse(anchorSchema, parseStoredJson(file?.read() ?? undefined));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
