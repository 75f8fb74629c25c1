/** The window API through the real dispatcher, on a real core against the real mock. */
import { recordingShell } from '../../testing/test-shell.ts';
import { describe, expect, it } from 'vitest';
import type { EnvironmentDraftInput } from '../../shared/ipc/contract.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { startRawServer } from '../../testing/raw-server.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { dispatchInvoke } from './dispatch.ts';
import { resolveProfile } from '../../shared/api/api-profile.ts';
import { makeInternalCa } from '../../testing/corporate-network.ts';
import { windowApi } from '../../testing/window-api.ts';
import { createWindowHandlers } from './window-handlers.ts';

const mock = useMockServer({ debtors: 200 });
const SECRET = 'demo-secret';

function setup(options: Parameters<typeof createTestCore>[1] = {}) {
  const core = createTestCore(mock.server, options);
  return { core, ...windowApi(core) };
}

/** A second environment saved, and a punch in the Mock left waiting (its service was down). */
async function punchWaitingBesideANewEnvironment(core: ReturnType<typeof setup>['core'], call: ReturnType<typeof setup>['call']) {
  const saved = await call('saveEnvironment', draft());
  if (!saved.ok) throw new Error('not saved');
  await mock.control('PUT', '/services/timeclock', { unavailable: true });
  await core.clock.toggle('window');
  await mock.control('PUT', '/services/timeclock', { unavailable: false });
  return saved;
}

const draft = (): EnvironmentDraftInput => ({
  name: 'Local QA',
  timeclockBaseUrl: mock.server.timeclockBaseUrl,
  debtorsBaseUrl: mock.server.debtorsBaseUrl,
  clientId: 'demo-client',
  auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
  employeeId: 'E1001',
});

