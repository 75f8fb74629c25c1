import { describe, expect, it } from 'vitest';
import { memoryFile } from '../util/text-file.ts';
import { createClockCache } from './clock-cache.ts';

const event = { id: 'TE1', employeeId: 'E1', clockIn: '2026-11-23T08:00:00.000Z', clockOut: null };

describe('the clock cache', () => {
  it('keeps only the four fields the clock uses, however big or deep the answer was; the file is written after the turn', async () => {
    let deep: Record<string, unknown> = {};
    for (let depth = 0; depth < 5_000; depth++) deep = { a: deep };
    const file = memoryFile();
    createClockCache(file).set('mock:E1', {
      kind: 'known',
      event: { ...event, extra: deep, notes: 'x'.repeat(1_000_000) } as never,
      readAt: 1,
    });
    expect(file.read()).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(file.read()!)).toEqual({ 'mock:E1': { kind: 'known', event, readAt: 1 } });
    expect(createClockCache(file).get('mock:E1')).toEqual({ kind: 'known', event, readAt: 1 });
  });

  it('forgets entries it cannot read, keeping the rest', () => {
    const file = memoryFile(
      JSON.stringify({ good: { kind: 'known', event, readAt: 1 }, bad: { kind: 'known', event: { id: 5 }, readAt: 'x' } }),
    );
    const cache = createClockCache(file);
    expect(cache.get('good')).toBeDefined();
    expect(cache.get('bad')).toBeUndefined();
  });
});
