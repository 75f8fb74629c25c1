/** The shell's own logic, against the small fake of `electron` (see src-main/testing/fake-electron.ts). */
import { english } from '../shared/i18n/catalogues.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as fake from '../testing/fake-electron.ts';
import { channelOf, type InvokeApi } from '../shared/ipc/contract.ts';
import { resolveAppAsset, registerAppScheme } from './app-protocol.ts';
import type { TrayView } from '../core/tray/tray-view.ts';
import { createAppTray, toElectronMenu } from './app-tray.ts';
import { notificationBody, routeToastActivations, showNotification } from './desktop-notifications.ts';
import { createSafeStorageEncryptor } from './safe-storage-encryptor.ts';
import { watchSystem } from './system-watch.ts';
import { translatorFor } from '../shared/i18n/catalogues.ts';
import { chooseLocale } from '../shared/i18n/locales.ts';
import { useGlobalShortcuts } from './global-shortcut.ts';
import { claimSingleInstance } from './single-instance.ts';
import { connectIpc, isTrustedSender } from './ipc-bridge.ts';
import { allowExternalUrls, createSecureWindow, denyAllPermissions, isAllowedExternalUrl, loadPage } from './secure-window.ts';
import { applicationMenuTemplate, useApplicationMenu } from './app-menu.ts';
import { createWindowManager } from './window-manager.ts';
import { systemProxyRoute } from './system-proxy.ts';
import type { WebContents } from 'electron';

beforeEach(() => fake.resetFakeElectron());

describe('the application menu', () => {
  const roles = (template: unknown): string[] => JSON.stringify(template ?? null).match(/"role":"(\w+)"/g) ?? [];

  it('offers no Reload or Developer Tools in a release, on any platform; windows cannot open them', () => {
    for (const platform of ['win32', 'linux', 'darwin'] as const) {
      const template = applicationMenuTemplate(platform, true);
      expect(roles(template).join()).not.toMatch(/reload|forceReload|toggleDevTools/);
    }
    expect(applicationMenuTemplate('win32', true)).toBeNull();
    expect(applicationMenuTemplate('darwin', true)).toEqual([{ role: 'appMenu' }, { role: 'editMenu' }]);
    useApplicationMenu();
    expect(fake.Menu.applicationMenu).toBeDefined();
    createSecureWindow('panel', {});
    expect(fake.BrowserWindow.created[0]?.options.webPreferences).toMatchObject({ devTools: false });
  });

  it('has Developer Tools while developing', () => {
    expect(roles(applicationMenuTemplate('linux', false)).join()).toMatch(/toggleDevTools/);
    fake.app.isPackaged = false;
    createSecureWindow('panel', {});
    expect(fake.BrowserWindow.created[0]?.options.webPreferences).toMatchObject({ devTools: true });
  });
});