describe('environments through the window API', () => {
  it('lists the Mock first, active, with its built-in secret status', async () => {
    const { call } = setup();
    expect(await call('listEnvironments')).toEqual([
      expect.objectContaining({
        id: 'mock',
        origin: 'builtin',
        isMock: true,
        active: true,
        editable: 'employee-id',
        secret: expect.objectContaining({ set: true, storage: 'builtin' }),
      }),
    ]);
  });

  it('adds an environment, takes its secret write-only, tests it and switches to it; the secret never comes back', async () => {
    const { core, call, responses } = setup();
    const changes: string[] = [];
    core.events.on('environmentsChanged', (info) => changes.push(info.environment.name));

    const saved = await call('saveEnvironment', draft());
    if (!saved.ok) throw new Error('not saved');
    const id = saved.environment.id;
    expect(saved.environment.secret).toEqual({ set: false, storage: 'none', note: null });
    expect(await call('setEnvironmentSecret', id, SECRET)).toEqual({ set: true, storage: 'encrypted', note: null });
    const tested = await call('testConnection', { environmentId: id });
    expect(tested).toMatchObject({ ok: true, report: { timeclock: { ok: true }, debtors: { ok: true } } });
    expect(await call('setActiveEnvironment', id)).toMatchObject({
      ok: true,
      info: { environment: { id, name: 'Local QA', isMock: false } },
    });
    expect((await call('checkHealthNow')).map((line) => line.state)).toEqual(['up', 'up']);
    await call('listEnvironments');

    expect(changes).toEqual(['Mock (built-in)', 'Mock (built-in)', 'Local QA']);
    expect(responses.length).toBeGreaterThan(5);
    for (const response of responses) expect(response).not.toContain(SECRET);
  });

  it('tests an unsaved draft with a typed secret, without storing either', async () => {
    const { call } = setup();
    const good = await call('testConnection', { draft: draft(), secret: SECRET });
    expect(good).toMatchObject({ ok: true, report: { timeclock: { ok: true } } });
    const bad = await call('testConnection', { draft: draft(), secret: 'nope' });
    expect(bad).toMatchObject({ ok: true, report: { timeclock: { ok: false, authOk: false } } });
    expect(await call('listEnvironments')).toHaveLength(1);
    expect(await call('testConnection', { draft: { ...draft(), timeclockBaseUrl: 'ftp://x' } })).toEqual({
      ok: false,
      errors: { timeclockBaseUrl: 'Timeclock base URL must start with https://.' },
    });
  });

  it('never sends a saved secret to a changed address or sign-in: it must be typed again', async () => {
    const { call, core } = setup();
    const saved = await call('saveEnvironment', draft());
    if (!saved.ok) throw new Error('not saved');
    const id = saved.environment.id;
    await call('setEnvironmentSecret', id, SECRET);
    let received = '';
    const attacker = await startRawServer((req, res) => {
      received += JSON.stringify(req.headers);
      res.writeHead(200).end('{}');
    });
    try {
      for (const changed of [
        { ...draft(), id, timeclockBaseUrl: `${attacker.url}/timeclock` },
        { ...draft(), id, auth: { kind: 'headers' as const, clientIdHeader: 'client_id', clientSecretHeader: 'x-leak' } },
      ]) {
        expect(await call('testConnection', { environmentId: id, draft: changed })).toEqual({
          ok: false,
          errors: { secret: expect.stringContaining('type the client secret again') },
        });
      }
      expect(received).not.toContain(SECRET);
      expect(await call('testConnection', { environmentId: id, draft: { ...draft(), id } })).toMatchObject({ ok: true });
      // Saving it with the same addresses keeps the secret; with another address, the secret stays behind.
      await call('saveEnvironment', { ...draft(), id, name: 'Renamed' });
      expect(core.secretFor(id)).toBe(SECRET);
      const moved = await call('saveEnvironment', { ...draft(), id, timeclockBaseUrl: `${attacker.url}/timeclock` });
      expect(moved).toMatchObject({ ok: true, environment: { secret: { set: false } } });
      expect(core.secretFor(id)).toBeNull();
      await core.clock.refresh();
      expect(received).not.toContain(SECRET);
    } finally {
      await attacker.close();
    }
  });

  it("counts the profile's CA certificate as part of where a secret goes: changed, the secret must be typed again", async () => {
    const { call, core } = setup();
    const [trusted, other] = [makeInternalCa().caPem, makeInternalCa().caPem];
    const withCa = (pem: string) => ({ ...draft(), profile: resolveProfile({ caCertificatePem: pem }) });
    const saved = await call('saveEnvironment', withCa(trusted));
    if (!saved.ok) throw new Error('not saved');
    const id = saved.environment.id;
    await call('setEnvironmentSecret', id, SECRET);
    expect(await call('testConnection', { environmentId: id, draft: { ...withCa(other), id } })).toEqual({
      ok: false,
      errors: { secret: expect.stringContaining('type the client secret again') },
    });
    expect(await call('saveEnvironment', { ...withCa(other), id })).toMatchObject({
      ok: true,
      environment: { secret: { set: false } },
    });
    expect(core.secretFor(id)).toBeNull();
  });

  it('asks before switching away from an environment with punches still waiting, then switches when confirmed', async () => {
    const { core, call } = setup();
    const saved = await punchWaitingBesideANewEnvironment(core, call);
    expect(await call('setActiveEnvironment', saved.environment.id)).toEqual({
      ok: false,
      warning:
        '1 punch recorded in Mock (built-in) is still waiting to be sent. It will still be sent to Mock (built-in), not to Local QA. Switch anyway?',
    });
    expect(core.info().environment.id).toBe('mock');
    expect(await call('setActiveEnvironment', saved.environment.id, true)).toMatchObject({
      ok: true,
      info: { environment: { name: 'Local QA' } },
    });
    await core.clock.sync();
    expect(core.outbox.all()).toEqual([]);
  });

  it('validates as you type without saving', async () => {
    const { call } = setup();
    expect(await call('validateEnvironment', { ...draft(), timeclockBaseUrl: 'http://example.com' })).toEqual({
      timeclockBaseUrl:
        'Timeclock base URL must use https:// (plain http:// is allowed only for this computer: localhost or 127.0.0.1).',
    });
    expect(await call('validateSettings', { clock: { globalShortcut: 'T' } })).toEqual({
      'clock.globalShortcut':
        'A global shortcut needs a modifier besides Shift (Ctrl, Alt…), or it would take the key from every application.',
    });
    expect(await call('listEnvironments')).toHaveLength(1);
  });

  it('returns field errors for an invalid environment', async () => {
    const { call } = setup();
    expect(await call('saveEnvironment', { ...draft(), name: '', employeeId: 'E 1' })).toEqual({
      ok: false,
      errors: { name: 'Name is required.', employeeId: expect.stringContaining('Employee id may use only') },
    });
  });

  it('deletes an environment together with its secret', async () => {
    const { core, call } = setup();
    const saved = await call('saveEnvironment', draft());
    if (!saved.ok) throw new Error('not saved');
    await call('setEnvironmentSecret', saved.environment.id, SECRET);
    expect(await call('deleteEnvironment', saved.environment.id)).toEqual({ ok: true, environments: [expect.anything()] });
    expect(core.secretFor(saved.environment.id)).toBeNull();
    await expect(call('deleteEnvironment', 'mock')).rejects.toThrow('Mock (built-in) cannot be deleted: it is built in.');
  });

  it('asks before deleting an environment with a punch not yet sent, and keeps that punch visible until discarded', async () => {
    const { core, call } = setup();
    const saved = await call('saveEnvironment', { ...draft(), timeclockBaseUrl: 'http://127.0.0.1:9/down' });
    if (!saved.ok) throw new Error('not saved');
    const id = saved.environment.id;
    await call('setEnvironmentSecret', id, SECRET);
    await call('setActiveEnvironment', id);
    await call('toggleClock'); // nothing answers there: the punch waits
    await call('setActiveEnvironment', 'mock', true);
    const asked = await call('deleteEnvironment', id);
    expect(asked).toEqual({
      ok: false,
      warning:
        '1 punch recorded in Local QA has not been sent. After deleting Local QA it can no longer be sent; it stays in the panel until you discard it. Delete anyway?',
    });
    expect(core.environments.get(id)).toBeDefined();
    expect(await call('deleteEnvironment', id, true)).toMatchObject({ ok: true });
    await core.clock.sync();
    const clock = await call('getClock');
    expect(clock.stopped).toEqual([
      expect.objectContaining({
        reason: 'The environment this punch was recorded in no longer exists.',
        actions: ['retry', 'discard'],
      }),
    ]);
    expect((await call('discardPunch', clock.stopped[0]!.id)).stopped).toEqual([]);
  });

  it('refuses a bad secret with the reason', async () => {
    const { call } = setup();
    const saved = await call('saveEnvironment', draft());
    if (!saved.ok) throw new Error('not saved');
    await expect(call('setEnvironmentSecret', saved.environment.id, 'two\nlines')).rejects.toThrow('contains a line break');
  });
});

