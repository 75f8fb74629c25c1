/**
 * The health watch on a fake clock against the real mock over HTTP, for scenario tests: scripted
 * fault timelines, counting exactly the notifications each should produce.
 */
import { demoCredentials } from '../mock/auth.ts';
import type { MockServer } from '../mock/mock-server.ts';
import { createFakeClock, runClockUntil, type FakeClock } from './fake-clock.ts';
import { createServiceClients } from '../core/api/service-clients.ts';
import { mockEnvironment } from '../core/environments/environment.ts';
import { defaultPreferences, type Preferences } from '../shared/settings-schema.ts';
import { createHealthService } from '../core/health/health-service.ts';
import type { HealthService, HealthServiceOptions } from '../core/health/health-service-types.ts';
import type { HealthNotification } from '../core/health/notice-writer.ts';
import { probeSystem } from '../core/health/probe.ts';
import type { Probe } from '../core/health/health-types.ts';

/** Milliseconds per second; timelines are written in seconds, MIN minutes as seconds. */
export const S = 1000;
export const MIN = 60;

export interface HarnessOptions {
  preferences?: (p: Preferences) => void;
  probe?: (system: 'source' | 'target', real: () => Promise<Probe>) => Promise<Probe>;
  isOnline?: () => boolean;
  waitingPunch?: () => string | null;
  /** Where the clock starts (ms; the fake clock's default otherwise). */
  start?: number;
  /** More of the service's options (a history file, the account's name, formats). */
  more?: Partial<HealthServiceOptions>;
}

export interface Harness {
  clock: FakeClock;
  health: HealthService;
  notifications: HealthNotification[];
  /** Runs every timer due up to `seconds` after the start (awaiting real HTTP checks). */
  runUntil(seconds: number): Promise<void>;
  /** Does `action` at `seconds` after the start, having run everything due before. */
  at(seconds: number, action: () => unknown): Promise<void>;
  titles(): string[];
}

export function setupHealth(
  server: Pick<MockServer, 'timeclockBaseUrl' | 'debtorsBaseUrl' | 'url'>,
  options: HarnessOptions = {},
): Harness {
  const clock = createFakeClock(options.start);
  const start = clock.now();
  const preferences = defaultPreferences();
  options.preferences?.(preferences);
  const environment = mockEnvironment(server);
  const clients = createServiceClients(environment, demoCredentials.clientSecret, preferences.network, {
    retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
  });
  const notifications: HealthNotification[] = [];
  const health = createHealthService({
    time: clock,
    preferences: () => preferences,
    environment: () => ({ id: 'mock', name: 'Mock (built-in)' }),
    probe: (system, signal) => {
      const real = () => probeSystem(clients.timeclock, system, signal);
      return options.probe ? options.probe(system, real) : real();
    },
    isOnline: options.isOnline,
    waitingPunch: options.waitingPunch,
    random: () => 0.5,
    formatTime: (ms) => new Date(ms).toISOString().slice(11, 16),
    localMinutes: (ms) => new Date(ms).getUTCHours() * 60 + new Date(ms).getUTCMinutes(),
    ...options.more,
  });
  health.onNotification((notification) => notifications.push(notification));
  health.start();
  const runUntil = (seconds: number) => runClockUntil(clock, start + seconds * S, () => health.flush());
  return {
    clock,
    health,
    notifications,
    runUntil,
    async at(seconds, action) {
      await runUntil(seconds);
      await action();
    },
    titles: () => notifications.map((notification) => notification.title),
  };
}
