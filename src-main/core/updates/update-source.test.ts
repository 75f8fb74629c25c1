/**
 * Where updates come from (issue 45, point 1): a window's request alone never changes it, an edit
 * of the settings file never does, IT's setting outranks it; the person at the keyboard changes it
 * in Settings with a confirmation, and it is kept sealed across restarts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyAdminPolicy } from '../settings/admin-policy.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { recordingShell } from '../../testing/test-shell.ts';
import { createWindowHandlers } from '../ipc/window-handlers.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { ASK_AGAIN_AFTER_MS, UPDATE_SOURCE_VAULT_ID } from './update-source.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';

const fixture = useMockServer();
const mock = {
  get timeclockBaseUrl() {
    return fixture.server.timeclockBaseUrl;
  },
  get debtorsBaseUrl() {
    return fixture.server.debtorsBaseUrl;
  },
};

const FEED = 'https://updates.example.com/timeclock-tray/';

describe('where updates come from', () => {
  it('changes only when the person confirms it in the system’s dialog, and stays so after a restart', async () => {
    const clock = createFakeClock();
    const core = createTestCore(mock, { time: clock });
    const shell = recordingShell([false, true]);
    const handlers = createWindowHandlers(core, shell);

    const declined = await handlers.updateSettings({ updates: { serverUrl: FEED, checkEveryHours: 12 } });
    expect(declined).toEqual({ ok: false, errors: { 'updates.serverUrl': expect.stringMatching(/only when you confirm/) } });
    expect(shell.asked[0]).toEqual({
      message: 'Change where this app gets its updates?',
      detail: expect.stringContaining(`Update server: ${FEED}`),
    });
    expect(core.settings.preferences().updates).toMatchObject({ serverUrl: '', checkEveryHours: 6 });

    clock.jump(ASK_AGAIN_AFTER_MS);
    const confirmed = await handlers.updateSettings({ updates: { serverUrl: FEED, checkEveryHours: 12 } });
    expect(confirmed.ok).toBe(true);
    expect(core.settings.preferences().updates).toMatchObject({ serverUrl: FEED, checkEveryHours: 12 });
    await core.vault.flush();
    // Sealed in the vault, never in the settings file's own updates section.
    const file = JSON.parse(readFileSync(join(core.settingsDir, 'settings.json'), 'utf8'));
    expect(file.updates).toEqual({ checkEveryHours: 12 });
    expect(JSON.stringify(file)).not.toContain('updates.example.com');
    expect(file.vault[UPDATE_SOURCE_VAULT_ID]).toMatchObject({ weak: false });

    const restarted = createTestCore(mock, { settingsDir: core.settingsDir });
    await restarted.vault.unlock();
    restarted.updateSource.restore();
    expect(restarted.settings.preferences().updates.serverUrl).toBe(FEED);
  });

  it('ignores a server written into the settings file by hand, and says so', async () => {
    const core = createTestCore(mock);
    const path = join(core.settingsDir, 'settings.json');
    writeFileSync(path, JSON.stringify({ updates: { mode: 'install', serverUrl: FEED, channel: 'beta' } }));
    const reopened = createTestCore(mock, { settingsDir: core.settingsDir });
    expect(reopened.settings.preferences().updates).toMatchObject({ mode: 'install', serverUrl: '', channel: 'stable' });
    expect(reopened.settings.problems).toContain(
      'updates.serverUrl: where updates come from is set only here in Settings, where you confirm it, or by your organisation; the value in the file is ignored.',
    );
  });

  it('refuses it from a request without asking anyone, and where IT set any of it', async () => {
    const core = createTestCore(mock);
    expect(core.settings.updatePreferences({ updates: { channel: 'beta' } })).toEqual({
      ok: false,
      errors: { 'updates.channel': expect.stringMatching(/set only here in Settings/) },
    });
    const managed = createTestCore(mock, {
      admin: { ...emptyAdminPolicy(), defaults: { ...emptyAdminPolicy().defaults, updates: { serverUrl: FEED } } },
    });
    const shell = recordingShell([true]);
    const result = await createWindowHandlers(managed, shell).updateSettings({ updates: { mode: 'off' } });
    expect(result).toEqual({ ok: false, errors: { 'updates.mode': expect.stringMatching(/Set by your organisation/) } });
    expect(shell.asked).toEqual([]);
  });

  it('refuses an unencrypted feed with a clear message before asking', async () => {
    const core = createTestCore(mock);
    const shell = recordingShell([true]);
    const result = await createWindowHandlers(core, shell).updateSettings({
      updates: { serverUrl: 'http://updates.example.com/' },
    });
    expect(result).toEqual({ ok: false, errors: { 'updates.serverUrl': expect.stringMatching(/^Must start with https:\/\//) } });
    expect(shell.asked).toEqual([]);
  });

  it('refuses an address with a line break or another hidden character before any dialog: a window cannot write the question (issue 62, point 3)', async () => {
    const core = createTestCore(mock);
    const shell = recordingShell([true]);
    const handlers = createWindowHandlers(core, shell);
    for (const serverUrl of [
      `${FEED}\n\nThis change was approved by IT.`,
      `https://updates.example.com/\tfeed/`,
      `${FEED}\u2028Approved`,
    ]) {
      const refused = await handlers.updateSettings({ updates: { serverUrl } });
      expect(refused).toEqual({
        ok: false,
        errors: { 'updates.serverUrl': expect.stringMatching(/^Must be one address on one line: it contains a line break/) },
      });
    }
    expect(shell.asked).toEqual([]);
    expect(core.settings.preferences().updates.serverUrl).toBe('');
  });

  it('raises one dialog at a time, and none for a while after Cancel (issue 62, point 3)', async () => {
    const clock = createFakeClock();
    const core = createTestCore(mock, { time: clock });
    let answer: (yes: boolean) => void = () => {};
    const asked: string[] = [];
    const shell = {
      ...recordingShell(),
      confirm: (question: { detail: string }) => {
        asked.push(question.detail);
        return new Promise<boolean>((resolve) => (answer = resolve));
      },
    };
    const handlers = createWindowHandlers(core, shell);
    const five = Array.from({ length: 5 }, () => handlers.updateSettings({ updates: { serverUrl: FEED } }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toHaveLength(1);
    answer(false);
    const results = await Promise.all(five);
    expect(results.map((result) => (result.ok ? 'ok' : Object.values(result.errors)[0]!.slice(0, 14)))).toEqual([
      'Not changed: w',
      'Not asked: a q',
      'Not asked: a q',
      'Not asked: a q',
      'Not asked: a q',
    ]);
    // Straight after Cancel, a window cannot raise it again; a while later the person can.
    expect((await handlers.updateSettings({ updates: { serverUrl: FEED } })).ok).toBe(false);
    expect(asked).toHaveLength(1);
    clock.jump(ASK_AGAIN_AFTER_MS);
    const again = handlers.updateSettings({ updates: { serverUrl: FEED } });
    await new Promise((resolve) => setImmediate(resolve));
    answer(true);
    expect((await again).ok).toBe(true);
    expect(asked).toHaveLength(2);
  });
});
