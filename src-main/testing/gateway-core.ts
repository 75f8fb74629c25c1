/**
 * A real core connected to another server the way a user sets it up: an environment saved through
 * the window API, its secret given, made active. For the gateway emulation and the shape proxy.
 */
import type { AuthScheme, ApiProfileInput } from '../shared/api/api-profile.ts';
import { defaultAuthScheme, resolveProfile } from '../shared/api/api-profile.ts';
import type { EnvironmentDraftInput, InvokeApi, InvokeName } from '../shared/ipc/contract.ts';
import type { AppCore } from '../core/app-core.ts';
import type { MockFixture } from './mock-fixture.ts';
import { createTestCore, type TestCoreOptions } from './test-core.ts';
import { recordingShell } from './test-shell.ts';
import { dispatchInvoke } from '../core/ipc/dispatch.ts';
import type { AdminPolicy } from '../core/settings/admin-policy.ts';
import { GATEWAY_SIGN_IN } from '../core/api/gateway-recognition.ts';
import { createWindowHandlers } from '../core/ipc/window-handlers.ts';

/** The window API of a core, called as a window would; a refusal throws its message. */
export function windowCaller(core: AppCore) {
  const shell = recordingShell();
  const handlers = createWindowHandlers(core, shell);
  const call = async <K extends InvokeName>(name: K, ...args: Parameters<InvokeApi[K]>) => {
    const envelope = await dispatchInvoke(handlers, name, args);
    if (!envelope.ok) throw new Error(envelope.error.message);
    return envelope.value as Awaited<ReturnType<InvokeApi[K]>>;
  };
  return { call, shell };
}

export interface ServerSetup {
  timeclockBaseUrl: string;
  debtorsBaseUrl: string;
  auth: AuthScheme;
  profile?: ApiProfileInput;
  secret?: string;
  employeeId?: string;
  core?: TestCoreOptions;
}

/** A new core whose active environment is this server, set up through the window API. */
export async function connectTo(mock: MockFixture, setup: ServerSetup) {
  const core = createTestCore(mock.server, setup.core);
  const { call, shell } = windowCaller(core);
  const draft: EnvironmentDraftInput = {
    name: 'Acme',
    timeclockBaseUrl: setup.timeclockBaseUrl,
    debtorsBaseUrl: setup.debtorsBaseUrl,
    clientId: 'demo-client',
    auth: setup.auth,
    employeeId: setup.employeeId ?? 'E1002',
    profile: resolveProfile(setup.profile),
  };
  const saved = await call('saveEnvironment', draft);
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  await call('setEnvironmentSecret', saved.environment.id, setup.secret ?? 'demo-secret');
  await call('setActiveEnvironment', saved.environment.id, true);
  return { core, call, shell, draft: { ...draft, id: saved.environment.id } };
}

/**
 * A new core connected through a gateway emulation: its two services under the gateway (below
 * `path`, a base path of the gateway's own), signed in with `auth` (the contract's headers unless told).
 */
export function connectThroughGateway(
  mock: MockFixture,
  gateway: { url: string },
  { auth = defaultAuthScheme, path = '', core }: { auth?: AuthScheme; path?: string; core?: TestCoreOptions } = {},
) {
  return connectTo(mock, {
    timeclockBaseUrl: `${gateway.url}${path}/timeclock`,
    debtorsBaseUrl: `${gateway.url}${path}/debtors`,
    auth,
    ...(core ? { core } : {}),
  });
}

/** An environment IT set up in the admin file for this gateway (MuleSoft's sign-in), with its API portal. */
export function adminEnvironmentThrough(
  gateway: { timeclockBaseUrl: string; debtorsBaseUrl: string },
  accessPortalUrl: string,
): Partial<AdminPolicy> {
  return {
    environments: [
      {
        id: 'acme',
        name: 'Acme',
        timeclockBaseUrl: gateway.timeclockBaseUrl,
        debtorsBaseUrl: gateway.debtorsBaseUrl,
        clientId: 'demo-client',
        auth: GATEWAY_SIGN_IN.mulesoft,
        employeeId: 'E1002',
        accessPortalUrl,
      },
    ],
    defaultEnvironmentId: 'acme',
  };
}
