/**
 * Clocking from the tray in the built app (main.ts → tray actions, clock notifications, panel):
 * the punch reaches the mock, the tray and the panel follow.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useApp } from './fixture.ts';
import { lastEvent, mockTimeclock } from './fixture-mock.ts';

const apps = useApp();

describe('clocking in from the tray', () => {
  it('records an open event on the mock, changes the tray, and the panel opened by a tray click shows it', async () => {
    const app = await apps.launch({ dataDir: apps.newDataDir() });
    const mock = await mockTimeclock(await app.window('welcome'));
    await eventually(app.tray, (state) => state?.menu[0]?.label === 'Clock in');
    const clickedAt = Date.now();
    await app.clickTray('Clock in');

    const event = await eventually(
      () => lastEvent(mock),
      (found) => found !== null && found.clockOut === null,
    );
    expect(Date.parse(event!.clockIn)).toBeGreaterThanOrEqual(Math.floor(clickedAt / 1000) * 1000);
    const tray = await eventually(app.tray, (state) => state?.menu[0]?.label === 'Clock out');
    expect(tray!.tooltip).toMatch(/^Clocked in since /);
    expect(tray!.image).toMatch(/^tray-in-/);
    await eventually(app.notifications, (shown) => shown.some((notification) => /^Clocked in at /.test(notification.title)));

    await app.call('tray-click-icon');
    const panel = await app.window('panel');
    await eventually(
      () => panel.locator('.headline').textContent(),
      (text) => text === 'Clocked in',
    );
    const state = await panel.evaluate(() =>
      (globalThis as unknown as { api: { getClock(): Promise<{ state: string }> } }).api.getClock().then((clock) => clock.state),
    );
    expect(state).toBe('in');
    expect(await app.quit()).toBe(0);
  });
});
