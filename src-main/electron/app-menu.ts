/**
 * The application menu: in a release, no Reload and no Developer Tools anywhere (Windows and Linux
 * get no menu at all, so their default accelerators vanish too; macOS keeps its app and Edit menus,
 * which copy and paste need). Developer Tools exist only while developing.
 */
import { app, Menu, type MenuItemConstructorOptions } from 'electron';

export function applicationMenuTemplate(platform: NodeJS.Platform, isPackaged: boolean): MenuItemConstructorOptions[] | null {
  const development: MenuItemConstructorOptions[] = isPackaged
    ? []
    : [{ label: 'Develop', submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }] }];
  if (platform === 'darwin') return [{ role: 'appMenu' }, { role: 'editMenu' }, ...development];
  return development.length > 0 ? development : null;
}

export function useApplicationMenu(): void {
  const template = applicationMenuTemplate(process.platform, app.isPackaged);
  Menu.setApplicationMenu(template ? Menu.buildFromTemplate(template) : null);
}

/** Whether windows may open Developer Tools at all. */
export const devToolsAllowed = () => !app.isPackaged;
