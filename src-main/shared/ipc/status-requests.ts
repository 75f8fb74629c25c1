/**
 * The health status window's requests and what it shows: each system's health, its figures, muting.
 */
import * as v from 'valibot';
import type { HealthSystem } from '../api/types.ts';
import { HEALTH_SYSTEMS, type HealthBadge, type SystemState } from '../domain/health.ts';

/** One system's health as the tray and windows show it. */
export interface HealthLine {
  system: HealthSystem;
  /** "Time recording" / "Payroll link", or the environment's own names. */
  label: string;
  state: SystemState;
  /** The colour it shows in: up (green), suspect (amber), down (red), unknown (grey). */
  tone: HealthBadge;
  /** The whole line, e.g. "Time recording — up · 142 ms · checked 12 s ago". */
  text: string;
  /** The state alone, short, for narrow places: "up · 142 ms", "down since 10:42". */
  short: string;
  /** ISO instant the state began. */
  since: string;
  /** That instant as the user reads it, by the core's clock ("9:40", "9:40 on Tue"). */
  sinceTime: string;
  latencyMs: number | null;
  /** The last problem in words (never contains a secret). */
  message: string | null;
  /** The problem where it says more than the state: null when the system only said it is down. */
  cause: string | null;
  /** IT's maintenance window going on: "until 02:00 · database upgrade"; null outside one. */
  maintenance?: string | null;
  checkedAt: string | null;
  nextCheckAt: string | null;
  /** "10:40" when its health check says up while this app's requests to it have failed since then (refusals.ts). */
  refusingSince?: string | null;
  /** Where the last successful check's time went; null when not known. */
  phases?: RequestPhases | null;
}

/** Where a request's time went, in ms per phase; null where it had none (a connection reused has no lookup, connect or TLS). */
export interface RequestPhases {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  /** From the request sent to the answer's first byte: the server's part. */
  waitMs: number | null;
  /** From the answer's headers to its end. */
  readMs: number | null;
}

export interface HealthStatsView {
  p50: number | null;
  p95: number | null;
  uptime: number | null;
  checks: number;
  /** How much of the window was watched: uptime is over this ("94 % over the last 3 min"). */
  watchedMs: number;
  /** The p95 latency in words against the slow threshold: fast (under half of it), fine, slow; null with no answer. */
  speed: 'fast' | 'fine' | 'slow' | null;
}

export interface SystemStatusView extends HealthLine {
  hour: HealthStatsView;
  day: HealthStatsView;
  /** How far back the chart reaches: what was watched, from 15 minutes to 24 hours. */
  chartSpanMs: number;
  /** Slowest latency per bucket (96 over `chartSpanMs`), oldest first (null: no successful check). */
  series: Array<number | null>;
  /** Per the same buckets: the part of the slowest check spent before the server (null: not known). */
  way: Array<number | null>;
  /** Per the same buckets: whether any check failed. */
  failures: boolean[];
  /** The last checks, oldest first, for the heartbeat bar (latencyMs null: it failed). */
  beats: Array<{ at: string; latencyMs: number | null }>;
  /** The slow threshold (ms), drawn on the chart. */
  slowMs: number;
  /** "Slower than usual since 10:40": the p95 of the recent checks is over the threshold; null otherwise. */
  slowSince: string | null;
  /** The outage going on, and whether someone here acknowledged it ("I know"). */
  outage: { since: string; acknowledged: string | null } | null;
  /** Uptime by watched day, oldest first (null: not watched that day). */
  dailyUptime: Array<{ day: string; label: string; uptime: number | null }>;
  /** This month against IT's uptime target; null when IT set none. */
  target: UptimeTargetView | null;
}

/** This month's uptime against the target IT set for a system, and the downtime it still allows. */
export interface UptimeTargetView {
  /** The target as a fraction (0.995). */
  target: number;
  /** This month's uptime over what this computer watched; null when nothing was. */
  uptime: number | null;
  /** Downtime watched this month (ms). */
  downMs: number;
  /** What the target allows over the whole calendar month (ms). */
  allowedMs: number;
  /** Allowed minus watched downtime (ms): negative once the target is missed. */
  leftMs: number;
}

