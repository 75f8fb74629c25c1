/**
 * Reading a clocked time event in the shapes real servers send: our contract's fields, the usual
 * other names (startDateTime / endDateTime, ID / EmployeeID, any letter case), and a single
 * object wrapped in an envelope ({data: …}, {success, result: …}). Anything else is a ShapeError
 * that names what is missing, never a guess.
 */
import type { ApiProfile } from '../../shared/api/api-profile.ts';
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import { atPath, readInstant, ShapeError } from './tolerant-read.ts';
import type { Tolerant } from '../../shared/domain/lookup.ts';
import { isRecord } from '../../shared/is-record.ts';

/** What of the API profile reading an event needs. */
export type EventReading = Pick<ApiProfile, 'timeEventFields' | 'singleEnvelope' | 'serverTimeZone'>;

const contractReading: EventReading = {
  timeEventFields: { id: null, employeeId: null, clockIn: null, clockOut: null, employeeName: null },
  singleEnvelope: null,
  serverTimeZone: 'UTC',
};

/** Field names tried for each of the event's fields, compared without regard to letter case. */
export const TIME_EVENT_ALIASES = {
  id: ['id', 'eventId', 'timeEventId', 'clockedTimeEventId'],
  employeeId: ['employeeId', 'employee', 'empId', 'employeeNumber'],
  clockIn: ['clockIn', 'clockInTime', 'clockInDateTime', 'startDateTime', 'startTime', 'start', 'timeIn'],
  clockOut: ['clockOut', 'clockOutTime', 'clockOutDateTime', 'endDateTime', 'endTime', 'end', 'timeOut'],
  employeeName: ['employeeName', 'employeeFullName', 'fullName', 'displayName', 'name'],
} as const;

/** Wrappers a single object may come in. */
export const SINGLE_ENVELOPES = ['data', 'result', 'value', 'item', 'event', 'timeEvent', 'clockedTimeEvent', 'payload'];

type Fields = Record<string, unknown>;

/** The value of the first alias present, by lower-cased key, and the key it was under. */
function pick(record: Fields, aliases: readonly string[]): { found: boolean; value: unknown; key?: string } {
  const byLower = new Map(Object.keys(record).map((key) => [key.toLowerCase(), key]));
  for (const alias of aliases) {
    const key = byLower.get(alias.toLowerCase());
    if (key !== undefined) return { found: true, value: record[key], key };
  }
  return { found: false, value: undefined };
}

const looksLikeEvent = (record: Fields) =>
  pick(record, TIME_EVENT_ALIASES.clockIn).found || pick(record, TIME_EVENT_ALIASES.id).found;

/** Unwraps up to three envelopes around one object. */
export function unwrapSingle(body: unknown): unknown {
  let current = Array.isArray(body) && body.length === 1 ? (body[0] as unknown) : body;
  for (let depth = 0; depth < 3 && isRecord(current) && !looksLikeEvent(current); depth++) {
    const inner = SINGLE_ENVELOPES.map((name) => pick(current as Fields, [name]).value).find(isRecord);
    if (inner === undefined) break;
    current = inner;
  }
  return current;
}

/** An id kept exactly as sent: digits of a large number stay digits (see read-body's lossless parse). */
function readId(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '' && value.length <= 200) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/**
 * Reads one event. `defaultEmployeeId` fills in the employee when the server leaves it out (it
 * answered for that employee). Only the four known fields are normalised; others pass through.
 */
export function readTimeEvent(
  body: unknown,
  defaultEmployeeId?: string,
  reading: EventReading = contractReading,
): Tolerant<ClockedTimeEvent> {
  const raw = unwrapSingle(reading.singleEnvelope ? atPath(body, reading.singleEnvelope) : body);
  if (!isRecord(raw)) throw new ShapeError(`the time event is ${describe(raw)}, not an object`);
  const names = (field: keyof typeof TIME_EVENT_ALIASES) => {
    const mapped = reading.timeEventFields[field];
    return mapped ? [mapped, ...TIME_EVENT_ALIASES[field]] : TIME_EVENT_ALIASES[field];
  };
  const idField = pick(raw, names('id'));
  const id = readId(idField.value);
  if (id === null) throw new ShapeError(`the time event has no id (looked for ${names('id').slice(0, 3).join(', ')})`);
  const clockInField = pick(raw, names('clockIn'));
  if (!clockInField.found)
    throw new ShapeError(`the time event has no clockIn (looked for ${names('clockIn').slice(0, 3).join(', ')})`);
  const clockIn = readInstant(clockInField.value, reading.serverTimeZone);
  if (clockIn === null) throw new ShapeError(`the time event's clockIn is not a date: ${preview(clockInField.value)}`);
  const clockOutField = pick(raw, names('clockOut'));
  const clockOut = readInstant(clockOutField.value, reading.serverTimeZone);
  if (clockOut === null && clockOutField.value !== null && clockOutField.value !== undefined && clockOutField.value !== '')
    throw new ShapeError(`the time event's clockOut is not a date: ${preview(clockOutField.value)}`);
  const employee = pick(raw, names('employeeId'));
  const employeeId = readId(employee.value) ?? defaultEmployeeId ?? '';
  const nameField = pick(raw, names('employeeName'));
  const employeeName = readName(nameField.value);
  // Other fields pass through; those read here appear once, under the contract's names.
  const rest = { ...raw };
  for (const field of [idField, clockInField, clockOutField, employee, nameField])
    if (field.key !== undefined) delete rest[field.key];
  const named = employeeName === null ? {} : { employeeName };
  return { ...rest, id, employeeId, ...named, clockIn, clockOut } as Tolerant<ClockedTimeEvent>;
}

/** A name worth showing: text of 1 to 200 characters, trimmed; anything else is no name. */
function readName(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text !== '' && text.length <= 200 ? text : null;
}

/** The event with only the fields the app relies on: what is cached on disk, whatever else the server sent. */
export function essentials(event: ClockedTimeEvent): ClockedTimeEvent {
  const { id, employeeId, employeeName, clockIn, clockOut } = event;
  return { id, employeeId, ...(employeeName ? { employeeName } : {}), clockIn, clockOut };
}

function describe(value: unknown): string {
  if (value === undefined) return 'empty';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? 'text' : `a ${typeof value}`;
}

const preview = (value: unknown) => {
  const text = typeof value === 'string' ? `“${value}”` : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};
