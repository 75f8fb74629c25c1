/**
 * The access record to IT's collector against a real OTLP/HTTP receiver (`POST /v1/logs`, OTLP's
 * JSON): each entry once, across failures and restarts; the answers the OTLP specification says
 * to try again and those it says not to; the debtor's name only where IT allows it; and the whole
 * path through the real core and fleet settings, a debtor opened in the lookup arriving as a log.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../testing/otlp-receiver.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { windowApi } from '../../testing/window-api.ts';
import { createAccessRecord, type AccessEntry, type AccessFacts } from '../lookup/access-record.ts';
import { memoryAppendFile } from '../util/append-file.ts';
import { memoryFile } from '../util/text-file.ts';
import { startAccessShipper } from './access-shipper.ts';
import { followFleetSettings } from './fleet-watch.ts';

type Attribute = { key: string; value: { stringValue?: string } };
type LogsBody = {
  resourceLogs: Array<{
    scopeLogs: Array<{ scope: { name: string }; logRecords: Array<{ timeUnixNano: string; attributes: Attribute[] }> }>;
  }>;
};
/** The log records of a request, each as its attributes and time (ms). */
const recordsOf = (body: LogsBody): Array<Record<string, string | number | undefined>> =>
  body.resourceLogs.flatMap((resource) =>
    resource.scopeLogs.flatMap((scope) =>
      scope.logRecords.map((record) => ({
        ...Object.fromEntries(record.attributes.map(({ key, value }) => [key, value.stringValue])),
        at: Number(BigInt(record.timeUnixNano) / 1_000_000n),
      })),
    ),
  );

const startReceiver = startOtlpReceiver;
/** The log records a receiver took, in order. */
const logsOf = (receiver: OtlpReceiver) => (receiver.bodies.logs as LogsBody[]).flatMap(recordsOf);

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});
const facts = (debtorKey: string): AccessFacts => ({
  debtorKey,
  environmentId: 'prod',
  environmentName: 'Production',
  employeeId: 'E1001',
  by: 'E1001',
  purpose: 'Collections',
  via: 'detail',
});

async function setUp() {
  const receiver = await startReceiver();
  closing.push(receiver.close);
  const clock = createFakeClock();
  const file = memoryAppendFile();
  const cursorFile = memoryFile();
  const written: Array<(entry: AccessEntry) => void> = [];
  const record = createAccessRecord({
    file,
    keepMonths: () => 12,
    now: () => clock.now(),
    onWritten: (entry) => written.forEach((listener) => listener(entry)),
  });
  const logged: string[] = [];
  const start = (fleet: Partial<ReturnType<typeof defaultPreferences>['fleet']> = {}) => {
    const shipper = startAccessShipper({
      preferences: { ...defaultPreferences().fleet, enabled: true, endpoint: receiver.url, ...fleet },
      record,
      onWritten: (listener) => (written.push(listener), () => written.splice(written.indexOf(listener), 1)),
      cursorFile,
      fetch: globalThis.fetch,
      time: clock,
      version: '0.1.0',
      namesOf: async (keys) => new Map(keys.map((key) => [key, `=Name of ${key}`])),
      log: { info: (line) => logged.push(line), warn: (line) => logged.push(line) },
    });
    closing.push(async () => shipper.stop());
    return shipper;
  };
  const write = async (key: string) => {
    clock.jump(1000);
    await record.write(facts(key));
  };
  return { receiver, record, start, write, logged, clock };
}

