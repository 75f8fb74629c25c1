/**
 * The whole-app tests' hook in the REAL Electron (npm run test:electron): loaded as the main script
 * by Playwright's `_electron.launch`, it records what the app shows outside its windows — the tray,
 * notifications, dialogs, windows opened and closed — and offers the same operations as the
 * stand-in's control channel (testing/electron-stand-in/control.ts: "tray", "tray-click",
 * "notifications", "dialog-script", …) on `globalThis.__timeclockTest`, which the driver calls
 * through `electronApp.evaluate`. Then it loads the app's main bundle as it ships. It patches
 * prototypes and module functions only, before the bundle imports `electron`.
 *
 * UNVERIFIED HERE: Electron's binary cannot be installed on the machine this was written on; the
 * GitHub workflow (.github/workflows/electron.yml) is where it runs. Test support only, never shipped.
 */
'use strict';
const electron = require('electron');
const { pathToFileURL } = require('node:url');
const { described } = require('../menu-description.cjs');

const reports = [];
const report = (name, detail = null) => reports.push({ report: name, detail });
const trays = new Set();
const shown = [];
const script = [];
const dialogs = [];

// The tray: its instance is known from the app's first call on it (the constructor is left alone).
for (const method of ['setToolTip', 'setContextMenu', 'setImage', 'setTitle']) {
  const real = electron.Tray.prototype[method];
  electron.Tray.prototype[method] = function (value) {
    if (!trays.has(this)) {
      trays.add(this);
      report('tray-created');
    }
    this[`__${method}`] = value;
    return real.call(this, value);
  };
}
const realShow = electron.Notification.prototype.show;
electron.Notification.prototype.show = function () {
  shown.push(this);
  report('notification', { title: this.title, body: this.body, index: shown.length - 1 });
  return realShow.call(this);
};
electron.dialog.showMessageBox = async (...args) => {
  const options = args.at(-1);
  dialogs.push({ kind: 'message', ...options });
  report('dialog', { kind: 'message', ...options });
  const scripted = script.shift();
  return { response: typeof scripted === 'number' ? scripted : (options.cancelId ?? 0), checkboxChecked: false };
};
electron.dialog.showSaveDialog = async (...args) => {
  const options = args.at(-1);
  dialogs.push({ kind: 'save', ...options });
  report('dialog', { kind: 'save', ...options });
  const scripted = script.shift();
  return typeof scripted === 'string' ? { canceled: false, filePath: scripted } : { canceled: true, filePath: undefined };
};
const realLoginItem = electron.app.setLoginItemSettings.bind(electron.app);
electron.app.setLoginItemSettings = (settings) => {
  report('login-item', settings.openAtLogin ?? false);
  return realLoginItem(settings);
};
electron.app.on('browser-window-created', (_event, window) => {
  window.webContents.once('did-finish-load', () =>
    report('window-opened', { id: window.id, url: window.webContents.getURL(), title: window.getTitle() }),
  );
  window.once('closed', () => report('window-closed'));
});
electron.app.on('quit', () => report('quit'));

const liveTray = () => {
  const [tray] = trays;
  if (!tray) throw new Error('There is no tray icon.');
  return tray;
};
const operations = {
  tray: () => {
    const [tray] = trays;
    return tray
      ? {
          image: String(tray.__setImage ?? ''),
          tooltip: tray.__setToolTip ?? '',
          title: tray.__setTitle ?? '',
          menu: described(tray.__setContextMenu),
        }
      : null;
  },
  'tray-click-icon': () => void liveTray().emit('click', {}, liveTray().getBounds()),
  'tray-click': (...path) => {
    let menu = liveTray().__setContextMenu;
    let item;
    for (const label of path) {
      item = menu?.items.find((candidate) => candidate.label === label);
      if (!item)
        throw new Error(`No tray menu item "${label}" among: ${(menu?.items ?? []).map((entry) => entry.label).join(' | ')}`);
      menu = item.submenu;
    }
    item.click();
  },
  notifications: () => shown.map((notification) => ({ title: notification.title, body: notification.body })),
  'notification-click': (index) => void shown[index]?.emit('click', {}),
  'notification-action': (index, button) => void shown[index]?.emit('action', {}, button),
  'dialog-script': (...answers) => void script.push(...answers),
  dialogs: () => dialogs,
  clipboard: () => electron.clipboard.readText(),
  power: (event) => void electron.powerMonitor.emit(event),
  'devtools-connected': () => {},
};

globalThis.__timeclockTest = {
  reports: () => reports,
  call: async (op, ...args) => {
    const run = operations[op];
    if (!run) throw new Error(`The real-Electron harness has no operation "${op}" (it is the stand-in's only).`);
    return (await run(...args)) ?? null;
  },
};

// The test's data folder, as the stand-in's TIMECLOCK_STANDIN_USER_DATA.
if (process.env.TIMECLOCK_USER_DATA) electron.app.setPath('userData', process.env.TIMECLOCK_USER_DATA);
// The app as it ships: the main bundle given by the driver, or — packaged for the test with this
// file as its main script (.github/workflows/electron.yml) — the one beside it in the archive.
const bundle = process.env.TIMECLOCK_MAIN_BUNDLE || require('node:path').join(__dirname, '..', 'main', 'main.js');
void import(pathToFileURL(bundle).href);
