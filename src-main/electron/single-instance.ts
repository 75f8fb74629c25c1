/**
 * One Timeclock Tray per user: a second launch hands over to the first (which opens its panel). On
 * a terminal server the lock is the account's across its sessions (core/windows/sessions.ts): a
 * start in another session than the running app's says where the app runs and quits, and the
 * running app opens nothing for it — its panel would appear in a session nobody is looking at.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, dialog } from 'electron';
import { inAnotherSession, instanceNote, readInstanceNote, type InstanceNote } from '../core/windows/sessions.ts';
import { translatorFor } from '../shared/i18n/catalogues.ts';
import { chooseLocale } from '../shared/i18n/locales.ts';

/** Where the running app says which session it is in (beside its data; read by a second start). */
const notePath = () => join(app.getPath('userData'), 'running-instance.json');

function runningNote(): InstanceNote | null {
  try {
    return readInstanceNote(JSON.parse(readFileSync(notePath(), 'utf8')));
  } catch {
    return null; // no note (an older version runs): the second start quits as before
  }
}

export function claimSingleInstance(onSecondLaunch: () => void): boolean {
  const mine = instanceNote(process.env);
  if (!app.requestSingleInstanceLock({ ...mine })) {
    const running = runningNote();
    if (inAnotherSession(running, mine))
      void app
        .whenReady()
        .then(() => sayItRunsElsewhere(running!))
        .finally(() => app.quit());
    else app.quit();
    return false;
  }
  try {
    writeFileSync(notePath(), JSON.stringify(mine));
  } catch {
    /* a read-only data folder: a second start in another session then quits without saying where */
  }
  app.on('second-instance', (_event, _argv, _cwd, data) => {
    if (!inAnotherSession(mine, readInstanceNote(data) ?? mine)) onSecondLaunch();
  });
  return true;
}

/** In the system's language: no settings are read by a copy that is about to close. */
async function sayItRunsElsewhere(running: InstanceNote): Promise<void> {
  const { t } = translatorFor(chooseLocale('system', app.getPreferredSystemLanguages()));
  await dialog.showMessageBox({
    type: 'info',
    message: t('instance.elsewhereTitle'),
    detail: t('instance.elsewhere', { session: running.session, client: running.client ?? 'none' }),
  });
}
