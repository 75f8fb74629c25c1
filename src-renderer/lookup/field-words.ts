/**
 * The debtor's fields as a reader wants them: known fields labelled in words and their values
 * formatted (money, days, moments); fields we do not know keep the server's own name and value.
 * Copy always copies the server's raw value, for pasting into other systems.
 */
import { formatDay, formatTimeOfDay } from '../../src-main/shared/moments.ts';

type Kind = 'text' | 'usd' | 'moment' | 'day' | 'status';

const known: Record<string, { label: string; kind: Kind }> = {
  debtorKey: { label: 'Debtor key', kind: 'text' },
  name: { label: 'Name', kind: 'text' },
  address1: { label: 'Address', kind: 'text' },
  address2: { label: 'Address (2nd line)', kind: 'text' },
  city: { label: 'City', kind: 'text' },
  state: { label: 'State', kind: 'text' },
  postalCode: { label: 'Postal code', kind: 'text' },
  country: { label: 'Country', kind: 'text' },
  phone: { label: 'Phone', kind: 'text' },
  mcNumber: { label: 'MC number', kind: 'text' },
  // Our contract (docs/api) says USD; a server sending another currency is shown as a plain number.
  creditLimit: { label: 'Credit limit', kind: 'usd' },
  status: { label: 'Status', kind: 'status' },
  modifiedAt: { label: 'Last changed', kind: 'moment' },
  reportDate: { label: 'Report date', kind: 'day' },
};

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const statusWords: Record<string, string> = { active: 'Active', inactive: 'Inactive', hold: 'On hold' };

export const rawText = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export interface FieldLine {
  name: string;
  label: string;
  shown: string;
  raw: string;
}

export function fieldLine(name: string, value: unknown): FieldLine {
  const field = known[name];
  const raw = rawText(value);
  if (!field || raw === '—') return { name, label: field?.label ?? name, shown: raw, raw };
  return { name, label: field.label, shown: formatted(field.kind, value, raw), raw };
}

function formatted(kind: Kind, value: unknown, raw: string): string {
  if (kind === 'usd') return typeof value === 'number' && Number.isFinite(value) ? usd.format(value) : raw;
  if (kind === 'status') return statusWords[raw] ?? raw;
  if (typeof value !== 'string') return raw;
  if (kind === 'day') return formatDay(value);
  if (kind === 'moment')
    return Number.isNaN(Date.parse(value)) ? raw : `${formatDay(value)}, ${formatTimeOfDay(Date.parse(value))}`;
  return raw;
}
