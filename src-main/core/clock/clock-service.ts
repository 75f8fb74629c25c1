/**
 * Clocking in and out as the app does it: one click records the punch durably, then sends it;
 * the state shown is the service's last event with pending punches applied, or "unknown" when
 * the service's state cannot be known. Refreshes at start, after sleep or unlock, when the network
 * returns, after each action and every 5 minutes.
 */
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import type { ClockView } from '../../shared/ipc/contract.ts';
import { ApiError } from '../api/api-error.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import { formatDuration, localTimeAt, type TimeFormatter, startOfLocalWeek } from '../../shared/moments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { TimeSource } from '../util/time-source.ts';
import { createEmitter } from '../util/emitter.ts';
import type { TextFile } from '../util/text-file.ts';
import { createClockCache } from './clock-cache.ts';
import { dueReminders, localCalendar, type LocalCalendar, type ReminderMemory } from './clock-reminders.ts';
import { effectiveStatus, type ClockStatus, type ServerClock } from './clock-state.ts';
import { actionOf, clockView } from './clock-view.ts';
import { createHoursJournal, type HoursJournal } from './hours-journal.ts';
import { myHours, sessionsOf } from './my-hours.ts';
import type { Outbox, Punch } from './outbox.ts';
import { createPunchSync, type PunchOutcome } from './punch-sync.ts';
import { describeReadFailure } from './read-failure.ts';

export interface ClockNotification {
  title: string;
  body: string;
  /** The notification's button, where the OS shows one. */
  action?: 'clock-out';
}

export interface ClockServiceOptions {
  time: TimeSource;
  outbox: Outbox;
  /** Remembers the service's last answer per environment and employee, for starts without network. */
  cache?: TextFile;
  /** The shifts this computer saw, for "My hours" (the service keeps no history we can read). */
  journal?: HoursJournal;
  activeEnvironment: () => Environment;
  clientsFor: (environmentId: string) => ServiceClients | null;
  /** Whether an environment still exists (punches of deleted ones stay visible until discarded). */
  environmentExists?: (environmentId: string) => boolean;
  preferences: () => Preferences;
  formatTime?: TimeFormatter;
  calendar?: LocalCalendar;
  random?: () => number;
}

/** A request about a punch that cannot be done, in words the window shows as they are. */
export class PunchActionError extends Error {
  override name = 'UserFacingError';
}

export type ClockAction = { kind: 'done'; outcome: PunchOutcome } | { kind: 'ignored'; reason: string };

/**
 * Where a punch was asked for. A window shows a refusal where the employee clicked; the tray menu,
 * a global shortcut and a notification's button have nowhere to show it, so a refusal from there
 * is told as a notification. Either way no punch ends without a word.
 */
export type PunchSource = 'window' | 'tray' | 'shortcut' | 'notification';

const REFRESH_MS = 5 * 60_000;
const REMINDER_TICK_MS = 60_000;
/** A click this much before the previous punch means the computer's clock went back. */
const CLOCK_BACK_TOLERANCE_MS = 5_000;

