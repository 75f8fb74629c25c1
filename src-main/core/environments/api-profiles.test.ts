/**
 * Real-world servers through API profiles: each dialect of the "other shapes" proxy (in front of
 * the real mock) is used through the window API of a real core with the matching profile — clock in
 * and out, a 409, the lookup's full sync with paging, search, detail and delta, and the Advance
 * routes — with no change of code.
 */
import { describe, expect, it } from 'vitest';
import { resolveProfile, type ApiProfileInput, type AuthScheme } from '../../shared/api/api-profile.ts';
import { demoHeaders, useMockServer } from '../../testing/mock-fixture.ts';
import { useShapeProxies, type Dialect, type ShapeProxy } from '../../testing/shape-proxy.ts';
import type { createTestCore } from '../../testing/test-core.ts';
import { connectTo } from '../../testing/gateway-core.ts';
import { detailOf } from '../../shared/ipc/contract.ts';

const mock = useMockServer({ debtors: 120 });
const startProxy = useShapeProxies(mock);

interface Case {
  name: string;
  dialect: Partial<Dialect>;
  auth: (proxy: ShapeProxy) => AuthScheme;
  profile: ApiProfileInput;
}

const cases: Case[] = [
  {
    name: 'PascalCase and acronyms, OData paging, OAuth client credentials, PUT clock-out, problem+json',
    dialect: {
      pascal: true,
      listEnvelope: 'value',
      paging: { style: 'odata', size: 50 },
      auth: 'oauth',
      clockOut: 'put',
      problemJson: true,
    },
    auth: (proxy) => ({ kind: 'oauth-client-credentials', tokenUrl: proxy.tokenUrl, credentialsIn: 'body' }),
    profile: { clockOutMethod: 'put' },
  },
  {
    name: 'renamed time-event fields in an envelope, zoneless New York times, cursor paging, an API key, merge-patch',
    dialect: {
      timeEventFields: { id: 'TimeEventRef', employeeId: 'EmpNo', clockIn: 'StartDateTime', clockOut: 'EndDateTime' },
      singleEnvelope: 'result',
      listEnvelope: 'items',
      paging: { style: 'cursor', size: 40 },
      zone: 'America/New_York',
      auth: 'api-key',
      clockOut: 'patch-merge',
    },
    auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }),
    profile: {
      timeEventFields: { id: 'TimeEventRef', employeeId: 'EmpNo', clockIn: 'StartDateTime', clockOut: 'EndDateTime' },
      singleEnvelope: 'result',
      serverTimeZone: 'America/New_York',
      dateFilterFormat: 'iso-local',
      clockOutMethod: 'patch-merge',
    },
  },
  {
    name: 'page numbers with a total, OAuth with Basic credentials, JSON Patch clock-out, problem+json',
    dialect: {
      listEnvelope: 'data',
      paging: { style: 'page', size: 30 },
      auth: 'oauth',
      clockOut: 'json-patch',
      problemJson: true,
    },
    auth: (proxy) => ({ kind: 'oauth-client-credentials', tokenUrl: proxy.tokenUrl, credentialsIn: 'basic' }),
    profile: { clockOutMethod: 'json-patch' },
  },
];

async function connect(testCase: Case, employeeId = 'E1002', coreOptions: Parameters<typeof createTestCore>[1] = {}) {
  const proxy = await startProxy(testCase.dialect);
  const { core, call } = await connectTo(mock, {
    timeclockBaseUrl: proxy.timeclockBaseUrl,
    debtorsBaseUrl: proxy.debtorsBaseUrl,
    auth: testCase.auth(proxy),
    profile: testCase.profile,
    employeeId,
    core: coreOptions,
  });
  return { proxy, core, call };
}

const otherDeviceClocksIn = (employeeId: string, at: string) =>
  fetch(`${mock.server.timeclockBaseUrl}/clockedTimeEvents`, {
    method: 'POST',
    headers: { ...demoHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ employeeId, clockIn: at }),
  });

