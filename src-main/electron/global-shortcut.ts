/** The optional global shortcut that clocks in or out. Returns a sentence when it cannot be used. */
import { globalShortcut } from 'electron';

export function useGlobalShortcut(accelerator: string | null, onPress: () => void): string | null {
  globalShortcut.unregisterAll();
  if (!accelerator) return null;
  try {
    if (globalShortcut.register(accelerator, onPress)) return null;
    return `The shortcut ${accelerator} is already used by another application; choose another in Settings.`;
  } catch (error) {
    return `The shortcut ${accelerator} is not one Electron understands (${(error as Error).message}); choose another in Settings.`;
  }
}
