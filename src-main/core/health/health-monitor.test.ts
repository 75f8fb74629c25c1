/** The monitor's schedule after a reset: soon; spread when a fleet shares the cause, so its return is no herd. */
import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { createHealthMonitor } from './health-monitor.ts';
import { healthRules } from './health-rules.ts';

const rules = healthRules(defaultPreferences().monitoring);

function monitorWith(random: () => number) {
  const clock = createFakeClock();
  const monitor = createHealthMonitor({
    time: clock,
    rules: () => rules,
    random,
    probe: async () => ({ kind: 'ok', latencyMs: 10 }),
  });
  monitor.start();
  monitor.reset(true);
  return { clock, monitor };
}

describe('after a reset (sleep, unlock, the network back)', () => {
  it('checks again within the resume delay plus one poll interval, at a moment of its own', () => {
    const early = monitorWith(() => 0);
    const late = monitorWith(() => 0.999);
    expect(early.monitor.nextCheckAt('source')! - early.clock.now()).toBe(rules.resumeRecheckMs);
    expect(late.monitor.nextCheckAt('source')! - late.clock.now()).toBe(
      rules.resumeRecheckMs + Math.round(0.999 * rules.intervalMs),
    );
    for (const { monitor } of [early, late]) monitor.stop();
  });

  it('checks again after exactly the resume delay when the user switched or changed credentials', () => {
    const { clock, monitor } = monitorWith(() => 0.999);
    monitor.reset();
    expect(monitor.nextCheckAt('source')! - clock.now()).toBe(rules.resumeRecheckMs);
    monitor.stop();
  });
});

describe('a culprit on our side while the network works (issue 61, point 6)', () => {
  it('says a certificate not trusted here as such, not as a failed check, whatever else answers', async () => {
    const clock = createFakeClock();
    const monitor = createHealthMonitor({
      time: clock,
      rules: () => rules,
      probe: async (system) =>
        system === 'source'
          ? { kind: 'network', message: 'Time recording: TLS certificate not trusted', culprit: 'certificate' }
          : { kind: 'ok', latencyMs: 10 },
      reachable: async () => true,
    });
    await monitor.checkNow();
    expect(monitor.snapshot().source).toMatchObject({ state: 'offline', offlineCause: 'certificate' });
    expect(monitor.snapshot().target.state).toBe('up');
  });
});
