/**
 * The outbox of punches: each clock-in and clock-out is written here durably before the user is
 * told it was recorded, and leaves only once the timeclock service has it. Entries keep their order
 * and the environment they were recorded in. Failed ones stay (visible) until the user discards them.
 */
import { randomUUID } from 'node:crypto';
import type { TextFile } from '../util/text-file.ts';

export type PunchKind = 'clock-in' | 'clock-out';

export interface Punch {
  id: string;
  environmentId: string;
  employeeId: string;
  kind: PunchKind;
  /** The moment the user clicked (ISO instant): what the service records. */
  at: string;
  /** Sent with a clock-in: the same key never creates a second event. */
  idempotencyKey: string;
  /** For a clock-out: the event it closes, once known. */
  eventId: string | null;
  /** For a clock-out of a clock-in still in the outbox: that entry, whose event it will close. */
  afterPunchId: string | null;
  /** Sends attempted so far (persisted before each send: after a crash, >0 means "outcome unknown"). */
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
  /** Set when the service refused it for good (unknown employee, impossible time): kept until discarded. */
  failed: string | null;
}

export type NewPunch = Pick<Punch, 'environmentId' | 'employeeId' | 'kind' | 'at' | 'eventId' | 'afterPunchId'> & {
  /** 1 when the punch is about to be sent at once: its first attempt is recorded with it, in one write. */
  attempts?: number;
};

export interface Outbox {
  all(): Punch[];
  /** Durably appends a punch; returns it once it is safe on disk. */
  add(punch: NewPunch): Punch;
  update(id: string, changes: Partial<Punch>): Punch;
  remove(id: string): void;
  /** The punch is settled: it leaves, and clock-outs waiting for its event learn the event id (one write). */
  settle(id: string, eventId: string | null): void;
}

/**
 * `backup` receives the text of an outbox this version cannot read: it is kept for recovery, the
 * problem is reported, and the app carries on with an empty outbox rather than stopping.
 */
export function createOutbox(file: TextFile, backup: (text: string) => void, report: (problem: string) => void): Outbox {
  let punches: Punch[] = read(file, backup, report);
  const save = () => file.write(JSON.stringify({ version: 1, punches }, null, 1));
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
        ...fields,
        id: randomUUID(),
        idempotencyKey: randomUUID(),
        nextAttemptAt: null,
        lastError: null,
        failed: null,
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
      save();
    },
  };
}

function read(file: TextFile, backup: (text: string) => void, report: (problem: string) => void): Punch[] {
  const text = file.read();
  if (text === null) return [];
  try {
    const parsed = JSON.parse(text) as { version?: number; punches?: Punch[] };
    if (parsed.version === 1 && Array.isArray(parsed.punches)) return parsed.punches;
  } catch {
    /* reported below */
  }
  backup(text);
  report('The list of punches waiting to be sent could not be read; it was kept as a backup and a new one started.');
  return [];
}