describe('secure windows', () => {
  it('are isolated, sandboxed, without Node or webviews, and load from app://', () => {
    createSecureWindow('panel', { width: 400 });
    const [window] = fake.BrowserWindow.created;
    expect(window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(String((window?.options.webPreferences as { preload: string }).preload)).toMatch(/preload\.cjs$/);
    expect(window?.url).toBe('app://timeclock/panel.html');
  });

  it('cannot navigate, redirect, attach webviews or open windows', () => {
    createSecureWindow('panel', {});
    const contents = fake.BrowserWindow.created[0]!.webContents;
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      contents.emit(event, { preventDefault: () => (prevented = true) });
      expect(prevented, event).toBe(true);
    }
    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(fake.shell.opened).toEqual([]);
  });

  it('takes a load aborted by closing the window as no fault, and any other failed load as one', async () => {
    const closedWhileLoading = new fake.BrowserWindow({});
    closedWhileLoading.loadURL = async () => {
      closedWhileLoading.destroy();
      throw new Error('ERR_ABORTED (-3) loading app://timeclock/panel.html');
    };
    await expect(loadPage(closedWhileLoading as never, 'app://timeclock/panel.html')).resolves.toBeUndefined();
    const open = new fake.BrowserWindow({});
    open.loadURL = async () => {
      throw new Error('ERR_FILE_NOT_FOUND (-6) loading app://timeclock/panel.html');
    };
    await expect(loadPage(open as never, 'app://timeclock/panel.html')).rejects.toThrow(/ERR_FILE_NOT_FOUND/);
  });

  it('opens only allow-listed https hosts externally', () => {
    expect(isAllowedExternalUrl('https://docs.example.com/x', ['docs.example.com'])).toBe(true);
    expect(isAllowedExternalUrl('http://docs.example.com/x', ['docs.example.com'])).toBe(false);
    expect(isAllowedExternalUrl('https://docs.example.com.evil.io/', ['docs.example.com'])).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)', ['docs.example.com'])).toBe(false);
  });

  it('opens IT’s access portals in the browser, and nothing else, by default', () => {
    expect(isAllowedExternalUrl('https://anypoint.example.com/exchange/x')).toBe(false);
    allowExternalUrls(() => ['https://anypoint.example.com/exchange/timeclock', 'not an address']);
    try {
      expect(isAllowedExternalUrl('https://anypoint.example.com/exchange/x')).toBe(true);
      expect(isAllowedExternalUrl('https://evil.example.com/')).toBe(false);
    } finally {
      allowExternalUrls(() => []);
    }
  });

  it('denies every permission request and check, but writing to the clipboard', () => {
    denyAllPermissions();
    const answers: Record<string, boolean> = {};
    for (const permission of ['media', 'clipboard-read', 'clipboard-sanitized-write', 'openExternal']) {
      fake.session.defaultSession.requestHandler?.({}, permission, (answer: boolean) => (answers[permission] = answer));
    }
    expect(answers).toEqual({ media: false, 'clipboard-read': false, 'clipboard-sanitized-write': true, openExternal: false });
    expect(fake.session.defaultSession.checkHandler?.({}, 'notifications')).toBe(false);
  });
});

