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

/** Modifiers by what they do: Control, Command, Super are one "primary" key; Option and AltGr are Alt. */
const ROLE: Record<string, 'primary' | 'alt' | 'shift'> = {
  command: 'primary',
  cmd: 'primary',
  control: 'primary',
  ctrl: 'primary',
  commandorcontrol: 'primary',
  cmdorctrl: 'primary',
  super: 'primary',
  meta: 'primary',
  alt: 'alt',
  option: 'alt',
  altgr: 'alt',
  shift: 'shift',
};
/**
 * Combinations other programs and the system live by (copy, paste, undo, save, switching and
 * closing windows, locking the screen): a global shortcut on one would turn each of them, in any
 * program, into a punch.
 */
const RESERVED = new Set([
  ...['c', 'v', 'x', 'z', 'y', 'a', 's', 'f', 'p', 'w', 'q', 'n', 't', 'o', 'l', 'tab', 'space', 'escape', 'esc'].map(
    (key) => `primary+${key}`,
  ),
  'primary+shift+z',
  'primary+shift+tab',
  'primary+alt+delete',
  'alt+tab',
  'alt+shift+tab',
  'alt+f4',
  'alt+space',
  'alt+escape',
  'alt+esc',
]);

/**
 * Key names as a German or Spanish keyboard prints them, typed in place of Electron's: a German
 * user writes "Strg+Alt+T" as the keyboard says, and Electron needs "Ctrl+Alt+T".
 */
const KEYBOARD_NAMES: Record<string, string> = {
  strg: 'Ctrl',
  umschalt: 'Shift',
  hochstell: 'Shift',
  mayús: 'Shift',
  mayus: 'Shift',
  entf: 'Delete',
  einfg: 'Insert',
  pos1: 'Home',
  ende: 'End',
  leertaste: 'Space',
  supr: 'Delete',
  inicio: 'Home',
  fin: 'End',
  espacio: 'Space',
  'bild auf': 'PageUp',
  'bild ab': 'PageDown',
  're pág': 'PageUp',
  'av pág': 'PageDown',
};

/** The shortcut with the keyboard's own names put in Electron's words ("Strg+Umschalt+F1" → "Ctrl+Shift+F1"). */
export function normalizeAccelerator(text: string): string {
  return text
    .split(/(?<!\+)\+(?=.)/)
    .map((part) => KEYBOARD_NAMES[part.trim().toLocaleLowerCase('de')] ?? part.trim())
    .join('+');
}

/** What is wrong with a shortcut, as facts; worded by value-problem-words.ts. */
export type AcceleratorProblem =
  | { kind: 'syntax' }
  | { kind: 'noModifier' }
  | { kind: 'reserved'; shortcut: string }
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
  const roles = new Set(modifiers.map((modifier) => ROLE[modifier.toLowerCase()]));
  // Shift alone changes a letter into a capital: Shift+A would take every "A" typed anywhere.
  if (roles.size === 1 && roles.has('shift')) return { kind: 'noModifier' };
  const combination = [...(['primary', 'alt', 'shift'] as const).filter((role) => roles.has(role)), key.toLowerCase()].join('+');
  if (RESERVED.has(combination)) return { kind: 'reserved', shortcut: text };
  return null;
}