/** The status page IT runs, as last read: its incidents, its maintenance, what it sees failing. */
export interface PublishedView {
  /** The page's API address IT set (the page's own link opens from the window). */
  url: string;
  /** The page's name, or its host when it gives none. */
  name: string;
  /** Its one line ("All Systems Operational"), in its own words; null if it has none. */
  summary: string | null;
  incidents: Array<{
    id: string;
    title: string;
    /** Its own word for where it stands and its latest update, as published. */
    status: string | null;
    impact: 'none' | 'minor' | 'major' | 'critical' | null;
    latest: string | null;
    /** When updated, as the user reads times; null if it did not say. */
    updated: string | null;
    link: string | null;
  }>;
  maintenances: Array<{ id: string; title: string; when: string; now: boolean; link: string | null }>;
  failing: string[];
  /** When it was last read, as the user reads times; null before any read. */
  readAt: string | null;
  /** Why the last read gave nothing new, in words; null when it was read. */
  problem: string | null;
}

/** An outage of the last 30 days as the helpdesk asks about it. */
export interface OutageView {
  system: HealthSystem;
  label: string;
  /** ISO instants. */
  start: string;
  end: string | null;
  startText: string;
  endText: string;
  duration: string;
  /** What the app told and when: "down at 10:42; reminder at 11:42; back at 12:01". */
  told: string;
  /** The system's own words. */
  words: string | null;
  /** "acknowledged 10:45 by jdoe: IT ticket 4711". */
  acknowledged: string | null;
}

export interface HealthStatusView {
  environmentName: string;
  /** Both systems in one line, as the tray's tooltip says it. */
  summary: string;
  /** ISO instant notifications resume, when paused. */
  notificationsPausedUntil: string | null;
  /** ISO instant the maintenance window IT set ends, while in one (no alarms meanwhile). */
  maintenanceUntil: string | null;
  /** The window going on: what and why ("Payroll link · database upgrade"), when IT said. */
  maintenanceNow: string | null;
  /** The next window: "Saturday 22:00–02:00 · Payroll link · database upgrade". */
  maintenanceNext: string | null;
  /** What the status page IT runs publishes; null when IT named none. */
  published: PublishedView | null;
  /** The outages of the last 30 days, newest first. */
  outages: OutageView[];
  systems: SystemStatusView[];
  log: Array<{
    at: string;
    system: HealthSystem;
    label: string;
    from: SystemState;
    to: SystemState;
    fromLabel: string;
    toLabel: string;
    message: string | null;
  }>;
}

export interface StatusRequests {
  checkHealthNow(): Promise<HealthLine[]>;
  getHealthStatus(): Promise<HealthStatusView>;
  /** Health notifications muted for `minutes` (they resume by themselves), or resumed now (null). */
  muteNotifications(minutes: number | null): Promise<HealthStatusView>;
  /**
   * "I know — don't remind me until it's back" for one system's outage going on (every one going
   * on: null), with an optional note.
   */
  acknowledgeOutage(note: string, system: HealthSystem | null): Promise<HealthStatusView>;
  /** Takes an "I know" back: the outage of that system is reminded of again. */
  remindAgain(system: HealthSystem): Promise<HealthStatusView>;
  /** The outages of the last 30 days as CSV, where the user saves it. */
  exportOutages(): Promise<{ savedTo: string | null }>;
  /** The checks of the last 24 hours with where their time went, saved where the user says. */
  exportChecks(): Promise<{ savedTo: string | null }>;
}

export const statusArgs = {
  checkHealthNow: v.strictTuple([]),
  getHealthStatus: v.strictTuple([]),
  muteNotifications: v.strictTuple([v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24 * 60)))]),
  acknowledgeOutage: v.strictTuple([v.pipe(v.string(), v.maxLength(200)), v.nullable(v.picklist(HEALTH_SYSTEMS))]),
  remindAgain: v.strictTuple([v.picklist(HEALTH_SYSTEMS)]),
  exportOutages: v.strictTuple([]),
  exportChecks: v.strictTuple([]),
} satisfies { [K in keyof StatusRequests]: v.GenericSchema<unknown, Parameters<StatusRequests[K]>> };
