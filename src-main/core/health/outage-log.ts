/**
 * The outages of the last 30 days, per system, as the helpdesk asks about them ("since when?"):
 * when each began and ended, what the app told and when, the system's own words, and who on this
 * computer acknowledged it with what note; and each day's watched and down time, for a daily
 * uptime that leaves out the time this computer did not watch. Kept in the environment's health
 * file (so removed with the environment), at most MAX_OUTAGES outages.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import { isCalendarDay, localDayKey, startOfNextLocalDay } from '../../shared/moments.ts';
import { storedEntries, storedInstant, type Dropped } from '../util/stored-entries.ts';
import * as v from 'valibot';
import { inMonthOf } from './uptime-target.ts';

export const OUTAGE_RETENTION_MS = 30 * 86_400_000;
export const MAX_OUTAGES = 500;
/** A gap between two checks longer than this was not watched (the computer slept or was off). */
const WATCH_GAP_MS = 6 * 60_000;

export type ToldKind = 'down' | 'reminder' | 'recovered' | 'unstable' | 'auth' | 'maintenance';

export interface Acknowledgement {
  at: number;
  note: string;
  /** The account on this computer that acknowledged it. */
  by: string;
}

export interface Outage {
  system: HealthSystem;
  start: number;
  /** Null while it goes on. */
  end: number | null;
  /** The system's own words, the last the app heard during the outage. */
  words: string | null;
  told: Array<{ kind: ToldKind; at: number }>;
  acknowledged: Acknowledgement | null;
}

export interface DayWatch {
  day: string;
  system: HealthSystem;
  watchedMs: number;
  downMs: number;
}

export interface OutageData {
  outages: Outage[];
  days: DayWatch[];
}

const TOLD_KINDS = ['down', 'reminder', 'recovered', 'unstable', 'auth', 'maintenance'] as const satisfies readonly ToldKind[];
/** A text kept as far as it fits (a longer one is cut, not dropped). */
const clipped = (max: number) =>
  v.pipe(
    v.string(),
    v.transform((text) => text.slice(0, max)),
  );
const system = v.picklist(HEALTH_SYSTEMS);
const toldSchema = v.object({ kind: v.picklist(TOLD_KINDS), at: storedInstant });
const outageSchema = v.pipe(
  v.object({
    system,
    start: storedInstant,
    end: v.nullable(storedInstant),
    words: v.fallback(v.nullable(clipped(500)), null),
    // What was told is a detail: a told entry that cannot be used is left out, the outage kept.
    told: v.fallback(
      v.pipe(
        v.array(v.unknown()),
        v.transform((list) => storedEntries(toldSchema, list, { count: 0 }, 50)),
      ),
      [],
    ),
    acknowledged: v.fallback(
      v.nullable(v.object({ at: storedInstant, note: v.fallback(clipped(200), ''), by: v.fallback(clipped(100), '') })),
      null,
    ),
  }),
  v.check((outage) => outage.end === null || outage.end >= outage.start),
);
/** A local day's length at most: 25 hours on the night the clocks go back. */
const LONGEST_DAY_MS = 25 * 3_600_000;
const dayWatchSchema = v.object({
  day: v.pipe(v.string(), v.check(isCalendarDay)),
  system,
  watchedMs: v.pipe(v.number(), v.minValue(0), v.maxValue(LONGEST_DAY_MS)),
  downMs: v.pipe(v.number(), v.minValue(0), v.maxValue(LONGEST_DAY_MS)),
});
/** More days than 30 for each system are never written; a few to spare for a clock change or two. */
const MAX_DAYS = 40 * HEALTH_SYSTEMS.length;

/**
 * What a saved file holds of the log, checked entry by entry against the schemas above: the newest
 * MAX_OUTAGES outages and MAX_DAYS days at most (a longer, hand-edited list costs no more time than
 * a full one), and whatever cannot be used is left out and counted in `dropped`.
 */
