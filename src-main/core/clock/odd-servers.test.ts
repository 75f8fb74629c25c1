/**
 * Clock truthfulness against servers that answer differently from our contract. The real core is
 * driven through the window API; after every step the state shown is the server's state or
 * "unknown", the outbox ends (nothing is retried forever), and the server holds exactly the
 * punches made, none twice.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClockView, EnvironmentDraftInput, InvokeApi, InvokeName } from '../../shared/ipc/contract.ts';
import { createFakeClock, runClockUntil } from '../../testing/fake-clock.ts';
import { startOddServer, type OddBehaviour, type OddServer } from '../../testing/odd-timeclock-server.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { recordingShell } from '../../testing/test-shell.ts';
import { dispatchInvoke } from '../ipc/dispatch.ts';
import { createWindowHandlers } from '../ipc/window-handlers.ts';

const START = Date.parse('2026-11-23T08:02:00Z');
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const servers: OddServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

interface SetupOptions {
  employeeId?: string;
  path?: string;
  /** The environment comes from IT's admin file (which may leave the employee id empty). */
  itProvided?: boolean;
}

async function setup(behaviour: Partial<OddBehaviour> = {}, options: SetupOptions = {}) {
  const clock = createFakeClock(START);
  const odd = await startOddServer(behaviour, () => clock.now());
  servers.push(odd);
  const draft: EnvironmentDraftInput = {
    name: 'Acme',
    timeclockBaseUrl: odd.url + (options.path ?? ''),
    debtorsBaseUrl: `${odd.url}/debtors`,
    clientId: 'acme-client',
    auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
    employeeId: options.employeeId ?? 'E7',
  };
  const admin = options.itProvided ? { environments: [{ id: 'acme', ...draft }], defaultEnvironmentId: 'acme' } : undefined;
  const unused = { timeclockBaseUrl: 'http://127.0.0.1:9/timeclock', debtorsBaseUrl: 'http://127.0.0.1:9/debtors' };
  const core = createTestCore(unused, { time: clock, formatTime: hhmm, admin });
  core.settings.updatePreferences({ network: { requestTimeoutSeconds: 1 } });
  const handlers = createWindowHandlers(core, recordingShell());
  const call = async <K extends InvokeName>(name: K, ...args: Parameters<InvokeApi[K]>) => {
    const envelope = await dispatchInvoke(handlers, name, args);
    if (!envelope.ok) throw new Error(envelope.error.message);
    return envelope.value as Awaited<ReturnType<InvokeApi[K]>>;
  };
  const saveOwn = async (own: EnvironmentDraftInput) => {
    const saved = await call('saveEnvironment', own);
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    return saved.environment.id;
  };
  const id = options.itProvided ? 'acme' : await saveOwn(draft);
  await call('setEnvironmentSecret', id, 'acme-secret');
  await call('setActiveEnvironment', id, true);
  const notifications: string[] = [];
  core.clock.onNotification((notification) => notifications.push(`${notification.title} | ${notification.body}`));
  core.clock.start();
  await core.clock.refresh();
  const employee = options.employeeId ?? 'E7';
  const serverState = () => {
    const last = odd.events.filter((event) => event.employeeId === employee).at(-1);
    return last && last.clockOut === null ? 'in' : 'out';
  };
  /** The invariant: what the app shows is the server's state, or says it does not know. */
  const truthful = async () => {
    const view = await call('getClock');
    expect([serverState(), 'unknown']).toContain(view.state);
    return view;
  };
  return {
    odd,
    core,
    call,
    clock,
    notifications,
    draft: { ...draft, id },
    truthful,
    serverState,
    runFor: (seconds: number) => runClockUntil(clock, clock.now() + seconds * 1000, () => core.clock.flush()),
    /** Presses the panel's button, `minutes` after the previous step. */
    async press(minutes = 0): Promise<ClockView> {
      clock.jump(minutes * 60_000);
      return call('toggleClock');
    },
  };
}

const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

