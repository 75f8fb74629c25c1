/**
 * Figure 5: the health watch on a simulated timeline (fake clock, scripted answers): time from an
 * outage to its notification, notifications for a 20 s blip, for flapping, and for a recovery.
 * Figure 6 (part): heap growth over 2,880 polls per system (24 h at 30 s), which must stay flat.
 */
import { createHealthService } from '../../core/health/health-service.ts';
import type { HealthNotification } from '../../core/health/notice-writer.ts';
import type { Probe } from '../../core/health/health-types.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { createFakeClock, runClockUntil } from '../../testing/fake-clock.ts';

export interface HealthFigures {
  outageToNotificationSeconds: number;
  blip20sNotifications: number;
  flapping: { confirmedChanges: number; notifications: number };
  recoveryToNotificationSeconds: number;
  heapGrowthOver2880PollsKb: number;
}

/** Runs a health watch whose target system is down whenever `down(seconds)` says so. */
function simulate(down: (second: number) => boolean) {
  const clock = createFakeClock();
  const start = clock.now();
  const notifications: Array<HealthNotification & { second: number }> = [];
  const ok: Probe = { kind: 'ok', latencyMs: 40 };
  const health = createHealthService({
    time: clock,
    preferences: defaultPreferences,
    environment: () => ({ id: 'bench', name: 'Bench' }),
    probe: async (system) => (system === 'target' && down((clock.now() - start) / 1000) ? { kind: 'fail', message: 'down' } : ok),
    random: () => 0.5,
  });
  health.onNotification((notification) => notifications.push({ ...notification, second: (clock.now() - start) / 1000 }));
  health.start();
  return { health, notifications, run: (seconds: number) => runClockUntil(clock, start + seconds * 1000, () => health.flush()) };
}

export async function healthBench(): Promise<HealthFigures> {
  const outage = simulate((second) => second >= 600 && second < 1800);
  await outage.run(3_600);
  const down = outage.notifications.find((notification) => notification.kind === 'down');
  const recovered = outage.notifications.find((notification) => notification.kind === 'recovered');

  const blip = simulate((second) => second >= 600 && second < 620);
  await blip.run(3_600);

  const flapping = simulate((second) => second >= 300 && Math.floor((second - 300) / 240) % 2 === 0 && second < 300 + 240 * 8);
  await flapping.run(3_600);
  const status = flapping.health.status();

  const steady = simulate(() => false);
  await steady.run(2_880 * 30);
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  await steady.run(2 * 2_880 * 30);
  global.gc?.();
  const after = process.memoryUsage().heapUsed;

  return {
    outageToNotificationSeconds: down ? down.second - 600 : -1,
    blip20sNotifications: blip.notifications.length,
    flapping: {
      confirmedChanges: status.log.filter((entry) => entry.system === 'target' && (entry.to === 'down' || entry.from === 'down'))
        .length,
      notifications: flapping.notifications.length,
    },
    recoveryToNotificationSeconds: recovered ? recovered.second - 1800 : -1,
    heapGrowthOver2880PollsKb: Math.round((after - before) / 1024),
  };
}
