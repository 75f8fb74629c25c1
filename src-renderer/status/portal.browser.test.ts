/**
 * Issue 47, point 1: where credentials are refused, the status window links IT's API portal, where
 * access is requested (a MuleSoft gateway emulated in front of the real mock, access not yet approved).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { startGatewayEmulation, type GatewayEmulation } from '../../src-main/testing/gateway-emulation.ts';
import { adminEnvironmentThrough, windowCaller } from '../../src-main/testing/gateway-core.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';

let mock: MockServer;
let gateway: GatewayEmulation;
let harness: Harness;
beforeAll(async () => {
  mock = await startMockServer({ debtors: 5 });
  gateway = await startGatewayEmulation(mock.url, 'mulesoft');
  gateway.set({ approved: false });
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await gateway?.close();
  await mock?.close();
});

it('links the API portal beside credentials refused as "wrong, or access not yet approved"', async () => {
  const portal = 'https://anypoint.example.com/exchange/timeclock-sapi';
  const core = createTestCore(mock, {
    admin: adminEnvironmentThrough(gateway, portal),
  });
  await windowCaller(core).call('setEnvironmentSecret', 'acme', 'demo-secret');
  await core.checkHealthNow();
  const view = await harness.open(
    'status',
    { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
    { size: { width: 900, height: 760 } },
  );
  const link = view.page.locator('[data-system="source"] .message a');
  await expect.poll(() => link.getAttribute('href')).toBe(portal);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await view.page.locator('[data-system="source"] .status').textContent()).toMatch(
    /^credentials refused · checked again every 5 min/,
  );
  await view.screenshot('status-access-portal');
  expect(view.problems).toEqual([]);
});