describe('settings through the window API', () => {
  it('shows preferences, locks and admin problems, and validates updates', async () => {
    const { call } = setup({
      admin: {
        source: '/etc/timeclock-tray/admin.json',
        locked: new Set(['general.startAtLogin']),
        problems: ['/etc/timeclock-tray/admin.json: extra: unknown field; ignored.'],
      },
    });
    const view = await call('getSettings');
    expect(view).toMatchObject({
      locked: ['general.startAtLogin'],
      canManageEnvironments: true,
      adminFile: '/etc/timeclock-tray/admin.json',
    });
    expect(view.problems).toEqual(['/etc/timeclock-tray/admin.json: extra: unknown field; ignored.']);
    expect(await call('updateSettings', { general: { startAtLogin: true } })).toEqual({
      ok: false,
      errors: { 'general.startAtLogin': 'Set by your organisation; it cannot be changed here.' },
    });
    const updated = await call('updateSettings', { monitoring: { pollIntervalSeconds: 60 } });
    expect(updated).toMatchObject({ ok: true, settings: { preferences: { monitoring: { pollIntervalSeconds: 60 } } } });
  });

  it('keeps a secret for the session only on a machine without a keyring, and says why', async () => {
    const { fakeEncryptor } = await import('../../testing/fake-encryptor.ts');
    const { call } = setup({ encryptor: fakeEncryptor('weak') });
    const saved = await call('saveEnvironment', draft());
    if (!saved.ok) throw new Error('not saved');
    expect(await call('setEnvironmentSecret', saved.environment.id, SECRET)).toMatchObject({
      set: true,
      storage: 'session',
      note: 'sessionNoKeyring',
    });
  });
});

