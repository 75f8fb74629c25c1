/**
 * Figure 4: the app's clock path (durable outbox write, request, state update) against a raw
 * fetch of the same request to the mock, and the durable write alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durableFile } from '../../core/util/durable-file.ts';
import { startMockServer } from '../../mock/mock-server.ts';
import { demoHeaders } from '../../testing/mock-fixture.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { summarise, time, type Summary } from './stats.ts';

export interface ClockFigures {
  appPunch: Summary;
  rawFetch: Summary;
  overheadP50Ms: number;
  durableWrite: Summary;
}

/** One turn of the event loop between punches (not idle time: 20 ms of it makes both sides slower, measured 2026-11-27 in the git history of docs/benchmarks.md). */
const afterThePunch = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function clockBench(punches: number): Promise<ClockFigures> {
  // A six-hour shift, then a night's rest of eighteen hours on the app's clock (the working-time
  // law's 11 h between shifts: a shorter rest refuses the clock-in; a minute apart, the week's hours
  // held a hundred shifts and formatting them was a third of the figure); the requests are real. The mock keeps
  // the same time (its Date header): a server a day behind the app's clock is one the app would
  // rightly distrust, and the punches were refused as "check this computer's date and time".
  const clock = createFakeClock(Date.now());
  const mock = await startMockServer({ debtors: 10, now: () => clock.now() });
  try {
    const core = createTestCore(mock, { time: clock, dataDir: mkdtempSync(join(tmpdir(), 'bench-clock-')) });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
    await core.clock.refresh();
    const app: number[] = [];
    for (let punch = 0; punch < punches; punch++) {
      // What the app does after a punch's answer (the settled outbox, the cache, the hours file) is
      // not waited on, and punches are hours apart: it runs here, not in the next punch's time.
      await afterThePunch();
      clock.jump((punch % 2 === 1 ? 6 : 18) * 3_600_000); // odd punches clock out
      const measured = await time(() => core.clock.toggle('window'));
      if (measured.value.kind !== 'done' || measured.value.outcome.kind !== 'synced')
        throw new Error(`The benchmark's punch ${punch} was not sent: ${JSON.stringify(measured.value)}`);
      app.push(measured.ms);
    }

    const raw: number[] = [];
    let open: string | null = null;
    for (let punch = 0; punch < punches; punch++) {
      await afterThePunch();
      const at = new Date(Date.now() + punch).toISOString();
      const request: Promise<Response> = open
        ? fetch(`${mock.timeclockBaseUrl}/clockedTimeEvents/${open}`, {
            method: 'PATCH',
            headers: { ...demoHeaders, 'content-type': 'application/json' },
            body: JSON.stringify({ clockOut: at }),
          })
        : fetch(`${mock.timeclockBaseUrl}/clockedTimeEvents`, {
            method: 'POST',
            headers: { ...demoHeaders, 'content-type': 'application/json', 'Idempotency-Key': `raw-${punch}` },
            body: JSON.stringify({ employeeId: 'E1004', clockIn: at }),
          });
      const measured: { ms: number; value: { id: string; clockOut: string | null } } = await time(
        async () => (await request).json() as Promise<{ id: string; clockOut: string | null }>,
      );
      raw.push(measured.ms);
      open = measured.value.clockOut === null ? measured.value.id : null;
    }

    const file = durableFile(join(mkdtempSync(join(tmpdir(), 'bench-durable-')), 'outbox.json'));
    const outbox = JSON.stringify({
      version: 1,
      punches: [{ id: 'x'.repeat(36), at: new Date().toISOString(), kind: 'clock-in', attempts: 0 }],
    });
    const writes: number[] = [];
    for (let write = 0; write < punches; write++) writes.push((await time(() => file.write(outbox))).ms);

    const appSummary = summarise(app);
    const rawSummary = summarise(raw);
    return {
      appPunch: appSummary,
      rawFetch: rawSummary,
      overheadP50Ms: Math.round((appSummary.p50 - rawSummary.p50) * 1000) / 1000,
      durableWrite: summarise(writes),
    };
  } finally {
    await mock.close();
  }
}