describe.each(cases)('a server with $name', (testCase) => {
  it('clocks in and out, and reconciles a 409, through the profile', async () => {
    const { core, call } = await connect(testCase);
    const events = () => mock.server.control.timeclock.events().filter((event) => event.employeeId === 'E1002');
    await core.clock.refresh();
    expect((await call('getClock')).state).toBe('out');
    const afterIn = await call('toggleClock');
    expect(afterIn.stopped.map((punch) => punch.reason).concat(afterIn.pending.map((punch) => punch.reason ?? ''))).toEqual([]);
    expect(afterIn.state).toBe('in');
    expect(events()).toEqual([expect.objectContaining({ clockOut: null })]);
    const clockIn = events()[0]!.clockIn;
    expect(Date.parse(clockIn)).toBeGreaterThan(Date.now() - 60_000);
    expect(await call('toggleClock')).toMatchObject({ state: 'out', pending: [], stopped: [] });
    expect(events()[0]!.clockOut).not.toBeNull();

    const elsewhere = new Date(Math.floor(Date.now() / 1000) * 1000 + 2000).toISOString();
    await otherDeviceClocksIn('E1002', elsewhere);
    const reconciled = await call('toggleClock');
    expect(reconciled).toMatchObject({ state: 'in', since: elsewhere, pending: [], stopped: [] });
    expect(events()).toHaveLength(2);
  });

  it('loads every page of every list, searches, shows a debtor, picks up a delta, and reads the Advance routes', async () => {
    const { core, call, proxy } = await connect(testCase);
    await call('lookupOpen');
    const loaded = await core.lookup.refresh(true);
    expect(loaded.problems).toEqual([]);
    expect(loaded.counts.debtors).toBe(120);
    expect(proxy.requests.filter((line) => line.startsWith('GET /debtors/Debtors')).length).toBeGreaterThan(2);

    const someone = mock.server.control.dataset.debtors[7]!;
    const found = await call('lookupSearch', someone.name, { key: 'relevance', descending: false });
    expect(found.rows.map((row) => row.debtorKey)).toContain(someone.debtorKey);
    const detail = detailOf(await call('lookupDetail', someone.debtorKey));
    expect(detail?.creditScore).toMatchObject({ debtorKey: someone.debtorKey });

    await mock.control('POST', '/debtors/changes', { add: 5 });
    const delta = await core.lookup.refresh(false);
    expect(delta.counts.debtors).toBe(125);
    expect(delta.problems).toEqual([]);

    const clients = await call('advanceClients', null);
    expect(clients.length).toBeGreaterThan(0);
    const transactions = await call('advanceTransactions', {
      clientKey: String(clients[0]!.clientKey),
      // The mock's history reaches 540 days back from its own clock: a range around that, in any year.
      startDate: new Date(mock.server.control.now() - 600 * 86_400_000).toISOString().slice(0, 10),
      endDate: new Date(mock.server.control.now() + 86_400_000).toISOString().slice(0, 10),
    });
    if (!transactions.ok) throw new Error(JSON.stringify(transactions.errors));
    expect(transactions.view.count).toBeGreaterThan(0);
    const details = await call('advanceTransactionDetails', String(transactions.view.rows[0]!.transKey));
    expect(details.length).toBeGreaterThan(0);
  });
});

/** The server's health answer stamps its wall clock (New York's, −05:00 or −04:00 in summer): New York is proposed, the others at that offset named. */
const NEW_YORK_STAMPED =
  /^Times come without a time zone; the server's own clock, stamped in its answer, runs at UTC−0[45]:00: read them, and write date filters, in America\/New_York\. America\/\w+, /;

