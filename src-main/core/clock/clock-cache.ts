/**
 * The service's last answer per environment and employee, kept on disk so an offline start still
 * knows. Only the four fields the clock relies on are kept, whatever else the server sent, so an
 * oversized or oddly nested answer never reaches the disk; anything unreadable is forgotten.
 */
import { parseStoredJson } from '../util/json-text.ts';
import { coalesced } from '../util/coalesce.ts';
import * as v from 'valibot';
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import { essentials } from '../api/time-event-shape.ts';
import type { TextFile } from '../util/text-file.ts';
import type { ServerClock } from './clock-state.ts';

const eventSchema = v.object({
  id: v.string(),
  employeeId: v.string(),
  clockIn: v.pipe(v.string(), v.isoTimestamp()),
  clockOut: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
});
const entrySchema = v.object({ kind: v.literal('known'), event: v.nullable(eventSchema), readAt: v.number() });

export interface ClockCache {
  get(key: string): ServerClock | undefined;
  set(key: string, known: Extract<ServerClock, { kind: 'known' }>): void;
}

export function createClockCache(file: TextFile | undefined): ClockCache {
  const entries = read(file);
  // Written after the punch's path (once, however often it changed meanwhile): the employee waits on the punch, not on a cache.
  const save = coalesced(() => {
    try {
      file?.write(JSON.stringify(Object.fromEntries(entries)));
    } catch {
      /* A cache: losing it costs an offline start its last known state, nothing more. */
    }
  });
  return {
    get: (key) => entries.get(key),
    set(key, known) {
      const stored = { kind: 'known' as const, event: known.event && essentials(known.event), readAt: known.readAt };
      if (JSON.stringify(entries.get(key)) === JSON.stringify(stored)) return;
      entries.set(key, stored);
      save();
    },
  };
}

function read(file: TextFile | undefined): Map<string, ServerClock> {
  const entries = new Map<string, ServerClock>();
  const parsed = parseStoredJson(file?.read());
  if (typeof parsed !== 'object' || parsed === null) return entries;
  for (const [key, value] of Object.entries(parsed)) {
    const entry = v.safeParse(entrySchema, value);
    if (entry.success) entries.set(key, { ...entry.output, event: entry.output.event as ClockedTimeEvent | null });
  }
  return entries;
}
