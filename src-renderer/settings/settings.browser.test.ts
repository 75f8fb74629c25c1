/** The settings and welcome windows in real Chromium, over a real core and two real mock servers. */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { contractDialect, startShapeProxy } from '../../src-main/testing/shape-proxy.ts';
import { createTestCore, type TestCoreOptions } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';
import { untranslatedText } from '../../src-main/testing/browser/untranslated.ts';
import { makeInternalCa, startConnectProxy } from '../../src-main/testing/corporate-network.ts';

let builtin: MockServer;
let other: MockServer;
let harness: Harness;
const SECRET = 'demo-secret';
/** A preference field's input and the error it shows, by the setting's path. */
const inputOf = (page: Page, path: string) => page.locator(`[data-path="${path}"] input`);
const errorOf = (page: Page, path: string) => page.locator(`[data-path="${path}"] .error`);

beforeAll(async () => {
  [builtin, other] = await Promise.all([startMockServer({ debtors: 20 }), startMockServer({ debtors: 20 })]);
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await Promise.all([builtin?.close(), other?.close()]);
});

/** The in-page question (role alertdialog) asks with these words, its first choice focused. */
async function asked(view: { page: Page }, words: string, focused: string) {
  const question = view.page.getByRole('alertdialog');
  await expect.poll(() => question.textContent()).toContain(words);
  expect(await view.page.locator(':focus').textContent()).toBe(focused);
  return question;
}

async function open(
  page: 'settings' | 'welcome',
  options: TestCoreOptions = {},
  colorScheme: 'light' | 'dark' = 'light',
  query = '',
) {
  const core = createTestCore(builtin, options);
  const shell = recordingShell();
  const view = await harness.open(
    page,
    { handlers: createWindowHandlers(core, shell), subscribe: core.events.on },
    { colorScheme, size: { width: 860, height: 760 }, query },
  );

  return { core, shell, ...view };
}

