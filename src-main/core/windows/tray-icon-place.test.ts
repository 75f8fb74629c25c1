import { describe, expect, it } from 'vitest';
import { trayIconPlace } from './tray-icon-place.ts';

const exe = 'C:\\Program Files\\Timeclock Tray\\Timeclock Tray.exe';

describe('where Windows shows the tray icon', () => {
  it('is the taskbar corner only when the icon of this executable was promoted', () => {
    expect(trayIconPlace([{ ExecutablePath: exe.toUpperCase(), IsPromoted: 1 }], exe)).toBe('shown');
    expect(trayIconPlace([{ ExecutablePath: exe, IsPromoted: 0 }], exe)).toBe('overflow');
    // Another program promoted; ours has no key yet (the first start): still under ^.
    expect(trayIconPlace([{ ExecutablePath: 'C:\\Windows\\explorer.exe', IsPromoted: 1 }], exe)).toBe('overflow');
    expect(trayIconPlace([], exe)).toBe('overflow');
  });
});
