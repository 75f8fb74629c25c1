/**
 * My hours of a week or a month as a file to take away (flexitime/hours-export.ts writes it): the
 * journal's shifts with the punches still waiting, the breaks and the plan of each day.
 */
import type { HoursPeriod } from '../../shared/domain/my-hours-choices.ts';
import { csvStyleFor } from '../util/csv.ts';
import { safeFileName } from '../util/file-name.ts';
import { hoursCsv, shiftsIcs } from '../flexitime/hours-export.ts';
import { periodInput, type DayAt, type DayOptions } from './clock-day.ts';
import type { HoursJournal } from './hours-journal.ts';

export interface HoursFile {
  name: string;
  content: string;
  /** The save dialog's name for the file type. */
  kind: string;
}

export function hoursFile(
  options: DayOptions,
  journal: HoursJournal,
  at: DayAt,
  request: { period: HoursPeriod; format: 'csv' | 'ics' },
): HoursFile {
  const input = periodInput(options, journal, at, request.period);
  const { id, employeeId } = at.environment;
  const locale = input.words.locale;
  const t = at.t;
  const base = safeFileName(`${t('file.stem', { what: 'hours' })}-${input.range.label}`);
  if (request.format === 'csv')
    return { name: `${base}.csv`, content: hoursCsv(input, csvStyleFor(locale)), kind: t('csv.fileKind') };
  // The same shift has the same id in every export, so a calendar that imports twice updates it.
  const uidOf = (session: { from: number }) => `${Math.floor(session.from / 1000)}-${employeeId}-${id}@timeclock-tray`;
  return { name: `${base}.ics`, content: shiftsIcs(input, uidOf), kind: t('ics.fileKind') };
}
