/**
 * The Electron main process's entry: what must happen before Electron is ready — one instance per
 * user, the Windows identity, the app's scheme — then the wait IT set for a start at login
 * (core/settings/start-delay.ts), and only then the app itself (app-start.ts, loaded after the wait:
 * Task Manager counts what a start at login reads and computes).
 */
import { app } from 'electron';
import { startDelayMsOf } from './core/settings/start-delay.ts';
import { registerAppScheme } from './electron/app-protocol.ts';
import { claimSingleInstance } from './electron/single-instance.ts';
import { refuseSystemAccount, takeWindowsIdentity } from './electron/windows-desktop.ts';

if (process.platform === 'linux') {
  // Newer Electron defaults to GTK 4 on GNOME, where StatusNotifier trays misbehave.
  app.commandLine.appendSwitch('gtk-version', '3');
}

/** A second launch: during the wait after login it ends the wait; once the tray exists it opens the panel. */
let onSecondLaunch = () => {};
if (!refuseSystemAccount() && claimSingleInstance(() => onSecondLaunch())) {
  takeWindowsIdentity();
  registerAppScheme();
  // Awaited at the top level: Electron's ready waits for the entry (its ESM caveat), never the reverse.
  await waitAfterLogin(startDelayMsOf(process.argv));
  const { start } = await import('./app-start.ts');
  void app.whenReady().then(() => start((openPanel) => (onSecondLaunch = openPanel)));
}

/** The wait a start at login asks for; a launch by the user meanwhile ends it. */
function waitAfterLogin(ms: number): Promise<void> {
  if (ms === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    onSecondLaunch = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}
