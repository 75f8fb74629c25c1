/** One Timeclock Tray per user: a second launch hands over to the first (which opens its panel). */
import type { App } from 'electron';

export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  onSecondLaunch: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', onSecondLaunch);
  return true;
}
