/**
 * The outbox of punches: each clock-in and clock-out is written here durably before the user is
 * told it was recorded, and leaves only once the timeclock service has it (or the user, told
 * why, discards it). Entries keep their order and the environment and employee they were recorded
 * with. The file holds one punch per line, so a damaged line costs that line only.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { coalesced } from '../util/coalesce.ts';
import type { TextFile } from '../util/text-file.ts';

export type PunchKind = 'clock-in' | 'clock-out';

/**
 * Why sending stopped; the punch stays, visible, until the user tries again, marks it sent
 * (unconfirmed only) or discards it.
 * - refused: the service said no (400, 404, 422): the punch as recorded cannot be added.
 * - configuration: the request never reached the operation (redirect, 405/415, wrong base URL).
 * - unconfirmed: sent, but neither the answer nor the last event could be read: outcome unknown.
 * - gave-up: transient failures went on for longer than the retry schedule allows.
 */
export type StopKind = 'refused' | 'configuration' | 'unconfirmed' | 'gave-up';

export interface Punch {
  id: string;
  environmentId: string;
  employeeId: string;
  kind: PunchKind;
  /** The moment the user clicked (ISO instant, whole seconds): what the service records. */
  at: string;
  /** Sent with a clock-in: the same key never creates a second event. */
  idempotencyKey: string;
  /** For a clock-out: the event it closes, once known. */
  eventId: string | null;
  /** For a clock-out of a clock-in still in the outbox: that entry, whose event it will close. */
  afterPunchId: string | null;
  /** For a clock-out: when the shift it ends began, to recognise that event exactly if its id is lost. */
  clockInAt: string | null;
  /** For a clock-out set to an earlier time: the employee's reason, sent where the API profile names a field for it. */
  reason: string | null;
  /** Sends attempted so far (persisted before each send: after a crash, >0 means "outcome unknown"). */
  attempts: number;
  /** Answers that could not be read while sending or confirming it (bounded: then it stops as unconfirmed). */
  unreadable: number;
  nextAttemptAt: number | null;
  /** Until this moment (ms) the employee may undo the punch: it is on disk, but not sent before. */
  undoUntil: number | null;
  lastError: string | null;
  stopped: { kind: StopKind; message: string } | null;
}

export type NewPunch = Pick<Punch, 'environmentId' | 'employeeId' | 'kind' | 'at' | 'eventId' | 'afterPunchId' | 'clockInAt'> & {
  reason?: string | null;
  /** 1 when the punch is about to be sent at once: its first attempt is recorded with it, in one write. */
  attempts?: number;
  undoUntil?: number | null;
};

export interface Outbox {
  all(): Punch[];
  /** Durably appends a punch; returns it once it is safe on disk. */
  add(punch: NewPunch): Punch;
  update(id: string, changes: Partial<Punch>): Punch;
  remove(id: string): void;
  /**
   * The punch is settled: it leaves, and clock-outs waiting for its event learn the event id. The file
   * is rewritten just after the punch's path, or by the next change, whichever comes first.
   */
  settle(id: string, eventId: string | null): void;
  /** Writes a settle not yet on disk (before the app quits). */
  flush(): void;
}

/** What to do with a damaged part of the file: keep these exact bytes somewhere safe. */
export type SetAside = (bytes: Buffer) => void;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const punchSchema = v.object({
  id: text(100),
  environmentId: text(200),
  employeeId: text(200),
  kind: v.picklist(['clock-in', 'clock-out']),
  at: v.pipe(v.string(), v.isoTimestamp()),
  idempotencyKey: text(200),
  eventId: v.nullable(text(200)),
  afterPunchId: v.nullable(text(100)),
  clockInAt: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp())), null),
  reason: v.optional(v.nullable(text(400)), null),
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  unreadable: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  nextAttemptAt: v.nullable(v.number()),
  undoUntil: v.optional(v.nullable(v.number()), null),
  lastError: v.nullable(v.string()),
  stopped: v.optional(
    v.nullable(v.object({ kind: v.picklist(['refused', 'configuration', 'unconfirmed', 'gave-up']), message: v.string() })),
    null,
  ),
  /** Version 1 kept refusals here. */
  failed: v.optional(v.nullable(v.string())),
});

