/**
 * The record of who opened which debtor, when and why, on this computer: a consultation of a
 * debtor's data is processing of personal data when the debtor is a person (a sole trader), and
 * its date and purpose are part of what that person may ask to see (CJEU C-579/21, Pankki S).
 *
 * One JSON line per debtor opened (append-file.ts: each line on disk before the details are
 * shown, a line torn by a crash skipped, never the lines before it). Only the debtor's key is
 * written, never its name: the name is joined at export from the lookup's own (encrypted) lists.
 * A debtor opened again within JUST_OPENED_MS with the same purpose is the same consultation and
 * is not written twice. Lines older than the months IT keeps leave the disk (a whole rewrite, at
 * most once a day); 0 months: nothing is kept, and the file goes.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { parseStoredJson } from '../util/json-text.ts';
import type { AppendFile } from '../util/append-file.ts';
import { storedInstant } from '../util/stored-entries.ts';

/** Opened again this soon, with the same purpose: the same consultation. */
export const JUST_OPENED_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

/** Who opened which debtor, where, and why. */
export interface AccessFacts {
  debtorKey: string;
  environmentId: string;
  environmentName: string;
  employeeId: string;
  /** The employee id, with the display name where one is known ("E1001 · Ana Díaz"). */
  by: string;
  /** The purpose given (IT's list, or free text); empty where none is asked. */
  purpose: string;
  /** Opened in the details, or side by side in the comparison. */
  via: 'detail' | 'compare';
}

export interface AccessEntry extends AccessFacts {
  /** Unique: what a collector tells a second sending of the same entry by. */
  id: string;
  /** ms since 1970. */
  at: number;
}

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const entrySchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  at: storedInstant,
  debtorKey: v.pipe(text(200), v.minLength(1)),
  environmentId: text(200),
  environmentName: text(200),
  employeeId: text(200),
  by: text(320),
  purpose: text(200),
  via: v.picklist(['detail', 'compare']),
});

/** The entries of the file's text, oldest first, and how many lines could not be read (torn, edited). */
export function readEntries(text: string | null): { entries: AccessEntry[]; unreadable: string[] } {
  const entries: AccessEntry[] = [];
  const unreadable: string[] = [];
  for (const line of (text ?? '').split('\n')) {
    if (line.trim() === '') continue;
    const parsed = v.safeParse(entrySchema, safeJson(line));
    if (parsed.success) entries.push(parsed.output);
    else unreadable.push(line);
  }
  return { entries, unreadable };
}

function safeJson(line: string): unknown {
  try {
    return parseStoredJson(line);
  } catch {
    return undefined;
  }
}

/** The first moment kept: `months` calendar months before `now`, local time. */
export function accessKeptFrom(now: number, months: number): number {
  const from = new Date(now);
  from.setMonth(from.getMonth() - months);
  return from.getTime();
}

export interface AccessRecordOptions {
  file: AppendFile;
  /** The months IT keeps the record (0: none is kept). */
  keepMonths: () => number;
  now: () => number;
  /** Each entry once it is on disk (for IT's collector). */
  onWritten?: (entry: AccessEntry) => void;
}

export interface AccessRecord {
  /** Writes the entry durably (resolves once on disk); null when not written (kept for 0 months, or just opened). */
  write(facts: AccessFacts): Promise<AccessEntry | null>;
  /** The kept entries, oldest first (of one debtor where given), and how many lines could not be read. */
  entries(debtorKey?: string): Promise<{ entries: AccessEntry[]; unreadable: number }>;
  /** Lets go of what is older than IT keeps (at most once a day, unless `now` insists). */
  keep(force?: boolean): Promise<void>;
}

export function createAccessRecord(options: AccessRecordOptions): AccessRecord {
  const { file, now } = options;
  /** The last entry written per debtor in this run: an open within JUST_OPENED_MS is not written again. */
  const lastWritten = new Map<string, AccessEntry>();
  let keptAt = Number.NEGATIVE_INFINITY;

  const justOpened = (facts: AccessFacts, at: number) => {
    const last = lastWritten.get(`${facts.environmentId}\u0001${facts.debtorKey}`);
    return !!last && at - last.at < JUST_OPENED_MS && last.purpose === facts.purpose && last.employeeId === facts.employeeId;
  };

  async function keep(force = false): Promise<void> {
    const at = now();
    if (!force && at - keptAt < DAY_MS) return;
    keptAt = at;
    const months = options.keepMonths();
    if (months === 0) return file.remove();
    const text = await file.read();
    if (text === null) return;
    const from = accessKeptFrom(at, months);
    const { entries, unreadable } = readEntries(text);
    if (entries.every((entry) => entry.at >= from)) return;
    // Lines that cannot be read are kept as they are: their age is not known.
    await file.replace([...unreadable, ...entries.filter((entry) => entry.at >= from).map((entry) => JSON.stringify(entry))]);
  }

  return {
    async write(facts) {
      const at = now();
      if (options.keepMonths() === 0 || justOpened(facts, at)) return null;
      const entry: AccessEntry = { id: randomUUID(), at, ...facts };
      await file.append([JSON.stringify(entry)]);
      lastWritten.set(`${facts.environmentId}\u0001${facts.debtorKey}`, entry);
      options.onWritten?.(entry);
      void keep().catch(() => undefined); // letting go of old lines is never in the way of a new one
      return entry;
    },
    async entries(debtorKey) {
      const { entries, unreadable } = readEntries(await file.read());
      const from = accessKeptFrom(now(), options.keepMonths());
      const wanted = entries.filter((entry) => entry.at >= from && (debtorKey === undefined || entry.debtorKey === debtorKey));
      return { entries: wanted, unreadable: unreadable.length };
    },
    keep,
  };
}
