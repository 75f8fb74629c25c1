/** The lookup as the app runs it: in its worker thread, against the real mock, on a fake clock. */
import { describe, expect, it } from 'vitest';
import type { LookupStatus } from '../../shared/ipc/contract.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { MOCK_CLIENT_SECRET } from '../environments/environment.ts';

const mock = useMockServer({ debtors: 800 });
const sort = { key: 'relevance' as const, descending: false };

describe('lookup service', () => {
  it('loads in a worker thread on first open, searches there, and reports progress as events', async () => {
    const core = createTestCore(mock.server, { lookupWorker: true });
    const statuses: LookupStatus[] = [];
    core.events.on('lookupChanged', (status) => statuses.push(status));
    const status = await core.lookup.ensureLoaded();
    expect(status).toMatchObject({ state: 'ready', counts: { debtors: 800 }, environmentName: 'Mock (built-in)' });
    expect(statuses.some((entry) => entry.state === 'loading')).toBe(true);
    const page = await core.lookup.search('', sort);
    expect(page.total).toBe(800);
    // The score lists are kept by a second worker: the rows carry its columns, the details its records.
    const { dataset } = mock.server.control;
    expect(status.counts).toMatchObject({ creditScores: dataset.creditScores.length, bureauScores: dataset.bureauScores.length });
    const scored = page.rows.find((row) => row.score !== null)!;
    const record = dataset.creditScores.find((score) => score.debtorKey === scored.debtorKey)!;
    expect(scored.score).toBe(record.score);
    const detail = await core.lookup.detail(scored.debtorKey);
    expect(detail?.debtor.debtorKey).toBe(scored.debtorKey);
    expect(detail?.creditScore).toMatchObject({ debtorKey: scored.debtorKey, score: record.score });
    await core.lookup.clear();
  });

  it('forgets the data when the environment changes', async () => {
    const core = createTestCore(mock.server, { lookupWorker: true });
    await core.lookup.ensureLoaded();
    const saved = core.environments.save({ ...core.environments.get('mock')!.environment, id: undefined, name: 'Other' });
    if (!saved.ok) throw new Error('not saved');
    core.environments.setActive(saved.value.id);
    core.environmentsChanged();
    await expect.poll(() => core.lookup.status().state).toBe('empty');
    expect(core.lookup.status().environmentName).toBe('Other');
    await core.lookup.clear();
  });

  it('keeps the data when only the name or the employee changes, forgets it when the sign-in does', async () => {
    const core = createTestCore(mock.server);
    const created = core.environments.save({ ...core.environments.get('mock')!.environment, id: undefined, name: 'Other' });
    if (!created.ok) throw new Error('not saved');
    core.vault.set(created.value.id, MOCK_CLIENT_SECRET, core.secretBinding(created.value.id)!);
    core.environments.setActive(created.value.id);
    core.environmentsChanged();
    await core.lookup.ensureLoaded();
    expect(core.lookup.status().state).toBe('ready');
    const edit = (change: object) => {
      const saved = core.environments.save({ ...core.environments.get(created.value.id)!.environment, ...change });
      expect(saved.ok).toBe(true);
      core.environmentsChanged();
    };
    edit({ name: 'Other, renamed', employeeId: 'E1042' });
    expect(core.lookup.status().state).toBe('ready');
    expect(core.clock.view().employeeId).toBe('E1042');
    edit({ clientId: 'another-client' });
    await expect.poll(() => core.lookup.status().state).toBe('empty');
  });

  it('refreshes while the window is open and forgets everything after it has been closed a while', async () => {
    const clock = createFakeClock();
    const core = createTestCore(mock.server, { time: clock });
    core.settings.updatePreferences({ lookup: { autoRefreshMinutes: 5, idleClearMinutes: 30 } });
    core.lookup.windowOpened();
    await core.lookup.ensureLoaded();
    const firstSync = core.lookup.status().syncedAt;
    await mock.control('POST', '/debtors/changes', { add: 1 });
    clock.fireNext();
    await expect.poll(() => core.lookup.status().counts.debtors).toBe(801);
    expect(core.lookup.status().syncedAt).not.toBe(firstSync);
    core.lookup.windowClosed();
    clock.jump(29 * 60_000);
    expect(core.lookup.status().state).toBe('ready');
    clock.fireNext();
    await expect.poll(() => core.lookup.status().state).toBe('empty');
  });

  it('stops for good when the app quits: no timer left, the data gone, a late window event starts nothing', async () => {
    const clock = createFakeClock();
    const core = createTestCore(mock.server, { time: clock });
    core.settings.updatePreferences({ lookup: { autoRefreshMinutes: 5, idleClearMinutes: 30 } });
    core.lookup.windowOpened();
    await core.lookup.ensureLoaded();
    expect(clock.nextTimerAt()).not.toBeNull();
    await core.lookup.stop();
    core.lookup.windowClosed();
    expect(clock.nextTimerAt()).toBeNull();
    expect(core.lookup.status().state).toBe('empty');
  });
});
