/**
 * Reading what a real server may send differently from our contract, without crashing:
 * lists bare or wrapped, keys in PascalCase, dates in several formats, numbers as strings.
 * Unknown fields are kept. A shape we truly cannot use throws ShapeError naming the field.
 */

import { wallTimeToInstant } from './time-zone.ts';

export class ShapeError extends Error {}

/** A record as read: the contract's fields normalised, anything else passed through. */
import type { Tolerant } from '../../shared/domain/lookup.ts';

const LIST_WRAPPERS = ['data', 'items', 'results', 'value', 'records'] as const;

export function unwrapList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body === undefined) return [];
  if (typeof body === 'object' && body !== null) {
    for (const wrapper of LIST_WRAPPERS) {
      const inner = readField(body as Record<string, unknown>, wrapper);
      if (Array.isArray(inner)) return inner;
    }
    throw new ShapeError(`expected a list, got an object with fields ${Object.keys(body).slice(0, 5).join(', ') || '(none)'}`);
  }
  throw new ShapeError(`expected a list, got ${describe(body)}`);
}

/** Reads a field by its camelCase name, accepting PascalCase too. */
function readField(record: Record<string, unknown>, name: string): unknown {
  if (name in record) return record[name];
  const pascal = name[0]!.toUpperCase() + name.slice(1);
  return record[pascal];
}

const isUpper = (code: number) => code >= 65 && code <= 90;

/** Lower-cases the first letter of every key that starts upper-case (DebtorKey → debtorKey). */
function camelKeys(record: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(record);
  if (!keys.some((key) => isUpper(key.charCodeAt(0)))) return record;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    // "DebtorKey" and "X" are renamed; "MCNumber" or "A1" are left as the server wrote them.
    const second = key.charCodeAt(1);
    const renamed = isUpper(key.charCodeAt(0)) && (key.length === 1 || (second >= 97 && second <= 122));
    out[renamed ? key[0]!.toLowerCase() + key.slice(1) : key] = record[key];
  }
  return out;
}

const CANONICAL_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATAWEAVE_LITERAL = /^\|([^|]+)\|$/;

/**
 * A date or time as DataWeave writes its literals (`|2026-11-23T16:07:00|`: a flow that writes a
 * value with `application/dw`, or turns it to text that way), without the bars; other text as it is.
 * https://docs.mulesoft.com/dataweave/latest/dataweave-types#dw_type_dates
 */
export function withoutDataWeaveBars(text: string): string {
  // Every instant of a list passes here: text without a bar (nearly all) is returned untouched.
  if (!text.includes('|')) return text;
  return DATAWEAVE_LITERAL.exec(text.trim())?.[1]?.trim() ?? text;
}
const DOTNET_DATE = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/;
const NO_ZONE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/**
 * An instant as canonical ISO (…Z), accepting ISO with or without zone (no zone is read in the
 * server's time zone, UTC unless its API profile says otherwise), a date alone, epoch milliseconds
 * or seconds, and .NET's /Date(ms)/. Null and empty stay null; anything unreadable is null too
 * (the raw value stays visible elsewhere).
 */
export function readInstant(value: unknown, timeZone = 'UTC'): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) {
    return new Date(value < 100_000_000_000 ? value * 1000 : value).toISOString();
  }
  if (typeof value !== 'string') return null;
  if (CANONICAL_INSTANT.test(value)) return value;
  const text = withoutDataWeaveBars(value);
  const dotnet = DOTNET_DATE.exec(text);
  if (dotnet) return new Date(Number(dotnet[1])).toISOString();
  if (NO_ZONE.test(text)) {
    const wall = Date.parse(`${text.replace(' ', 'T')}${text.length === 10 ? 'T00:00:00' : ''}Z`);
    return Number.isNaN(wall) ? null : new Date(wallTimeToInstant(wall, timeZone)).toISOString();
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function readNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** The value at a dot path ("data.item"), or undefined. */
export function atPath(body: unknown, path: string): unknown {
  let current = body;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The records of a list's answer, found in the API profile's list envelope when it names one. */
export const recordsOf = (body: unknown, listEnvelope: string | null): unknown[] =>
  unwrapList(listEnvelope ? atPath(body, listEnvelope) : body);

/** The records of a sample answer, or none where they are not where the profile looks (the connection test's proposals say where). */
export function recordsIfFound(body: unknown, listEnvelope: string | null): unknown[] {
  try {
    return recordsOf(body, listEnvelope);
  } catch (error) {
    if (error instanceof ShapeError) return [];
    throw error;
  }
}

/** Our field name → the server's, for servers that name fields otherwise (from the API profile). */
export type FieldRenames = Readonly<Record<string, string | null | undefined>>;

export interface RecordSpec {
  /** The record's key field; required, read as a string. */
  key: string;
  /** Other fields that must be present. */
  required?: readonly string[];
  instants?: readonly string[];
  numbers?: readonly string[];
}

/**
 * Reads record `index` of a list of `what`, named in errors ("record 17 of debtors"). The record is
 * normalised in place: it is a parsed body's own object, which nothing else holds.
 */
function readRecord<T>(
  raw: unknown,
  spec: RecordSpec,
  index: number,
  what: string,
  timeZone: string,
  renames: ReadonlyArray<readonly [string, string]>,
): Tolerant<T> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ShapeError(`record ${index + 1} of ${what} is ${describe(raw)}, not an object`);
  const source = raw as Record<string, unknown>;
  const record = camelKeys(source);
  for (const [ours, theirs] of renames) {
    if (theirs in source) record[ours] = source[theirs];
    else if (theirs.includes('.')) {
      // A field nested in an object ("rating.value"): the API profile names its path.
      const nested = atPath(source, theirs);
      if (nested !== undefined) record[ours] = nested;
    }
  }
  const key = record[spec.key];
  if (typeof key === 'number') record[spec.key] = String(key);
  else if (typeof key !== 'string' || key === '') throw new ShapeError(`record ${index + 1} of ${what} has no ${spec.key}`);
  for (const field of spec.required ?? []) {
    if (record[field] === undefined || record[field] === null)
      throw new ShapeError(`record ${index + 1} of ${what} has no ${field}`);
  }
  for (const field of spec.instants ?? []) {
    if (field in record) {
      const instant = readInstant(record[field], timeZone);
      if (instant !== null || record[field] === null) record[field] = instant;
    }
  }
  for (const field of spec.numbers ?? []) {
    if (field in record) {
      const number = readNumber(record[field]);
      if (number !== null) record[field] = number;
    }
  }
  return record as Tolerant<T>;
}

export function readList<T>(
  body: unknown,
  spec: RecordSpec,
  what: string,
  timeZone = 'UTC',
  renames: FieldRenames = {},
): Array<Tolerant<T>> {
  const list = unwrapList(body);
  const renamed = Object.entries(renames).filter(
    (pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '',
  );
  const out = new Array<Tolerant<T>>(list.length);
  for (let index = 0; index < list.length; index++) out[index] = readRecord<T>(list[index], spec, index, what, timeZone, renamed);
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? 'text' : `a ${typeof value}`;
}
