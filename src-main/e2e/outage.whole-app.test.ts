/**
 * A confirmed outage in the built app (health watch → notification → status window): taken down
 * from the tray's Mock server menu, told once it is confirmed (real time: about 30 to 45 seconds),
 * and the notification's click opens the status window on that system.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useApp } from './fixture.ts';

const apps = useApp();

describe('an outage of the mock source system', () => {
  it('notifies once confirmed, and the click opens the status window focused on that system', async () => {
    const app = await apps.launch({ dataDir: apps.newDataDir() });
    await eventually(app.tray, (state) => state !== null && state.menu.some((item) => /^Time recording — up/.test(item.label)));
    await app.clickTray('Mock server', 'Take “Time recording” down');
    const shown = await eventually(
      app.notifications,
      (all) => all.some((notification) => /Time recording/.test(notification.title) && /down/i.test(notification.title)),
      90_000,
    );
    const index = shown.findIndex((notification) => /Time recording/.test(notification.title));
    expect(shown[index]!.body.length).toBeLessThanOrEqual(120);
    const tray = await app.tray();
    expect(tray!.image).toMatch(/-down\.png$/);
    await app.call('notification-click', index);
    const status = await app.window('status');
    await eventually(
      () =>
        status.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id ?? '',
        ),
      (id) => id === 'system-source',
    );
    expect(new URL(status.url()).searchParams.get('system')).toBe('source');
    expect(await app.quit()).toBe(0);
  });
});
