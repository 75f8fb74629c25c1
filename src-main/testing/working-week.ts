/**
 * The working week the calendar's tests share (issue 50): Ascension week 2026 in Bavaria, a 40-hour
 * week from Monday, an opening balance of +1 h 30 min on Monday 11 May, and shifts clocked in and
 * out in the app on a fake clock.
 */
import type { AppCore } from '../core/app-core.ts';
import type { Preferences } from '../shared/settings-schema.ts';
import { runClockUntil, type FakeClock } from './fake-clock.ts';

/** A local moment of May 2026: Monday the 11th to Sunday the 17th, Thursday the 14th Ascension Day. */
export const mayAt = (date: number, hours: number, minutes = 0) => new Date(2026, 4, date, hours, minutes).getTime();

export type ClockDefaults = Partial<Omit<Preferences['clock'], 'workingTime'>> & {
  workingTime?: Partial<Preferences['clock']['workingTime']>;
};

/** IT's clock settings of the Bavarian office: a 40-hour week, holidays of DE-BY, the balance opened on 11 May. */
export const bavarianWeek = (more: ClockDefaults = {}): ClockDefaults => ({
  workingTime: { weeklyTargetMinutes: 2400 },
  holidays: { region: 'DE-BY', halfDays: [] },
  flexitime: { openingDate: '2026-05-11', openingMinutes: 90 },
  firstDayOfWeek: 'monday',
  ...more,
});

/** A shift from `from` to `to`, clocked in and out in the app, the fake clock moved to its start. */
export async function workShift(core: AppCore, clock: FakeClock, from: number, to: number): Promise<void> {
  clock.jump(from - clock.now());
  await core.clock.refresh();
  await core.clock.toggle('window');
  await runClockUntil(clock, to, () => core.clock.flush());
  await core.clock.toggle('window');
  await core.clock.flush();
}
