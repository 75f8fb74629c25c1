/**
 * Checks a global shortcut in Electron's accelerator syntax ("CommandOrControl+Alt+T"). A global
 * shortcut needs a modifier: a bare key would be taken from every other application.
 */
const MODIFIERS = new Set([
  'command',
  'cmd',
  'control',
  'ctrl',
  'commandorcontrol',
  'cmdorctrl',
  'alt',
  'option',
  'altgr',
  'shift',
  'super',
  'meta',
]);
const NAMED_KEYS = new Set([
  'plus',
  'space',
  'tab',
  'capslock',
  'numlock',
  'scrolllock',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
  'printscreen',
  ...Array.from({ length: 24 }, (_, index) => `f${index + 1}`),
  ...Array.from({ length: 10 }, (_, index) => `num${index}`),
]);
const SINGLE_KEY = /^[a-z0-9)!@#$%^&*(:;:+=<,_\->.?/~`{\]|\\}"'[]$/i;

/** What is wrong with a shortcut, as facts; worded by value-problem-words.ts. */
export type AcceleratorProblem =
  | { kind: 'syntax' }
  | { kind: 'noModifier' }
  | { kind: 'unknownModifier'; modifier: string }
  | { kind: 'repeatedModifier' }
  | { kind: 'unknownKey'; key: string };

export function acceleratorProblem(text: string): AcceleratorProblem | null {
  const parts = text.split('+').map((part) => part.trim());
  // "Ctrl++" means Ctrl and the plus key.
  if (text.endsWith('++')) parts.splice(parts.length - 2, 2, '+');
  const key = parts.at(-1) ?? '';
  const modifiers = parts.slice(0, -1);
  if (parts.some((part) => part === '')) return { kind: 'syntax' };
  if (modifiers.length === 0) return { kind: 'noModifier' };
  const unknown = modifiers.find((modifier) => !MODIFIERS.has(modifier.toLowerCase()));
  if (unknown) return { kind: 'unknownModifier', modifier: unknown };
  if (new Set(modifiers.map((modifier) => modifier.toLowerCase())).size !== modifiers.length) return { kind: 'repeatedModifier' };
  if (!SINGLE_KEY.test(key) && !NAMED_KEYS.has(key.toLowerCase())) return { kind: 'unknownKey', key };
  return null;
}
