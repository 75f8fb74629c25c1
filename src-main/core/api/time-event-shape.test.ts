/** The employee's name in a time event: read under the usual names or the profile's, never made up. */
import { describe, expect, it } from 'vitest';
import { essentials, readTimeEvent } from './time-event-shape.ts';

const event = { id: 'T1', employeeId: 'E7', clockIn: '2026-11-23T08:00:00Z', clockOut: null };
const reading = (employeeName: string | null) => ({
  timeEventFields: { id: null, employeeId: null, clockIn: null, clockOut: null, employeeName },
  singleEnvelope: null,
  serverTimeZone: 'UTC',
});

describe("the employee's name in a time event", () => {
  it('is read under the usual names, once, under the contract name, and kept in what is cached', () => {
    const read = readTimeEvent({ ...event, FullName: '  Ana Pérez ' }, 'E7');
    expect(read).toMatchObject({ employeeName: 'Ana Pérez' });
    expect(read).not.toHaveProperty('FullName');
    expect(essentials(read)).toEqual({ ...event, clockIn: '2026-11-23T08:00:00.000Z', employeeName: 'Ana Pérez' });
  });

  it("is read under the profile's field name, and absent when empty, not text, or too long", () => {
    expect(readTimeEvent({ ...event, worker_label: 'Jo Kim' }, 'E7', reading('worker_label'))).toMatchObject({
      employeeName: 'Jo Kim',
    });
    for (const name of ['', '   ', 42, 'x'.repeat(201)])
      expect(readTimeEvent({ ...event, employeeName: name }, 'E7')).not.toHaveProperty('employeeName');
    expect(essentials(readTimeEvent(event, 'E7'))).not.toHaveProperty('employeeName');
  });
});
