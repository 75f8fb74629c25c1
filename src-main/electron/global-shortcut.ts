/**
 * The optional global shortcuts (clock in or out, open the debtor lookup). Registers them all anew
 * and returns, by setting path, a sentence in the words of `t` for each one that cannot be used.
 */
import { globalShortcut } from 'electron';
import type { GlobalShortcutPath } from '../shared/ipc/contract.ts';
import { english } from '../shared/i18n/catalogues.ts';
import type { Translate } from '../shared/i18n/translator.ts';

export interface ShortcutBinding {
  accelerator: string | null;
  onPress: () => void;
}

/** What a shortcut does, for the sentence when another of ours has it. */
const purposeOf = (path: GlobalShortcutPath) => (path === 'clock.globalShortcut' ? 'clock' : 'lookup');

export function useGlobalShortcuts(
  bindings: Partial<Record<GlobalShortcutPath, ShortcutBinding>>,
  t: Translate = english.t,
): Partial<Record<GlobalShortcutPath, string>> {
  globalShortcut.unregisterAll();
  const problems: Partial<Record<GlobalShortcutPath, string>> = {};
  const taken = new Map<string, GlobalShortcutPath>();
  for (const [path, binding] of Object.entries(bindings) as Array<[GlobalShortcutPath, ShortcutBinding]>) {
    const { accelerator, onPress } = binding;
    if (!accelerator) continue;
    const holder = taken.get(accelerator.toLowerCase());
    const problem = holder ? t('shortcut.taken', { accelerator, by: purposeOf(holder) }) : register(accelerator, onPress, t);
    if (problem) problems[path] = problem;
    else taken.set(accelerator.toLowerCase(), path);
  }
  return problems;
}

function register(accelerator: string, onPress: () => void, t: Translate): string | null {
  try {
    if (globalShortcut.register(accelerator, onPress)) return null;
    return t('shortcut.elsewhere', { accelerator });
  } catch (error) {
    return t('shortcut.invalid', { accelerator, reason: (error as Error).message });
  }
}
