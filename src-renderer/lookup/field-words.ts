/**
 * The debtor's fields as a reader wants them: known fields labelled in words and their values
 * formatted (money, days, moments); fields we do not know keep the server's own name and value.
 * Copy always copies the server's raw value, for pasting into other systems.
 */
import { formatDay, formatTimeOfDay } from '../../src-main/shared/moments.ts';
import type { Translate } from '../../src-main/shared/i18n/translator.ts';

type Kind = 'text' | 'usd' | 'moment' | 'day' | 'status';

/** The fields we know and how to show them; their labels are in the catalogue (lookup.field). */
const known: Record<string, Kind> = {
  debtorKey: 'text',
  name: 'text',
  address1: 'text',
  address2: 'text',
  city: 'text',
  state: 'text',
  postalCode: 'text',
  country: 'text',
  phone: 'text',
  mcNumber: 'text',
  // Our contract (docs/api) says USD; a server sending another currency is shown as a plain number.
  creditLimit: 'usd',
  openBalance: 'usd',
  status: 'status',
  modifiedAt: 'moment',
  reportDate: 'day',
};

/** The fields we know, in the order a reader expects them (the comparison lists them so). */
export const knownFields: readonly string[] = Object.keys(known);

export const rawText = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export interface FieldLine {
  name: string;
  label: string;
  shown: string;
  raw: string;
}

/** The words and formats of the user's language. */
export interface FieldWords {
  t: Translate;
  locale?: string;
}

export function fieldLine(name: string, value: unknown, words: FieldWords): FieldLine {
  const kind = Object.hasOwn(known, name) ? known[name] : undefined;
  const raw = rawText(value);
  const label = kind ? words.t('lookup.field', { field: name }) : name;
  if (!kind || raw === '—') return { name, label, shown: raw, raw };
  return { name, label, shown: formatted(kind, value, raw, words), raw };
}

function formatted(kind: Kind, value: unknown, raw: string, { t, locale }: FieldWords): string {
  if (kind === 'usd')
    return typeof value === 'number' && Number.isFinite(value)
      ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(value)
      : raw;
  if (kind === 'status') return t('lookup.status', { status: raw });
  if (typeof value !== 'string') return raw;
  if (kind === 'day') return formatDay(value, locale);
  if (kind === 'moment')
    return Number.isNaN(Date.parse(value)) ? raw : `${formatDay(value, locale)}, ${formatTimeOfDay(Date.parse(value), locale)}`;
  return raw;
}