describe('the app:// protocol', () => {
  const root = '/opt/app/dist/renderer';
  it('serves files inside the renderer folder', () => {
    expect(resolveAppAsset(root, 'app://timeclock/panel.html')).toBe(`${root}/panel.html`);
    expect(resolveAppAsset(root, 'app://timeclock/assets/panel-1.js')).toBe(`${root}/assets/panel-1.js`);
  });

  it.each(['app://timeclock/../../etc/passwd', 'app://timeclock/%2e%2e/%2e%2e/etc/passwd'])(
    'keeps %s inside the renderer folder (URL parsing collapses the dots)',
    (url) => {
      expect(resolveAppAsset(root, url)).toBe(`${root}/etc/passwd`);
    },
  );

  it.each(['app://timeclock/..%2F..%2Fetc%2Fpasswd', 'app://other/panel.html', 'file:///etc/passwd', 'app://timeclock/%E0%A4%A'])(
    'refuses %s',
    (url) => {
      expect(resolveAppAsset(root, url)).toBeNull();
    },
  );

  it('is registered as a standard, secure scheme', () => {
    registerAppScheme();
    expect(fake.protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });
});

describe('IPC', () => {
  // Only the requests these tests make; the IPC layer does not care what the handlers do.
  const handlers = {
    getAppInfo: async () => ({ productName: 'T', version: '1', environment: { id: 'mock', name: 'Mock', isMock: true } }),
    checkHealthNow: async () => [],
  } as Partial<InvokeApi> as InvokeApi;
  const ours = new fake.FakeWebContents() as unknown as WebContents;
  const stranger = new fake.FakeWebContents() as unknown as WebContents;
  const pushed = new Map<string, (payload: never) => void>();
  const connect = () =>
    connectIpc({
      ipcMain: fake.ipcMain as never,
      handlers,
      ourContents: () => [ours],
      onUnexpected: () => {},
      subscribe: (event, listener) => {
        pushed.set(event, listener as never);
        return () => {};
      },
    });
  const call = (name: string, sender: WebContents, url: string, ...args: unknown[]) =>
    fake.ipcMain.handlers.get(channelOf(name as never))?.({ sender, senderFrame: { url } }, ...args);

  it('answers our window on our origin, validating arguments', async () => {
    connect();
    expect(await call('getAppInfo', ours, 'app://timeclock/panel.html')).toMatchObject({ ok: true, value: { productName: 'T' } });
    expect(await call('getAppInfo', ours, 'app://timeclock/panel.html', 'surplus')).toMatchObject({
      ok: false,
      error: { kind: 'invalid-request', message: 'getAppInfo: takes 0 arguments, got 1.' },
    });
  });

  it('refuses other senders and other origins', async () => {
    connect();
    expect(await call('getAppInfo', stranger, 'app://timeclock/panel.html')).toMatchObject({
      ok: false,
      error: { kind: 'forbidden-sender' },
    });
    expect(await call('getAppInfo', ours, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { kind: 'forbidden-sender' },
    });
    expect(isTrustedSender(null, ours, [ours])).toBe(false);
  });

  it('pushes events to our windows', () => {
    connect();
    pushed.get('healthChanged')?.([] as never);
    expect((ours as unknown as fake.FakeWebContents).sent).toEqual([{ channel: 'timeclock:healthChanged', payload: [] }]);
  });
});

describe('window manager', () => {
  it('creates a window on demand, focuses it when asked again, and forgets it when closed', () => {
    const windows = createWindowManager();
    const first = windows.open('panel');
    expect(windows.open('panel')).toBe(first);
    expect(fake.BrowserWindow.created).toHaveLength(1);
    expect(windows.contents()).toHaveLength(1);
    (first as unknown as fake.BrowserWindow).destroy();
    expect(windows.contents()).toHaveLength(0);
    windows.open('panel');
    expect(fake.BrowserWindow.created).toHaveLength(2);
  });
});

describe('tray', () => {
  const view = (overrides: Partial<TrayView> = {}): TrayView => ({
    state: {
      productName: 'T',
      clockAction: 'clock-in',
      clockBlocked: null,
      clockBusy: false,
      clockHeadline: 'Clocked out',
      clockHours: 'Today 0 min · This week 0 min',
      clockPending: [],
      clockProblem: null,
      environmentName: 'Mock',
      isMock: true,
      healthLines: ['Source system — up'],
      healthSummary: 'Source up',
      notificationsPausedUntil: null,
      environments: [{ id: 'mock', name: 'Mock', active: true }],
    },
    badge: 'up',
    iconFile: 'tray-out-up.png',
    templateFile: 'tray-outTemplate.png',
    macTitle: '',
    t: english.t,
    ...overrides,
  });

  it('maps the model to Electron items, submenus included, and routes clicks to actions', () => {
    const actions: string[] = [];
    const menu = toElectronMenu(
      [
        { type: 'normal', label: 'Env', enabled: false },
        { type: 'separator' },
        { type: 'submenu', label: 'Pause notifications', items: [{ type: 'normal', label: 'For 1 hour', action: 'pause-1h' }] },
        { type: 'normal', label: 'Quit', action: 'quit' },
      ],
      (action) => actions.push(action),
    );
    expect(menu[0]).toEqual({ type: 'normal', label: 'Env', enabled: false });
    expect(menu[1]).toEqual({ type: 'separator' });
    (menu[2]?.submenu as Array<{ click?: () => void }>)[0]?.click?.();
    menu[3]?.click?.({} as never, undefined, {} as never);
    expect(actions).toEqual(['pause-1h', 'quit']);
  });

  it('switches the icon with health and rebuilds the menu only when it changed', () => {
    const tray = createAppTray('/icons', view(), () => {});
    const fakeTray = fake.Tray.created[0]!;
    expect(fakeTray.image).toMatchObject({ path: '/icons/tray-out-up.png' });
    tray.show(view());
    expect(fakeTray.menusSet).toBe(1);
    tray.show(
      view({
        badge: 'down',
        iconFile: 'tray-out-down.png',
        state: { ...view().state, healthLines: ['Source system — down since 10:42'] },
      }),
    );
    expect(fakeTray.image).toMatchObject({ path: '/icons/tray-out-down.png' });
    expect(fakeTray.imagesSet).toBe(1);
    expect(fakeTray.menusSet).toBe(2);
    expect(fakeTray.tooltip).toContain('Source up');
  });

  it('shows the two-colour icons in a Windows contrast theme, switching when the theme changes (issue 63, point 15)', () => {
    createAppTray('/icons', view(), () => {});
    const fakeTray = fake.Tray.created[0]!;
    Object.assign(fake.nativeTheme, { shouldUseHighContrastColors: true, shouldUseDarkColors: true });
    fake.nativeTheme.emit('updated');
    expect(fakeTray.image).toMatchObject({ path: '/icons/tray-out-up-contrast-dark.png' });
    fake.nativeTheme.shouldUseDarkColors = false;
    fake.nativeTheme.emit('updated');
    expect(fakeTray.image).toMatchObject({ path: '/icons/tray-out-up-contrast-light.png' });
    fake.nativeTheme.shouldUseHighContrastColors = false;
    fake.nativeTheme.emit('updated');
    expect(fakeTray.image).toMatchObject({ path: '/icons/tray-out-up.png' });
  });

  it('opens the panel on a click where the desktop delivers one', () => {
    const actions: string[] = [];
    createAppTray('/icons', view(), (action) => actions.push(action));
    fake.Tray.created[0]!.emit('click');
    expect(actions).toEqual(['open-panel']);
  });
});

describe('notifications', () => {
  /** A reminder with a Clock out button whose press runs `run`. */
  const stillClockedIn = (run: () => void) => ({
    title: 'Still clocked in',
    body: 'It is past 17:30.',
    button: { label: 'Clock out', action: 'clock-out' as const, run },
  });

  it('shows title and body, sounds only when asked, and runs the click action', () => {
    let clicked = 0;
    showNotification(
      { title: 'Target system is down', body: 'since 10:42', sound: false },
      { target: 'status', run: () => clicked++ },
    );
    const [shown] = fake.Notification.shown;
    expect(shown?.options).toEqual({ title: 'Target system is down', body: 'since 10:42', silent: true });
    shown?.emit('click');
    expect(clicked).toBe(1);
  });

  it('offers a button where asked, and runs its action (not the click) when pressed', () => {
    let clicked = 0;
    let ran = 0;
    showNotification(
      stillClockedIn(() => ran++),
      { target: 'panel', run: () => clicked++ },
    );
    const [shown] = fake.Notification.shown;
    expect(shown?.options.actions).toEqual([{ type: 'button', text: 'Clock out' }]);
    shown?.emit('action', {}, 0);
    expect([ran, clicked]).toEqual([1, 0]);
  });

  it('on Windows shows a toast that says what its click and button do, routed by the one activation handler', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'win32' });
    try {
      const routed: string[] = [];
      routeToastActivations((action, target) => routed.push(`${action} ${target}`));
      let ran = 0;
      showNotification(
        stillClockedIn(() => ran++),
        { target: 'panel', run: () => ran++ },
      );
      const shown = fake.Notification.shown.at(-1)!;
      expect(shown.options.toastXml).toContain('arguments="timeclock-tray:clock-out:panel"');
      // The toast object's own events are not listened to: the router alone acts (no action run twice).
      shown.emit('action', {}, 0);
      shown.emit('click');
      expect(ran).toBe(0);
      fake.Notification.activate!({ type: 'action', arguments: 'timeclock-tray:clock-out:panel' });
      fake.Notification.activate!({ type: 'click', arguments: 'timeclock-tray:open:status' });
      fake.Notification.activate!({ type: 'click', arguments: 'something else' });
      expect(routed).toEqual(['clock-out panel', 'open status', 'open panel']);
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });
});