describe('the access record sent to IT’s collector', () => {
  it('sends each entry once as a log: what was kept before the start, then what is written; a restart sends nothing twice', async () => {
    const { receiver, start, write } = await setUp();
    await write('D1');
    await write('D2');
    const first = start();
    await first.flush();
    await write('D3');
    await first.flush();
    expect(logsOf(receiver).map((entry) => entry['timeclock.debtor.key'])).toEqual(['D1', 'D2', 'D3']);
    expect(logsOf(receiver)[0]).toMatchObject({
      'timeclock.employee': 'E1001',
      'timeclock.environment': 'Production',
      'timeclock.access.purpose': 'Collections',
      'timeclock.access.via': 'detail',
      at: Date.parse('2026-11-23T08:00:01Z'),
    });
    expect(logsOf(receiver)[0]).not.toHaveProperty('timeclock.debtor.name');
    first.stop();
    await write('D4');
    const second = start();
    await second.flush();
    expect(logsOf(receiver).map((entry) => entry['timeclock.debtor.key'])).toEqual(['D1', 'D2', 'D3', 'D4']);
    expect(new Set(logsOf(receiver).map((entry) => entry['timeclock.access.id'])).size).toBe(4);
  });

  it('tries again after 503 and 429, and after 401 once the credential is right; lets a batch the collector refuses (400) go', async () => {
    const { receiver, start, write, logged } = await setUp();
    await write('D1');
    receiver.answers.push(503, 429, 401);
    const shipper = start();
    for (let turn = 0; turn < 3; turn++) await shipper.flush();
    expect(logsOf(receiver)).toEqual([]);
    await shipper.flush();
    expect(logsOf(receiver).map((entry) => entry['timeclock.debtor.key'])).toEqual(['D1']);
    receiver.answers.push(400);
    await write('D2');
    await shipper.flush();
    await write('D3');
    await shipper.flush();
    expect(logsOf(receiver).map((entry) => entry['timeclock.debtor.key'])).toEqual(['D1', 'D3']);
    expect(logged.join('\n')).toMatch(/refused 1 entries; they stay on the workstation only/);
  });

  it('backs off while the collector is down: the next try waits longer each time, up to 30 minutes', async () => {
    const { receiver, start, write, clock } = await setUp();
    await write('D1');
    receiver.answers.push(...Array<number>(12).fill(503));
    start({ intervalSeconds: 60 });
    const waits: number[] = [];
    for (let turn = 0; turn < 8; turn++) {
      await expect.poll(() => clock.nextTimerAt()).not.toBeNull(); // the next try is planned once the last one ended
      waits.push((clock.nextTimerAt()! - clock.now()) / 60_000);
      clock.fireNext();
      await expect.poll(() => receiver.requests).toBe(turn + 1);
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(30);
  });

  it('includes the debtor’s name only where IT allows it', async () => {
    const { receiver, start, write } = await setUp();
    await write('D1');
    await start({ includeDebtorName: true }).flush();
    expect(logsOf(receiver)[0]).toMatchObject({ 'timeclock.debtor.name': '=Name of D1' });
  });
});

describe('through the app', () => {
  const mock = useMockServer({ debtors: 10 });
  it('a debtor opened in the lookup arrives at the collector where fleet telemetry is on', async () => {
    const receiver = await startReceiver();
    closing.push(receiver.close);
    const clock = createFakeClock();
    const core = createTestCore(mock.server, {
      time: clock,
      dataDir: mkdtempSync(join(tmpdir(), 'access-fleet-')),
      admin: { defaults: { fleet: { enabled: true, endpoint: receiver.url, intervalSeconds: 60 } } },
    });
    const fleet = followFleetSettings({ core, log: { info: () => {}, warn: () => {} }, time: clock });
    closing.push(() => fleet.stop());
    const { call } = windowApi(core);
    await call('lookupOpen');
    const key = mock.server.control.dataset.debtors[2]!.debtorKey;
    await call('lookupDetail', key);
    const fireUntilLogs = async () => {
      for (let turn = 0; turn < 200 && logsOf(receiver).length === 0; turn++) {
        clock.fireNext();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await fireUntilLogs();
    expect(logsOf(receiver).map((entry) => entry['timeclock.debtor.key'])).toEqual([key]);
    await core.lookup.stop();
  });
});
