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

export function acceleratorProblem(text: string): string | null {
  const parts = text.split('+').map((part) => part.trim());
  // "Ctrl++" means Ctrl and the plus key.
  if (text.endsWith('++')) parts.splice(parts.length - 2, 2, '+');
  const key = parts.at(-1) ?? '';
  const modifiers = parts.slice(0, -1);
  if (parts.some((part) => part === ''))
    return 'Write the shortcut as modifiers and one key joined by +, e.g. CommandOrControl+Alt+T.';
  if (modifiers.length === 0)
    return 'A global shortcut needs at least one modifier (CommandOrControl, Alt, Shift…), or it would take the key from every application.';
  const unknown = modifiers.find((modifier) => !MODIFIERS.has(modifier.toLowerCase()));
  if (unknown) return `"${unknown}" is not a modifier; use CommandOrControl, Control, Command, Alt, Option, Shift or Super.`;
  if (new Set(modifiers.map((modifier) => modifier.toLowerCase())).size !== modifiers.length) return 'A modifier appears twice.';
  if (!SINGLE_KEY.test(key) && !NAMED_KEYS.has(key.toLowerCase()))
    return `"${key}" is not a key Electron knows; use a letter, a digit, F1–F24 or a named key such as Space or Home.`;
  return null;
}
