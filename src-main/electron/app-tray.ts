/**
 * The tray icon: builds Electron's menu from the core's pure menu model and routes clicks back.
 * The context menu is always set (and set again after each change) so Linux StatusNotifier /
 * AppIndicator trays, which never deliver clicks, still get every action.
 */
import { Menu, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { trayMenu, trayTooltip, type MenuItemModel, type TrayAction, type TrayState } from '../core/tray/tray-menu.ts';

export function toElectronMenu(model: MenuItemModel[], onAction: (action: TrayAction) => void): MenuItemConstructorOptions[] {
  return model.map((item) => {
    if (item.type === 'separator') return { type: 'separator' };
    const { action } = item;
    return {
      type: 'normal',
      label: item.label,
      enabled: item.enabled ?? true,
      ...(action ? { click: () => onAction(action) } : {}),
    };
  });
}

export interface AppTray {
  refresh(state: TrayState): void;
  destroy(): void;
}

export function createAppTray(icon: NativeImage, state: TrayState, onAction: (action: TrayAction) => void): AppTray {
  const tray = new Tray(icon);
  tray.on('click', () => onAction('open-panel'));
  const refresh = (next: TrayState) => {
    tray.setToolTip(trayTooltip(next));
    tray.setContextMenu(Menu.buildFromTemplate(toElectronMenu(trayMenu(next), onAction)));
  };
  refresh(state);
  return { refresh, destroy: () => tray.destroy() };
}