async function fillNewEnvironment(
  view: Awaited<ReturnType<typeof open>>,
  secret: string,
  { name = 'Local QA', server = other as Pick<MockServer, 'timeclockBaseUrl' | 'debtorsBaseUrl'>, employeeId = 'E1002' } = {},
) {
  const { page } = view;
  await page.getByRole('button', { name: 'Add environment' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Timeclock base URL').fill(server.timeclockBaseUrl);
  await page.getByLabel('Debtors base URL').fill(server.debtorsBaseUrl);
  await page.getByLabel('Client id', { exact: true }).fill('demo-client');
  await page.getByLabel('Client secret', { exact: true }).fill(secret);
  await page.getByLabel('Employee id', { exact: true }).fill(employeeId);
}

const responses = (view: Awaited<ReturnType<typeof open>>) => JSON.stringify(view.calls.map((call) => call.result));

describe('settings window: environments', () => {
  it('lists the built-in Mock first, active, marked as demo data', async () => {
    const view = await open('settings');
    const first = view.page.locator('.row').first();
    await expect.poll(() => first.locator('.name').textContent()).toBe('Mock (built-in)');
    expect(await first.locator('.active').textContent()).toBe('●');
    expect(await first.locator('.mock-badge').isVisible()).toBe(true);
    await view.screenshot('settings-environments-light');
    expect(view.problems).toEqual([]);
  });

  it('opens with the focus on the section asked for, in the list of sections', async () => {
    const focusedId = (view: Awaited<ReturnType<typeof open>>) =>
      view.page.evaluate(
        () => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id,
      );
    const first = await open('settings');
    await expect.poll(() => focusedId(first)).toBe('nav-environments');
    const monitoring = await open('settings', {}, 'light', 'section=monitoring');
    await expect.poll(() => focusedId(monitoring)).toBe('nav-monitoring');
    await monitoring.page.keyboard.press('ArrowDown');
    await expect.poll(() => monitoring.page.locator('h1').textContent()).not.toBe('Monitoring');
  });

  it("connects to a server with another API: an API key, and the test's suggestions applied in one click", async () => {
    const proxy = await startShapeProxy(builtin.url, {
      ...contractDialect,
      timeEventFields: { id: 'TimeEventRef', employeeId: 'EmpNo', clockIn: 'StartDateTime', clockOut: 'EndDateTime' },
      auth: 'api-key',
    });
    try {
      const view = await open('settings', {}, 'dark');
      const { page } = view;
      await fillNewEnvironment(view, SECRET, { name: 'Acme', server: proxy, employeeId: 'E1001' });
      await page.getByText('Advanced: sign-in and API profile').click();
      await page.getByLabel('Sign-in').selectOption('api-key');
      expect(await page.getByLabel('API key header').inputValue()).toBe('X-Api-Key');
      await page.getByRole('button', { name: 'Test connection' }).click();
      const suggestion = page.locator('.suggestions li', { hasText: 'Time events use other field names' });
      await expect.poll(() => suggestion.count()).toBe(1);
      await suggestion.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => page.getByLabel('API profile (JSON)').inputValue()).toContain('"clockIn": "StartDateTime"');
      await view.screenshot('settings-api-profile-dark');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => view.core.environments.list().some(({ environment }) => environment.name === 'Acme')).toBe(true);
      const acme = view.core.environments.list().find(({ environment }) => environment.name === 'Acme')!.environment;
      expect(acme.profile?.timeEventFields).toEqual({
        id: 'TimeEventRef',
        employeeId: 'EmpNo',
        clockIn: 'StartDateTime',
        clockOut: 'EndDateTime',
        employeeName: null,
      });
      expect(responses(view)).not.toContain(SECRET);
    } finally {
      await proxy.close();
    }
  });

  it('shows what the connection test learnt of an unusual server — paging, field names, the clock-out method — and applies each', async () => {
    const proxy = await startShapeProxy(builtin.url, {
      ...contractDialect,
      auth: 'api-key',
      paging: { style: 'silent-page', size: 10 },
      debtorFields: { name: 'legalName' },
      clockOut: 'put',
    });
    try {
      const view = await open('settings');
      const { page } = view;
      await fillNewEnvironment(view, SECRET, { name: 'Acme', server: proxy, employeeId: 'E1001' });
      await page.getByText('Advanced: sign-in and API profile').click();
      await page.getByLabel('Sign-in').selectOption('api-key');
      await page.getByRole('button', { name: 'Test connection' }).click();
      const suggestions = page.locator('.suggestions li');
      await expect.poll(() => suggestions.count()).toBe(3);
      await expect.poll(() => page.locator('.report').textContent()).toContain('only the first 10 debtors arrive');
      await view.screenshot('settings-connection-proposals');
      for (let left = 3; left > 0; left--) {
        await suggestions.first().getByRole('button', { name: 'Apply' }).click();
        await expect.poll(() => suggestions.count()).toBe(left - 1);
      }
      const profile = JSON.parse(await page.getByLabel('API profile (JSON)').inputValue()) as Record<string, unknown>;
      expect(profile).toMatchObject({
        clockOutMethod: 'put',
        debtorFields: { name: 'legalName' },
        paging: { style: 'page', pageParam: 'page', pageSize: 10 },
      });
    } finally {
      await proxy.close();
    }
  });

  it('takes a CA certificate pasted or from a file, says whose it is and until when, and refuses one cut short', async () => {
    const ca = makeInternalCa();
    const view = await open('settings');
    const { page } = view;
    await fillNewEnvironment(view, SECRET, { name: 'Acme' });
    await page.getByText('Advanced: sign-in and API profile').click();
    const field = page.getByLabel('CA certificate (PEM)');
    const said = page.locator('#env-ca-said');
    await field.fill(ca.caPem.slice(0, 120) + '\n-----END CERTIFICATE-----');
    await expect.poll(() => said.textContent()).toMatch(/cannot be read; it may be cut short/);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('');
    await page
      .getByLabel('Load from a file…')
      .setInputFiles({ name: 'acme-ca.pem', mimeType: 'text/plain', buffer: Buffer.from(ca.caPem) });
    await expect.poll(() => said.textContent()).toMatch(/^\s*CN=Test Internal CA · valid until .+\s*$/);
    expect(await field.inputValue()).toBe(ca.caPem);
    expect(await page.getByLabel('API profile (JSON)').inputValue()).not.toContain('BEGIN CERTIFICATE');
    // A bundle: every certificate of it is described, in order.
    const issuing = makeInternalCa('Acme Issuing CA 2');
    await field.fill(`${ca.caPem.trim()}\n${issuing.caPem.trim()}\n`);
    await expect
      .poll(() => said.locator('.certificate').allTextContents())
      .toEqual([
        expect.stringMatching(/^CN=Test Internal CA · valid until /),
        expect.stringMatching(/^CN=Acme Issuing CA 2 · valid until /),
      ]);
    await view.screenshot('settings-ca-bundle');
    await field.fill(ca.caPem);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        () =>
          view.core.environments.list().find(({ environment }) => environment.name === 'Acme')?.environment.profile
            ?.caCertificatePem,
      )
      .toBe(ca.caPem.trim());
  });

  it('adds an environment on another server, tests it, saves it and switches to it; the secret never comes back', async () => {
    const view = await open('settings');
    const { page } = view;
    await fillNewEnvironment(view, SECRET);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const report = page.locator('.report li');
    await expect.poll(() => report.count()).toBe(2);
    expect(await report.nth(0).textContent()).toMatch(
      /✓ Timeclock service\s*reachable · credentials accepted · \d+ ms\s*Connected\. Employee E1002 has no time events yet\./,
    );
    await view.screenshot('settings-test-connection-ok');
    await page.getByLabel('Employee id', { exact: true }).press('Enter');
    const added = page.locator('.row', { hasText: 'Local QA' });
    await expect.poll(() => added.locator('.meta').textContent()).toBe('E1002 · secret saved');
    await added.click();
    await page.getByRole('button', { name: 'Make active' }).click();
    await expect.poll(() => added.locator('.active').textContent()).toBe('●');
    expect(view.core.info().environment.name).toBe('Local QA');
    expect(view.core.secretFor(view.core.info().environment.id)).toBe(SECRET);
    expect(view.calls.some((call) => call.name === 'setEnvironmentSecret')).toBe(true);
    expect(responses(view)).not.toContain(SECRET);
    expect(await page.content()).not.toContain(SECRET);
  });

  it('reports refused credentials when testing with a wrong secret', async () => {
    const view = await open('settings');
    await fillNewEnvironment(view, 'wrong-secret');
    await view.page.getByRole('button', { name: 'Test connection' }).click();
    const timeclock = view.page.locator('.report li').first();
    await expect.poll(() => timeclock.getAttribute('data-ok')).toBe('false');
    expect(await timeclock.textContent()).toContain('reachable · credentials refused');
    await view.screenshot('settings-test-connection-refused');
  });

  it('validates as you type, and saves nothing half-valid', async () => {
    const view = await open('settings', {}, 'dark');
    const { page } = view;
    await fillNewEnvironment(view, SECRET);
    await page.getByLabel('Timeclock base URL').fill('http://qa.example.com/timeclock');
    await expect
      .poll(() => page.locator('#env-timeclockBaseUrl-error').textContent())
      .toBe('Timeclock base URL must use https:// (plain http:// is allowed only for this computer: localhost or 127.0.0.1).');
    await page.getByLabel('Name', { exact: true }).fill('Mock (built-in)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.summary li').count()).toBe(2);
    await view.screenshot('settings-validation-dark');
    expect(view.core.environments.list()).toHaveLength(1);
    // Esc on a draft with changes asks before closing it.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => page.locator('form.editor').count()).toBe(0);
  });

  it('asks before switching away from an environment with punches still waiting', async () => {
    const view = await open('settings');
    const { page, core } = view;
    await fillNewEnvironment(view, SECRET);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.row', { hasText: 'Local QA' }).count()).toBe(1);
    builtin.control.setService('timeclock', { unavailable: true });
    await core.clock.toggle('window');
    builtin.control.setService('timeclock', { unavailable: false });
    await page.locator('.row', { hasText: 'Local QA' }).click();
    await page.getByRole('button', { name: 'Make active' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect
      .poll(() => dialog.locator('#confirm-text').textContent())
      .toBe(
        '1 punch recorded in Mock (built-in) is still waiting to be sent. It will still be sent to Mock (built-in), not to Local QA. Switch anyway?',
      );
    await view.screenshot('settings-switch-warning');
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect.poll(() => core.info().environment.name).toBe('Local QA');
  });
});

