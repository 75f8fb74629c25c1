/**
 * How long the working record is kept on this computer: whole calendar years, this one included
 * (`clock.keepYears`). The hours journal, the absences and corrections, and the trace of
 * corrections all let go of what is older.
 */
import { localDayKey } from '../../shared/moments.ts';

/** Local midnight of 1 January of the first year kept. */
export const recordKeptFrom = (now: number, years: number): number =>
  new Date(new Date(now).getFullYear() - Math.max(1, years) + 1, 0, 1).getTime();

/** The same as a local day (YYYY-MM-DD). */
export const recordKeptFromDay = (now: number, years: number): string => localDayKey(recordKeptFrom(now, years));
