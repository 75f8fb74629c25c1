/**
 * The files added since the last damaged-file round, read as carefully as the old ones (issue 61,
 * point 2): a time no date can hold, a truncated file and a list far longer than the app writes
 * cost the entries concerned — dropped and logged, or set aside and said — never the window.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useMockServer } from '../testing/mock-fixture.ts';
import { createFakeClock } from '../testing/fake-clock.ts';
import { createTestCore } from '../testing/test-core.ts';
import { MAX_SAVED_CHARACTERS } from './health/health-history.ts';
import { MAX_TRACE } from './record/correction-trace.ts';
import { chained, GENESIS } from './record/trace-chain.ts';

const mock = useMockServer({ debtors: 5 });
// A file of 20,000 outages is written and read here: seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 });
/** A Wednesday morning: a day with a target, whatever day the suite runs. */
const wednesday = Date.parse('2026-11-25T10:00:00Z');
const NO_DATE = 1e20;

function coreOn(files: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-damaged-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dataDir, name), text);
  const warnings: string[] = [];
  const core = createTestCore(mock.server, {
    dataDir,
    time: createFakeClock(wednesday),
    log: { info: () => {}, warn: (line) => warnings.push(line) },
  });
  return { core, dataDir, warnings };
}

const shift = (clockIn: number, clockOut: number | null) => ({ environmentId: 'mock', employeeId: 'E1001', clockIn, clockOut });