export function createClockService(options: ClockServiceOptions) {
  const { time, outbox } = options;
  const formatTime = options.formatTime ?? localTimeAt(() => time.now());
  const events = createEmitter<{ change: undefined; notification: ClockNotification }>();
  const sync = createPunchSync({
    outbox,
    clientsFor: options.clientsFor,
    now: () => time.now(),
    formatTime,
    random: options.random,
  });
  const cache = createClockCache(options.cache);
  const journal = options.journal ?? createHoursJournal(undefined, () => time.now());
  const active = () => options.activeEnvironment();
  const cacheKey = () => `${active().id}:${active().employeeId}`;
  let server: ServerClock = cache.get(cacheKey()) ?? { kind: 'unknown' };
  let problem: string | null = null;
  /** The problem is only that the service is out of reach (not an answer we could not use). */
  let problemIsOutage = false;
  let busy = false;
  /** Bumped by every local change of the clock; an answer read before the latest change is stale. */
  let localVersion = 0;
  /** The latest punch recorded here, per environment and employee: punches are strictly increasing seconds. */
  const lastPunchAt = new Map<string, number>();
  let syncing: Promise<PunchOutcome[]> | null = null;
  let sleepPrompt: { from: number; to: number; how: 'slept' | 'locked' } | null = null;
  let reminderMemory: ReminderMemory = { longShiftRemindedAt: null, notClockedInRemindedOn: null };
  const timers: Record<'refresh' | 'sync' | 'reminders', unknown> = { refresh: null, sync: null, reminders: null };
  let running = false;

  const changed = () => events.emit('change', undefined);
  const notify = (title: string, body: string) => events.emit('notification', { title, body });
  const timeOf = (iso: string) => formatTime(Date.parse(iso));
  const label = (punch: Pick<Punch, 'kind' | 'at'>) =>
    `${punch.kind === 'clock-in' ? 'Clock-in' : 'Clock-out'} at ${timeOf(punch.at)}`;

  function status(): ClockStatus {
    return effectiveStatus(server, outbox.all(), active().id, active().employeeId);
  }

  /** The service's word becomes the shown state only if it is about the employee shown. */
  function remember(event: ClockedTimeEvent | null): void {
    const employeeId = active().employeeId;
    if (event?.employeeId && event.employeeId !== employeeId) {
      server = { kind: 'unknown' };
      problem = `The timeclock service answered with a time event of employee ${event.employeeId}, not ${employeeId}, so the clock state is unknown.`;
      return;
    }
    server = { kind: 'known', event, readAt: time.now() };
    cache.set(cacheKey(), server);
    if (event) journal.record(active().id, employeeId, event);
  }

  function schedule(name: keyof typeof timers, delayMs: number | null, run: () => void): void {
    if (timers[name] !== null) time.clearTimeout(timers[name]);
    timers[name] = running && delayMs !== null ? time.setTimeout(run, Math.max(0, delayMs)) : null;
  }

  async function refresh(): Promise<void> {
    const environment = active();
    const clients = options.clientsFor(environment.id);
    schedule('refresh', REFRESH_MS, () => void refresh());
    if (!clients || environment.employeeId.trim() === '') return;
    const versionAtStart = localVersion;
    try {
      const event = await clients.timeclock.lastClockedTimeEvent(environment.employeeId);
      // A punch made or settled while this read was under way is newer than its answer.
      if (versionAtStart !== localVersion || active().id !== environment.id) return;
      problem = null;
      problemIsOutage = false;
      remember(event);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (versionAtStart !== localVersion) return;
      const failure = await describeReadFailure(error, clients, environment);
      problem = failure.message;
      problemIsOutage = error.transient && !failure.stateUnknown;
      if (failure.stateUnknown) server = { kind: 'unknown' };
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
      learnFrom(outcomes);
      return outcomes;
    } finally {
      syncing = null;
      const due = sync.nextDueAt();
      schedule('sync', due === null ? null : due - time.now(), () => void runSync(null, false));
      changed();
    }
  }

  /** The last settled punch of the shown environment and employee says what the server now has. */
  function learnFrom(outcomes: PunchOutcome[]): void {
    const environment = active();
    const settled = outcomes.filter(
      (outcome) =>
        (outcome.kind === 'synced' || outcome.kind === 'reconciled') &&
        outcome.punch.environmentId === environment.id &&
        outcome.punch.employeeId === environment.employeeId,
    );
    if (settled.length === 0) return;
    localVersion++;
    const last = settled.at(-1)!;
    if ('event' in last && last.event) remember(last.event);
    else {
      server = { kind: 'unknown' };
      void refresh();
    }
  }

  function tellOutcome(outcome: PunchOutcome): void {
    const { punch } = outcome;
    switch (outcome.kind) {
      case 'synced':
        if (punch.kind === 'clock-in')
          return notify(`Clocked in at ${timeOf(punch.at)}`, `Recorded by the timeclock service of ${active().name}.`);
        return notify(`Clocked out at ${timeOf(punch.at)}`, workedText(outcome.event.clockIn, punch.at));
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
      case 'stopped':
        return notify(
          outcome.stop === 'unconfirmed' ? `${label(punch)}: outcome unknown` : `${label(punch)} was not recorded`,
          `${outcome.message} Open the panel to ${outcome.stop === 'unconfirmed' ? 'mark it as sent or discard it' : 'try again or discard it'}.`,
        );
    }
  }

  const workedText = (clockIn: string, clockOut: string) =>
    `Worked ${formatDuration(Date.parse(clockOut) - Date.parse(clockIn))} since ${timeOf(clockIn)}.`;

  /** The punch's moment: whole seconds, after the previous punch; null (with the reason) when the computer's clock went back. */
  function punchMoment(at: number, current: ClockStatus): { at: number } | { reason: string } {
    const key = cacheKey();
    const previous = Math.max(
      lastPunchAt.get(key) ?? 0,
      ...outbox
        .all()
        .filter((punch) => punch.environmentId === active().id && punch.employeeId === active().employeeId)
        .map((punch) => Date.parse(punch.at)),
    );
    const earliest = Math.max(previous + 1000, current.state === 'in' ? current.since + 1000 : 0);
    const whole = Math.floor(at / 1000) * 1000;
    if (whole + CLOCK_BACK_TOLERANCE_MS < earliest)
      return {
        reason: `This computer's clock says ${formatTime(at)}, which is before your last punch at ${formatTime(earliest - 1000)}. Check the computer's date and time, then try again.`,
      };
    return { at: Math.max(whole, earliest) };
  }

  async function punch(kind: Punch['kind'], clickedAt: number, from: PunchSource): Promise<ClockAction> {
    const action = await recordPunch(kind, clickedAt);
    if (action.kind === 'ignored' && from !== 'window')
      notify(kind === 'clock-in' ? 'Not clocked in' : 'Not clocked out', action.reason);
    return action;
  }

  async function recordPunch(kind: Punch['kind'], clickedAt: number): Promise<ClockAction> {
    if (busy) return { kind: 'ignored', reason: 'A punch is already being sent.' };
    const current = status();
    const allowed = actionOf({
      employeeId: active().employeeId,
      environmentName: active().name,
      punches: shownPunches(),
      status: current,
    });
    if (allowed.action === null) return { kind: 'ignored', reason: allowed.actionHint ?? 'Nothing can be done now.' };
    if (kind === 'clock-out' && current.state !== 'in') return { kind: 'ignored', reason: 'You are not clocked in.' };
    const moment = punchMoment(clickedAt, current);
    if ('reason' in moment) return { kind: 'ignored', reason: moment.reason };
    busy = true;
    try {
      const environment = active();
      const recorded = outbox.add({
        environmentId: environment.id,
        employeeId: environment.employeeId,
        kind,
        at: new Date(moment.at).toISOString(),
        eventId: current.state === 'in' ? current.eventId : null,
        afterPunchId: current.state === 'in' ? current.pendingPunchId : null,
        clockInAt: current.state === 'in' ? new Date(current.since).toISOString() : null,
        // Its first attempt is recorded with it when it goes out at once (nothing older waits ahead).
        attempts: outbox.all().some((entry) => entry.environmentId === environment.id && !entry.stopped) ? 0 : 1,
      });
      lastPunchAt.set(cacheKey(), moment.at);
      localVersion++;
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
      time.now(),
      options.preferences().clock,
      reminderMemory,
      formatTime,
      options.calendar ?? localCalendar,
    );
    reminderMemory = result.memory;
    for (const reminder of result.reminders) events.emit('notification', reminder);
    schedule('reminders', REMINDER_TICK_MS, checkReminders);
  }

  /** Punches to show: the active environment's, and those of environments that no longer exist. */
  function shownPunches(): Punch[] {
    const exists = options.environmentExists ?? (() => true);
    return outbox.all().filter((punch) => punch.environmentId === active().id || !exists(punch.environmentId));
  }

  function hours(current: ClockStatus) {
    const { id, employeeId } = active();
    const now = time.now();
    const waiting = outbox
      .all()
      .filter((punch) => punch.environmentId === id && punch.employeeId === employeeId && !punch.stopped);
    return myHours(sessionsOf(journal.shifts(id, employeeId, startOfLocalWeek(now)), waiting, current), now);
  }

  function viewInput(current: ClockStatus) {
    const environment = active();
    return {
      hours: hours(current),
      status: current,
      now: time.now(),
      busy,
      employeeId: environment.employeeId,
      environmentName: environment.name,
      punches: shownPunches(),
      problem,
      problemIsOutage: problem !== null && problemIsOutage,
      asOf: problem && server.kind === 'known' ? server.readAt : null,
      serverClockOffsetMs: options.clientsFor(environment.id)?.timeclock.serverClockOffsetMs() ?? null,
      sleepPrompt,
      formatTime,
      forgottenAfterMs: options.preferences().clock.longShiftHours * 3_600_000,
    };
  }

  function stoppedPunch(punchId: string): Punch {
    const target = outbox.all().find((candidate) => candidate.id === punchId);
    if (!target) throw new PunchActionError('That punch is no longer waiting: it was sent or discarded.');
    if (!target.stopped)
      throw new PunchActionError('That punch is still being sent automatically; only a stopped punch can be changed.');
    return target;
  }

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
    toggle: (from: PunchSource) => punch(status().state === 'in' ? 'clock-out' : 'clock-in', time.now(), from),
    clockIn: (from: PunchSource) => punch('clock-in', time.now(), from),
    clockOut: (from: PunchSource) => punch('clock-out', time.now(), from),
    /** A forgotten clock-out, fixed: at a moment the user chose, checked before anything is saved. */
    async clockOutAt(at: number): Promise<ClockAction> {
      const current = status();
      if (current.state !== 'in') return { kind: 'ignored', reason: 'You are not clocked in.' };
      if (!Number.isFinite(at)) return { kind: 'ignored', reason: 'Choose the time you stopped working.' };
      if (at > time.now())
        return { kind: 'ignored', reason: `${formatTime(at)} has not come yet: choose the time you stopped working.` };
      if (at < current.since + 60_000)
        return { kind: 'ignored', reason: `You clocked in at ${formatTime(current.since)}: choose a later time.` };
      return punch('clock-out', at, 'window');
    },
    discard(punchId: string) {
      stoppedPunch(punchId);
      outbox.remove(punchId);
      localVersion++;
      changed();
    },
    /** Send a stopped punch again, and the clock-outs that wait for it. */
    async retry(punchId: string) {
      const target = stoppedPunch(punchId);
      for (const entry of outbox.all().filter((other) => other.id === target.id || other.afterPunchId === target.id))
        outbox.update(entry.id, { stopped: null, unreadable: 0, nextAttemptAt: null });
      localVersion++;
      await runSync();
    },
    /** The user found the punch on the server: it leaves the outbox, and the state is read again. */
    async markSent(punchId: string) {
      const target = stoppedPunch(punchId);
      if (target.stopped?.kind !== 'unconfirmed')
        throw new PunchActionError('Only a punch whose outcome is unknown can be marked as sent.');
      outbox.settle(target.id, null);
      localVersion++;
      server = { kind: 'unknown' };
      await refresh();
      await runSync();
    },
    /** Back after sleep or a locked screen that began at `from`: a long absence while clocked in asks. */
    resumed(from: number, how: 'slept' | 'locked' = 'slept') {
      const away = time.now() - from;
      const current = status();
      // Only a sleep that began after the clock-in can end the working time.
      if (current.state === 'in' && current.since < from && away >= options.preferences().clock.sleepPromptMinutes * 60_000) {
        sleepPrompt = { from, to: time.now(), how };
        notify(
          `You were away for ${formatDuration(away)}`,
          `You are still clocked in. Open the panel to clock out at ${formatTime(from)}, when ${how === 'locked' ? 'the screen was locked' : 'this computer went to sleep'}, or to stay clocked in.`,
        );
      }
      void refresh();
      changed();
    },
    /** The panel's answer; a refused clock-out keeps the question open beside the reason. */
    async answerSleepPrompt(answer: 'clock-out-at-sleep' | 'stay-clocked-in'): Promise<ClockAction | null> {
      const prompt = sleepPrompt;
      sleepPrompt = null;
      const action = prompt && answer === 'clock-out-at-sleep' ? await punch('clock-out', prompt.from, 'window') : null;
      if (action?.kind === 'ignored') sleepPrompt = prompt;
      changed();
      return action;
    },
    environmentChanged() {
      server = cache.get(cacheKey()) ?? { kind: 'unknown' };
      problem = null;
      sleepPrompt = null;
      localVersion++;
      changed();
      void refresh();
    },
    credentialsChanged() {
      // A change of set-up may cure what stopped punches for set-up reasons: try those again.
      for (const entry of outbox.all().filter((other) => other.stopped?.kind === 'configuration'))
        outbox.update(entry.id, { stopped: null, nextAttemptAt: null });
      void refresh();
      void runSync();
    },
    sync: () => runSync(),
    view: (): ClockView => clockView(viewInput(status())),
    onChange: (listener: () => void) => events.on('change', listener),
    onNotification: (listener: (notification: ClockNotification) => void) => events.on('notification', listener),
    async flush() {
      while (syncing) await syncing.catch(() => []);
    },
  };
}

export type ClockService = ReturnType<typeof createClockService>;
