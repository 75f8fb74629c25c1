/**
 * Clocking in and out as the app does it: one click records the punch durably, then sends it;
 * the state shown is the service's last event with pending punches applied. Refreshes at start,
 * after sleep or unlock, when the network returns, after each action and every 5 minutes.
 */
import type { ClockView, PunchView } from '../../shared/ipc/contract.ts';
import { ApiError } from '../api/api-error.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { Environment } from '../environments/environment.ts';
import { formatDuration, localTime, type TimeFormatter } from '../health/format-time.ts';
import type { Preferences } from '../settings/settings-schema.ts';
import type { Clock } from '../util/clock.ts';
import { createEmitter } from '../util/emitter.ts';
import type { TextFile } from '../util/text-file.ts';
import { dueReminders, localCalendar, type LocalCalendar, type ReminderMemory } from './clock-reminders.ts';
import { effectiveStatus, type ClockStatus, type ServerClock } from './clock-state.ts';
import type { Outbox, Punch } from './outbox.ts';
import { createPunchSync, type PunchOutcome } from './punch-sync.ts';

export interface ClockNotification {
  title: string;
  body: string;
}

export interface ClockServiceOptions {
  clock: Clock;
  outbox: Outbox;
  /** Remembers the service's last answer per environment and employee, for starts without network. */
  cache?: TextFile;
  activeEnvironment: () => Environment;
  clientsFor: (environmentId: string) => ServiceClients | null;
  preferences: () => Preferences;
  formatTime?: TimeFormatter;
  calendar?: LocalCalendar;
  random?: () => number;
}

export type ClockAction = { kind: 'done'; outcome: PunchOutcome } | { kind: 'ignored'; reason: string };

const REFRESH_MS = 5 * 60_000;
const REMINDER_TICK_MS = 60_000;

