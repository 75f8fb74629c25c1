/**
 * The tray icon: builds Electron's menu from the core's pure menu model and routes clicks back.
 * The context menu is always set (and set again after each change) so Linux StatusNotifier /
 * AppIndicator trays, which never deliver clicks, still get every action.
 */
import { join } from 'node:path';
import { Menu, nativeImage, nativeTheme, Tray, type MenuItemConstructorOptions } from 'electron';
import { contrastIconFile, trayContrastOf } from '../core/tray/tray-icon.ts';
import { trayMenu, trayTooltip, type MenuItemModel, type TrayAction } from '../core/tray/tray-menu.ts';
import type { TrayView } from '../core/tray/tray-view.ts';

export function toElectronMenu(model: MenuItemModel[], onAction: (action: TrayAction) => void): MenuItemConstructorOptions[] {
  return model.map((entry): MenuItemConstructorOptions => {
    if (entry.type === 'separator') return { type: 'separator' };
    if (entry.type === 'submenu') return { label: entry.label, submenu: toElectronMenu(entry.items, onAction) };
    if (entry.type === 'radio')
      return { type: 'radio', label: entry.label, checked: entry.checked, click: () => onAction(entry.action) };
    const { action } = entry;
    return {
      type: 'normal',
      label: entry.label,
      enabled: entry.enabled ?? true,
      ...(action ? { click: () => onAction(action) } : {}),
    };
  });
}

export interface AppTray {
  show(view: TrayView): void;
  /** Where the icon is on screen (all zeros on many Linux trays). */
  bounds(): { x: number; y: number; width: number; height: number };
  destroy(): void;
}

export function createAppTray(trayDir: string, view: TrayView, onAction: (action: TrayAction) => void): AppTray {
  const isMac = process.platform === 'darwin';
  // macOS tints its template itself; elsewhere a contrast theme gets the two-colour icons.
  const fileOf = (next: TrayView) =>
    isMac
      ? next.templateFile
      : contrastIconFile(next.iconFile, trayContrastOf(nativeTheme.shouldUseHighContrastColors, nativeTheme.shouldUseDarkColors));
  const image = (next: TrayView) => {
    const icon = nativeImage.createFromPath(join(trayDir, fileOf(next)));
    if (isMac) icon.setTemplateImage(true);
    return icon;
  };
  const tray = new Tray(image(view));
  tray.on('click', () => onAction('open-panel'));
  let shownIcon = fileOf(view);
  let shownMenu = '';
  let last = view;
  // A contrast theme turned on or off while the app runs: the icon follows at once.
  const onTheme = () => show(last);
  nativeTheme.on('updated', onTheme);

  const show = (next: TrayView) => {
    // A refresh asked for just before quitting may come after the icon is gone.
    if (tray.isDestroyed()) return;
    last = next;
    const iconKey = fileOf(next);
    if (iconKey !== shownIcon) {
      tray.setImage(image(next));
      shownIcon = iconKey;
    }
    if (isMac) tray.setTitle(next.macTitle);
    tray.setToolTip(trayTooltip(next.state, next.t));
    const model = trayMenu(next.state, next.t);
    const menuKey = JSON.stringify(model);
    if (menuKey !== shownMenu) {
      tray.setContextMenu(Menu.buildFromTemplate(toElectronMenu(model, onAction)));
      shownMenu = menuKey;
    }
  };
  show(view);
  return {
    show,
    bounds: () => tray.getBounds(),
    destroy: () => {
      nativeTheme.off('updated', onTheme);
      tray.destroy();
    },
  };
}