describe('text from data on the desktop (issue 45, extras)', () => {
  it('escapes the markup Linux notification servers read, and leaves text as it is elsewhere', () => {
    const name = 'Schäfer <b>&</b> Co <a href="https://evil.example">KG</a>';
    expect(notificationBody(name, 'linux')).toBe(
      'Schäfer &lt;b&gt;&amp;&lt;/b&gt; Co &lt;a href="https://evil.example"&gt;KG&lt;/a&gt;',
    );
    expect(notificationBody(name, 'win32')).toBe(name);
    expect(notificationBody(name, 'darwin')).toBe(name);
  });

  it('counts a safeStorage backend Chromium reports as "unknown" as weak, never strong', async () => {
    for (const [backend, level] of [
      ['gnome_libsecret', 'strong'],
      ['kwallet5', 'strong'],
      ['basic_text', 'weak'],
      ['unknown', 'weak'],
    ] as const) {
      fake.safeStorage.backend = backend;
      expect((await createSafeStorageEncryptor('linux')).level(), backend).toBe(level);
    }
  });
});

describe('system watch', () => {
  it('reports staleness on resume, unlock and network return, and how long the machine slept or was locked', () => {
    vi.useFakeTimers();
    let stale = 0;
    const resumed: Array<[number, string]> = [];
    let now = 1_000;
    const handlers = {
      onStale: () => stale++,
      onStopping: () => {},
      onResumed: (since: number, how: string) => resumed.push([since, how]),
    };
    const stop = watchSystem(handlers, 1_000, () => now, 'linux');
    fake.powerMonitor.emit('suspend');
    now = 9_000;
    fake.powerMonitor.emit('resume');
    fake.powerMonitor.emit('unlock-screen');
    fake.net.online = false;
    vi.advanceTimersByTime(1_000);
    fake.net.online = true;
    vi.advanceTimersByTime(1_000);
    expect(stale).toBe(3);
    expect(resumed).toEqual([[1_000, 'slept']]);
    fake.powerMonitor.emit('lock-screen');
    now = 20_000;
    fake.powerMonitor.emit('unlock-screen');
    expect(resumed).toEqual([
      [1_000, 'slept'],
      [9_000, 'locked'],
    ]);
    expect(stale).toBe(4);
    stop();
    fake.powerMonitor.emit('resume');
    expect(stale).toBe(4);
    vi.useRealTimers();
  });

  it("tells each way the computer stops with the last input before it, at once: powerMonitor, and on Windows a window's session end", () => {
    const stops: Array<[string, number]> = [];
    const resumed: Array<[number, string, number]> = [];
    let now = 100_000;
    const handlers = {
      onStale: () => {},
      onStopping: (how: string, lastInputAt: number) => stops.push([how, lastInputAt]),
      onResumed: (since: number, how: string, lastInputAt: number) => resumed.push([since, how, lastInputAt]),
    };
    const stop = watchSystem(handlers, 1_000, () => now, 'win32');
    fake.powerMonitor.idleSeconds = 40;
    fake.powerMonitor.emit('lock-screen');
    now = 160_000;
    fake.powerMonitor.emit('unlock-screen');
    fake.powerMonitor.idleSeconds = 5;
    fake.powerMonitor.emit('suspend');
    const listening = fake.BrowserWindow.created.at(-1)!;
    expect(listening).toMatchObject({ shown: 0, url: '' });
    expect(listening.options).toMatchObject({
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false },
    });
    listening.emit('query-session-end', { reasons: ['logoff'] });
    listening.emit('session-end', { reasons: ['shutdown', 'critical'] });
    fake.powerMonitor.emit('shutdown');
    expect(stops).toEqual([
      ['locked', 60_000],
      ['slept', 155_000],
      ['logoff', 155_000],
      ['shutdown', 155_000],
      ['shutdown', 155_000],
    ]);
    expect(resumed).toEqual([[100_000, 'locked', 60_000]]);
    stop();
    expect(listening.isDestroyed()).toBe(true);
    fake.powerMonitor.emit('shutdown');
    expect(stops).toHaveLength(5);
  });
});