export function createClockService(options: ClockServiceOptions) {
  const { clock, outbox } = options;
  const formatTime = options.formatTime ?? localTime;
  const events = createEmitter<{ change: undefined; notification: ClockNotification }>();
  const sync = createPunchSync({
    outbox,
    clientsFor: options.clientsFor,
    now: () => clock.now(),
    formatTime,
    random: options.random,
  });
  const cacheKey = () => `${options.activeEnvironment().id}:${options.activeEnvironment().employeeId}`;
  const cached = readCache(options.cache);
  let server: ServerClock = cached[cacheKey()] ?? { kind: 'unknown' };
  let problem: string | null = null;
  let busy = false;
  let syncing: Promise<PunchOutcome[]> | null = null;
  let sleepPrompt: { from: number; to: number } | null = null;
  let reminderMemory: ReminderMemory = { longShiftRemindedAt: null, notClockedInRemindedOn: null };
  const timers: Record<'refresh' | 'sync' | 'reminders', unknown> = { refresh: null, sync: null, reminders: null };
  let running = false;

  const changed = () => events.emit('change', undefined);
  const notify = (title: string, body: string) => events.emit('notification', { title, body });
  const label = (punch: Pick<Punch, 'kind' | 'at'>) =>
    `${punch.kind === 'clock-in' ? 'Clock-in' : 'Clock-out'} at ${formatTime(Date.parse(punch.at))}`;

  function status(): ClockStatus {
    const environment = options.activeEnvironment();
    return effectiveStatus(server, outbox.all(), environment.id, environment.employeeId);
  }

  function remember(next: ServerClock): void {
    const unchanged =
      server.kind === 'known' && next.kind === 'known' && JSON.stringify(server.event) === JSON.stringify(next.event);
    server = next;
    if (options.cache && next.kind === 'known' && !unchanged) {
      cached[cacheKey()] = next;
      options.cache.write(JSON.stringify(cached));
    }
  }

  function schedule(name: keyof typeof timers, delayMs: number | null, run: () => void): void {
    if (timers[name] !== null) clock.clearTimeout(timers[name]);
    timers[name] = running && delayMs !== null ? clock.setTimeout(run, Math.max(0, delayMs)) : null;
  }

  async function refresh(): Promise<void> {
    const environment = options.activeEnvironment();
    const clients = options.clientsFor(environment.id);
    schedule('refresh', REFRESH_MS, () => void refresh());
    if (!clients) return;
    try {
      const event = await clients.timeclock.lastClockedTimeEvent(environment.employeeId);
      remember({ kind: 'known', event, readAt: clock.now() });
      problem = null;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problem =
        error.kind === 'not-found'
          ? `Employee ${environment.employeeId} is not known to the timeclock service of ${environment.name}. Check the employee id in Settings.`
          : error.message;
      if (error.kind === 'not-found' || error.kind === 'unauthorized' || error.kind === 'forbidden') server = { kind: 'unknown' };
    }
    changed();
  }

  /** Sends the outbox; tells the user about punches that were waiting and are now settled. */
  async function runSync(ownPunchId: string | null = null, force = true): Promise<PunchOutcome[]> {
    while (syncing) await syncing.catch(() => []);
    syncing = sync.run({ force, freshPunchId: ownPunchId });
    try {
      const outcomes = await syncing;
      for (const outcome of outcomes) {
        if (outcome.punch.id === ownPunchId || outcome.kind === 'waiting') continue;
        if (outcome.kind === 'synced')
          notify(`${label(outcome.punch)} sent`, 'It was waiting and is now recorded by the timeclock service.');
        else tellOutcome(outcome);
      }
      const settled = outcomes.find((outcome) => outcome.kind === 'synced' || outcome.kind === 'reconciled');
      if (settled && 'event' in settled && settled.event && settled.punch.environmentId === options.activeEnvironment().id) {
        remember({ kind: 'known', event: settled.event, readAt: clock.now() });
      }
      return outcomes;
    } finally {
      syncing = null;
      const due = sync.nextDueAt();
      schedule('sync', due === null ? null : due - clock.now(), () => void runSync(null, false));
      changed();
    }
  }

  function tellOutcome(outcome: PunchOutcome): void {
    const { punch } = outcome;
    const at = formatTime(Date.parse(punch.at));
    switch (outcome.kind) {
      case 'synced':
        if (punch.kind === 'clock-in')
          return notify(`Clocked in at ${at}`, `Recorded by the timeclock service of ${options.activeEnvironment().name}.`);
        return notify(`Clocked out at ${at}`, workedText(outcome.event.clockIn, punch.at));
      case 'reconciled':
        return notify(
          punch.kind === 'clock-in' ? 'You were already clocked in' : 'You were already clocked out',
          outcome.message,
        );
      case 'waiting':
        return notify(
          `${label(punch)} saved — not sent yet`,
          `${outcome.message} It will be sent automatically; nothing is lost.`,
        );
      case 'failed':
        return notify(`${label(punch)} was refused`, `${outcome.message} Open the panel to discard it.`);
    }
  }

  const workedText = (clockIn: string, clockOut: string) =>
    `Worked ${formatDuration(Date.parse(clockOut) - Date.parse(clockIn))} since ${formatTime(Date.parse(clockIn))}.`;

  async function punch(kind: Punch['kind'], at: number): Promise<ClockAction> {
    if (busy) return { kind: 'ignored', reason: 'A punch is already being sent.' };
    const current = status();
    if (kind === 'clock-out' && current.state !== 'in') return { kind: 'ignored', reason: 'You are not clocked in.' };
    busy = true;
    try {
      const environment = options.activeEnvironment();
      const recorded = outbox.add({
        environmentId: environment.id,
        employeeId: environment.employeeId,
        kind,
        at: new Date(at).toISOString(),
        eventId: current.state === 'in' ? current.eventId : null,
        afterPunchId: current.state === 'in' ? current.pendingPunchId : null,
        // Its first attempt is recorded with it when it goes out at once (nothing older waits ahead).
        attempts: outbox.all().some((entry) => entry.environmentId === environment.id && !entry.failed) ? 0 : 1,
      });
      changed();
      const outcomes = await runSync(recorded.id);
      const own = outcomes.find((outcome) => outcome.punch.id === recorded.id) ?? {
        kind: 'waiting' as const,
        punch: recorded,
        message: 'It waits for an earlier punch to be sent first.',
      };
      tellOutcome(own);
      return { kind: 'done', outcome: own };
    } finally {
      busy = false;
      changed();
    }
  }

  function checkReminders(): void {
    const result = dueReminders(
      status(),
      clock.now(),
      options.preferences().clock,
      reminderMemory,
      formatTime,
      options.calendar ?? localCalendar,
    );
    reminderMemory = result.memory;
    for (const reminder of result.reminders) notify(reminder.title, reminder.body);
    schedule('reminders', REMINDER_TICK_MS, checkReminders);
  }

  const punchView = (punch: Punch): PunchView => ({
    id: punch.id,
    kind: punch.kind,
    at: punch.at,
    text: `${label(punch)} ${punch.failed ? 'refused' : 'pending sync'}`,
    reason: punch.failed ?? punch.lastError,
  });

  return {
    start() {
      running = true;
      void refresh();
      void runSync();
      checkReminders();
    },
    stop() {
      running = false;
      for (const name of Object.keys(timers) as Array<keyof typeof timers>) schedule(name, null, () => {});
    },
    refresh,
    status,
    toggle: () => (status().state === 'in' ? punch('clock-out', clock.now()) : punch('clock-in', clock.now())),
    clockIn: () => punch('clock-in', clock.now()),
    clockOut: (at = clock.now()) => punch('clock-out', at),
    discard(punchId: string) {
      const target = outbox.all().find((candidate) => candidate.id === punchId);
      if (!target?.failed) throw new Error('Only a refused punch can be discarded; pending ones are still being sent.');
      outbox.remove(punchId);
      changed();
    },
    /** The machine woke after sleeping since `from`: if that was long and we are clocked in, ask. */
    resumed(from: number) {
      const away = clock.now() - from;
      const current = status();
      // Only a sleep that began after the clock-in can end the working time.
      if (current.state === 'in' && current.since < from && away >= options.preferences().clock.sleepPromptMinutes * 60_000) {
        sleepPrompt = { from, to: clock.now() };
        notify(
          `You were away for ${formatDuration(away)}`,
          `You are still clocked in. Open the panel to clock out at ${formatTime(from)}, when this computer went to sleep, or to stay clocked in.`,
        );
      }
      void refresh();
      changed();
    },
    async answerSleepPrompt(answer: 'clock-out-at-sleep' | 'stay-clocked-in') {
      const prompt = sleepPrompt;
      sleepPrompt = null;
      if (prompt && answer === 'clock-out-at-sleep') await punch('clock-out', prompt.from);
      changed();
    },
    environmentChanged() {
      server = cached[cacheKey()] ?? { kind: 'unknown' };
      problem = null;
      sleepPrompt = null;
      changed();
      void refresh();
    },
    credentialsChanged() {
      void refresh();
      void runSync();
    },
    sync: () => runSync(),
    view(): ClockView {
      const environment = options.activeEnvironment();
      const current = status();
      const now = clock.now();
      const mine = outbox.all().filter((entry) => entry.environmentId === environment.id);
      const [stateLabel, detail] =
        current.state === 'in'
          ? [
              'Clocked in',
              `since ${formatTime(current.since)} · ${now - current.since < 60_000 ? 'just now' : formatDuration(now - current.since)}`,
            ]
          : current.state === 'out'
            ? ['Clocked out', current.lastOut === null ? '' : `since ${formatTime(current.lastOut)}`]
            : ['Clock state unknown', ''];
      return {
        state: current.state,
        since: current.state === 'in' ? new Date(current.since).toISOString() : null,
        headline: detail ? `${stateLabel} ${detail}` : stateLabel,
        stateLabel,
        detail,
        action: current.state === 'in' ? 'clock-out' : 'clock-in',
        busy,
        employeeId: environment.employeeId,
        environmentName: environment.name,
        problem,
        asOf: problem && server.kind === 'known' ? new Date(server.readAt).toISOString() : null,
        pending: mine.filter((entry) => !entry.failed).map(punchView),
        failed: mine.filter((entry) => entry.failed).map(punchView),
        sleepPrompt: sleepPrompt && {
          from: new Date(sleepPrompt.from).toISOString(),
          to: new Date(sleepPrompt.to).toISOString(),
          question: `This computer slept from ${formatTime(sleepPrompt.from)} to ${formatTime(sleepPrompt.to)} while you were clocked in.`,
        },
      };
    },
    onChange: (listener: () => void) => events.on('change', listener),
    onNotification: (listener: (notification: ClockNotification) => void) => events.on('notification', listener),
    async flush() {
      while (syncing) await syncing.catch(() => []);
    },
  };
}

export type ClockService = ReturnType<typeof createClockService>;

function readCache(file: TextFile | undefined): Record<string, ServerClock> {
  try {
    return JSON.parse(file?.read() ?? '{}') as Record<string, ServerClock>;
  } catch {
    return {};
  }
}
