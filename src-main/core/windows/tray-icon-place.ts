/**
 * Where Windows shows the app's tray icon. Windows 11 puts a new icon in the overflow (^) and keeps,
 * per user, one key per icon under HKCU\Control Panel\NotifyIconSettings: `ExecutablePath` names
 * the program, `IsPromoted` = 1 when the icon sits in the taskbar corner. No key for this program
 * yet (the first start) is the overflow too. Windows 10 keeps no such keys and also starts new icons
 * hidden. There is no policy for it: a logon script sets IsPromoted (docs/admin-file.md).
 */

export const NOTIFY_ICON_SETTINGS = 'Control Panel\\NotifyIconSettings';

export function trayIconPlace(icons: ReadonlyArray<Record<string, unknown>>, executable: string): 'shown' | 'overflow' {
  const same = (path: unknown) =>
    typeof path === 'string' && path.replace(/\//g, '\\').toLowerCase() === executable.replace(/\//g, '\\').toLowerCase();
  const ours = icons.filter((icon) => same(icon.ExecutablePath));
  return ours.some((icon) => icon.IsPromoted === 1) ? 'shown' : 'overflow';
}
