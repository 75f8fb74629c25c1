/**
 * Issue 47, point 10, and issue 64, point 3: times as DataWeave writes them — with the server zone's offset and no
 * milliseconds, or zone-less (`datetime-only`) in a zone far from the user's — read right, and the
 * server's zone proposed only where the evidence pins it (its health answer's stamp of "now"
 * against that answer's Date header); otherwise the connection test asks.
 */
import { describe, expect, it } from 'vitest';
import type { ProfileSuggestion } from '../../shared/domain/environments.ts';
import { resolveProfile } from '../../shared/api/api-profile.ts';
import { connectThroughGateway } from '../../testing/gateway-core.ts';
import { useGateways, type GatewayEmulation } from '../../testing/gateway-emulation.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';

const mock = useMockServer({ debtors: 20 });
const startGateway = useGateways(mock);
const connectThrough = (gateway: GatewayEmulation, localZone: string) =>
  connectThroughGateway(mock, gateway, { core: { localZone } });
/** A whole second some minutes ago, as the service keeps a clock-in. */
const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - minutes * 60_000).toISOString();

async function zoneProposals(gateway: GatewayEmulation, localZone: string): Promise<ProfileSuggestion[]> {
  mock.server.control.timeclock.clockIn('E1002', minutesAgo(30));
  const { call, draft } = await connectThrough(gateway, localZone);
  const result = await call('testConnection', { draft, secret: 'demo-secret' });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report.suggestions.filter((suggestion: ProfileSuggestion) => /time zone/.test(suggestion.text));
}

/** Applies a proposal and checks the clock then shows the open clock-in's own instant; the window API, for more. */
async function appliedShowsTheClockIn(gateway: GatewayEmulation, localZone: string, proposal: ProfileSuggestion) {
  const { core, call, draft } = await connectThrough(gateway, localZone);
  const saved = await call('saveEnvironment', { ...draft, profile: Object.assign({}, draft.profile, proposal.change) });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  await core.clock.refresh();
  const open = mock.server.control.timeclock.events().find((event) => event.employeeId === 'E1002' && event.clockOut === null);
  expect(core.clock.view()).toMatchObject({ state: 'in', since: open!.clockIn });
  return call;
}

describe('DataWeave times', () => {
  it('reads an offset without milliseconds (-03:00) as the instant it is', async () => {
    const since = minutesAgo(90);
    mock.server.control.timeclock.clockIn('E1002', since);
    const gateway = await startGateway('mulesoft', { apikit: { times: { zone: 'America/Sao_Paulo', written: 'offset' } } });
    const { core } = await connectThrough(gateway, 'Europe/Berlin');
    await core.clock.refresh();
    expect(core.clock.view()).toMatchObject({ state: 'in', since });
  });

  it('proposes no zone from the times of lists: a New York server seen from Berlin is asked about, not read as Berlin', async () => {
    const gateway = await startGateway('mulesoft', { apikit: { times: { zone: 'America/New_York', written: 'local' } } });
    const proposals = await zoneProposals(gateway, 'Europe/Berlin');
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.text).toMatch(/^Times come without a time zone, and nothing the server sent tells which/);
    // Nothing to apply: date filters written in a guessed zone would skip the records of the hours between.
    expect(proposals[0]!.change).toBeUndefined();
  });

  it('carries the zone at the stamped clock’s offset into the profile (Chicago seen from Berlin): the clock and a date filter are then right', async () => {
    const gateway = await startGateway('mulesoft', {
      apikit: { times: { zone: 'America/Chicago', written: 'literal' }, dateType: 'datetime-only' },
      health: 'status-200',
    });
    const [proposal] = await zoneProposals(gateway, 'Europe/Berlin');
    const offset = new Intl.DateTimeFormat('en', { timeZone: 'America/Chicago', timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')!
      .value.replace('GMT', '')
      .replace('-', '−');
    expect(proposal!.text).toContain(`runs at UTC${offset}: read them, and write date filters, in America/Chicago. `);
    expect(proposal!.text).not.toContain('Europe/Berlin');
    expect(proposal!.change).toEqual({ dateFilterFormat: 'iso-local', serverTimeZone: 'America/Chicago' });

    const call = await appliedShowsTheClockIn(gateway, 'Europe/Berlin', proposal!);
    // A date filter written in Chicago's wall time finds exactly the clients changed since then.
    const truth = (await (await mock.call('/debtors/Advance/Clients')).json()) as Array<{ modifiedAt: string }>;
    const pivot = truth.map((client) => client.modifiedAt).sort()[Math.floor(truth.length / 2)]!;
    const since = await call('advanceClients', pivot);
    expect(since.length).toBe(truth.filter((client) => client.modifiedAt >= pivot).length);
    // DataWeave writes whole seconds: each client read back is at or after the pivot's second.
    const pivotSecond = Math.floor(Date.parse(pivot) / 1000) * 1000;
    expect(since.every((client) => Date.parse(String(client.modifiedAt)) >= pivotSecond)).toBe(true);
  });

  it('corrects a set zone the stamped clock disagrees with, and says both offsets', async () => {
    const gateway = await startGateway('mulesoft', {
      apikit: { times: { zone: 'America/Chicago', written: 'local' } },
      health: 'status-200',
    });
    mock.server.control.timeclock.clockIn('E1002', minutesAgo(30));
    const { call, draft } = await connectThrough(gateway, 'Europe/Berlin');
    const tokyo = {
      ...draft,
      profile: resolveProfile({ ...draft.profile, serverTimeZone: 'Asia/Tokyo', dateFilterFormat: 'iso-local' }),
    };
    const result = await call('testConnection', { draft: tokyo, secret: 'demo-secret' });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [correction] = result.report.suggestions.filter((suggestion: ProfileSuggestion) => suggestion.change?.serverTimeZone);
    expect(correction!.text).toMatch(/^Times are read in Asia\/Tokyo, which is at UTC\+09:00 now, but the server's own clock/);
    expect(correction!.change).toEqual({ dateFilterFormat: 'iso-local', serverTimeZone: 'America/Chicago' });
  });

  it('proposes this computer’s zone in one click when the stamped clock runs on it', async () => {
    const gateway = await startGateway('mulesoft', {
      apikit: { times: { zone: 'America/New_York', written: 'local' } },
      health: 'status-200',
    });
    const [proposal] = await zoneProposals(gateway, 'America/New_York');
    expect(proposal!.change).toEqual({ dateFilterFormat: 'iso-local', serverTimeZone: 'America/New_York' });
    await appliedShowsTheClockIn(gateway, 'America/New_York', proposal!);
  });
});
