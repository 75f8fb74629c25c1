import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { dueReminders, type LocalCalendar } from './clock-reminders.ts';

const utc: LocalCalendar = {
  minutes: (ms) => new Date(ms).getUTCHours() * 60 + new Date(ms).getUTCMinutes(),
  weekday: (ms) => new Date(ms).getUTCDay(),
  day: (ms) => new Date(ms).toISOString().slice(0, 10),
};
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const settings = () => {
  const clock = defaultPreferences().clock;
  clock.notClockedInReminder = { enabled: true, time: '09:15', weekdays: [1, 2, 3, 4, 5] };
  return clock;
};
const fresh = { longShiftRemindedAt: null, notClockedInRemindedOn: null };
const monday = (time: string) => Date.parse(`2026-11-23T${time}:00Z`);

describe('not clocked in by the set time', () => {
  it('reminds once on a workday after the time, when not clocked in today', () => {
    const first = dueReminders(
      { state: 'out', lastOut: Date.parse('2026-11-20T17:00:00Z') },
      monday('09:16'),
      settings(),
      fresh,
      hhmm,
      utc,
    );
    expect(first.reminders).toEqual([
      { title: 'You have not clocked in today', body: 'It is past 09:15. Clock in from the tray when you start.' },
    ]);
    const again = dueReminders({ state: 'out', lastOut: null }, monday('10:30'), settings(), first.memory, hhmm, utc);
    expect(again.reminders).toEqual([]);
  });

  it('stays quiet before the time, at weekends, when clocked in, when it already worked today, or when off', () => {
    const out = { state: 'out' as const, lastOut: null };
    expect(dueReminders(out, monday('09:14'), settings(), fresh, hhmm, utc).reminders).toEqual([]);
    expect(dueReminders(out, Date.parse('2026-11-22T10:00:00Z'), settings(), fresh, hhmm, utc).reminders).toEqual([]);
    expect(
      dueReminders(
        { state: 'in', since: monday('08:00'), eventId: 'x', pendingPunchId: null },
        monday('10:00'),
        settings(),
        fresh,
        hhmm,
        utc,
      ).reminders,
    ).toEqual([]);
    expect(
      dueReminders({ state: 'out', lastOut: monday('09:00') }, monday('10:00'), settings(), fresh, hhmm, utc).reminders,
    ).toEqual([]);
    expect(dueReminders(out, monday('10:00'), defaultPreferences().clock, fresh, hhmm, utc).reminders).toEqual([]);
  });
});

describe('end of the day', () => {
  const withEndOfDay = (enabled = true) => ({ ...settings(), longShiftHours: 24, endOfDayReminder: { enabled, time: '17:30' } });
  const inSince = (since: number) => ({ state: 'in' as const, since, eventId: 'x', pendingPunchId: null });

  it('reminds once when still clocked in after the set time, with Clock out as its button', () => {
    const first = dueReminders(inSince(monday('08:00')), monday('17:31'), withEndOfDay(), fresh, hhmm, utc);
    expect(first.reminders).toEqual([
      {
        title: 'Still clocked in',
        body: 'It is past 17:30 and you have been clocked in since 08:00. Clock out if you are done for the day.',
        action: 'clock-out',
      },
    ]);
    expect(dueReminders(inSince(monday('08:00')), monday('18:30'), withEndOfDay(), first.memory, hhmm, utc).reminders).toEqual(
      [],
    );
  });

  it('says the set time in the same clock as every other time: "5:30 PM" beside "8:00 AM" (issue 63, point 11)', () => {
    const twelveHour = (ms: number) =>
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(ms);
    const [reminder] = dueReminders(inSince(monday('08:00')), monday('17:31'), withEndOfDay(), fresh, twelveHour, utc).reminders;
    // Node's ICU writes a narrow space before AM/PM, or a plain one: either reads the same.
    expect(reminder!.body.replace(/\s/g, ' ')).toBe(
      'It is past 5:30 PM and you have been clocked in since 8:00 AM. Clock out if you are done for the day.',
    );
    const out = { state: 'out' as const, lastOut: null };
    const [late] = dueReminders(out, monday('10:00'), settings(), fresh, twelveHour, utc).reminders;
    expect(late!.body).toMatch(/^It is past 9:15\sAM\. /);
  });

  it('stays quiet before the time, when clocked out, for a shift begun after the time, and when off', () => {
    expect(dueReminders(inSince(monday('08:00')), monday('17:29'), withEndOfDay(), fresh, hhmm, utc).reminders).toEqual([]);
    expect(
      dueReminders({ state: 'out', lastOut: monday('17:00') }, monday('18:00'), withEndOfDay(), fresh, hhmm, utc).reminders,
    ).toEqual([]);
    expect(dueReminders(inSince(monday('18:00')), monday('19:00'), withEndOfDay(), fresh, hhmm, utc).reminders).toEqual([]);
    expect(dueReminders(inSince(monday('08:00')), monday('18:00'), withEndOfDay(false), fresh, hhmm, utc).reminders).toEqual([]);
  });
});
