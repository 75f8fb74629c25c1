/** The lookup as the app runs it: in its worker thread, against the real mock, on a fake clock. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LookupStatus } from '../../shared/ipc/contract.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { MOCK_CLIENT_SECRET } from '../environments/environment.ts';
import { fakeEncryptor } from '../../testing/fake-encryptor.ts';
import { RELEASE_WHEN_KEPT_ON_DISK_MS } from './lookup-service.ts';

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

  it('with its lists kept on disk, gives its memory back half a minute after closing, and opens again from the disk', async () => {
    const clock = createFakeClock();
    const dataDir = mkdtempSync(join(tmpdir(), 'lookup-release-'));
    const core = createTestCore(mock.server, { time: clock, dataDir, encryptor: fakeEncryptor('strong'), lookupWorker: true });
    await core.vault.unlock();
    core.settings.updatePreferences({ lookup: { autoRefreshMinutes: 0, idleClearMinutes: 480 } });
    core.lookup.windowOpened();
    const { debtors } = (await core.lookup.ensureLoaded()).counts;
    expect(debtors).toBeGreaterThanOrEqual(800);
    const closedAt = clock.now();
    core.lookup.windowClosed();
    expect(clock.nextTimerAt()).toBe(closedAt + RELEASE_WHEN_KEPT_ON_DISK_MS);
    clock.fireNext();
    await expect.poll(() => core.lookup.status().state).toBe('empty');
    // Opened again with the service down: every debtor is there, read from the disk, and the failed delta is said.
    await mock.control('PUT', '/services/debtors', { unavailable: true });
    try {
      core.lookup.windowOpened();
      const again = await core.lookup.ensureLoaded();
      expect(again).toMatchObject({ cacheProblem: null, counts: { debtors } });
      expect(again.problems.some((problem) => problem.kind === 'failed')).toBe(true);
    } finally {
      await mock.control('PUT', '/services/debtors', { unavailable: false });
      await core.lookup.stop();
    }
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
