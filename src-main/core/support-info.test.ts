/** The support info a helpdesk asks for: each setting with its source, no secret, the last results. */
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fake-clock.ts';
import { useMockServer } from '../testing/mock-fixture.ts';
import { createTestCore } from '../testing/test-core.ts';
import { combinePolicies } from './settings/os-policy.ts';
import { emptyAdminPolicy } from './settings/admin-policy.ts';
import { supportInfo } from './support-info.ts';

const mock = useMockServer({ debtors: 20 });
const facts = { version: '1.2.3', platform: 'linux x64', runtime: 'Electron 39', dataFolder: '/data', logsFolder: '/logs' };

describe('support info', () => {
  it('gives each setting its value and where it comes from, and never a secret', async () => {
    const core = createTestCore(mock.server, {
      time: createFakeClock(),
      admin: combinePolicies(
        { ...emptyAdminPolicy(), source: '/etc/timeclock-tray/admin.json', defaults: { lookup: { autoRefreshMinutes: 9 } } },
        {
          source: 'HKLM/HKCU\\Software\\Policies\\Timeclock Tray\\Timeclock Tray',
          enforced: { 'monitoring.pollIntervalSeconds': 60 },
          recommended: { 'general.theme': 'dark' },
          problems: [],
        },
      ),
    });
    core.settings.updatePreferences({ clock: { longShiftHours: 9 } });
    await core.health.checkNow();
    await core.clock.refresh();
    const text = supportInfo(core, facts);
    expect(text).toContain('Timeclock Tray 1.2.3 · linux x64 · Electron 39');
    expect(text).toContain('OS policy: HKLM/HKCU\\Software\\Policies\\Timeclock Tray\\Timeclock Tray');
    expect(text).toContain('  monitoring.pollIntervalSeconds = 60 · policy');
    expect(text).toContain('  clock.longShiftHours = 9 · user');
    expect(text).toContain('  general.theme = "dark" · recommended policy');
    expect(text).toContain('  lookup.autoRefreshMinutes = 9 · admin file default');
    expect(text).toContain('  monitoring.timeoutSeconds = 10 · default');
    expect(text).toMatch(/ {2}source: up since /);
    expect(text).toContain('secret set (builtin)');
    expect(text).toContain('Punches waiting: 0');
    expect(text).not.toContain(core.secretFor('mock')!);
  });
});
