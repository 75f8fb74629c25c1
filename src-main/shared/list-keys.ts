/** How the keys move a selection through a long list (the lookup's results). */

export interface ListKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  /** Typed in the search box: Home and End move its caret there, unless with Ctrl. */
  inSearchBox: boolean;
}

/**
 * Where a key moves the selection in a list of `total` rows (null: the key is not for the list):
 * arrows by one, Page Up/Down by what is shown less one (the row kept in view), Home/End to the ends.
 */
export function movedSelection(event: ListKey, current: number, total: number, rowsShown: number): number | null {
  if (total === 0) return null;
  const page = Math.max(1, rowsShown - 1);
  const toEnd = !event.inSearchBox || event.ctrlKey || event.metaKey;
  const target: Record<string, number | undefined> = {
    ArrowDown: current + 1,
    ArrowUp: current - 1,
    PageDown: Math.max(0, current) + page,
    PageUp: current - page,
    Home: toEnd ? 0 : undefined,
    End: toEnd ? total - 1 : undefined,
  };
  const next = target[event.key];
  return next === undefined ? null : Math.max(0, Math.min(total - 1, next));
}