describe('the connection test proposes the profile', () => {
  it('reads renamed fields, zoneless times and paging from the answers, and its proposals make the server work', async () => {
    const renamed = cases[1]!;
    const { call, core } = await connect({ ...renamed, profile: {} }, 'E1001');
    await mock.control('POST', '/debtors/changes', { count: 60 }); // more changes today than one page holds
    const tested = await call('testConnection', { environmentId: core.activeEnvironment().id });
    if (!tested.ok) throw new Error('not tested');
    const texts = tested.report.suggestions.map((suggestion) => suggestion.text);
    expect(texts).toEqual([
      'Time events use other field names: id is “TimeEventRef”, employeeId is “EmpNo”, clockIn is “StartDateTime”, clockOut is “EndDateTime”.',
      'Lists are paged (“nextCursor”): the app follows the pages by itself, up to 100 pages per list.',
      expect.stringMatching(NEW_YORK_STAMPED),
    ]);
    const proposed = Object.assign({}, ...tested.report.suggestions.map((suggestion) => suggestion.change ?? {}));
    expect(proposed).toEqual({
      timeEventFields: {
        id: 'TimeEventRef',
        employeeId: 'EmpNo',
        clockIn: 'StartDateTime',
        clockOut: 'EndDateTime',
        employeeName: null,
      },
      dateFilterFormat: 'iso-local',
      serverTimeZone: 'America/New_York',
    });
  });

  it('finds paging the answers do not tell, never says "Connected" for part of a list, and its proposal reads it whole', async () => {
    const silent: Case = {
      name: 'pages only when asked',
      dialect: { paging: { style: 'silent-page', size: 25 }, auth: 'api-key' },
      auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }),
      profile: {},
    };
    const { call, core } = await connect(silent, 'E1001');
    const id = core.activeEnvironment().id;
    const tested = await call('testConnection', { environmentId: id });
    if (!tested.ok) throw new Error('not tested');
    expect(tested.report.debtors).toMatchObject({
      ok: false,
      reachable: true,
      message:
        'Connected, but only the first 25 debtors arrive with these API settings: the server pages its lists only when asked. Apply the paging proposed below.',
    });
    const paging = tested.report.suggestions.find((suggestion) => suggestion.change?.paging);
    expect(paging).toEqual({
      text: 'Lists come in pages of 25 only when asked by page number: set paging to “page” (from 1) and “pageSize”.',
      change: { paging: { style: 'page', pageParam: 'page', sizeParam: 'pageSize', firstPage: 1, pageSize: 25 } },
    });

    const environment = core.activeEnvironment();
    await call('saveEnvironment', { ...environment, profile: resolveProfile({ ...environment.profile, ...paging!.change }) });
    const retested = await call('testConnection', { environmentId: id });
    if (!retested.ok) throw new Error('not tested');
    expect(retested.report.debtors).toMatchObject({ ok: true, message: expect.stringMatching(/^Connected\./) });
    await call('lookupOpen');
    const loaded = await core.lookup.refresh(true);
    expect(loaded.problems).toEqual([]);
    expect(loaded.counts.debtors).toBe(120);
  });

  it('says "Connected" for a server paging by page number and total alone, which the app follows by itself', async () => {
    const numbered: Case = {
      name: 'page, pageSize and total',
      dialect: { paging: { style: 'page-total', size: 40 }, auth: 'api-key' },
      auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }),
      profile: {},
    };
    const { call, core } = await connect(numbered, 'E1001');
    const tested = await call('testConnection', { environmentId: core.activeEnvironment().id });
    if (!tested.ok) throw new Error('not tested');
    expect(tested.report.debtors.ok).toBe(true);
    expect(tested.report.suggestions.filter((suggestion) => suggestion.change?.paging)).toEqual([]);
    await call('lookupOpen');
    expect((await core.lookup.refresh(true)).counts.debtors).toBe(120);
  });

  it("proposes debtor fields under other names, nested ones too, beside the analyst's words; applied, names are found and scores shown", async () => {
    const renamed: Case = {
      name: 'a legal name and a nested score',
      dialect: { debtorFields: { name: 'legalName', score: 'rating.value' }, auth: 'api-key' },
      auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }),
      profile: {},
    };
    const { call, core } = await connect(renamed, 'E1001');
    await mock.control('POST', '/debtors/changes', { count: 30 }); // scores changed today, for the sample
    const id = core.activeEnvironment().id;
    const tested = await call('testConnection', { environmentId: id });
    if (!tested.ok) throw new Error('not tested');
    const fields = tested.report.suggestions.find((suggestion) => suggestion.change?.debtorFields);
    expect(fields?.text).toBe(
      'Debtor data comes under other field names: Name is “legalName”, Calculated score is “rating.value”. Applied, names are searchable and scores shown.',
    );
    expect(fields?.change?.debtorFields).toMatchObject({ name: 'legalName', score: 'rating.value', debtorKey: null });

    const environment = core.activeEnvironment();
    await call('saveEnvironment', { ...environment, profile: resolveProfile({ ...environment.profile, ...fields!.change }) });
    await call('lookupOpen');
    expect((await core.lookup.refresh(true)).problems).toEqual([]);
    const someone = mock.server.control.dataset.debtors[3]!;
    const found = await call('lookupSearch', someone.name, { key: 'relevance', descending: false });
    expect(found.rows.map((row) => row.debtorKey)).toContain(someone.debtorKey);
    const detail = detailOf(await call('lookupDetail', someone.debtorKey));
    expect(detail?.creditScore?.score).toEqual(expect.any(Number));
  });

  it('proposes a bureau score named “creditBureauScore”, and says a score field it cannot recognise (issue 64, point 6)', async () => {
    const renamed: Case = {
      name: 'a bureau score under another name',
      dialect: { debtorFields: { bureauScore: 'creditBureauScore', score: 'scr' }, auth: 'api-key' },
      auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }),
      profile: {},
    };
    const { call, core } = await connect(renamed, 'E1001');
    await mock.control('POST', '/debtors/changes', { count: 30 }); // scores changed today, for the sample
    // Bureau scores changed today too: the connection test reads each list's changes of the day.
    const { control } = mock.server;
    const bureau = control.dataset.bureauScores.slice(0, 5);
    for (const score of bureau) score.modifiedAt = new Date(control.now()).toISOString();
    control.touched(control.dataset.bureauScores, bureau);
    const tested = await call('testConnection', { environmentId: core.activeEnvironment().id });
    if (!tested.ok) throw new Error('not tested');
    const fields = tested.report.suggestions.find((suggestion) => suggestion.change?.debtorFields);
    expect(fields?.change?.debtorFields).toMatchObject({ bureauScore: 'creditBureauScore' });
    expect(tested.report.suggestions.map((suggestion) => suggestion.text)).toContain(
      "No field of the server's records could be recognised for: Calculated score. Those columns stay empty until the field names are set in the API settings (debtor fields).",
    );

    const environment = core.activeEnvironment();
    await call('saveEnvironment', { ...environment, profile: resolveProfile({ ...environment.profile, ...fields!.change }) });
    await call('lookupOpen');
    await core.lookup.refresh(true);
    // Applied: the bureau score is read under the server's name, as the lookup's own field.
    const detail = detailOf(await call('lookupDetail', bureau[0]!.debtorKey));
    expect(detail?.bureauScore?.bureauScore).toBe(bureau[0]!.bureauScore);
  });

  it('proposes where the reasons of a score come (“scoreFactors”); applied, a debtor’s details carry them (issue 68, point 2)', async () => {
    const renamed: Case = {
      name: 'score reasons under another name',
      dialect: { debtorFields: { reasons: 'scoreFactors' }, auth: 'api-key' },
      auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }),
      profile: {},
    };
    const { call, core } = await connect(renamed, 'E1001');
    // Low scores changed today: they carry reasons, and the connection test reads the day's changes.
    const { control } = mock.server;
    const low = control.dataset.creditScores.filter((score) => score.reasons).slice(0, 5);
    for (const score of low) score.modifiedAt = new Date(control.now()).toISOString();
    control.touched(control.dataset.creditScores, low);
    const tested = await call('testConnection', { environmentId: core.activeEnvironment().id });
    if (!tested.ok) throw new Error('not tested');
    const fields = tested.report.suggestions.find((suggestion) => suggestion.change?.debtorFields);
    expect(fields?.change?.debtorFields).toMatchObject({ reasons: 'scoreFactors' });
    expect(fields?.text).toContain('Reasons is “scoreFactors”');

    const environment = core.activeEnvironment();
    await call('saveEnvironment', { ...environment, profile: resolveProfile({ ...environment.profile, ...fields!.change }) });
    await call('lookupOpen');
    await core.lookup.refresh(true);
    const detail = detailOf(await call('lookupDetail', low[0]!.debtorKey));
    expect(detail?.creditScore?.reasons).toEqual(low[0]!.reasons);
  });

  it('blames a clock-in read hours ahead on the server’s zoneless times, never on this computer’s clock (issue 64, point 4)', async () => {
    const berlin: Case = {
      name: 'zoneless Berlin times',
      dialect: { zone: 'Europe/Berlin', auth: 'api-key' },
      auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }),
      profile: {},
    };
    const { core, call } = await connect(berlin, 'E1002', { localZone: 'Europe/Berlin' });
    await core.clock.refresh();
    const afterIn = await call('toggleClock');
    expect(afterIn.state).toBe('in');
    // Read as UTC, the service's clock-in lies an hour or two ahead of now: the clock-out is refused, in the right words.
    const refused = await core.clock.toggle('window');
    expect(refused).toMatchObject({
      kind: 'ignored',
      reason: expect.stringMatching(
        /^Not sent: the timeclock service says you clocked in at .*, later than now .* not a fault of this computer's clock/,
      ),
    });
    expect(JSON.stringify(refused)).not.toMatch(/Check this computer's date and time/);
  });

  it('proposes the clock-out method a PUT-only server allows, from what it answers to OPTIONS', async () => {
    const { call, core } = await connect({ ...cases[0]!, profile: {} }, 'E1001');
    const tested = await call('testConnection', { environmentId: core.activeEnvironment().id });
    if (!tested.ok) throw new Error('not tested');
    expect(tested.report.suggestions).toContainEqual({
      text: 'The server allows “GET, PUT, OPTIONS” for a time event: send the clock-out as PUT of the whole event.',
      change: { clockOutMethod: 'put' },
    });
  });

  it("proposes the server's zone for zoneless times when its clock bears it out, and applied, the clock reads the true moment", async () => {
    const newYork = cases[1]!;
    const { call, core } = await connect(
      { ...newYork, profile: { ...newYork.profile, serverTimeZone: 'UTC', dateFilterFormat: 'contract' } },
      'E1001',
      {
        localZone: 'America/New_York',
      },
    );
    await mock.control('POST', '/debtors/changes', { count: 5 }); // records written just now, in the server's wall time
    const id = core.activeEnvironment().id;
    const tested = await call('testConnection', { environmentId: id });
    if (!tested.ok) throw new Error('not tested');
    const zone = tested.report.suggestions.find((suggestion) => suggestion.change?.serverTimeZone);
    expect(zone?.change).toEqual({ dateFilterFormat: 'iso-local', serverTimeZone: 'America/New_York' });

    const environment = core.activeEnvironment();
    await call('saveEnvironment', { ...environment, profile: resolveProfile({ ...environment.profile, ...zone!.change }) });
    const clockedIn = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000).toISOString();
    await otherDeviceClocksIn('E1001', clockedIn);
    await core.clock.refresh();
    expect(core.clock.view()).toMatchObject({ state: 'in', since: clockedIn });
  });

  it("proposes the stamped clock's zone, not this computer's, where they differ (New York seen from Honolulu)", async () => {
    const { call, core } = await connect({ ...cases[1]!, profile: { serverTimeZone: 'UTC' } }, 'E1001', {
      localZone: 'Pacific/Honolulu',
    });
    await mock.control('POST', '/debtors/changes', { count: 5 });
    const tested = await call('testConnection', { environmentId: core.activeEnvironment().id });
    if (!tested.ok) throw new Error('not tested');
    expect(tested.report.suggestions.filter((suggestion) => suggestion.change?.serverTimeZone)).toEqual([
      expect.objectContaining({ change: { dateFilterFormat: 'iso-local', serverTimeZone: 'America/New_York' } }),
    ]);
    expect(tested.report.suggestions.map((suggestion) => suggestion.text)).toContainEqual(
      expect.stringMatching(NEW_YORK_STAMPED),
    );
  });

  it('finds the form a strict server takes its day filters in, and applied, the Advance transactions load', async () => {
    const strict: Case = {
      name: 'zoneless instants, dates only for days',
      dialect: { zone: 'America/New_York', strictDates: { instant: 'local', day: 'date' }, auth: 'api-key' },
      auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }),
      profile: { serverTimeZone: 'America/New_York', dateFilterFormat: 'iso-local' },
    };
    const { call, core } = await connect(strict, 'E1001');
    const clients = await call('advanceClients', null);
    const range = {
      clientKey: String(clients[0]!.clientKey),
      startDate: new Date(mock.server.control.now() - 600 * 86_400_000).toISOString().slice(0, 10),
      endDate: new Date(mock.server.control.now() + 86_400_000).toISOString().slice(0, 10),
    };
    await expect(call('advanceTransactions', range)).rejects.toThrow(/malformed \(400\)/);

    const tested = await call('testConnection', { environmentId: core.activeEnvironment().id });
    if (!tested.ok) throw new Error('not tested');
    const days = tested.report.suggestions.find((suggestion) => suggestion.change?.dayFilterFormat);
    expect(days?.change).toEqual({ dayFilterFormat: 'date' });
    expect(days?.text).toMatch(
      /^The server refuses startDate and endDate as written and takes them like \d{4}-\d{2}-\d{2}: write the day filters that way\.$/,
    );
    expect(tested.report.suggestions.filter((suggestion) => suggestion.change?.dateFilterFormat)).toEqual([]); // its instants were right

    const environment = core.activeEnvironment();
    await call('saveEnvironment', { ...environment, profile: resolveProfile({ ...environment.profile, ...days!.change }) });
    const transactions = await call('advanceTransactions', range);
    expect(transactions.ok && transactions.view.count).toBeGreaterThan(0);
  });

  it('says when the server wants OAuth tokens', async () => {
    const { call, core } = await connect({ ...cases[0]!, auth: () => ({ kind: 'api-key', header: 'X-Api-Key' }) });
    const tested = await call('testConnection', { environmentId: core.activeEnvironment().id });
    if (!tested.ok) throw new Error('not tested');
    expect(tested.report.suggestions[0]).toMatchObject({ auth: 'oauth-client-credentials' });
  });
});

describe('sign-in problems said plainly', () => {
  it('tells that the server wants OAuth tokens when the profile sends headers', async () => {
    const { call, core } = await connect({
      ...cases[0]!,
      auth: () => ({ kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' }),
    });
    const clock = await call('getClock');
    expect(clock.problem ?? '').toBe('');
    const report = await call('testConnection', { environmentId: core.activeEnvironment().id });
    expect(report).toMatchObject({ ok: true });
    if (!report.ok) return;
    expect(report.report.timeclock.message).toContain('it wants OAuth bearer tokens');
  });

  it('says an API refusing a token the token server issued as the token refused, not as a wrong client id and secret', async () => {
    const oauth = cases[0]!;
    const { core } = await connect({ ...oauth, dialect: { ...oauth.dialect, tokenAudience: 'api://timeclock' } });
    const [line] = await core.checkHealthNow();
    expect(line!.message).toBe(
      'Timeclock service of Acme refused the access token for the check of time recording (401), though the token server issued it for this client id and secret. The server said: “Missing or invalid credentials.” The API may want a token for another scope or audience: ask its owner which, and set it in the sign-in of environment Acme.',
    );
    expect(line!.message).not.toMatch(/Check the client id and client secret/);
  });
});
