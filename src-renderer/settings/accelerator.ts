/**
 * A pressed key combination in Electron's accelerator syntax ("CommandOrControl+Alt+T"), for
 * recording a global shortcut by pressing it. Null while only modifiers are held.
 */
const NAMED: Record<string, string> = {
  ' ': 'Space',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Escape: 'Esc',
  Enter: 'Return',
  '+': 'Plus',
};
const MODIFIERS = new Set(['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'OS']);

export function acceleratorOf(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): string | null {
  if (MODIFIERS.has(event.key)) return null;
  // The physical key, so Shift+1 records "Shift+1", not "Shift+!" (Electron wants the unshifted key).
  const fromCode = /^Key([A-Z])$/.exec(event.code)?.[1] ?? /^Digit(\d)$/.exec(event.code)?.[1] ?? null;
  const key = fromCode ?? NAMED[event.key] ?? (event.key.length === 1 ? event.key.toUpperCase() : event.key);
  const parts = [
    event.ctrlKey || event.metaKey ? 'CommandOrControl' : null,
    event.altKey ? 'Alt' : null,
    event.shiftKey ? 'Shift' : null,
    key,
  ];
  return parts.filter((part) => part !== null).join('+');
}