export function restoreOutages(saved: unknown, dropped: Dropped = { count: 0 }): OutageData {
  const raw = saved as Partial<Record<keyof OutageData, unknown>> | null | undefined;
  return {
    outages: storedEntries(outageSchema, raw?.outages, dropped, MAX_OUTAGES),
    days: storedEntries(dayWatchSchema, raw?.days, dropped, MAX_DAYS),
  };
}

export type OutageLog = ReturnType<typeof createOutageLog>;

export function createOutageLog(data: OutageData = { outages: [], days: [] }) {
  const lastCheck: Partial<Record<HealthSystem, number>> = {};
  const open = (system: HealthSystem) =>
    data.outages.findLast((outage) => outage.system === system && outage.end === null) ?? null;
  /** Adds watched (and down) time to each local day it covers. */
  function watch(system: HealthSystem, from: number, to: number, down: boolean): void {
    for (let start = from; start < to;) {
      const end = Math.min(to, startOfNextLocalDay(start));
      const day = localDayKey(start);
      let entry = data.days.find((candidate) => candidate.day === day && candidate.system === system);
      if (!entry) data.days.push((entry = { day, system, watchedMs: 0, downMs: 0 }));
      entry.watchedMs += end - start;
      if (down) entry.downMs += end - start;
      start = end;
    }
  }
  return {
    /** A check with the state then: the time since the last one counts as watched (as down, if it was down). */
    checked(system: HealthSystem, at: number, down: boolean): void {
      const previous = lastCheck[system];
      lastCheck[system] = at;
      if (previous !== undefined && at > previous && at - previous <= WATCH_GAP_MS) watch(system, previous, at, down);
    },
    began(system: HealthSystem, at: number, words: string | null): void {
      if (open(system)) return;
      data.outages.push({ system, start: at, end: null, words, told: [], acknowledged: null });
    },
    heard(system: HealthSystem, words: string | null): void {
      const outage = open(system);
      if (outage && words) outage.words = words;
    },
    ended(system: HealthSystem, at: number): void {
      const outage = open(system);
      if (outage) outage.end = Math.max(outage.start, at);
    },
    told(system: HealthSystem, kind: ToldKind, at: number): void {
      const outage = open(system) ?? (kind === 'recovered' ? data.outages.findLast((o) => o.system === system) : null);
      outage?.told.push({ kind, at });
    },
    /** An acknowledgement of the outage going on, or none (null: taken back); false when none goes on. */
    acknowledge(system: HealthSystem, acknowledgement: Acknowledgement | null): boolean {
      const outage = open(system);
      if (!outage) return false;
      outage.acknowledged = acknowledgement;
      return true;
    },
    current: open,
    /** The outages that touch the last 30 days, newest first. */
    outages(now: number): Outage[] {
      return data.outages.filter((outage) => (outage.end ?? now) >= now - OUTAGE_RETENTION_MS).reverse();
    },
    /** Each watched day's uptime, oldest first (null: not watched). */
    daily(system: HealthSystem): Array<{ day: string; uptime: number | null }> {
      return data.days
        .filter((entry) => entry.system === system)
        .map((entry) => ({ day: entry.day, uptime: entry.watchedMs > 0 ? 1 - entry.downMs / entry.watchedMs : null }));
    },
    /** The time watched and down in the local month of `now` (for the uptime target). */
    month(system: HealthSystem, now: number): { watchedMs: number; downMs: number } {
      const days = data.days.filter((entry) => entry.system === system && inMonthOf(entry.day, now));
      return {
        watchedMs: days.reduce((sum, entry) => sum + entry.watchedMs, 0),
        downMs: days.reduce((sum, entry) => sum + entry.downMs, 0),
      };
    },
    /** What is kept: 30 days, at most MAX_OUTAGES outages. */
    data(now: number): OutageData {
      const from = localDayKey(now - OUTAGE_RETENTION_MS);
      data.outages = data.outages.filter((outage) => (outage.end ?? now) >= now - OUTAGE_RETENTION_MS).slice(-MAX_OUTAGES);
      data.days = data.days.filter((entry) => entry.day >= from).sort((a, b) => a.day.localeCompare(b.day));
      return data;
    },
  };
}
