/**
 * IT's client secret given by policy for the computer (pooled desktops): used for IT's own
 * environment only, never shown, and said in Settings as the organisation's.
 */
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { createWindowHandlers } from '../ipc/window-handlers.ts';
import { recordingShell } from '../../testing/test-shell.ts';
import { demoCredentials } from '../../shared/demo-credentials.ts';

const mock = useMockServer({ debtors: 5 });

describe('a client secret IT gives by policy', () => {
  it('signs IT’s environment in with nobody typing it, and is no secret of an environment a user added', async () => {
    const acme = {
      id: 'acme',
      name: 'Acme Factoring',
      timeclockBaseUrl: mock.server.timeclockBaseUrl,
      debtorsBaseUrl: mock.server.debtorsBaseUrl,
      clientId: demoCredentials.clientId,
      auth: { kind: 'headers' as const, clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
      employeeId: 'E1002',
    };
    const core = createTestCore(mock.server, {
      admin: { environments: [acme], defaultEnvironmentId: 'acme' },
      policySecrets: () => ({ acme: demoCredentials.clientSecret }),
    });
    const handlers = createWindowHandlers(core, recordingShell());
    const listed = await handlers.listEnvironments();
    expect(listed.find((environment) => environment.id === 'acme')?.secret).toEqual({
      set: true,
      storage: 'policy',
      note: 'byPolicy',
    });
    expect(JSON.stringify(listed)).not.toContain(demoCredentials.clientSecret);
    // The service accepts it: the clock reads the employee's state with IT's secret.
    await core.clock.refresh();
    expect(core.clock.status().state).not.toBe('unknown');

    // An environment a user added gets nothing of IT's, whatever it is called.
    const { id: _itsId, ...draft } = acme;
    const own = await handlers.saveEnvironment({ ...draft, name: 'Mine', employeeId: 'E1003' });
    if (!own.ok) throw new Error(JSON.stringify(own.errors));
    expect(own.environment.secret).toMatchObject({ set: false, storage: 'none' });
  });
});
