/** The monitor's schedule after a reset: soon, but spread, so a fleet coming back online is no herd. */
import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { createHealthMonitor } from './health-monitor.ts';
import { healthRules } from './health-rules.ts';

const rules = healthRules(defaultPreferences().monitoring);

function monitorWith(random: () => number) {
  const clock = createFakeClock();
  const monitor = createHealthMonitor({
    clock,
    rules: () => rules,
    random,
    probe: async () => ({ kind: 'ok', latencyMs: 10 }),
  });
  monitor.start();
  monitor.reset();
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
});
