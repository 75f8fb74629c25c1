/** An instant however a server writes it, read as the one instant it stands for. */
import { describe, expect, it } from 'vitest';
import { readInstant } from './tolerant-read.ts';

describe('readInstant', () => {
  it('reads an offset, a zoneless time in the server’s zone, epoch seconds and .NET’s form as the same instant', () => {
    const instant = '2026-11-23T22:07:00.000Z';
    expect(readInstant('2026-11-23T16:07:00-06:00')).toBe(instant);
    expect(readInstant('2026-11-23T16:07:00', 'America/Chicago')).toBe(instant);
    expect(readInstant(Date.parse(instant) / 1000)).toBe(instant);
    expect(readInstant(`/Date(${Date.parse(instant)})/`)).toBe(instant);
  });

  it('reads a DataWeave literal’s bars away, zoneless or with an offset (issue 64, point 3)', () => {
    expect(readInstant('|2026-11-23T16:07:00|', 'America/Chicago')).toBe('2026-11-23T22:07:00.000Z');
    expect(readInstant('|2026-11-23T16:07:00-06:00|')).toBe('2026-11-23T22:07:00.000Z');
    expect(readInstant('|2026-11-23|', 'Europe/Berlin')).toBe('2026-11-22T23:00:00.000Z');
  });

  it('leaves what is no time unknown, bars or not', () => {
    expect(readInstant('|soon|')).toBeNull();
    expect(readInstant('||')).toBeNull();
    expect(readInstant('')).toBeNull();
  });
});
