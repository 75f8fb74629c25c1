/**
 * The rest of what the app asks of Electron: screen, theme, global shortcuts, power events, clipboard,
 * safeStorage (strong or Linux's `basic_text`, chosen by the test), shell, and the default session.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { answer, report } from './control.ts';
import { win32Shell } from './win32-personality.ts';
import { browser } from './chromium.ts';

export const screen = {
  getCursorScreenPoint: () => ({ x: 1800, y: 1060 }),
  getPrimaryDisplay: () => display,
  getDisplayNearestPoint: () => display,
  getAllDisplays: () => [display],
};
const display = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  scaleFactor: 1,
};

export class NativeTheme extends EventEmitter {
  private source: 'system' | 'light' | 'dark' = 'system';
  get themeSource() {
    return this.source;
  }
  /** Setting it restyles every window through prefers-color-scheme, as in Electron. */
  set themeSource(value: 'system' | 'light' | 'dark') {
    this.source = value;
    const colorScheme = value === 'dark' ? 'dark' : 'light';
    // A page closing meanwhile is no fault: Electron's setter never throws.
    void browser()
      .then((context) => context.pages().forEach((page) => void page.emulateMedia({ colorScheme }).catch(() => {})))
      .catch(() => {});
    this.emit('updated');
  }
  get shouldUseDarkColors() {
    return this.source === 'dark';
  }
  /** Windows' contrast themes: off, as on most desktops. */
  get shouldUseHighContrastColors() {
    return false;
  }
}
export const nativeTheme = new NativeTheme();

const shortcuts = new Map<string, () => void>();
export const globalShortcut = {
  register(accelerator: string, callback: () => void) {
    if (shortcuts.has(accelerator)) return false;
    shortcuts.set(accelerator, callback);
    return true;
  },
  isRegistered: (accelerator: string) => shortcuts.has(accelerator),
  unregister: (accelerator: string) => void shortcuts.delete(accelerator),
  unregisterAll: () => shortcuts.clear(),
};
answer('shortcuts', () => [...shortcuts.keys()]);
answer('press-shortcut', (accelerator: string) => {
  const run = shortcuts.get(accelerator);
  if (!run) throw new Error(`No global shortcut ${accelerator} is registered.`);
  run();
});

/** The power events the driver sends; no keyboard or mouse here, so no input is ever idle. */
export const powerMonitor = Object.assign(new EventEmitter(), { getSystemIdleTime: () => 0 });
answer('power', (event: string) => void powerMonitor.emit(event));

/**
 * Strong: AES-GCM under a key of this process's data folder (a keyring stands here). basic_text:
 * what Chromium does on Linux without a keyring — a key everybody knows.
 */
const backend = process.env.TIMECLOCK_STANDIN_SAFE_STORAGE === 'basic_text' ? 'basic_text' : 'gnome_libsecret';
const key = createHash('sha256')
  // The Windows personality's DPAPI is the computer's too (TIMECLOCK_STANDIN_HOST): keys do not roam.
  .update(
    backend === 'basic_text'
      ? 'peanuts'
      : `keyring:${process.env.TIMECLOCK_STANDIN_HOST ?? ''}:${process.env.TIMECLOCK_STANDIN_USER_DATA}`,
  )
  .digest();
export const safeStorage = {
  isEncryptionAvailable: () => true,
  isAsyncEncryptionAvailable: async () => true,
  getSelectedStorageBackend: () => backend,
  async encryptStringAsync(plain: string): Promise<Buffer> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from('v10'), iv, cipher.getAuthTag(), body]);
  },
  async decryptStringAsync(data: Buffer): Promise<{ shouldReEncrypt: boolean; result: string }> {
    const iv = data.subarray(3, 15);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(data.subarray(15, 31));
    return {
      shouldReEncrypt: false,
      result: Buffer.concat([decipher.update(data.subarray(31)), decipher.final()]).toString('utf8'),
    };
  },
};

/** The system clipboard: what the app last copied, for the test to read. */
let copied = '';
answer('clipboard', () => copied);
export const clipboard = {
  writeText(text: string) {
    copied = text;
    report('clipboard', text.length);
  },
  readText: () => copied,
};

export const shell = {
  async openExternal(url: string) {
    report('open-external', url);
  },
  async openPath(path: string) {
    report('open-path', path);
    return '';
  },
  showItemInFolder: (path: string) => report('show-item', path),
  readShortcutLink: win32Shell.readShortcutLink,
  writeShortcutLink: win32Shell.writeShortcutLink,
};

type PermissionRequest = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
type PermissionCheck = (contents: unknown, permission: string) => boolean;
const permissions: { request: PermissionRequest | null; check: PermissionCheck | null } = { request: null, check: null };
const defaultSession = {
  setPermissionRequestHandler: (handler: PermissionRequest | null) => void (permissions.request = handler),
  setPermissionCheckHandler: (handler: PermissionCheck | null) => void (permissions.check = handler),
  resolveProxy: async () => 'DIRECT',
  setPreloads() {},
  getPreloads: () => [],
};
export const session = {
  defaultSession,
  /** electron-updater asks for its own partition; requests here ignore sessions. */
  fromPartition: () => defaultSession,
};
answer(
  'permission',
  (permission: string) =>
    new Promise((resolve) => (permissions.request ? permissions.request(null, permission, resolve) : resolve(true))),
);
