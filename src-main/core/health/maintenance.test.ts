/** IT's maintenance windows as moments: the one going on, the next one, over midnight, and the notice once. */
import { describe, expect, it } from 'vitest';
import { english } from '../../shared/i18n/catalogues.ts';
import { createMaintenanceNotice, maintenanceAround, occurrenceText, type MaintenanceWindow } from './maintenance.ts';

/** Local moments, the same in every zone: Friday 27 November 2026 is day 27. */
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes).getTime();
const saturdayNight: MaintenanceWindow = {
  from: '22:00',
  until: '02:00',
  weekdays: [6],
  title: 'Payroll link',
  reason: 'database upgrade',
};

describe('maintenance windows', () => {
  it('finds the next window, over midnight, and the one going on until its end the next day', () => {
    expect(maintenanceAround(at(27, 10), [saturdayNight])).toEqual({
      current: null,
      next: { start: at(28, 22), end: at(29, 2), window: saturdayNight },
    });
    // Sunday 01:00: the Saturday window is going on; the next is a week later.
    expect(maintenanceAround(at(29, 1), [saturdayNight])).toMatchObject({
      current: { start: at(28, 22), end: at(29, 2) },
      next: { start: at(28 + 7, 22) },
    });
    expect(maintenanceAround(at(27, 10), [{ ...saturdayNight, from: '22:00', until: '22:00' }])).toEqual({
      current: null,
      next: null,
    });
  });

  it('says when, what and why', () => {
    const { next } = maintenanceAround(at(27, 10), [saturdayNight]);
    expect(occurrenceText(next!, english.t, 'en-GB')).toMatch(/^Saturday 22:00–0?2:00 · Payroll link · database upgrade$/);
    expect(occurrenceText({ ...next!, window: { ...saturdayNight, title: '', reason: '' } }, english.t, 'en-GB')).toMatch(
      /^Saturday 22:00–0?2:00$/,
    );
  });

  it('gives the notice 15 minutes ahead, once per window', () => {
    const notice = createMaintenanceNotice();
    expect(notice(at(28, 21, 44), [saturdayNight])).toBeNull();
    expect(notice(at(28, 21, 45), [saturdayNight])).toMatchObject({ start: at(28, 22) });
    expect(notice(at(28, 21, 50), [saturdayNight])).toBeNull();
  });
});