describe('window query', () => {
  it('passes a query to a new window', () => {
    createWindowManager().open('status', { system: 'target' });
    expect(fake.BrowserWindow.created[0]?.url).toBe('app://timeclock/status.html?system=target');
  });
});

describe('global shortcuts', () => {
  const clockAt = (accelerator: string | null, onPress = () => {}) => ({
    'clock.globalShortcut': { accelerator, onPress },
  });

  it('registers each shortcut, and says so in words when another app has it or it is not valid', () => {
    let clocked = 0;
    let opened = 0;
    expect(
      useGlobalShortcuts({
        ...clockAt('CommandOrControl+Alt+T', () => clocked++),
        'lookup.globalShortcut': { accelerator: 'CommandOrControl+Alt+L', onPress: () => opened++ },
      }),
    ).toEqual({});
    fake.globalShortcut.registered.get('CommandOrControl+Alt+T')?.();
    fake.globalShortcut.registered.get('CommandOrControl+Alt+L')?.();
    expect([clocked, opened]).toEqual([1, 1]);
    fake.globalShortcut.taken.add('CommandOrControl+Shift+K');
    expect(useGlobalShortcuts(clockAt('CommandOrControl+Shift+K'))).toEqual({
      'clock.globalShortcut':
        'The shortcut CommandOrControl+Shift+K is already used by another application; choose another in Settings.',
    });
    expect(useGlobalShortcuts(clockAt('Bogus+Key'))['clock.globalShortcut']).toMatch(
      /^The shortcut Bogus\+Key is not one Electron understands/,
    );
    expect(useGlobalShortcuts(clockAt(null))).toEqual({});
    expect(fake.globalShortcut.registered.size).toBe(0);
  });

  it('refuses the same shortcut for two actions, naming the one that has it', () => {
    const problems = useGlobalShortcuts({
      ...clockAt('CommandOrControl+Alt+T'),
      'lookup.globalShortcut': { accelerator: 'commandorcontrol+alt+t', onPress: () => {} },
    });
    expect(problems).toEqual({
      'lookup.globalShortcut': 'The shortcut commandorcontrol+alt+t already clocks in or out; choose another in Settings.',
    });
    expect([...fake.globalShortcut.registered.keys()]).toEqual(['CommandOrControl+Alt+T']);
  });

  it('says it in the user’s language', () => {
    fake.globalShortcut.taken.add('CommandOrControl+Shift+K');
    const { t } = translatorFor(chooseLocale('es', []));
    expect(useGlobalShortcuts(clockAt('CommandOrControl+Shift+K'), t)).toEqual({
      'clock.globalShortcut': 'Otra aplicación ya usa el atajo CommandOrControl+Shift+K; elija otro en Ajustes.',
    });
  });
});

