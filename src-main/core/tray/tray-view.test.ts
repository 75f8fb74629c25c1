import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { trayTooltip } from './tray-menu.ts';
import { trayView } from './tray-view.ts';
import { loadAdminPolicy } from '../settings/admin-policy.ts';

const mock = useMockServer({ debtors: 20 });
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe('tray view', () => {
  it('follows the core: grey before the first check, green after, amber on a fresh failure', async () => {
    const core = createTestCore(mock.server, { time: createFakeClock(), formatTime: hhmm });
    expect(trayView(core, hhmm)).toMatchObject({
      badge: 'unknown',
      iconFile: 'tray-out-unknown.png',
      state: { isMock: true, environmentName: 'Mock (built-in)' },
    });
    await core.health.checkNow();
    const up = trayView(core, hhmm);
    expect(up.iconFile).toBe('tray-out-up.png');
    expect(up.state.healthLines[0]).toMatch(/^Time recording — up · \d+ ms · checked 0 s ago$/);
    mock.server.control.setSystem('target', { status: 'down' });
    await core.health.checkNow();
    expect(trayView(core, hhmm)).toMatchObject({ badge: 'suspect', iconFile: 'tray-out-suspect.png', macTitle: 'MOCK ⚠︎' });
    mock.server.control.setSystem('target', { status: 'up' });
  });

  it("puts the problem's short sentence in the menu, not the technical detail", async () => {
    const core = createTestCore(mock.server, { time: createFakeClock(), formatTime: hhmm });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E9999' });
    await core.clock.refresh();
    expect(core.clock.view().problem).toContain('(404)');
    expect(trayView(core, hhmm).state.clockProblem).toBe(
      "The timeclock service's answer can't be used, so your clock state is unknown.",
    );
  });

  it('puts the worked time in the tooltip to the minute, as time passes', async () => {
    const clock = createFakeClock(Date.now());
    const core = createTestCore(mock.server, { time: clock, formatTime: hhmm });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
    await core.clock.refresh();
    await core.clock.toggle('tray');
    clock.jump(3 * 3_600_000 + 12 * 60_000 + 59_000);
    const view = trayView(core, hhmm);
    expect(trayTooltip(view.state, view.t).split('\n')[0]).toMatch(/^Clocked in since \d\d:\d\d · 3 h 12 min$/);
    clock.jump(1_000);
    const later = trayView(core, hhmm);
    expect(trayTooltip(later.state, later.t).split('\n')[0]).toMatch(/· 3 h 13 min$/);
  });

  it('names the two systems as the company does, from the admin file', async () => {
    const admin = loadAdminPolicy('/etc/timeclock-tray/admin.json', () =>
      JSON.stringify({
        environments: [
          {
            id: 'corp',
            name: 'Corp',
            timeclockBaseUrl: mock.server.timeclockBaseUrl,
            debtorsBaseUrl: mock.server.debtorsBaseUrl,
            clientId: 'demo-client',
            systemNames: { source: 'Time records', target: 'Payroll export' },
          },
        ],
        defaultEnvironment: 'corp',
      }),
    );
    expect(admin.problems).toEqual([]);
    const core = createTestCore(mock.server, { time: createFakeClock(), formatTime: hhmm, admin });
    expect(core.health.lines().map((line) => line.label)).toEqual(['Time records', 'Payroll export']);
    const view = trayView(core, hhmm);
    expect(view.state.healthSummary).toMatch(/^Time records .+ · Payroll export /);
    expect(view.state.healthLines[1]).toMatch(/^Payroll export — /);
  });

  it('shows when notifications resume', () => {
    const clock = createFakeClock(Date.parse('2026-11-23T09:00:00Z'));
    const core = createTestCore(mock.server, { time: clock, formatTime: hhmm });
    core.health.pauseNotifications(clock.now() + 3_600_000);
    expect(trayView(core, hhmm).state.notificationsPausedUntil).toBe('10:00');
  });
});
