/** Updates as IT sets them, against a recording updater (the Electron boundary) and a clock moved by hand. */
import { describe, expect, it } from 'vitest';
import { english } from '../../shared/i18n/catalogues.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { createUpdateService, FIRST_CHECK_MS, RETRY_BASE_MS } from './update-service.ts';
import type { UpdatePreferences } from './update-plan.ts';
import { updateFailureOf, type Updater } from './updater.ts';
import { updateLine } from './update-words.ts';

const HOUR = 3_600_000;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(
  changes: Partial<UpdatePreferences>,
  offers: Array<string | null | Error> = ['1.4.0'],
  downloads: Error[] = [],
  verifiable = true,
) {
  const clock = createFakeClock();
  const calls: string[] = [];
  let installOnQuit: boolean | null = null;
  const updater: Updater = {
    configure: (feed) => void calls.push(`configure ${feed.url} ${feed.channel}`),
    async check() {
      calls.push('check');
      const offer = offers.length > 1 ? offers.shift()! : offers[0]!;
      if (offer instanceof Error) throw offer;
      return offer;
    },
    async download() {
      calls.push('download');
      const failure = downloads.shift();
      if (failure) throw failure;
    },
    installOnQuit: (install) => void (installOnQuit = install),
  };
  const preferences = { ...defaultPreferences().updates, ...changes };
  let waiting = 0;
  let minute = 12 * 60;
  const logged: string[] = [];
  const service = createUpdateService({
    updater,
    preferences: () => preferences,
    waitingPunches: () => waiting,
    verifiable,
    time: clock,
    localMinutes: () => minute,
    log: { info: (line) => logged.push(line), warn: (line) => logged.push(line) },
  });
  /** Fires the next timer and lets the check (and download) it started finish. */
  const next = async () => {
    const at = clock.nextTimerAt();
    clock.fireNext();
    for (let i = 0; i < 5; i++) await flush();
    return at;
  };
  return {
    clock,
    calls,
    service,
    logged,
    next,
    installOnQuit: () => installOnQuit,
    setWaiting: (count: number) => void (waiting = count),
    setMinute: (value: number) => void (minute = value),
  };
}
const server = 'https://updates.example.com/timeclock-tray/';

