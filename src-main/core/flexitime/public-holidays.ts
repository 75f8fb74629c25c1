/**
 * The public holidays of the region IT names (`clock.holidays.region`: "DE-BY", "ES-MD", "US-NY"),
 * from date-holidays (architecture.md says why that library). Only the days the library calls
 * "public" count: observances (Valentine's Day), optional and bank holidays do not free a day.
 * Names come in the user's language where the library has it. The library's data (0.8 MB) is
 * loaded at the first question, not at start, and each year's answer is kept.
 */
import { createRequire } from 'node:module';
import { correctHolidayName } from './holiday-names.ts';

interface LibraryHoliday {
  date: string;
  name: string;
  type: string;
}

interface HolidaysLibrary {
  getCountries(): Record<string, string>;
  getStates(country: string): Record<string, string> | undefined;
  getHolidays(year: number, language: string): LibraryHoliday[] | undefined;
}

type HolidaysConstructor = new (country?: string, state?: string, options?: { types?: string[] }) => HolidaysLibrary;

let library: HolidaysConstructor | null = null;
const loadLibrary = (): HolidaysConstructor =>
  (library ??= createRequire(import.meta.url)('date-holidays') as HolidaysConstructor);

/** A region's holidays by day ("2026-05-14" → "Ascension Day"). */
export interface HolidayCalendar {
  /** The holiday's name on a local day (YYYY-MM-DD), or null on a working day. */
  holidayOn(day: string): string | null;
}

export type RegionCheck = { known: true; name: string } | { known: false; reason: 'country' | 'state' };

/** Whether the library knows `region` ("DE-BY"): the country, and the state when one is given. */
export function checkRegion(region: string): RegionCheck {
  const [country = '', state] = region.split('-');
  const everyCountry = new (loadLibrary())().getCountries();
  const countryName = everyCountry[country];
  if (!countryName) return { known: false, reason: 'country' };
  if (state === undefined) return { known: true, name: countryName };
  const stateName = new (loadLibrary())().getStates(country)?.[state];
  return stateName ? { known: true, name: `${stateName} (${countryName})` } : { known: false, reason: 'state' };
}

/** The calendar of a region the library knows, in `language` ("de"); null for none or an unknown one. */
export function holidayCalendar(region: string, language: string): HolidayCalendar | null {
  if (region === '' || !checkRegion(region).known) return null;
  const [country, state] = region.split('-');
  const holidays = new (loadLibrary())(country, state, { types: ['public'] });
  const years = new Map<number, Map<string, string>>();
  const yearOf = (year: number) => {
    let days = years.get(year);
    if (!days) {
      days = new Map();
      for (const holiday of holidays.getHolidays(year, language) ?? []) {
        if (holiday.type !== 'public') continue;
        const day = holiday.date.slice(0, 10);
        const name = correctHolidayName(country ?? '', language, holiday.name);
        // Two holidays on one day: both names ("Ostersonntag · Tag der Befreiung").
        days.set(day, days.has(day) ? `${days.get(day)} · ${name}` : name);
      }
      years.set(year, days);
    }
    return days;
  };
  return { holidayOn: (day) => yearOf(Number(day.slice(0, 4))).get(day) ?? null };
}
