/**
 * The optional global shortcuts (clock in or out, open the debtor lookup). Registers them all anew
 * and returns, by setting path, a sentence for each one that cannot be used.
 */
import { globalShortcut } from 'electron';
import type { GlobalShortcutPath } from '../shared/ipc/contract.ts';

export interface ShortcutBinding {
  accelerator: string | null;
  /** What it does, for a message: "clocks in or out". */
  purpose: string;
  onPress: () => void;
}

export function useGlobalShortcuts(
  bindings: Partial<Record<GlobalShortcutPath, ShortcutBinding>>,
): Partial<Record<GlobalShortcutPath, string>> {
  globalShortcut.unregisterAll();
  const problems: Partial<Record<GlobalShortcutPath, string>> = {};
  const taken = new Map<string, string>();
  for (const [path, binding] of Object.entries(bindings) as Array<[GlobalShortcutPath, ShortcutBinding]>) {
    const { accelerator, purpose, onPress } = binding;
    if (!accelerator) continue;
    const problem = taken.has(accelerator.toLowerCase())
      ? `The shortcut ${accelerator} already ${taken.get(accelerator.toLowerCase())}; choose another in Settings.`
      : register(accelerator, onPress);
    if (problem) problems[path] = problem;
    else taken.set(accelerator.toLowerCase(), purpose);
  }
  return problems;
}

function register(accelerator: string, onPress: () => void): string | null {
  try {
    if (globalShortcut.register(accelerator, onPress)) return null;
    return `The shortcut ${accelerator} is already used by another application; choose another in Settings.`;
  } catch (error) {
    return `The shortcut ${accelerator} is not one Electron understands (${(error as Error).message}); choose another in Settings.`;
  }
}