describe('refusals in the user’s language', () => {
  it('words Settings’ and the environment editor’s field problems in German', async () => {
    const { call } = setup({ systemLanguages: () => ['de-DE'] });
    expect(await call('validateSettings', { monitoring: { pollIntervalSeconds: 5, latencyThresholdMs: 70_000 } })).toEqual({
      'monitoring.pollIntervalSeconds': 'Muss mindestens 10 sein (eingegeben: 5).',
      'monitoring.latencyThresholdMs': 'Darf höchstens 60000 sein (eingegeben: 70000).',
    });
    expect(await call('validateSettings', { clock: { endOfDayReminder: { time: '7:5' } } })).toEqual({
      'clock.endOfDayReminder.time': 'Bitte im Format HH:MM, 24 Stunden (eingegeben: "7:5").',
    });
    expect(await call('validateEnvironment', { ...draft(), timeclockBaseUrl: '', employeeId: 'E 1' })).toEqual({
      timeclockBaseUrl: 'Die Basis-URL des Stempeldienstes fehlt.',
      employeeId:
        'Die Personalnummer darf nur Buchstaben, Ziffern, Punkte, Bindestriche und Unterstriche enthalten (höchstens 64).',
    });
    await expect(call('setEnvironmentSecret', 'mock', ' ')).rejects.toThrow('Das Client-Secret ist leer.');
    await expect(call('deleteEnvironment', 'mock')).rejects.toThrow(
      'Test (eingebaut) kann nicht gelöscht werden: Die Umgebung ist eingebaut.',
    );
  });

  it('asks in Spanish before switching away from punches still waiting', async () => {
    const { core, call } = setup({ systemLanguages: () => ['es-ES'] });
    const saved = await punchWaitingBesideANewEnvironment(core, call);
    expect(await call('setActiveEnvironment', saved.environment.id)).toEqual({
      ok: false,
      warning:
        '1 fichaje registrado en Prueba (integrado) aún espera a enviarse. Se seguirá enviando a Prueba (integrado), no a Local QA. ¿Cambiar de todos modos?',
    });
    await core.clock.sync();
  });
});

describe('CSV exports in the user’s language', () => {
  it('writes German headers, ; between cells and decimal commas for a German user', async () => {
    const core = createTestCore(mock.server, { systemLanguages: () => ['de-DE'] });
    const shell = recordingShell();
    const handlers = createWindowHandlers(core, shell);
    await core.lookup.ensureLoaded();
    const page = await core.lookup.search('', { key: 'name', descending: false });
    await dispatchInvoke(handlers, 'exportCsv', [{ kind: 'lookup', resultId: page.resultId }]);
    const [header, first] = shell.saved[0]!.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Debitorennummer;Name;Ort;Bundesstaat;Berechneter Score;Note;Auskunftei-Score;Risikoklasse;Letzte Änderung',
    );
    expect(first!.split(';')[0]).toBe(page.rows[0]!.debtorKey);
    // The save dialog names the file type in German too.
    expect(shell.saved[0]!.kind).toBe('CSV (Tabellenkalkulation)');

    const range = { startDate: '2020-01-01', endDate: '2030-12-31' };
    await dispatchInvoke(handlers, 'exportCsv', [{ kind: 'transactions', ...range }]);
    const lines = shell.saved[1]!.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Buchungsnummer;Kundennummer;Datum;Art;Betrag;Beschreibung');
    // Amounts with cents are written with a decimal comma, never a point.
    expect(lines.slice(1).some((line) => /;-?\d+,\d+;/.test(line))).toBe(true);
    expect(lines.slice(1).some((line) => /;-?\d+\.\d+;/.test(line))).toBe(false);

    // A client key chosen in a window reaches the suggested name only as a harmless segment.
    await dispatchInvoke(handlers, 'exportCsv', [{ kind: 'transactions', clientKey: '../../../.config/autostart/x', ...range }]);
    // …and in the user's language: German files are named in German (issue 63, point 10).
    expect(shell.saved[0]!.name).toMatch(/^debitoren-\d{4}-\d\d-\d\d\.csv$/);
    expect(shell.saved[1]!.name).toMatch(/^transaktionen-\d{4}-\d\d-\d\d\.csv$/);
    expect(shell.saved[2]!.name).toMatch(/^transaktionen-[^/\\]+\.csv$/);
    expect(shell.saved[2]!.name).not.toContain('..');
    await core.lookup.clear();
  });
});