describe('updates', () => {
  it('asks nothing of anyone when off, or with no server, or a server that is not https', async () => {
    for (const changes of [
      { mode: 'off' as const, serverUrl: server },
      { serverUrl: '' },
      { serverUrl: 'ftp://updates.example.com/' },
      // Plain http: anyone on the way could answer with code of their own (issue 45, point 1).
      { serverUrl: 'http://updates.example.com/timeclock-tray/' },
      { serverUrl: 'https://user:secret@updates.example.com/' },
    ]) {
      const { service, clock, calls, next } = setUp(changes);
      service.start();
      expect(clock.nextTimerAt()).toBeNull();
      await service.checkNow();
      await next();
      expect(calls).toEqual([]);
      expect(service.state()).toEqual({ phase: 'off' });
    }
  });

  it('asks nothing where this build pins no publisher or key to check an update against, and says so', async () => {
    const { service, clock, calls, logged } = setUp({ serverUrl: server }, ['1.4.0'], [], false);
    service.start();
    expect(clock.nextTimerAt()).toBeNull();
    await service.checkNow();
    expect(calls).toEqual([]);
    expect(service.state()).toEqual({ phase: 'off', unverifiable: true });
    expect(logged.join('\n')).toMatch(/pins no publisher or key/);
  });

  it('checks a while after start, downloads in install mode, and checks again at the interval', async () => {
    const { service, clock, calls, next } = setUp({ serverUrl: server, channel: 'beta', checkEveryHours: 6 });
    const start = clock.now();
    service.start();
    expect(await next()).toBe(start + FIRST_CHECK_MS);
    expect(calls).toEqual([`configure ${server} beta`, 'check', 'download']);
    expect(service.state()).toEqual({ phase: 'ready', version: '1.4.0' });
    expect(updateLine(service.state(), 0, english.t)).toBe('Version 1.4.0 is installed when you quit');
    expect(updateLine(service.state(), 2, english.t)).toBe('Version 1.4.0 waits until your punches are sent');
    // The same version again is not downloaded twice.
    expect(await next()).toBe(start + FIRST_CHECK_MS + 6 * HOUR);
    expect(calls.filter((call) => call === 'download')).toHaveLength(1);
  });

  it('only tells in notify mode', async () => {
    const { service, calls, next } = setUp({ serverUrl: server, mode: 'notify' });
    service.start();
    await next();
    expect(calls).not.toContain('download');
    expect(updateLine(service.state(), 0, english.t)).toBe('Version 1.4.0 is available');
  });

  it('retries a server that is down quietly, sooner at first, never more often than every 15 minutes, at most at the interval', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const { service, clock, next } = setUp({ serverUrl: server, checkEveryHours: 2 }, [down]);
    service.start();
    let last = (await next())!;
    const gaps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = (await next())!;
      gaps.push(at - last);
      last = at;
    }
    expect(gaps).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS, 2 * HOUR, 2 * HOUR]);
    expect(service.state()).toMatchObject({ phase: 'failed', failure: 'unreachable' });
    expect(updateLine(service.state(), 0, english.t)).toBeNull();
    expect(clock.nextTimerAt()).not.toBeNull();
  });

  it('says so when a download fails its check, installs nothing, and tries again only at the next regular check', async () => {
    const tampered = Object.assign(new Error('sha512 checksum mismatch, expected abc, got def'), {
      code: 'ERR_CHECKSUM_MISMATCH',
    });
    const { service, next, installOnQuit } = setUp({ serverUrl: server, checkEveryHours: 4 }, ['1.4.0'], [tampered]);
    service.start();
    const first = (await next())!;
    expect(service.state()).toEqual({ phase: 'failed', failure: 'unverified', version: '1.4.0' });
    expect(updateLine(service.state(), 0, english.t)).toBe('The update 1.4.0 failed its safety check and was not installed');
    expect(service.beforeQuit()).toBeNull();
    expect(installOnQuit()).toBe(false);
    expect((await next())! - first).toBe(4 * HOUR);
    expect(service.state()).toEqual({ phase: 'ready', version: '1.4.0' });
  });

  it('installs on quit only with no punch waiting and outside the no-install window', async () => {
    const { service, next, installOnQuit, setWaiting, setMinute } = setUp({
      serverUrl: server,
      noInstallFrom: '07:30',
      noInstallUntil: '09:30',
    });
    service.start();
    await next();
    setWaiting(1);
    expect(service.beforeQuit()).toBe('punchesWaiting');
    expect(installOnQuit()).toBe(false);
    setWaiting(0);
    setMinute(8 * 60);
    expect(service.beforeQuit()).toBe('noInstallWindow');
    expect(installOnQuit()).toBe(false);
    setMinute(17 * 60);
    expect(service.beforeQuit()).toBe('install');
    expect(installOnQuit()).toBe(true);
  });

  it('keeps a downloaded version ready when a later check fails', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const { service, next, installOnQuit } = setUp({ serverUrl: server }, ['1.4.0', down]);
    service.start();
    await next();
    await next();
    expect(service.state()).toEqual({ phase: 'ready', version: '1.4.0' });
    expect(service.beforeQuit()).toBe('install');
    expect(installOnQuit()).toBe(true);
  });

  it('sorts an updater error by what the app does about it', () => {
    expect(updateFailureOf(Object.assign(new Error('x'), { code: 'ERR_UPDATER_INVALID_SIGNATURE' }))).toBe('unverified');
    expect(updateFailureOf(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toBe('unreachable');
    expect(updateFailureOf(Object.assign(new Error('HttpError: 503'), { statusCode: 503 }))).toBe('server');
    expect(updateFailureOf(new Error('net::ERR_CONNECTION_REFUSED'))).toBe('unreachable');
    expect(updateFailureOf('odd')).toBe('failed');
  });
});
