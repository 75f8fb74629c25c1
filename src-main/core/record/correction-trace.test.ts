/** The trace of corrections: chained by hash, so an entry edited, removed, reordered or cut off the end is found. */
import { describe, expect, it } from 'vitest';
import { memoryFile } from '../util/text-file.ts';
import { createCorrectionTrace } from './correction-trace.ts';
import type { TraceEntry, TraceFacts } from './trace-chain.ts';

const person = { environmentId: 'e', employeeId: 'E1' };
const start = Date.UTC(2026, 10, 2, 9);
const facts = (index: number): TraceFacts => ({
  ...person,
  by: 'E1 · Ana Díaz',
  madeAt: start + index * 86_400_000,
  kind: 'correction-added',
  day: `2026-11-${String(2 + index).padStart(2, '0')}`,
  subject: null,
  before: null,
  after: String(30 + index),
  reason: `reason ${index}`,
});

function traceWithFour() {
  const files = { trace: memoryFile(), head: memoryFile(), setAside: (_bytes: Buffer) => '/kept/trace.damaged.json' };
  const trace = createCorrectionTrace(
    files,
    () => 0,
    () => start,
  );
  for (let index = 0; index < 4; index++) trace.append(facts(index));
  return files;
}

/** The trace file with its entries changed by hand, read again. */
function tamperedWith(change: (entries: TraceEntry[]) => TraceEntry[]) {
  const files = traceWithFour();
  const stored = JSON.parse(files.trace.read()!) as { entries: TraceEntry[] };
  files.trace.write(JSON.stringify({ ...stored, entries: change(stored.entries) }));
  return createCorrectionTrace(
    files,
    () => 0,
    () => start,
  ).state();
}

describe('the trace of corrections', () => {
  it('reads back whole, in order, with each entry numbered', () => {
    const files = traceWithFour();
    const trace = createCorrectionTrace(
      files,
      () => 0,
      () => start,
    );
    expect(trace.state()).toEqual({ broken: null, restartedAt: null });
    expect(trace.entries(person, 0).map((entry) => [entry.seq, entry.after])).toEqual([
      [1, '30'],
      [2, '31'],
      [3, '32'],
      [4, '33'],
    ]);
    expect(trace.entries({ ...person, employeeId: 'E2' }, 0)).toEqual([]);
  });

  it('finds an entry whose value was edited', () => {
    const state = tamperedWith((entries) => entries.map((entry) => (entry.seq === 2 ? { ...entry, after: '300' } : entry)));
    expect(state.broken).toEqual({ problem: 'edited', seq: 2 });
  });

  it('finds an edited entry even when its own hash was made again', async () => {
    const { entryHash } = await import('./trace-chain.ts');
    const state = tamperedWith((entries) =>
      entries.map((entry) => {
        if (entry.seq !== 2) return entry;
        const { hash: _old, ...rest } = { ...entry, reason: 'changed later' };
        return { ...rest, hash: entryHash(rest) };
      }),
    );
    expect(state.broken).toEqual({ problem: 'edited', seq: 2 });
  });

  it('finds an entry removed from the middle', () => {
    expect(tamperedWith((entries) => entries.filter((entry) => entry.seq !== 3)).broken).toEqual({ problem: 'removed', seq: 3 });
  });

  it('finds entries cut off the end, by the head kept apart', () => {
    expect(tamperedWith((entries) => entries.slice(0, 2)).broken).toEqual({ problem: 'removed', seq: 3 });
  });

  it('finds two entries swapped', () => {
    const state = tamperedWith(([first, second, third, fourth]) => [first!, third!, second!, fourth!]);
    expect(state.broken).toEqual({ problem: 'reordered', seq: 2 });
  });

  it('lets go of entries older than what is kept, and the rest still holds', () => {
    const files = traceWithFour();
    const trace = createCorrectionTrace(
      files,
      () => start + 2 * 86_400_000,
      () => start,
    );
    trace.append(facts(4));
    const again = createCorrectionTrace(
      files,
      () => 0,
      () => start,
    );
    expect(again.entries(person, 0).map((entry) => entry.seq)).toEqual([3, 4, 5]);
    expect(again.state().broken).toBeNull();
  });

  it('keeps a trace it cannot read as it was, and starts again saying so', () => {
    const files = traceWithFour();
    files.trace.write('{"entries": [ {"seq": "one"');
    const kept: string[] = [];
    const later = start + 3_600_000;
    const trace = createCorrectionTrace(
      { ...files, setAside: (bytes) => (kept.push(bytes.toString()), '/kept') },
      () => 0,
      () => later,
    );
    expect(kept).toEqual(['{"entries": [ {"seq": "one"']);
    expect(trace.state()).toEqual({ broken: null, restartedAt: later });
    expect(trace.append(facts(5)).seq).toBe(1);
  });

  it('refuses the change when the entry cannot be written', () => {
    const failing = {
      read: () => null,
      readBytes: () => null,
      write: () => {
        throw new Error('disk full');
      },
    };
    const trace = createCorrectionTrace(
      { trace: failing, head: memoryFile(), setAside: () => null },
      () => 0,
      () => start,
    );
    expect(() => trace.append(facts(0))).toThrow('disk full');
    expect(trace.entries(person, 0)).toEqual([]);
  });
});
