/**
 * Issue 47, points 1, 2 and 12: sign-in through each gateway as its documentation says it refuses —
 * MuleSoft's one 401 for a wrong secret and an access not yet approved, Basic or query parameters
 * where Mule wants them, Azure's subscription key, Kong's and Apigee's API keys — recognised, said
 * in the app's words (never underscore advice for a gateway that wants a key), and proposed by the
 * connection test in one click that then connects.
 */
import { describe, expect, it } from 'vitest';
import { defaultAuthScheme, type AuthScheme } from '../../shared/api/api-profile.ts';
import type { ConnectionReport, EnvironmentDraftInput } from '../../shared/ipc/contract.ts';
import { adminEnvironmentThrough, connectTo, windowCaller } from '../../testing/gateway-core.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { useGateways, type GatewayEmulation, type GatewayKind } from '../../testing/gateway-emulation.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';

const mock = useMockServer({ debtors: 20 });
const startGateway = useGateways(mock);

const connectThrough = (gateway: GatewayEmulation, auth: AuthScheme = defaultAuthScheme, secret?: string) =>
  connectTo(mock, { timeclockBaseUrl: gateway.timeclockBaseUrl, debtorsBaseUrl: gateway.debtorsBaseUrl, auth, secret });

/** The connection test of the environment with this sign-in, as the editor runs it. */
async function testWith(
  call: Awaited<ReturnType<typeof connectThrough>>['call'],
  draft: EnvironmentDraftInput,
  auth: AuthScheme,
): Promise<ConnectionReport> {
  const result = await call('testConnection', { draft: { ...draft, auth }, secret: 'demo-secret' });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

describe('MuleSoft Client ID Enforcement', () => {
  it('says a 401 as "wrong, or access not yet approved" — for a wrong secret and for an approval that has not come', async () => {
    const gateway = await startGateway('mulesoft', { approved: false });
    const { core } = await connectThrough(gateway);
    const [source] = await core.checkHealthNow();
    expect(source!.state).toBe('auth-error');
    expect(source!.message).toMatch(
      /^Timeclock service of Acme refused the credentials for the check of time recording \(401\): they are wrong, or this client's access to the API is not approved yet/,
    );
    gateway.set({ approved: true });
    const wrong = await connectThrough(gateway, defaultAuthScheme, 'not-the-secret');
    const [again] = await wrong.core.checkHealthNow();
    expect(again!.message).toContain("they are wrong, or this client's access to the API is not approved yet");
  });

  it('proposes Basic where Mule asks for it, and connects with it in one click', async () => {
    const gateway = await startGateway('mulesoft', { muleCredentials: 'basic' });
    const { call, draft } = await connectThrough(gateway);
    const report = await testWith(call, draft, defaultAuthScheme);
    expect(report.timeclock.authOk).toBe(false);
    const proposal = report.suggestions.find((suggestion) => suggestion.signIn)!;
    expect(proposal.text).toBe('This looks like MuleSoft Client ID Enforcement: send the client id and secret as HTTP Basic.');
    const applied = await testWith(call, draft, proposal.signIn!);
    expect([applied.timeclock.ok, applied.debtors.ok]).toEqual([true, true]);
  });

  it('names both causes of Mule 3’s "client_id is missing", quotes it, proposes the query sign-in and connects with it (issue 64, point 1)', async () => {
    const gateway = await startGateway('mulesoft', { muleCredentials: 'query', muleVersion: 3 });
    const { core, call, draft } = await connectThrough(gateway);
    const [source] = await core.checkHealthNow();
    expect(source!.message).toMatch(
      /^Timeclock service of Acme found no client id in the check of time recording \(401\)\. The server said: “client_id is missing”\. Either the gateway wants the client id and secret as query parameters .* or a proxy on the way dropped the client_id and client_secret headers/,
    );
    const report = await testWith(call, draft, defaultAuthScheme);
    const proposal = report.suggestions.find((suggestion) => suggestion.signIn);
    expect(proposal).toEqual({
      text: 'This looks like MuleSoft Client ID Enforcement: send the client id and secret in the query parameters “client_id” and “client_secret”.',
      signIn: { kind: 'query', clientIdParam: 'client_id', clientSecretParam: 'client_secret' },
    });
    const applied = await testWith(call, draft, proposal!.signIn!);
    expect([applied.timeclock.ok, applied.debtors.ok]).toEqual([true, true]);
  });

  it('sends the credentials as query parameters where Mule 3 wants them, and never shows them', async () => {
    const gateway = await startGateway('mulesoft', { muleCredentials: 'query' });
    const query: AuthScheme = { kind: 'query', clientIdParam: 'client_id', clientSecretParam: 'client_secret' };
    const { core, call, draft } = await connectThrough(gateway, query);
    expect((await core.checkHealthNow()).map((line) => line.state)).toEqual(['up', 'up']);
    const status = await core.lookup.ensureLoaded();
    expect(status.counts.debtors).toBe(20);
    // Where nothing answers, the address in the message has no query: the secret is never in it.
    await gateway.close();
    const report = await testWith(call, draft, query);
    expect(report.timeclock.reachable).toBe(false);
    expect(JSON.stringify(report)).not.toMatch(/demo-secret|client_secret=/);
  });
});

const keyGateways: Array<{ kind: GatewayKind; name: string; said: RegExp; wanted: AuthScheme; text: string }> = [
  {
    kind: 'azure-apim',
    name: 'Azure API Management',
    said: /found no API key in .* \(401\) — Azure API Management wants the subscription key\. The server said: “Access denied due to missing subscription key/,
    wanted: { kind: 'api-key', header: 'Ocp-Apim-Subscription-Key' },
    text: 'This looks like Azure API Management: send the secret as an API key in the header “Ocp-Apim-Subscription-Key”.',
  },
  {
    kind: 'kong',
    name: 'Kong',
    said: /found no API key in .* \(401\) — Kong wants its API key\. The server said: “No API key found in request”\. Set/,
    wanted: { kind: 'api-key', header: 'apikey' },
    text: 'This looks like Kong: send the secret as an API key in the header “apikey”.',
  },
  {
    kind: 'apigee',
    name: 'Apigee',
    said: /found no API key in .* \(401\) — Apigee wants its API key\./,
    wanted: { kind: 'api-key', header: 'x-api-key' },
    text: 'This looks like Apigee: send the secret as an API key in the header “x-api-key”.',
  },
];

describe.each(keyGateways)('$name', ({ kind, said, wanted, text }) => {
  it('says a missing key as such (never "headers with underscores"), proposes where the key goes, and connects with it', async () => {
    const gateway = await startGateway(kind);
    const { core, call, draft } = await connectThrough(gateway);
    const [source] = await core.checkHealthNow();
    expect(source!.message).toMatch(said);
    expect(source!.message).not.toMatch(/underscore/i);
    const report = await testWith(call, draft, defaultAuthScheme);
    const proposal = report.suggestions.find((suggestion) => suggestion.signIn);
    expect(proposal).toEqual({ text, signIn: wanted });
    const applied = await testWith(call, draft, wanted);
    expect([applied.timeclock.ok, applied.debtors.ok]).toEqual([true, true]);
  });
});

describe('an environment IT set up for a gateway', () => {
  it('signs in as the named gateway wants, and says where access is requested when it is refused', async () => {
    const gateway = await startGateway('mulesoft', { approved: false });
    const portal = 'https://anypoint.example.com/exchange/timeclock-sapi';
    const core = createTestCore(mock.server, {
      admin: adminEnvironmentThrough(gateway, portal),
    });
    const { call } = windowCaller(core);
    await call('setEnvironmentSecret', 'acme', 'demo-secret');
    expect(core.info().environment.accessPortalUrl).toBe(portal);
    const [source] = await core.checkHealthNow();
    expect(source!.message).toMatch(new RegExp(`not approved yet.*Access is requested at ${portal.replaceAll('.', '\\.')}\\.$`));
    gateway.set({ approved: true });
    await core.checkHealthNow();
    expect((await core.checkHealthNow()).map((line) => line.state)).toEqual(['up', 'up']);
  });
});
