/** The tray and the clock in the user's language: chosen in Settings, applied at once. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, PSEUDO_LOCALE } from '../../shared/i18n/locales.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import type { WindowMessages } from '../../shared/ipc/contract.ts';
import { TOOLTIP_MAX, trayMenu, trayTooltip, type TrayState } from './tray-menu.ts';
import { trayView } from './tray-view.ts';

const mock = useMockServer({ debtors: 20 });
const labels = (state: TrayState, t: Parameters<typeof trayMenu>[1]) =>
  trayMenu(state, t).flatMap((item) => ('label' in item ? [item.label] : []));

describe('the tray in the user’s language', () => {
  it('speaks German once chosen, without a restart, and tells every window', async () => {
    const core = createTestCore(mock.server, { time: createFakeClock() });
    await core.clock.refresh();
    const heard: WindowMessages[] = [];
    core.events.on('languageChanged', (messages) => heard.push(messages));
    expect(labels(trayView(core).state, trayView(core).t)).toContain('Clock in');

    await core.health.checkNow();
    core.settings.updatePreferences({ general: { language: 'de' } });
    const view = trayView(core);
    expect(view.state.healthSummary).toBe('Zeiterfassung in Betrieb · Lohnschnittstelle in Betrieb');
    expect(view.state.healthLines[0]).toMatch(/^Zeiterfassung — in Betrieb · \d+ ms · geprüft vor \d+ s$/);
    expect(labels(view.state, view.t)).toEqual(expect.arrayContaining(['Einstempeln', 'Einstellungen…', 'Debitorensuche…']));
    expect(core.clock.view().stateLabel).toBe('Ausgestempelt');
    expect(heard).toHaveLength(1);
    expect(core.health.lines()[1]!.label).toBe('Lohnschnittstelle');
    expect(heard[0]!.locale.messages).toBe('de');
    expect(heard[0]!.messages['clock.clockIn']).toBe('Einstempeln');
  });

  it('words the clock’s notifications and refusals in the language chosen', async () => {
    const core = createTestCore(mock.server, { time: createFakeClock() });
    core.settings.updatePreferences({ general: { language: 'es' } });
    await core.clock.refresh();
    const notices: string[] = [];
    core.clock.onNotification((notice) => notices.push(`${notice.title} | ${notice.body}`));
    await core.clock.toggle('tray');
    expect(notices.at(-1)).toMatch(
      /^Entrada fichada a las .+ \| Registrada por el servicio de fichajes de Prueba \(integrado\)\./,
    );
    const refused = await core.clock.clockOutAt(Number.NaN);
    expect(refused).toEqual({ kind: 'ignored', reason: 'Elija la hora a la que dejó de trabajar.' });
    await core.clock.toggle('tray');
  });

  it("follows the system's language when the setting says so", () => {
    const core = createTestCore(mock.server, { time: createFakeClock(), systemLanguages: () => ['es-MX', 'en-US'] });
    expect(core.translator().locale).toEqual({ messages: 'es', formats: 'es-MX' });
    expect(core.clock.view().stateLabel).toBe('Estado del fichaje desconocido');
  });

  it('keeps the tooltip within what Windows shows (127 characters) in every language', async () => {
    const clock = createFakeClock();
    const core = createTestCore(mock.server, { time: clock });
    await core.clock.refresh();
    await core.clock.toggle('window');
    core.health.pauseNotifications(clock.now() + 3_600_000);
    for (const language of [...LANGUAGES, PSEUDO_LOCALE] as const) {
      core.settings.updatePreferences({ general: { language } });
      const view = trayView(core);
      const tooltip = trayTooltip(view.state, view.t);
      expect(tooltip.length, `${language}: ${tooltip}`).toBeLessThanOrEqual(TOOLTIP_MAX);
      expect(tooltip.split('\n').length, language).toBeGreaterThanOrEqual(2);
    }
  });
});
