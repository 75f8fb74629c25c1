import { describe, expect, it } from 'vitest';
import { pauseUntil, trayMenu, trayTooltip, type MenuItemModel, type TrayState } from './tray-menu.ts';

const state = (overrides: Partial<TrayState> = {}): TrayState => ({
  productName: 'Timeclock Tray',
  clockAction: 'clock-out',
  clockBlocked: null,
  clockBusy: false,
  clockHeadline: 'Clocked in since 08:02 · 3 h 12 min',
  clockHours: 'Today 3 h 12 min · This week 21 h',
  clockPending: [],
  clockProblem: null,
  environmentName: 'Mock (built-in)',
  isMock: true,
  healthLines: ['Source system — up · 142 ms · checked 12 s ago', 'Target system — down since 10:42'],
  healthSummary: 'Source up · Target down since 10:42',
  notificationsPausedUntil: null,
  environments: [
    { id: 'mock', name: 'Mock (built-in)', active: true },
    { id: 'prod', name: 'Production', active: false },
  ],
  ...overrides,
});
const labels = (items: MenuItemModel[]) => items.map((entry) => (entry.type === 'separator' ? '—' : entry.label));
const submenu = (items: MenuItemModel[], label: string) => {
  const found = items.find((entry) => entry.type === 'submenu' && entry.label === label);
  return found?.type === 'submenu' ? found.items : [];
};

