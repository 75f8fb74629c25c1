/**
 * What the app shows outside its windows, recorded for the test and operable by it: the tray (its
 * icon, tooltip and menu; a test clicks an item by its labels), notifications (shown, clicked, a
 * button pressed), and dialogs (answered from a script the test gives, else by their cancel button).
 */
import type { NotificationOptions } from '../notification-options.ts';
import { EventEmitter } from 'node:events';
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { answer, report } from './control.ts';
import { described } from '../menu-description.cjs';
import { activateToast, handleActivation, toastRefusal } from './win32-personality.ts';

interface MenuItemOptions {
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio';
  label?: string;
  enabled?: boolean;
  checked?: boolean;
  role?: string;
  submenu?: MenuItemOptions[] | Menu;
  click?: (item: MenuItem) => void;
}

export class MenuItem {
  readonly type: string;
  readonly label: string;
  readonly enabled: boolean;
  checked: boolean;
  readonly submenu: Menu | null;
  constructor(private readonly options: MenuItemOptions) {
    this.type = options.submenu ? 'submenu' : (options.type ?? 'normal');
    this.label = options.label ?? '';
    this.enabled = options.enabled ?? true;
    this.checked = options.checked ?? false;
    this.submenu = options.submenu
      ? options.submenu instanceof Menu
        ? options.submenu
        : Menu.buildFromTemplate(options.submenu)
      : null;
  }
  click(): void {
    if (!this.enabled) throw new Error(`The menu item "${this.label}" is disabled.`);
    if (this.type === 'radio') this.checked = true;
    this.options.click?.(this);
  }
}

export class Menu {
  static applicationMenu: Menu | null = null;
  static buildFromTemplate = (template: MenuItemOptions[]) => new Menu(template.map((options) => new MenuItem(options)));
  static setApplicationMenu(menu: Menu | null) {
    Menu.applicationMenu = menu;
  }
  static getApplicationMenu = () => Menu.applicationMenu;
  constructor(readonly items: MenuItem[] = []) {}
}

export const nativeImage = {
  createFromPath: (path: string) => ({
    path,
    template: false,
    setTemplateImage(value: boolean) {
      this.template = value;
    },
    isEmpty: () => false,
  }),
  createEmpty: () => ({ path: '', template: false, setTemplateImage() {}, isEmpty: () => true }),
};

const trays = new Set<Tray>();
export class Tray extends EventEmitter {
  image: string;
  tooltip = '';
  title = '';
  menu: Menu | null = null;
  destroyed = false;
  constructor(image: { path: string }) {
    super();
    this.image = basename(image.path);
    trays.add(this);
    report('tray-created');
  }
  setImage = (image: { path: string }) => void (this.image = basename(image.path));
  setToolTip = (text: string) => void (this.tooltip = text);
  setTitle = (text: string) => void (this.title = text);
  setContextMenu = (menu: Menu | null) => {
    // The first menu is what a person can use: the start-to-tray benchmark waits for it, and
    // reads how long the app itself took (from when the stand-in had loaded, register.mjs).
    if (this.menu === null && menu !== null) report('tray-menu', appStartSoFar());
    this.menu = menu;
  };
  getBounds = () => ({ x: 0, y: 0, width: 0, height: 0 });
  isDestroyed = () => this.destroyed;
  destroy() {
    this.destroyed = true;
    trays.delete(this);
  }
}

const liveTray = () => {
  const [tray] = trays;
  if (!tray) throw new Error('There is no tray icon.');
  return tray;
};
answer('tray', () => {
  const tray = trays.values().next().value;
  return tray ? { image: tray.image, tooltip: tray.tooltip, title: tray.title, menu: described(tray.menu) } : null;
});
answer('tray-click-icon', () => void liveTray().emit('click', {}, { x: 0, y: 0, width: 0, height: 0 }));
answer('tray-click', (...path: string[]) => {
  let menu = liveTray().menu;
  let item: MenuItem | undefined;
  for (const label of path) {
    item = menu?.items.find((candidate) => candidate.label === label);
    if (!item)
      throw new Error(`No tray menu item "${label}" among: ${(menu?.items ?? []).map((entry) => entry.label).join(' | ')}`);
    menu = item.submenu;
  }
  item!.click();
});

const shownNotifications: Notification[] = [];
export class Notification extends EventEmitter {
  static isSupported = () => true;
  /** Windows: every activation, also after a restart (win32-personality.ts decides which arrive). */
  static handleActivation = handleActivation;
  constructor(readonly options: NotificationOptions) {
    super();
  }
  show() {
    const refused = toastRefusal();
    if (refused) return report('notification-refused', { title: this.options.title, refused });
    shownNotifications.push(this);
    report('notification', { ...this.options, index: shownNotifications.length - 1 });
  }
  close() {}
}
answer('notifications', () => shownNotifications.map((notification) => notification.options));
answer('notification-click', (index: number) => void shownNotifications[index]?.emit('click', {}));
answer('notification-action', (index: number, button: number) => void shownNotifications[index]?.emit('action', {}, button));
/** Windows: a toast clicked (no button) or a button pressed in the Action Center, after it left the screen. */
answer('toast-activate', (index: number, button?: number) =>
  activateToast(shownNotifications[index]?.options.toastXml ?? '', button),
);

/** Answers for the next dialogs, in order: a button index for message boxes, a path (or null) for save dialogs. */
const script: unknown[] = [];
const shownDialogs: unknown[] = [];
answer('dialog-script', (...answers: unknown[]) => void script.push(...answers));
answer('dialogs', () => shownDialogs);

export const dialog = {
  async showMessageBox(...args: unknown[]) {
    const options = args.at(-1) as { buttons?: string[]; cancelId?: number; message: string; detail?: string };
    shownDialogs.push({ kind: 'message', ...options });
    report('dialog', { kind: 'message', ...options });
    const scripted = script.shift();
    return { response: typeof scripted === 'number' ? scripted : (options.cancelId ?? 0), checkboxChecked: false };
  },
  async showSaveDialog(...args: unknown[]) {
    const options = args.at(-1) as { defaultPath?: string };
    shownDialogs.push({ kind: 'save', ...options });
    report('dialog', { kind: 'save', ...options });
    const scripted = script.shift();
    return typeof scripted === 'string' ? { canceled: false, filePath: scripted } : { canceled: true, filePath: undefined };
  },
  showErrorBox(title: string, content: string) {
    shownDialogs.push({ kind: 'error', title, content });
    report('dialog', { kind: 'error', title, content });
  },
};

/** Where register.mjs had the stand-in ready: this process's clock and CPU time, and the code files loaded since. */
interface StandInReady {
  at: number;
  cpu: NodeJS.CpuUsage;
  codeFilesLoadedSince: () => string[];
}

/**
 * The app's own start so far, from when the stand-in was ready (register.mjs): time, the CPU time of
 * every thread, and the bytes of the code files it loaded — what Windows' Task Manager judges a
 * start-up's impact by (its CPU time and disk I/O: "High" above 1 s or 3 MB).
 */
function appStartSoFar(): { appMs: number; appCpuMs: number; appCodeBytes: number } {
  const ready = (globalThis as { timeclockStandInReady?: StandInReady }).timeclockStandInReady;
  if (!ready) return { appMs: performance.now(), appCpuMs: 0, appCodeBytes: 0 };
  const cpu = process.cpuUsage(ready.cpu);
  return {
    appMs: performance.now() - ready.at,
    appCpuMs: (cpu.user + cpu.system) / 1000,
    appCodeBytes: ready.codeFilesLoadedSince().reduce((sum, file) => sum + statSync(file).size, 0),
  };
}