describe('single instance', () => {
  it('lets the first launch run and hands a second launch in its session over to it, never one from another', () => {
    let handedOver = 0;
    expect(claimSingleInstance(() => handedOver++)).toBe(true);
    const session = fake.app.lockData as { session: string };
    fake.app.emit('second-instance', {}, [], '', { session: session.session });
    expect(handedOver).toBe(1);
    // The same account's other session on a terminal server: its panel would open where nobody looks.
    fake.app.emit('second-instance', {}, [], '', { session: 'RDP-Tcp#9' });
    expect(handedOver).toBe(1);
  });

  it('quits a second launch at once', () => {
    fake.app.locked = false;
    expect(claimSingleInstance(() => {})).toBe(false);
    expect(fake.app.quits).toBe(1);
  });
});

describe("the system's proxy", () => {
  it('follows the rule Chromium resolves, and sends nothing when the resolver fails rather than going direct', async () => {
    fake.session.defaultSession.proxyRule = 'PROXY proxy.corp:3128; DIRECT';
    await expect(systemProxyRoute.proxyFor('https://api.corp/timeclock')).resolves.toEqual(['http://proxy.corp:3128', null]);
    fake.session.defaultSession.proxyRule = new Error('net::ERR_PAC_SCRIPT_FAILED');
    await expect(systemProxyRoute.proxyFor('https://api.corp/timeclock')).rejects.toThrow(
      "the system's proxy settings could not be read (net::ERR_PAC_SCRIPT_FAILED), and nothing is sent without them",
    );
    fake.session.defaultSession.proxyRule = 'DIRECT';
  });
});
