/**
 * The watch's tick: held, deferred and re-checked notifications are looked at every 5 s while there
 * are any; otherwise every 30 s (reminders, a maintenance notice, the saving), so an idle session
 * wakes about 6 times a minute rather than 16.
 */
import type { Translate } from '../../shared/i18n/translator.ts';
import type { HistoryKeeping } from './health-keeping.ts';
import type { HealthServiceOptions } from './health-service-types.ts';
import type { Watch } from './health-watch.ts';
import { createMaintenanceNotice, occurrenceText } from './maintenance.ts';

/** How often held and deferred notifications are looked at: a small delay on top of a confirmed change. */
const TICK_MS = 5_000;
/**
 * With nothing held or deferred, the reminders, a maintenance notice and the saving need no more
 * than this: fewer wake-ups of an idle session (fifty on a terminal server; issue 52, point 1).
 */
const IDLE_TICK_MS = 30_000;
const SAVE_EVERY_MS = 5 * 60_000;

export function createHealthTicker(
  options: HealthServiceOptions,
  { monitor, policy }: Watch,
  keeping: HistoryKeeping,
  { t, updated }: { t: Translate; updated: () => void },
) {
  const { time } = options;
  const maintenanceNotice = createMaintenanceNotice();
  let ticker: unknown = null;

  function tick(): void {
    policy.tick(monitor.snapshot());
    const monitoring = options.preferences().monitoring;
    const due = monitoring.maintenanceNotice ? maintenanceNotice(time.now(), monitoring.maintenance) : null;
    if (due) policy.announceMaintenance(due.start, occurrenceText(due, t, options.formats?.()));
    if (keeping.sinceSaveMs() >= SAVE_EVERY_MS) keeping.save();
    updated();
    schedule(policy.waiting() ? TICK_MS : IDLE_TICK_MS);
  }

  function schedule(delayMs: number): void {
    if (ticker !== null) time.clearTimeout(ticker);
    ticker = time.setTimeout(tick, delayMs);
  }

  return {
    start() {
      if (ticker === null) ticker = time.setTimeout(tick, TICK_MS);
    },
    stop() {
      if (ticker !== null) time.clearTimeout(ticker);
      ticker = null;
    },
    /** A notification now held or deferred is looked at again within seconds, not at the idle pace. */
    soonIfWaiting() {
      if (ticker !== null && policy.waiting()) schedule(TICK_MS);
    },
  };
}
