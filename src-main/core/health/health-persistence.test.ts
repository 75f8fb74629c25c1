import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeClock, runClockUntil } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';

const mock = useMockServer({ debtors: 10 });

describe('health history across a restart', () => {
  it('is saved per environment and read back by the next run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-health-'));
    const clock = createFakeClock();
    const first = createTestCore(mock.server, { time: clock, dataDir });
    first.health.start();
    await runClockUntil(clock, clock.now() + 30 * 60_000, () => first.health.flush());
    first.health.stop();
    await first.health.flush();
    expect(readdirSync(dataDir)).toContain('health-mock.json');
    const checksBefore = first.health.status().systems[0]!.day.checks;
    expect(checksBefore).toBeGreaterThan(50);

    const second = createTestCore(mock.server, { time: clock, dataDir, settingsDir: first.settingsDir });
    const after = second.health.status();
    expect(after.systems[0]!.day.checks).toBe(checksBefore);
    expect(after.log.map((entry) => entry.to)).toEqual(['up', 'up']);
    expect(second.health.snapshot().source.state).toBe('unknown');
  });
});