describe('servers whose events look different', () => {
  it.each([
    ['PascalCase with ID / EmployeeID', { shape: 'pascal' }],
    ['startDateTime / endDateTime', { shape: 'start-end' }],
    ['an envelope {success, result}', { shape: 'success-result' }],
    ['a single object in {data: …}', { shape: 'data' }],
    ['epoch seconds, PascalCase', { shape: 'epoch' }],
    ['numeric ids beyond 2^53', { bigIds: true }],
    ['numeric ids beyond 2^53, PascalCase', { bigIds: true, shape: 'pascal' }],
    ['an unreadable answer to writes', { writeShape: 'unreadable' }],
    ['an empty 204 answer to writes', { writeShape: 'empty' }],
  ] as Array<[string, Partial<OddBehaviour>]>)('clocks in and out truthfully with %s', async (_, behaviour) => {
    const s = await setup(behaviour);
    expect((await s.truthful()).state).toBe('out');
    expect((await s.press()).state).toBe('in');
    await s.truthful();
    const out = await s.press(8 * 60);
    expect(out).toMatchObject({ state: 'out', pending: [], stopped: [] });
    await s.truthful();
    expect(s.odd.events).toEqual([{ id: expect.any(String), employeeId: 'E7', clockIn: at(0), clockOut: at(8 * 60) }]);
    expect(s.notifications.join('\n')).not.toMatch(/undefined|NaN|Invalid/);
  });

  it('keeps a numeric id beyond 2^53 digit for digit, so the clock-out closes that very event', async () => {
    const s = await setup({ bigIds: true });
    await s.press();
    const id = s.odd.events[0]!.id;
    expect(BigInt(id)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    await s.press(60);
    expect(s.odd.requests).toContain(`PATCH /clockedTimeEvents/${id}`);
    expect(s.odd.events[0]!.clockOut).toBe(at(60));
  });
});

describe('answers that cannot be read', () => {
  it('says the clock state is unknown, stops after a few tries, and lets the user mark the punch sent', async () => {
    const s = await setup({ shape: 'unreadable' });
    expect(await s.truthful()).toMatchObject({ state: 'out' }); // no events yet: 204, nothing to read
    await s.press();
    await s.runFor(24 * 3600);
    const view = await s.truthful();
    expect(view).toMatchObject({
      state: 'unknown',
      action: null,
      actionHint: expect.stringContaining('mark it as sent or discard it'),
    });
    expect(view.stopped).toEqual([
      expect.objectContaining({ text: 'Clock-in at 08:02 outcome unknown', actions: ['retry', 'mark-sent', 'discard'] }),
    ]);
    // Sent once; the retries only read, a bounded number of times.
    expect(s.odd.requests.filter((line) => line.startsWith('POST'))).toHaveLength(1);
    expect(s.odd.requests.length).toBeLessThan(20);
    expect(s.odd.events).toHaveLength(1);
    const afterMark = await s.call('markPunchSent', view.stopped[0]!.id);
    expect(afterMark).toMatchObject({
      state: 'unknown',
      stopped: [],
      pending: [],
      problem: expect.stringContaining('could not be read'),
    });
    expect(s.odd.events).toHaveLength(1);
  });
});

describe('servers that want another method, content type or address', () => {
  it('stops a clock-out answered 405 and names the method the server allows; the state stays the server’s', async () => {
    const s = await setup({ closeMethod: 'PUT' });
    await s.press();
    const view = await s.press(60);
    expect(view.state).toBe('in');
    expect(view.stopped[0]).toMatchObject({
      text: 'Clock-out at 09:02 not sent — set-up problem',
      reason: expect.stringContaining('it accepts methods GET, PUT'),
    });
    await s.runFor(24 * 3600);
    expect(s.odd.requests.filter((line) => line.startsWith('PATCH'))).toHaveLength(1);
    await s.truthful();
    expect(s.notifications).toContainEqual(
      expect.stringMatching(
        /^Clock-out at 09:02 was not recorded \| The timeclock service does not take the request as sent \(405\)\. In the panel: try again or discard it\.$/,
      ),
    );
  });

  it('stops a clock-in answered 415 and names the content type the server accepts', async () => {
    const s = await setup({ requireContentType: 'application/merge-patch+json' });
    const view = await s.press();
    expect(view.state).toBe('out');
    expect(view.stopped[0]!.reason).toContain('it accepts POST content types application/merge-patch+json');
    expect(s.odd.events).toEqual([]);
  });

  it('reports a moved service (301) with its target, never follows it, and sends nothing there', async () => {
    const s = await setup();
    s.odd.set({ redirect: { status: 301, location: '/v1/clockedTimeEvents' } });
    await s.core.clock.refresh();
    expect((await s.truthful()).problem).toMatch(/redirected .*\(301\) to http/);
    const view = await s.press();
    expect(view.stopped[0]!.reason).toMatch(
      new RegExp(`redirected clock-in \\(301\\) to ${s.odd.url}/v1/clockedTimeEvents.*update the base URL`),
    );
    expect(s.odd.requests.filter((line) => line.includes('/v1/'))).toEqual([]);
  });
});

describe('a sign-in in front of the service (issue 61, point 3)', () => {
  it.each([
    ['its sign-in page (200, HTML)', { signInPage: true }, /a sign-in page from 127\.0\.0\.1:\d+ answered clock-in/],
    [
      'a redirect to the company single sign-on',
      { redirect: { status: 302, location: 'https://login.microsoftonline.com/acme/oauth2/v2.0/authorize?client_id=x' } },
      /sent clock-in to the company's sign-in at login\.microsoftonline\.com .*The service was not reached/,
    ],
  ] as Array<[string, Partial<OddBehaviour>, RegExp]>)(
    'keeps a punch met by %s waiting, and sends it by itself, once, when the service answers',
    async (_, signIn, said) => {
      const s = await setup();
      s.odd.set(signIn);
      await s.core.clock.refresh();
      const view = await s.press();
      expect(view.stopped).toEqual([]);
      expect(view.pending).toHaveLength(1);
      expect(view.pending[0]!.reason).toMatch(said);
      // Long past the three unreadable answers that stop a punch as "outcome unknown": it still waits.
      await s.runFor(30 * 60);
      expect((await s.call('getClock')).stopped).toEqual([]);
      expect(s.odd.events).toEqual([]);

      s.odd.set({ signInPage: false, redirect: null });
      await s.runFor(30 * 60);
      expect(await s.truthful()).toMatchObject({ state: 'in', pending: [], stopped: [] });
      expect(s.odd.events).toEqual([{ id: expect.any(String), employeeId: 'E7', clockIn: at(0), clockOut: null }]);
      expect(s.odd.requests.filter((line) => line.includes('login'))).toEqual([]);
    },
    30_000,
  );
});

describe('404 told apart', () => {
  it('shows the server’s own words for "no events yet", and clocking in still works', async () => {
    const s = await setup({ notFoundForNoEvents: true });
    expect((await s.truthful()).problem).toContain('It said: “No time events for this employee”');
    expect((await s.press()).state).toBe('in');
    expect(s.odd.events).toHaveLength(1);
  });

  it('calls a base URL that finds nothing a wrong base URL, keeps the punch, and sends it once the URL is fixed', async () => {
    const s = await setup({}, { path: '/wrong' });
    expect((await s.truthful()).problem).toContain('the base URL of the environment is probably wrong');
    const view = await s.press();
    expect(view.stopped[0]).toMatchObject({ text: 'Clock-in at 08:02 not sent — set-up problem' });
    expect(view.stopped[0]!.text).not.toContain('refused');
    await s.call('saveEnvironment', { ...s.draft, timeclockBaseUrl: s.odd.url });
    // A new address takes the secret typed again (a saved secret never follows an address change).
    await s.call('setEnvironmentSecret', s.draft.id, 'acme-secret');
    await s.core.clock.flush();
    await s.runFor(60);
    expect(s.odd.events).toEqual([expect.objectContaining({ clockIn: at(0), clockOut: null })]);
    expect(await s.truthful()).toMatchObject({ state: 'in', stopped: [], pending: [] });
  });

  it('refuses for good only what the service itself refuses (an unknown employee), with its words', async () => {
    const s = await setup({ employees: ['E1'] });
    const view = await s.press();
    expect(view.stopped[0]).toMatchObject({
      text: 'Clock-in at 08:02 refused',
      reason: expect.stringContaining('Unknown employee E7'),
    });
  });
});

describe('409 in any shape', () => {
  it.each(['contract', 'pascal-epoch-root', 'text'] as const)(
    'reconciles a 409 whose body is %s, without crashing',
    async (conflictShape) => {
      const s = await setup({ conflictShape, shape: 'pascal' });
      s.odd.events.push({ id: 'other', employeeId: 'E7', clockIn: '2026-11-23T07:55:00.000Z', clockOut: null });
      const view = await s.press();
      expect(view).toMatchObject({ state: 'in', headline: 'Clocked in since 07:55 · 7 min', pending: [], stopped: [] });
      expect(s.notifications.at(-1)).toMatch(
        /^You were already clocked in \| .*clocked in since 07:55; your clock-in at 08:02 was not added\.$/,
      );
      expect(s.odd.events).toHaveLength(1);
      await s.truthful();
    },
  );
});

describe('day one on a workstation IT set up', () => {
  it('keeps a click made before the employee id is set on this computer, and sends it once, when it is', async () => {
    const s = await setup({}, { employeeId: '', itProvided: true });
    expect(await s.call('getClock')).toMatchObject({
      action: 'clock-in',
      actionHint: 'Enter your employee id for Acme in Settings. A punch made before is kept on this computer and sent then.',
    });
    const kept = await s.press();
    expect(kept).toMatchObject({
      state: 'in',
      actionHint: 'Kept on this computer: enter your employee id for Acme in Settings and it is sent.',
      pending: [{ text: 'Clock-in at 08:02 pending sync', reason: 'It is sent once your employee id is set in Settings.' }],
    });
    await s.runFor(60);
    expect(s.odd.requests.filter((line) => !line.startsWith('GET /health'))).toEqual([]);
    await s.call('saveEnvironment', { ...s.draft, employeeId: 'E7' });
    await vi.waitFor(() => expect(s.odd.requests).toContain('POST /clockedTimeEvents'));
    await s.core.clock.flush();
    expect(s.odd.events).toEqual([expect.objectContaining({ employeeId: 'E7', clockIn: at(0), clockOut: null })]);
    expect(await s.call('getClock')).toMatchObject({ state: 'in', actionHint: null, pending: [] });
    expect(s.core.outbox.all()).toEqual([]);
  });
});

describe('health bodies in other words', () => {
  it.each([
    ['{"status":"Degraded","totalDuration":"00:00:00.01"}', 'application/json', 'degraded'],
    ['{"status":"warn"}', 'application/health+json', 'degraded'],
    ['{"status":"pass"}', 'application/health+json', 'up'],
    ['Unhealthy', 'text/plain', 'down'],
    ['Healthy', 'text/plain', 'up'],
    ['{"status":"fail"}', 'application/health+json', 'down'],
  ])('reads %s as %s', async (body, contentType, state) => {
    const s = await setup({ health: { status: 200, body, contentType } });
    expect((await s.core.clients().timeclock.health('target')).state).toBe(state);
  });
});
