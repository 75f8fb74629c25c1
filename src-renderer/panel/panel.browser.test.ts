/** The panel window in real Chromium, with the real core behind window.api talking to the real mock. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src-main/core/app-core.ts';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';

/** The raw bridge function the harness exposes, as a compromised page could call it. */
type Bridge = { __timeclockInvoke: (name: string, args: readonly unknown[]) => Promise<unknown> };

let mock: MockServer;
let harness: Harness;
let core: AppCore;

beforeAll(async () => {
  mock = await startMockServer({ debtors: 100 });
  harness = await startHarness();
  core = createTestCore(mock);
});
afterAll(async () => {
  await harness?.close();
  await mock?.close();
});

const open = (colorScheme: 'light' | 'dark' = 'light') =>
  harness.open('panel', { handlers: createWindowHandlers(core), subscribe: core.events.on }, { colorScheme });

describe('panel window', () => {
  it('shows the environment with a Mock marker and both systems up, with latency', async () => {
    const view = await open();
    const { page } = view;
    await expect.poll(() => page.locator('[data-system="source"]').getAttribute('data-state')).toBe('up');
    expect(await page.locator('[data-system="target"]').getAttribute('data-state')).toBe('up');
    expect(await page.locator('.environment').textContent()).toContain('Mock (built-in)');
    expect(await page.locator('.mock-badge').isVisible()).toBe(true);
    expect(await page.locator('[data-system="source"] .status').textContent()).toMatch(/^up · \d+ ms · checked \d+ s ago$/);
    await view.screenshot('panel-light');
    expect(view.problems).toEqual([]);
  });

  it('shows a system going down after "Check now", in dark mode, keyboard only', async () => {
    const view = await open('dark');
    const { page } = view;
    await expect.poll(() => page.locator('[data-system="target"]').getAttribute('data-state')).toBe('up');
    await mock.control.setSystem('target', { status: 'down' });
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Check now');
    await page.keyboard.press('Enter');
    // One failed check is only "suspect": the panel says so without crying "down".
    await expect.poll(() => page.locator('[data-system="target"]').getAttribute('data-state')).toBe('suspect');
    expect(await page.locator('[data-system="target"] .status').textContent()).toBe('not answering · re-checking');
    expect(await page.locator('[data-system="source"]').getAttribute('data-state')).toBe('up');
    await view.screenshot('panel-dark-target-down');
    await mock.control.setSystem('target', { status: 'up' });
    expect(view.problems).toEqual([]);
  });

  it('updates when the core pushes new health, without a request from the window', async () => {
    const view = await open();
    await expect.poll(() => view.page.locator('[data-system="source"]').getAttribute('data-state')).toBe('up');
    const before = view.calls.length;
    await mock.control.setSystem('source', { status: 'down' });
    await core.checkHealthNow();
    await expect.poll(() => view.page.locator('[data-system="source"]').getAttribute('data-state')).toBe('suspect');
    expect(view.calls.length).toBe(before);
    await mock.control.setSystem('source', { status: 'up' });
  });

  it('shows a plain-language problem when credentials are refused', async () => {
    const badCore = createTestCore(mock);
    const saved = await createWindowHandlers(badCore).saveEnvironment({
      name: 'Mock with a wrong secret',
      timeclockBaseUrl: mock.timeclockBaseUrl,
      debtorsBaseUrl: mock.debtorsBaseUrl,
      clientId: 'demo-client',
      auth: { kind: 'basic' },
      employeeId: 'E1001',
    });
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    badCore.vault.set(saved.environment.id, 'wrong-secret');
    badCore.environments.setActive(saved.environment.id);
    const view = await harness.open('panel', { handlers: createWindowHandlers(badCore), subscribe: badCore.events.on });
    const message = view.page.locator('[data-system="source"] .message');
    await expect.poll(() => message.textContent()).toContain('refused the credentials');
    expect(await view.page.locator('[data-system="source"] .status').textContent()).toBe('credentials refused · checks paused');
    expect(await message.textContent()).toContain(
      'Check the client id and client secret for environment Mock with a wrong secret.',
    );
    expect(await view.page.content()).not.toContain('wrong-secret');
    await view.screenshot('panel-auth-error');
  });

  it('gets a clear error for a request outside the contract', async () => {
    const view = await open();
    const invoke = (name: string, args: unknown[]) =>
      view.page.evaluate(([n, a]) => (globalThis as unknown as Bridge).__timeclockInvoke(n, a), [name, args] as const);
    const answer = await invoke('readSecret', []);
    expect(answer).toEqual({ ok: false, error: { kind: 'invalid-request', message: 'Unknown request "readSecret".' } });
    const badArgs = await invoke('checkHealthNow', ['extra']);
    expect(badArgs).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
  });
});
