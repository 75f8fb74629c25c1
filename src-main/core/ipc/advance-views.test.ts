/**
 * The Advance views meet a wrong base path as health and the lookup do (issue 64, point 5): when
 * nothing of the debtors service answers at the address, the base URL is said to be wrong, in the
 * same words — and a route that is merely missing one record stays "not found".
 */
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { defaultAuthScheme, resolveProfile } from '../../shared/api/api-profile.ts';
import { windowApi } from '../../testing/window-api.ts';

const mock = useMockServer({ debtors: 5 });

/** "Acme" on the mock, as a user sets it up, its debtors service at `path` of the mock. */
function acmeWithDebtorsAt(path: string) {
  const core = createTestCore(mock.server);
  const saved = core.environments.save({
    name: 'Acme',
    timeclockBaseUrl: mock.server.timeclockBaseUrl,
    debtorsBaseUrl: `${mock.server.url}${path}`,
    clientId: 'demo-client',
    auth: defaultAuthScheme,
    employeeId: 'E1001',
    profile: resolveProfile({}),
  });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  core.vault.set(saved.value.id, 'demo-secret', core.secretBinding(saved.value.id)!);
  core.environments.setActive(saved.value.id);
  core.environmentsChanged();
  return windowApi(core);
}

describe('the Advance views at a wrong base path', () => {
  it('say the base URL is probably wrong, as health and the lookup do, for clients, transactions and details', async () => {
    const { call } = acmeWithDebtorsAt('/wrong-path');
    const said = /finds nothing at the address of .* nor at any other of its routes: the base URL of Acme is probably wrong/;
    await expect(call('advanceClients', '')).rejects.toThrow(said);
    await expect(
      call('advanceTransactions', { clientKey: 'C1', startDate: '2026-11-01', endDate: '2026-11-20' }),
    ).rejects.toThrow(said);
    await expect(call('advanceTransactionDetails', 'T1')).rejects.toThrow(said);
  });

  it('keep working at the right address', async () => {
    const { call } = acmeWithDebtorsAt('/debtors');
    expect(Array.isArray(await call('advanceClients', ''))).toBe(true);
  });
});
