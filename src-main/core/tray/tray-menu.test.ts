import { describe, expect, it } from 'vitest';
import { trayMenu, trayTooltip } from './tray-menu.ts';

const mock = { productName: 'Timeclock Tray', environmentName: 'Mock (built-in)', isMock: true };
const prod = { productName: 'Timeclock Tray', environmentName: 'Production', isMock: false };

describe('tray menu', () => {
  it('names the active environment, marks demo data, and ends with Quit', () => {
    const menu = trayMenu(mock);
    expect(menu[0]).toEqual({ type: 'normal', label: 'Environment: Mock (built-in) · demo data', enabled: false });
    expect(menu.at(-1)).toEqual({ type: 'normal', label: 'Quit Timeclock Tray', action: 'quit' });
    expect(menu.filter((item) => item.type === 'normal' && item.action === 'open-panel')).toHaveLength(1);
  });

  it('does not mark a real environment as demo data', () => {
    expect(trayMenu(prod)[0]).toMatchObject({ label: 'Environment: Production' });
    expect(trayTooltip(prod)).toBe('Timeclock Tray — Environment: Production');
    expect(trayTooltip(mock)).toContain('demo data');
  });
});
