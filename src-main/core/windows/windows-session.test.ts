import { describe, expect, it } from 'vitest';
import { installKind, runsAsSystem, shortcutRepair, startMenuShortcut } from './windows-session.ts';

const facts = {
  username: 'anna',
  profile: 'C:\\Users\\anna',
  localAppData: 'C:\\Users\\anna\\AppData\\Local',
  programFiles: ['C:\\Program Files', 'C:\\Program Files (x86)'],
};

describe('a Windows process', () => {
  it('runs as SYSTEM under Intune or SCCM, never as a user', () => {
    expect(runsAsSystem({ username: 'SYSTEM', profile: 'C:\\Windows\\system32\\config\\systemprofile' })).toBe(true);
    expect(runsAsSystem({ username: 'WS-0042$', profile: 'C:\\Windows\\System32\\config\\systemprofile' })).toBe(true);
    expect(runsAsSystem({ username: 'x', profile: 'C:\\WINDOWS\\system32\\config\\systemprofile\\' })).toBe(true);
    expect(runsAsSystem({ username: 'anna', profile: 'C:\\Users\\anna' })).toBe(false);
    expect(runsAsSystem({ username: 'systemadmin', profile: 'C:\\Users\\systemadmin' })).toBe(false);
  });

  it('tells a machine-wide install, a user’s own and an unpacked build apart', () => {
    expect(installKind({ ...facts, executable: 'C:\\Program Files\\Timeclock Tray\\Timeclock Tray.exe' })).toBe('machine');
    expect(installKind({ ...facts, executable: 'c:/program files (x86)/Timeclock Tray/Timeclock Tray.exe' })).toBe('machine');
    expect(
      installKind({ ...facts, executable: 'C:\\Users\\anna\\AppData\\Local\\Programs\\timeclock-tray\\Timeclock Tray.exe' }),
    ).toBe('user');
    expect(installKind({ ...facts, executable: 'D:\\dev\\release\\win-unpacked\\Timeclock Tray.exe' })).toBe('unpacked');
    // A folder that only begins like Program Files is not it.
    expect(installKind({ ...facts, executable: 'C:\\Program Files Evil\\Timeclock Tray.exe' })).toBe('unpacked');
  });

  it('finds the installer’s Start-menu shortcut and says what it lacks', () => {
    const folders = { appData: 'C:\\Users\\anna\\AppData\\Roaming', programData: 'C:\\ProgramData' };
    expect(startMenuShortcut('user', folders, 'Timeclock Tray')).toBe(
      'C:\\Users\\anna\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Timeclock Tray.lnk',
    );
    expect(startMenuShortcut('machine', folders, 'Timeclock Tray')).toBe(
      'C:\\ProgramData\\Microsoft\\Windows\\Start Menu\\Programs\\Timeclock Tray.lnk',
    );
    expect(startMenuShortcut('unpacked', folders, 'Timeclock Tray')).toBeNull();
    const wanted = { appUserModelId: 'com.timeclocktray.app', toastActivatorClsid: '{6F1B7C52-3A8E-4D2B-9C41-58E2A7D3B9F0}' };
    expect(shortcutRepair({ appUserModelId: 'com.timeclocktray.app' }, wanted)).toEqual(wanted);
    expect(shortcutRepair({ ...wanted, toastActivatorClsid: '6f1b7c52-3a8e-4d2b-9c41-58e2a7d3b9f0' }, wanted)).toBeNull();
    expect(shortcutRepair({ ...wanted, appUserModelId: 'electron.app.Electron' }, wanted)).toEqual(wanted);
  });
});
