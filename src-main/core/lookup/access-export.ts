/**
 * The access record as CSV, for the analyst and for IT ("who opened this debtor in the last 12
 * months"): a row per entry, newest first, its time local with its offset (a data-protection
 * officer reads it without guessing the zone), the debtor's name joined from the lookup's lists
 * where it still knows the debtor. Written by the formula-safe writer: a debtor named
 * "=HYPERLINK(…)" stays text in any spreadsheet. Pure.
 */
import { localDayKey } from '../../shared/moments.ts';
import { toCsv, type CsvStyle } from '../util/csv.ts';
import type { AccessEntry } from './access-record.ts';

export const ACCESS_CSV_COLUMNS = ['openedAt', 'debtorKey', 'name', 'openedBy', 'purpose', 'openedIn', 'environment'] as const;

/** "2026-11-29 10:02:13 +01:00": the local time and its offset from UTC. */
export function localStamp(ms: number): string {
  const at = new Date(ms);
  const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return `${localDayKey(ms)} ${time} ${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

export interface AccessCsvInput {
  entries: readonly AccessEntry[];
  /** Debtors' names by key, where the lookup knows them. */
  names: ReadonlyMap<string, string>;
  header: readonly string[];
  /** "Details" or "Comparison", in the user's words. */
  viaWord: (via: AccessEntry['via']) => string;
  style: CsvStyle;
}

export function accessCsv({ entries, names, header, viaWord, style }: AccessCsvInput): string {
  const newestFirst = [...entries].sort((a, b) => b.at - a.at);
  return toCsv(
    header,
    newestFirst.map((entry) => [
      localStamp(entry.at),
      entry.debtorKey,
      names.get(entry.debtorKey) ?? '',
      entry.by,
      entry.purpose,
      viaWord(entry.via),
      entry.environmentName,
    ]),
    style,
  );
}