/** What went wrong reading the outbox file at start; the core words it for the user (clock-words.ts). */
export type OutboxProblem = { kind: 'unopenable'; reason: string } | { kind: 'damaged'; kept: number } | { kind: 'unreadable' };

export function createOutbox(file: TextFile, setAside: SetAside, report: (problem: OutboxProblem) => void): Outbox {
  let punches: Punch[] = load(file, setAside, report);
  let settledUnsaved = false;
  const save = () => {
    file.write([JSON.stringify({ version: 2 }), ...punches.map((punch) => JSON.stringify(punch))].join('\n') + '\n');
    settledUnsaved = false;
  };
  const flush = () => {
    if (settledUnsaved) save();
  };
  // A settle is written after the punch's path, not on it: the service already has the punch, and a
  // crash in between leaves it on disk with its attempt counted, which the next start confirms with
  // the service rather than sending it again (crash-safety.test.ts kills the app at that moment).
  // A write that fails here is tried again by the next change or the flush at quit.
  const saveSettled = coalesced(() => {
    try {
      flush();
    } catch {
      /* still unsaved: see above */
    }
  });
  const find = (id: string) => {
    const punch = punches.find((candidate) => candidate.id === id);
    if (!punch) throw new Error(`No punch ${id} in the outbox.`);
    return punch;
  };

  return {
    all: () => punches.map((punch) => ({ ...punch })),
    add(fields) {
      const punch: Punch = {
        attempts: 0,
        undoUntil: null,
        reason: null,
        ...fields,
        id: randomUUID(),
        idempotencyKey: randomUUID(),
        unreadable: 0,
        nextAttemptAt: null,
        lastError: null,
        stopped: null,
      };
      punches = [...punches, punch];
      save();
      return { ...punch };
    },
    update(id, changes) {
      const updated = { ...find(id), ...changes };
      punches = punches.map((punch) => (punch.id === id ? updated : punch));
      save();
      return { ...updated };
    },
    remove(id) {
      punches = punches.filter((punch) => punch.id !== id);
      save();
    },
    settle(id, eventId) {
      punches = punches
        .filter((punch) => punch.id !== id)
        .map((punch) => (eventId !== null && punch.afterPunchId === id ? { ...punch, eventId, afterPunchId: null } : punch));
      settledUnsaved = true;
      saveSettled();
    },
    flush,
  };
}

/** Every complete, valid punch of the file; whatever is damaged is set aside byte for byte and reported once. */
function load(file: TextFile, setAside: SetAside, report: (problem: OutboxProblem) => void): Punch[] {
  let bytes: Buffer | null;
  try {
    bytes = file.readBytes();
  } catch (error) {
    report({ kind: 'unopenable', reason: (error as Error).message });
    return [];
  }
  if (bytes === null || bytes.length === 0) return [];
  const { punches, damaged } = parse(bytes);
  if (damaged) {
    setAside(bytes);
    report(punches.length > 0 ? { kind: 'damaged', kept: punches.length } : { kind: 'unreadable' });
  }
  return punches;
}

function parse(bytes: Buffer): { punches: Punch[]; damaged: boolean } {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const whole = tryJson(text) as { version?: number; punches?: unknown } | undefined;
  // Version 1: one JSON document { version: 1, punches: [...] }.
  const records: unknown[] =
    whole?.version === 1 && Array.isArray(whole.punches)
      ? whole.punches
      : text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => tryJson(line) ?? DAMAGED);
  let damaged = text.includes('\uFFFD') || !(whole?.version === 1 || isHeader(records[0]));
  const punches: Punch[] = [];
  for (const record of isHeader(records[0]) ? records.slice(1) : records) {
    const punch = readPunch(record);
    if (punch) punches.push(punch);
    else damaged = true;
  }
  return { punches, damaged };
}

const DAMAGED = Symbol('damaged');
const isHeader = (record: unknown) =>
  typeof record === 'object' && record !== null && (record as { version?: unknown }).version === 2;

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readPunch(record: unknown): Punch | null {
  const result = v.safeParse(punchSchema, record);
  if (!result.success) return null;
  const { failed, ...punch } = result.output;
  return { ...punch, stopped: punch.stopped ?? (failed ? { kind: 'refused', message: failed } : null) };
}
