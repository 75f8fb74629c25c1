/**
 * The trace of corrections as a hash chain: each entry carries the SHA-256 of what it says and of
 * the entry before it, so an entry edited, removed or moved after it was written is found by
 * walking the chain again. Pure. What it cannot find alone: the newest entries cut off the end
 * (there is no later entry to miss them), which is why the trace's head is also kept apart
 * (correction-trace.ts).
 */
import { createHash } from 'node:crypto';

export const TRACE_KINDS = [
  'clock-out-set',
  'absence-added',
  'absence-removed',
  'correction-added',
  'correction-removed',
  'short-rest-accepted',
] as const;
export type TraceKind = (typeof TRACE_KINDS)[number];

/** What one change was, as the employee made it. */
export interface TraceFacts {
  environmentId: string;
  employeeId: string;
  /** Who made it: the signed-in employee's id, with their name when one is known ("E1001 · Ana Díaz"). */
  by: string;
  /** When it was made (ms). */
  madeAt: number;
  kind: TraceKind;
  /** The local day (YYYY-MM-DD) it is about. */
  day: string;
  /** What it is about, when a day holds more than one: a shift's clock-in (ISO). */
  subject: string | null;
  /** The value before and after, in the form the kind has (trace-words.ts reads them); null: none. */
  before: string | null;
  after: string | null;
  /** The employee's reason; empty when none was asked for or given. */
  reason: string;
}

export interface TraceEntry extends TraceFacts {
  /** 1, 2, 3…: one more than the entry before. */
  seq: number;
  /** The hash of the entry before (the anchor's for the first one kept). */
  prev: string;
  hash: string;
}

/** Where the kept chain starts: after the entries let go of (older than what is kept), or nothing. */
export interface TraceAnchor {
  seq: number;
  hash: string;
}

export const GENESIS: TraceAnchor = { seq: 0, hash: '0'.repeat(64) };

/** An entry's hash: of its sequence number, the hash before it and every fact, in a fixed order. */
export function entryHash(entry: Omit<TraceEntry, 'hash'>): string {
  const { seq, prev, environmentId, employeeId, by, madeAt, kind, day, subject, before, after, reason } = entry;
  const text = JSON.stringify([seq, prev, environmentId, employeeId, by, madeAt, kind, day, subject, before, after, reason]);
  return createHash('sha256').update(text).digest('hex');
}

/** The next entry after `head`. */
export function chained(head: TraceAnchor, facts: TraceFacts): TraceEntry {
  const unsealed = { ...facts, seq: head.seq + 1, prev: head.hash };
  return { ...unsealed, hash: entryHash(unsealed) };
}

/** The first place the chain does not hold: an entry changed, missing, or out of its order. */
export interface ChainBreak {
  problem: 'edited' | 'removed' | 'reordered';
  /** The entry concerned: the one edited, or the one missing. */
  seq: number;
}

/** Walks the chain from `anchor`; null when every entry is as it was written. */
export function chainBreak(entries: readonly TraceEntry[], anchor: TraceAnchor): ChainBreak | null {
  let expected = anchor;
  for (const entry of entries) {
    if (entryHash(entry) !== entry.hash) return { problem: 'edited', seq: entry.seq };
    const wanted = expected.seq + 1;
    if (entry.seq !== wanted) {
      const later = entries.some((other) => other.seq === wanted);
      return { problem: later || entry.seq < wanted ? 'reordered' : 'removed', seq: wanted };
    }
    // Sealed again after an edit: its own hash holds, the link from the next one does not.
    if (entry.prev !== expected.hash) return { problem: 'edited', seq: expected.seq };
    expected = { seq: entry.seq, hash: entry.hash };
  }
  return null;
}

/** Lets go of the entries made before `cutoff` (ms): the chain then starts at the last one let go. */
export function keptSince(
  entries: readonly TraceEntry[],
  anchor: TraceAnchor,
  cutoff: number,
): { entries: TraceEntry[]; anchor: TraceAnchor } {
  const firstKept = entries.findIndex((entry) => entry.madeAt >= cutoff);
  const from = firstKept === -1 ? entries.length : firstKept;
  if (from === 0) return { entries: [...entries], anchor };
  const last = entries[from - 1]!;
  return { entries: entries.slice(from), anchor: { seq: last.seq, hash: last.hash } };
}