describe('settings window: preferences', () => {
  it('shows a field IT locked as read-only, says why, and lists problems of the admin file', async () => {
    const view = await open(
      'settings',
      {
        admin: {
          source: '/etc/timeclock-tray/admin.json',
          defaults: { monitoring: { pollIntervalSeconds: 60 } },
          locked: new Set(['monitoring.pollIntervalSeconds']),
          problems: ['/etc/timeclock-tray/admin.json: settings.colours: unknown section; ignored.'],
        },
      },
      'light',
      'section=monitoring',
    );
    const { page } = view;
    const field = page.locator('[data-path="monitoring.pollIntervalSeconds"]');
    await expect.poll(() => field.locator('input').inputValue()).toBe('60');
    expect(await field.locator('input').getAttribute('readonly')).not.toBeNull();
    expect((await field.locator('.locked').textContent())?.trim()).toBe('Set by your organisation');
    expect(await page.locator('.problems li').textContent()).toContain('settings.colours: unknown section; ignored.');
    await view.screenshot('settings-monitoring-locked');
  });

  it('checks values as you type and applies them live when saved', async () => {
    const view = await open('settings', {}, 'light', 'section=monitoring');
    const { page, core } = view;
    const field = inputOf(page, 'monitoring.reminderMinutes');
    await field.fill('5000');
    await expect.poll(() => errorOf(page, 'monitoring.reminderMinutes').textContent()).toBe('Must be at most 1440 (got 5000).');
    await field.fill('90');
    await expect.poll(() => errorOf(page, 'monitoring.reminderMinutes').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.status').textContent()).toBe('Saved.');
    expect(core.settings.preferences().monitoring.reminderMinutes).toBe(90);
  });

  it('keeps a change made while a save is on its way', async () => {
    const core = createTestCore(builtin);
    const handlers = createWindowHandlers(core, recordingShell());
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowSave: typeof handlers.updateSettings = async (...args) => {
      await held;
      return handlers.updateSettings(...args);
    };
    const { page } = await harness.open(
      'settings',
      { handlers: { ...handlers, updateSettings: slowSave }, subscribe: core.events.on },
      { size: { width: 860, height: 760 }, query: 'section=monitoring' },
    );
    const field = (path: string) => page.locator(`[data-path="${path}"] input`);
    await field('monitoring.reminderMinutes').fill('90');
    await page.keyboard.press('Enter');
    await field('monitoring.reminderMinutes').fill('45');
    release();
    await expect.poll(() => page.locator('.status').textContent()).toBe('Saved.');
    expect(core.settings.preferences().monitoring.reminderMinutes).toBe(90);
    expect(await field('monitoring.reminderMinutes').inputValue()).toBe('45');
    expect(await page.locator('form.preferences').getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
  });

  it('keeps expert options under Advanced, opened by keyboard, and checks them there', async () => {
    const view = await open('settings', {}, 'dark', 'section=general');
    const { page } = view;
    const largest = page.getByLabel('Largest answer accepted');
    expect(await largest.isVisible()).toBe(false);
    await page.locator('details.advanced summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => largest.isVisible()).toBe(true);
    await view.screenshot('settings-advanced-dark');
    await largest.fill('0');
    await expect.poll(() => errorOf(page, 'network.maxResponseMegabytes').count()).toBe(1);
  });

  it('leads Monitoring with what a person chooses, the watch’s numbers under Advanced in words', async () => {
    const view = await open('settings', {}, 'light', 'section=monitoring');
    const { page } = view;
    await expect.poll(() => page.locator('[data-path]').first().getAttribute('data-path')).toBe('monitoring.notifications');
    expect(await page.getByLabel('Check every').isVisible()).toBe(false);
    await page.locator('details.advanced summary').click();
    await expect.poll(() => page.getByLabel('Check every').isVisible()).toBe(true);
    expect(await page.locator('[data-path="monitoring.latencyThresholdMs"] .unit').textContent()).toBe('milliseconds');
    await view.screenshot('settings-monitoring');
  });

  it('shows the proxy sign-in only where a proxy asks for one or IT set a user name', async () => {
    const plain = await open('settings', {}, 'light', 'section=general');
    await expect.poll(() => plain.page.getByLabel('Largest answer accepted').count()).toBe(1);
    // The sign-in's view has come, and the form stays away.
    await expect.poll(() => plain.calls.some((call) => call.name === 'proxySignIn')).toBe(true);
    expect((plain.calls.find((call) => call.name === 'proxySignIn')!.result as { value: { needed: boolean } }).value.needed).toBe(
      false,
    );
    expect(await plain.page.locator('.proxy').count()).toBe(0);
    const itSet = await open(
      'settings',
      { admin: { defaults: { network: { proxyUser: 'corp.anna' } }, locked: new Set(['network.proxyUser']) } },
      'light',
      'section=general',
    );
    await expect.poll(() => itSet.page.getByLabel('Proxy user name').inputValue()).toBe('corp.anna');
  });

  it('keeps a proxy sign-in for the proxy that asked: a user name Basic cannot carry is refused in words, the password never comes back', async () => {
    const proxy = await startConnectProxy({
      signIn: 'Basic realm="Acme"',
      acceptBasic: 'anna.berg:Winter 2026!',
      forwardPlain: true,
    });
    onTestFinished(() => proxy.close());
    const view = await open(
      'settings',
      { network: { route: { proxyFor: async () => proxy.url }, systemCa: false } },
      'light',
      'section=general',
    );
    const { page, core } = view;
    await page.getByLabel('Proxy user name').fill('corp:anna');
    await page.getByLabel('Proxy password').fill('Winter 2026!');
    await page.getByRole('button', { name: 'Save proxy sign-in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Proxy user name: enter the name without a colon');
    await page.getByLabel('Proxy user name').fill('anna.berg');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.proxy [role="status"]').textContent()).toBe('Proxy sign-in saved.');
    expect(await page.getByLabel('Proxy password').inputValue()).toBe('');
    expect(await page.locator('.proxy').textContent()).toContain('A password is saved for anna.berg.');
    expect(await page.locator('.proxy [data-proxy]').textContent()).toBe(`For the proxy ${new URL(proxy.url).host}.`);
    expect(core.settings.preferences().network.proxyUser).toBe('anna.berg');
    expect(await page.content()).not.toContain('Winter 2026!');
    await view.screenshot('settings-proxy-sign-in');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.locator('.proxy').textContent()).toContain('No proxy sign-in is saved.');
  });

  it('asks before leaving a section with changes not saved, keeping them unless told to discard', async () => {
    const view = await open('settings', {}, 'light', 'section=monitoring');
    const { page, core } = view;
    const before = core.settings.preferences().monitoring.reminderMinutes;
    await inputOf(page, 'monitoring.reminderMinutes').fill('95');
    await page.locator('#nav-monitoring').focus();
    await page.keyboard.press('ArrowDown');
    const question = await asked(view, 'Monitoring has changes that are not saved. Leave for Clock', 'Stay and keep editing');
    await view.screenshot('settings-leave-unsaved');
    await page.keyboard.press('Enter');
    await expect.poll(() => question.count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('Monitoring');
    expect(await inputOf(page, 'monitoring.reminderMinutes').inputValue()).toBe('95');
    await page.getByRole('button', { name: 'Clock', exact: true }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Clock');
    expect(core.settings.preferences().monitoring.reminderMinutes).toBe(before);
  });

  it('moves through the environment list with arrow keys, edits with Enter, and asks before throwing away changes', async () => {
    const view = await open('settings');
    const { page, core } = view;
    await fillNewEnvironment(view, 'demo-secret');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.row').count()).toBe(2);
    const list = page.getByRole('listbox', { name: 'Environments' });
    await list.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => list.getAttribute('aria-activedescendant')).toBe('environment-option-mock');
    await page.keyboard.press('ArrowDown');
    const second = await page.locator('.row').nth(1).getAttribute('id');
    await expect.poll(() => list.getAttribute('aria-activedescendant')).toBe(second);
    expect(await page.locator(`#${second}`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Local QA');
    await name.fill('Local QA renamed');
    await page.keyboard.press('Escape');
    const question = await asked(view, 'Your changes to this environment are not saved.', 'Keep editing');
    await view.screenshot('settings-environment-unsaved');
    await page.keyboard.press('Enter');
    expect(await name.inputValue()).toBe('Local QA renamed');
    // Leaving the section asks too.
    await page.locator('#nav-environments').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => question.textContent()).toContain('Environments has changes that are not saved.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => name.count()).toBe(0);
    expect(core.environments.list().map((environment) => environment.environment.name)).toContain('Local QA');
  });

  it('asks for targets and the balance in hours and its day in the date field, grouped as people think of them (issue 63, point 4)', async () => {
    const view = await open('settings', {}, 'light', 'section=clock');
    const { page, core } = view;
    expect(await page.locator('h2.group').allTextContents()).toEqual(['Reminders', 'Clocking', 'My week', 'My balance']);
    const weekly = inputOf(page, 'clock.workingTime.weeklyTargetMinutes');
    await weekly.fill('7,x');
    await expect
      .poll(() => page.locator('#field-clock-workingTime-weeklyTargetMinutes-error').textContent())
      .toBe('Write hours as 40, 7:30 or 7.5 (h).');
    await weekly.fill('40 h');
    await inputOf(page, 'clock.workingTime.dailyTargetMinutes').fill('7:30');
    await inputOf(page, 'clock.flexitime.openingMinutes').fill('-1:30');
    await inputOf(page, 'clock.flexitime.openingDate').fill('01/05/2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => core.settings.preferences().clock.workingTime.weeklyTargetMinutes).toBe(2400);
    expect(core.settings.preferences().clock.workingTime.dailyTargetMinutes).toBe(450);
    expect(core.settings.preferences().clock.flexitime).toEqual({ openingDate: '2026-01-05', openingMinutes: -90 });
    // Shown again as hours, as typed.
    expect(await weekly.inputValue()).toBe('40');
    await view.screenshot('settings-clock-hours');
  });

  it('refuses a global shortcut without a modifier, in words', async () => {
    const view = await open('settings', {}, 'light', 'section=clock');
    await view.page.getByLabel('Global shortcut to clock in or out').fill('T');
    await expect
      .poll(() => errorOf(view.page, 'clock.globalShortcut').textContent())
      .toBe('A global shortcut needs a modifier besides Shift (Ctrl, Alt…), or it would take the key from every application.');
    await view.screenshot('settings-clock');
  });

  it('records a global shortcut by pressing it, and Esc cancels a recording', async () => {
    const view = await open('settings', {}, 'light', 'section=lookup');
    const { page } = view;
    const field = page.getByLabel('Global shortcut to open the lookup');
    const record = page.locator('[data-path="lookup.globalShortcut"]').getByRole('button', { name: 'Record' });
    await record.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => field.inputValue()).toBe('Press the keys… (Esc to cancel)');
    await page.keyboard.press('Escape');
    await expect.poll(() => field.inputValue()).toBe('');
    await record.click();
    await page.keyboard.press('Control+Alt+KeyK');
    await expect.poll(() => field.inputValue()).toBe('CommandOrControl+Alt+K');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => view.core.settings.preferences().lookup.globalShortcut).toBe('CommandOrControl+Alt+K');
  });

  it('saves a global shortcut that opens the lookup', async () => {
    const view = await open('settings', {}, 'dark', 'section=lookup');
    await view.page.getByLabel('Global shortcut to open the lookup').fill('CommandOrControl+Alt+L');
    await view.page.keyboard.press('Enter');
    await expect.poll(() => view.page.locator('.status').textContent()).toBe('Saved.');
    expect(view.core.settings.preferences().lookup.globalShortcut).toBe('CommandOrControl+Alt+L');
    await view.screenshot('settings-lookup');
  });

  it('asks how long to keep the lookup in memory only where its lists are not kept on disk', async () => {
    const view = await open('settings', {}, 'light', 'section=lookup');
    const { page } = view;
    const keep = page.getByLabel(
      'Keep the debtor lists on this computer between runs (encrypted), so the first search of the day is quick',
    );
    await expect.poll(() => keep.isChecked()).toBe(true);
    expect(await inputOf(page, 'lookup.idleClearMinutes').count()).toBe(0);
    await keep.uncheck();
    await expect.poll(() => inputOf(page, 'lookup.idleClearMinutes').count()).toBe(1);
    await keep.check();
    await expect.poll(() => inputOf(page, 'lookup.idleClearMinutes').count()).toBe(0);
  });

  it('moves between sections with the arrow keys', async () => {
    const view = await open('settings');
    await view.page.locator('#nav-environments').focus();
    await view.page.keyboard.press('ArrowDown');
    await expect.poll(() => view.page.locator('h1').textContent()).toBe('Monitoring');
    expect(await view.page.locator(':focus').textContent()).toBe('Monitoring');
  });
});

describe('settings window in the user’s language', () => {
  it('shows no text outside the catalogue in any section, the editor, its advanced part or a connection report (pseudo-locale)', async () => {
    const view = await open('settings', { systemLanguages: () => ['en-XA'] });
    const { page, core } = view;
    core.settings.updatePreferences({ general: { language: 'en-XA' } });
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/^\[/);
    // Data, not words: environment names and ids, the employee id, URLs in fields, a language's own name.
    const data = '.name, .meta, h2, option[data-own-name]';
    const found: string[] = [];
    for (const id of ['monitoring', 'clock', 'lookup', 'general']) {
      await page.locator(`#nav-${id}`).click();
      await page.locator('details.advanced').evaluateAll((all) => all.forEach((details) => details.setAttribute('open', '')));
      await page
        .locator('input[type=checkbox]')
        .evaluateAll((boxes) =>
          boxes.forEach((box) => !(box as { checked: boolean }).checked && (box as { click(): void }).click()),
        );
      found.push(...(await untranslatedText(page, data)));
      await view.screenshot(`settings-${id}-pseudo`);
      const cancel = page.locator('.buttons button').nth(1);
      if (await cancel.isEnabled()) await cancel.click(); // what the boxes changed
    }
    await page.locator('#nav-environments').click();
    await page.locator('.toolbar button').nth(1).click(); // edit the Mock
    await page.locator('.editor details').evaluate((details) => details.setAttribute('open', ''));
    await page.locator('.editor .buttons button').nth(1).click(); // test the connection
    await expect.poll(() => page.locator('.report li').count(), { timeout: 15_000 }).toBe(2);
    found.push(...(await untranslatedText(page, `${data}, .report .message, .secret-status + .help`)));
    await view.screenshot('settings-environment-pseudo');
    expect(found).toEqual([]);
    expect(view.problems).toEqual([]);
  });

  it('speaks German, and the weekdays start on Monday', async () => {
    const view = await open('settings', { systemLanguages: () => ['de-DE'] }, 'light', 'section=clock');
    const { page } = view;
    await expect.poll(() => page.locator('h1').textContent()).toBe('Stempeln');
    await page.getByLabel('Erinnern, wenn ich bis zu einer bestimmten Uhrzeit nicht eingestempelt habe').check();
    expect(await page.locator('.weekdays').first().locator('.day').allTextContents()).toEqual(
      ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'].map((day) => expect.stringContaining(day)),
    );
    await page.getByLabel('Prüfen alle').count();
    const longShift = inputOf(page, 'clock.longShiftHours');
    await longShift.fill('30');
    await expect.poll(() => errorOf(page, 'clock.longShiftHours').textContent()).toBe('Darf höchstens 24 sein (eingegeben: 30).');
    await view.screenshot('settings-clock-german');
    expect(view.problems).toEqual([]);
  });
});

describe('welcome window', () => {
  it('welcomes in German, and shows no text outside the catalogue in the pseudo-locale', async () => {
    const german = await open('welcome', { systemLanguages: () => ['de-DE'] });
    await expect.poll(() => german.page.locator('h1').textContent()).toBe('Willkommen bei Timeclock Tray');
    await expect.poll(() => german.page.locator(':focus').textContent()).toBe('Umgebung Ihres Unternehmens hinzufügen');
    expect(await german.page.locator('.mock').textContent()).toContain('Testmodus');
    await german.screenshot('welcome-german');

    const pseudo = await open('welcome');
    pseudo.core.settings.updatePreferences({ general: { language: 'en-XA' } });
    await expect.poll(() => pseudo.page.locator('h1').textContent()).toMatch(/^\[/);
    await expect.poll(() => pseudo.page.locator('.buttons button').count()).toBe(2);
    expect(await untranslatedText(pseudo.page)).toEqual([]);
  });

  it('on Windows, shows where to pin the tray icon hidden under ^, in the user’s language, until "Got it"', async () => {
    const onWindows = async (languages: string[], colorScheme: 'light' | 'dark', query = '') => {
      const core = createTestCore(builtin, { systemLanguages: () => languages });
      const shell = { ...recordingShell(), trayIconPlace: () => 'overflow' as const };
      const view = await harness.open(
        'welcome',
        { handlers: createWindowHandlers(core, shell), subscribe: core.events.on },
        { colorScheme, size: { width: 520, height: 620 }, query },
      );
      return { core, ...view };
    };
    const english = await onWindows(['en-US'], 'light');
    const hint = english.page.getByRole('region', { name: 'Pin Timeclock Tray to the taskbar corner' });
    await expect.poll(() => hint.count()).toBe(1);
    expect(await hint.getByRole('img').getAttribute('aria-label')).toMatch(/^The right end of the taskbar/);
    await english.screenshot('welcome-tray-pin');
    await hint.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => hint.count()).toBe(0);
    expect(english.core.settings.trayPinHintDismissed()).toBe(true);

    // A later start with the icon still hidden: the hint alone, in the user's language and theme.
    const german = await onWindows(['de-DE'], 'dark', 'only=tray-pin');
    await expect.poll(() => german.page.locator('h1').textContent()).toBe('Timeclock Tray in die Taskleistenecke holen');
    expect(await german.page.getByText('Willkommen bei Timeclock Tray').count()).toBe(0);
    await german.screenshot('welcome-tray-pin-german-dark');
  });

  it('says what the app does, that this is demo data, and offers to add the company environment', async () => {
    const view = await open('welcome', {}, 'light');
    const { page } = view;
    expect(await page.locator('h1').textContent()).toBe('Welcome to Timeclock Tray');
    await expect.poll(() => page.locator(':focus').textContent()).toBe('Add your company environment');
    expect(await page.locator('.mock').textContent()).toContain('mock mode');
    const atLogin = page.getByLabel('Start Timeclock Tray when I log in');
    await expect.poll(() => atLogin.isChecked()).toBe(true);
    await view.screenshot('welcome');
    await atLogin.uncheck();
    await expect.poll(() => view.core.settings.preferences().general.startAtLogin).toBe(false);
    await page.locator('.buttons .primary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => view.shell.calls).toEqual(['open settings at environments']);
    expect(view.core.settings.welcomed()).toBe(true);
  });

  it('shows starting at login fixed when IT enforces it', async () => {
    const view = await open('welcome', {
      admin: { defaults: { general: { startAtLogin: true } }, locked: new Set(['general.startAtLogin']) },
    });
    const atLogin = view.page.getByLabel('Start Timeclock Tray when I log in');
    await expect.poll(() => atLogin.isDisabled()).toBe(true);
    expect(await atLogin.isChecked()).toBe(true);
  });

  it("on a workstation IT set up, names IT's environment and asks for what is still missing, not mock mode", async () => {
    const acme = {
      id: 'acme',
      name: 'Acme Factoring',
      timeclockBaseUrl: other.timeclockBaseUrl,
      debtorsBaseUrl: other.debtorsBaseUrl,
      clientId: 'demo-client',
      auth: { kind: 'headers' as const, clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
      employeeId: '',
    };
    const view = await open('welcome', { admin: { environments: [acme], defaultEnvironmentId: 'acme' } }, 'dark');
    const { page } = view;
    await expect.poll(() => page.locator(':focus').textContent()).toBe('Open Settings');
    expect(await page.locator('.provisioned').textContent()).toContain(
      'Before you can clock in, enter your employee id and the client secret IT gave you in Settings.',
    );
    expect(await page.locator('.mock').count()).toBe(0);
    await view.screenshot('welcome-provisioned-dark');
    await page.keyboard.press('Enter');
    await expect.poll(() => view.shell.calls).toEqual(['open settings at environments']);
  });
});