describe('damaged files added since the last round', () => {
  it('drops a shift or a break whose time no date can hold, logs it, and still shows the hours and exports them', async () => {
    const good = shift(wednesday - 3 * 3_600_000, wednesday - 3_600_000);
    const hours = JSON.stringify({
      shifts: [good, shift(NO_DATE, null), shift(wednesday - 7_200_000, NO_DATE), shift(wednesday, wednesday - 1)],
      breaks: [{ environmentId: 'mock', employeeId: 'E1001', at: NO_DATE }],
    });
    const { core, warnings } = coreOn({ 'hours.json': hours });
    expect(warnings).toEqual(['Hours journal: 4 saved entries could not be used and were dropped.']);
    await core.clock.refresh();
    expect(() => core.clock.view()).not.toThrow();
    expect(core.clock.addAbsence('2026-11-27', 'vacation', 'day')).toBeNull();
    const csv = core.clock.hoursFile({ period: 'this-week', format: 'csv' }).content;
    expect(csv.split('\n').length).toBeGreaterThan(2);
  });

  it('drops an outage whose start, told or acknowledged time no date can hold, and opens the status window and its CSV', () => {
    const outage = (start: number, more: object = {}) => ({
      system: 'source',
      start,
      end: start + 60_000,
      words: null,
      told: [],
      acknowledged: null,
      ...more,
    });
    const health = JSON.stringify({
      version: 1,
      checks: {},
      states: {},
      log: [],
      outages: {
        outages: [
          outage(wednesday - 3_600_000),
          outage(NO_DATE),
          outage(wednesday - 7_200_000, { told: [{ kind: 'down', at: NO_DATE }] }),
          outage(wednesday - 9_000_000, { acknowledged: { at: NO_DATE, note: 'x', by: 'y' } }),
        ],
        days: [],
      },
    });
    const { core, warnings } = coreOn({ 'health-mock.json': health });
    expect(warnings).toEqual(['Health history of environment mock: 1 saved entries could not be used and were dropped.']);
    const status = core.health.status();
    expect(status).toBeTruthy();
    const csv = core.health.outagesCsv().trim().split('\n');
    // The header and three outages: the damaged told time and acknowledgement cost only themselves.
    expect(csv).toHaveLength(4);
  });

  it('reads only the newest outages of a file far longer than the app writes, and leaves a file too large to be ours unread', () => {
    const outages = Array.from({ length: 20_000 }, (_, index) => ({
      system: index % 2 === 0 ? 'source' : 'target',
      start: wednesday - (20_001 - index) * 60_000,
      end: wednesday - (20_001 - index) * 60_000 + 30_000,
      words: 'down',
      told: [{ kind: 'down', at: wednesday - (20_001 - index) * 60_000 }],
      acknowledged: null,
    }));
    const history = (more: object = {}) =>
      JSON.stringify({ version: 1, checks: {}, states: {}, log: [], outages: { outages, days: [] }, ...more });
    const long = coreOn({ 'health-mock.json': history() });
    expect(long.warnings).toEqual([
      'Health history of environment mock: 19500 saved entries could not be used and were dropped.',
    ]);
    const rows = long.core.health.outagesCsv().trim().split('\n');
    // The newest 500 (those of the last 30 days among them), not the oldest.
    expect(rows.length).toBe(1 + 500);
    expect(rows.slice(1).every((row) => !row.includes('2026-11-11'))).toBe(true);

    const huge = coreOn({ 'health-mock.json': history({ padding: 'x'.repeat(MAX_SAVED_CHARACTERS) }) });
    expect(huge.warnings).toEqual(['Health history of environment mock: 1 saved entries could not be used and were dropped.']);
    expect(huge.core.health.outagesCsv().trim().split('\n')).toHaveLength(1);
  });

  it('keeps a copy of a truncated absences file, says once where it is, and never writes over the copy', () => {
    const whole = JSON.stringify({
      absences: [{ id: 'a', environmentId: 'mock', employeeId: 'E1001', day: '2026-11-26', kind: 'vacation', portion: 'day' }],
      corrections: [{ id: 'c', environmentId: 'mock', employeeId: 'E1001', day: '2026-11-24', minutes: 30, reason: 'x' }],
    });
    const truncated = whole.slice(0, whole.length - 20);
    const { core, dataDir, warnings } = coreOn({ 'day-notes.json': truncated });
    const copies = readdirSync(dataDir).filter((name) => name.startsWith('day-notes.damaged-'));
    expect(copies).toHaveLength(1);
    const copy = join(dataDir, copies[0]!);
    expect(readFileSync(copy, 'utf8')).toBe(truncated);
    expect(core.problems).toEqual([
      `Part of your absences and balance corrections could not be read. What could be read is kept; a copy of the whole file is at ${copy}.`,
    ]);
    expect(warnings).toEqual(['Absences and corrections: 1 saved entries could not be used.']);

    expect(core.clock.addAbsence('2026-11-27', 'vacation', 'day')).toBeNull();
    expect(readFileSync(copy, 'utf8')).toBe(truncated);
    expect(JSON.parse(readFileSync(join(dataDir, 'day-notes.json'), 'utf8')).absences).toHaveLength(1);
    // The next start finds a sound file: nothing more set aside, nothing more said.
    const again = createTestCore(mock.server, { dataDir, settingsDir: core.settingsDir, time: createFakeClock(wednesday) });
    expect(again.problems).toEqual([]);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('day-notes.damaged-'))).toHaveLength(1);
  });

  it.each([
    ['a time no date can hold', (entry: object) => JSON.stringify({ anchor: GENESIS, entries: [{ ...entry, madeAt: NO_DATE }] })],
    ['a truncated file', (entry: object) => JSON.stringify({ anchor: GENESIS, entries: [entry] }).slice(0, -20)],
    [
      'a list far longer than the app writes',
      (entry: object) => JSON.stringify({ anchor: GENESIS, entries: Array(MAX_TRACE + 1).fill(entry) }),
    ],
  ])(
    'keeps a trace of corrections with %s aside, starts a new one saying so, and still takes a correction',
    (_damage, damaged) => {
      const entry = chained(GENESIS, {
        environmentId: 'mock',
        employeeId: 'E1001',
        by: 'E1001',
        madeAt: wednesday - 3_600_000,
        kind: 'correction-added',
        day: '2026-11-24',
        subject: null,
        before: null,
        after: '30',
        reason: 'x',
      });
      const text = damaged(entry);
      const { core, dataDir } = coreOn({ 'correction-trace.json': text });
      const copies = readdirSync(dataDir).filter((name) => name.startsWith('correction-trace.damaged-'));
      expect(copies).toHaveLength(1);
      expect(readFileSync(join(dataDir, copies[0]!), 'utf8')).toBe(text);
      expect(core.problems).toEqual([
        `The trace of your corrections could not be read, so a new one was started. The earlier one is kept at ${join(dataDir, copies[0]!)}.`,
      ]);
      expect(core.clock.view().hours.trace).toMatchObject({
        problem: expect.stringMatching(/^This trace was started again on /),
        entries: [],
      });
      expect(core.clock.addCorrection('2026-11-24', '+1', 'late meeting')).toBeNull();
      expect(core.clock.view().hours.trace.entries.map((traced) => traced.seq)).toEqual([1]);
    },
  );
});
