/**
 * Killing the app at the worst moments of a clock-in loses no acknowledged punch and creates no
 * duplicate on restart: a real child process, SIGKILL, and the real mock as the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../mock/data/random.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';

const mock = useMockServer({ debtors: 10 });
const childScript = fileURLToPath(new URL('../../testing/clock-crash-child.ts', import.meta.url));

interface Child {
  child: ChildProcess;
  /** Settles when the process has ended, however early: listened to from the spawn on, so never missed. */
  exited: Promise<void>;
  waitFor(line: string): Promise<string>;
  output(): string;
}

function startChild(args: string[], folders: { settings: string; data: string }, env: Record<string, string> = {}): Child {
  // `node --import tsx` runs the core in this very process: the kill reaches it (tsx's CLI would add a wrapper).
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, ...args], {
    env: {
      ...process.env,
      MOCK_TIMECLOCK: mock.server.timeclockBaseUrl,
      MOCK_DEBTORS: mock.server.debtorsBaseUrl,
      SETTINGS_DIR: folders.settings,
      DATA_DIR: folders.data,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += String(chunk)));
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  const lineStarting = (line: string) => output.split('\n').find((candidate) => candidate.startsWith(line));
  return {
    child,
    exited,
    output: () => output,
    waitFor: (line) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lineStarting(line);
          if (found) resolve(found);
        };
        check();
        child.stdout!.on('data', check);
        void exited.then(() => {
          check();
          reject(new Error(`Child exited before "${line}". Output: ${output} Errors: ${errors}`));
        });
      }),
  };
}

const folders = () => ({
  settings: mkdtempSync(join(tmpdir(), 'crash-settings-')),
  data: mkdtempSync(join(tmpdir(), 'crash-data-')),
});
const eventsOfE1002 = () => mock.server.control.timeclock.events().filter((event) => event.employeeId === 'E1002');
const until = async (condition: () => boolean) => {
  for (let tries = 0; tries < 200 && !condition(); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
};

/**
 * SIGKILL, then proof that the process running the core is gone (none left blocked or sending).
 * A child that already finished on its own (a quick punch on an idle machine) is simply gone.
 */
async function kill({ child, exited }: Child): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
  expect(() => process.kill(child.pid!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
}

async function restartAndSync(dirs: { settings: string; data: string }): Promise<string> {
  await mock.control('PUT', '/services/timeclock', { latencyMs: 0, replyDelayMs: 0 });
  const again = startChild(['sync'], dirs);
  return again.waitFor('OUTBOX');
}

beforeEach(async () => {
  await mock.control('POST', '/reset');
});

describe('crash safety of a clock-in', () => {
  it('killed after the punch was recorded but before the server saw it: sent once on restart', async () => {
    const dirs = folders();
    await mock.control('PUT', '/services/timeclock', { latencyMs: 10_000 });
    const first = startChild(['clock-in'], dirs);
    await first.waitFor('RECORDED');
    await kill(first);
    expect(eventsOfE1002()).toEqual([]);
    expect(await restartAndSync(dirs)).toBe('OUTBOX 0');
    expect(eventsOfE1002()).toHaveLength(1);
  }, 30_000);

  it('killed while the request was in flight and had reached the server: no duplicate on restart', async () => {
    const dirs = folders();
    await mock.control('PUT', '/services/timeclock', { replyDelayMs: 10_000 });
    const first = startChild(['clock-in'], dirs);
    await first.waitFor('RECORDED');
    await until(() => eventsOfE1002().length === 1);
    await kill(first);
    expect(eventsOfE1002()).toHaveLength(1);
    expect(await restartAndSync(dirs)).toBe('OUTBOX 0');
    expect(eventsOfE1002()).toHaveLength(1);
  }, 30_000);

  it('killed after the response arrived but before the outbox forgot the punch: no duplicate on restart', async () => {
    const dirs = folders();
    const first = startChild(['clock-in', '--block-after-response'], dirs);
    await first.waitFor('RESPONSE-RECEIVED');
    await kill(first);
    expect(eventsOfE1002()).toHaveLength(1);
    expect(await restartAndSync(dirs)).toBe('OUTBOX 0');
    expect(eventsOfE1002()).toHaveLength(1);
  }, 30_000);
});

describe('a SIGKILL campaign', () => {
  it('kills the process running the core at seeded moments of a day of punches: none lost, none twice, none on the wrong event', async () => {
    const random = createRandom(7);
    const dirs = folders();
    const employee = 'E1005';
    const start = Math.floor(Date.now() / 1000) * 1000; // punches are recorded in whole seconds
    const recorded: string[] = [];
    for (let run = 0; run < 12; run++) {
      // Answers held a little on some runs, so kills land before, during and after the server acts.
      await mock.control('PUT', '/services/timeclock', { replyDelayMs: random.pick([0, 0, 150, 400]) });
      const env = { EMPLOYEE: employee, CLOCK_OFFSET_MS: String(run * 20 * 60_000) };
      const child = startChild(['toggle'], dirs, env);
      await child.waitFor('READY');
      await new Promise((resolve) => setTimeout(resolve, random.int(0, 80)));
      await kill(child);
      // What the user was told was recorded must reach the server.
      recorded.push(...[...child.output().matchAll(/^RECORDED \S+ (\S+)$/gm)].map((match) => match[1]!));
      await mock.control('PUT', '/services/timeclock', { replyDelayMs: 0 });
      expect(await startChild(['sync'], dirs, env).waitFor('OUTBOX')).toBe('OUTBOX 0');
    }
    const events = mock.server.control.timeclock
      .events()
      .filter((event) => event.employeeId === employee && Date.parse(event.clockIn) >= start);
    const instants = events.flatMap((event) => [event.clockIn, ...(event.clockOut ? [event.clockOut] : [])]);
    // None twice: every instant once, shifts in order, at most the last one open.
    expect(new Set(instants).size).toBe(instants.length);
    expect([...instants].sort()).toEqual(instants);
    expect(events.slice(0, -1).every((event) => event.clockOut !== null)).toBe(true);
    // None lost: every punch the app confirmed recording is on the server.
    for (const at of new Set(recorded)) expect(instants).toContain(at);
    expect(recorded.length).toBeGreaterThan(3);
  }, 120_000);
});