describe('tray menu', () => {
  it('starts with the clock action, so it works where tray clicks are never delivered, then the elapsed time and my hours, which open My time', () => {
    const menu = trayMenu(state());
    expect(menu.slice(0, 4)).toEqual([
      { type: 'normal', label: 'Clock out', action: 'toggle-clock' },
      { type: 'normal', label: 'Take a break', action: 'take-break' },
      { type: 'normal', label: 'Clocked in since 08:02 · 3 h 12 min', enabled: false },
      { type: 'normal', label: 'Today 3 h 12 min · This week 21 h', action: 'open-hours' },
    ]);
    expect(trayMenu(state({ clockAction: 'clock-in', clockHeadline: 'Clocked out since 17:01' }))[0]).toMatchObject({
      label: 'Clock in',
      action: 'toggle-clock',
    });
  });

  it('says "Back from break" on a break, and offers a break only while clocked in', () => {
    const onBreak = trayMenu(state({ clockAction: 'clock-in', clockOnBreak: true, clockHeadline: 'On a break since 12:00' }));
    expect(onBreak[0]).toMatchObject({ label: 'Back from break', action: 'toggle-clock' });
    expect(labels(onBreak)).not.toContain('Take a break');
  });

  it('offers no punch when none is safe, and leads to what needs fixing instead', () => {
    const blocked = trayMenu(
      state({ clockAction: null, clockBlocked: { label: 'Set up clocking in… (employee id missing)', action: 'open-settings' } }),
    );
    expect(blocked[0]).toEqual({ type: 'normal', label: 'Set up clocking in… (employee id missing)', action: 'open-settings' });
    expect(blocked.some((entry) => entry.type === 'normal' && entry.action === 'toggle-clock')).toBe(false);
  });

  it('disables the clock action while a punch is being sent, and lists pending punches and problems', () => {
    const problem = 'Employee E9 is not known to the timeclock service of QA. Check the employee id in Settings.';
    const menu = trayMenu(state({ clockBusy: true, clockPending: ['Clock-in at 08:02 pending sync'], clockProblem: problem }));
    expect(menu[0]).toEqual({ type: 'normal', label: 'Clock out', action: 'toggle-clock', enabled: false });
    expect(menu[1]).toEqual({ type: 'normal', label: 'Take a break', action: 'take-break', enabled: false });
    expect(labels(menu)[4]).toBe('Clock-in at 08:02 pending sync');
    expect(labels(menu)[5]).toBe('Employee E9 is not known to the timeclock service of QA. Check the employee id in…');
    expect(labels(menu)[5]!.length).toBeLessThanOrEqual(91);
  });

  it('shows one disabled line per system, then the health actions', () => {
    const menu = trayMenu(state()).slice(5);
    expect(menu.slice(0, 2)).toEqual([
      { type: 'normal', label: 'Source system — up · 142 ms · checked 12 s ago', enabled: false },
      { type: 'normal', label: 'Target system — down since 10:42', enabled: false },
    ]);
    expect(labels(trayMenu(state()))).toEqual([
      'Clock out',
      'Take a break',
      'Clocked in since 08:02 · 3 h 12 min',
      'Today 3 h 12 min · This week 21 h',
      '—',
      'Source system — up · 142 ms · checked 12 s ago',
      'Target system — down since 10:42',
      'Health status…',
      '—',
      'Mock server',
      '—',
      'Open Timeclock Tray…',
      'Debtor lookup…',
      'Settings…',
      'More',
      '—',
      'Quit Timeclock Tray',
    ]);
  });

  it('keeps to about 15 rows without the Mock submenu, what is used every day at the top and the rest under More (issue 46, point 10)', () => {
    const real = trayMenu(state({ isMock: false, environmentName: 'Production' }));
    expect(real.length).toBeLessThanOrEqual(15);
    expect(labels(submenu(real, 'More'))).toEqual([
      'Check now',
      'Pause notifications',
      'Environment: Production',
      '—',
      'Open logs folder',
      'About Timeclock Tray',
    ]);
    // No row repeats the environment submenu beside it.
    expect(labels(real).filter((label) => label.startsWith('Environment'))).toEqual([]);
  });

  it('offers pauses under More, or resuming at the top while paused', () => {
    const more = submenu(trayMenu(state()), 'More');
    expect(submenu(more, 'Pause notifications').map((entry) => entry.type === 'normal' && entry.action)).toEqual([
      'pause-15m',
      'pause-1h',
      'pause-tomorrow',
    ]);
    const paused = submenu(trayMenu(state({ notificationsPausedUntil: '11:15' })), 'Notifications paused');
    expect(labels(paused)).toEqual(['Paused until 11:15', 'Resume notifications']);
    expect(labels(submenu(trayMenu(state({ notificationsPausedUntil: '11:15' })), 'More'))).not.toContain('Pause notifications');
  });

  it('offers mock controls only in the Mock environment', () => {
    expect(labels(submenu(trayMenu(state()), 'Mock server'))).toContain('Take “Payroll link” down');
    const real = trayMenu(state({ isMock: false, environmentName: 'Production' }));
    expect(labels(real)).not.toContain('Mock server');
    expect(labels(submenu(real, 'More'))).toContain('Environment: Production');
  });

  it('puts the clock state first in the tooltip, then health, environment and pause', () => {
    expect(trayTooltip(state({ notificationsPausedUntil: '11:15', isMock: false, environmentName: 'Production' }))).toBe(
      'Clocked in since 08:02 · 3 h 12 min\nSource up · Target down since 10:42\nProduction\nNotifications paused until 11:15',
    );
    expect(trayTooltip(state())).toContain('\nMock (built-in) · demo data');
  });

  it('keeps the tooltip within the 127 characters Windows shows, dropping the least important lines whole', () => {
    const crowded = state({
      environmentName: 'Production — Frankfurt data centre (primary, managed by Group IT)',
      clockPending: ['Clock-in at 08:02 not yet recorded', 'Clock-out at 12:00 not yet recorded'],
      healthSummary: 'Source system down since 10:42 · Target system not answering since 10:44',
      notificationsPausedUntil: '11:15',
    });
    const tooltip = trayTooltip(crowded);
    expect(tooltip.length).toBeLessThanOrEqual(127);
    expect(tooltip.split('\n')).toEqual([
      'Clocked in since 08:02 · 3 h 12 min',
      'Source system down since 10:42 · Target system not answering since 10:44',
    ]);
    const oneLong = trayTooltip(state({ clockHeadline: `Clock state unknown ${'because '.repeat(30)}` }));
    expect(oneLong.length).toBeLessThanOrEqual(127);
    expect(oneLong.endsWith('…')).toBe(true);
  });
});

describe('pauseUntil', () => {
  it('ends a pause in 15 minutes, an hour, or at the next local midnight', () => {
    const now = new Date(2026, 10, 23, 16, 40).getTime();
    expect(pauseUntil('15m', now) - now).toBe(15 * 60_000);
    expect(pauseUntil('1h', now) - now).toBe(60 * 60_000);
    expect(new Date(pauseUntil('tomorrow', now))).toEqual(new Date(2026, 10, 24, 0, 0));
  });
});

describe('environment submenu', () => {
  it('lists every environment as a radio item, the active one checked', () => {
    expect(submenu(submenu(trayMenu(state()), 'More'), 'Environment: Mock (built-in) · demo data')).toEqual([
      { type: 'radio', label: 'Mock (built-in)', action: 'switch-environment:mock', checked: true },
      { type: 'radio', label: 'Production', action: 'switch-environment:prod', checked: false },
    ]);
  });
});
