/**
 * The lookup window's keys: Ctrl/Cmd+F to the search box, the arrows and Page keys through the
 * results (shared/list-keys.ts), Enter to open, Ctrl/Cmd+Enter to compare, Escape to step back one
 * thing at a time (a client's book, comparison, details, the search text, then the window).
 */
import { movedSelection } from '../../src-main/shared/list-keys.ts';
import type { LookupState } from './lookup-state.svelte.ts';
import { RESULT_ROW_HEIGHT } from './results-a11y.ts';

export interface LookupKeyContext {
  lookup: LookupState;
  searchBox: HTMLInputElement | null;
  tab: 'debtors' | 'advance';
  showDebtors(): void;
}

/** Rows the list shows at once, for Page Up and Page Down. */
const rowsShown = () => Math.floor((document.querySelector('.scroller')?.clientHeight ?? 0) / RESULT_ROW_HEIGHT);

/** A field of its own (a select, a text field other than the search box): its keys are its own. */
const inOtherField = (target: EventTarget | null, searchBox: HTMLInputElement | null) =>
  target instanceof HTMLElement && target !== searchBox && target.closest('input, select, textarea') !== null;

/** Enter on a button, a tab, a link or another field does what that control does. */
const ownsEnter = (target: EventTarget | null, searchBox: HTMLInputElement | null) =>
  target instanceof HTMLElement &&
  target !== searchBox &&
  target.closest('button, a, select, textarea, summary, input, [role="tab"]') !== null;

export function onLookupKey(event: KeyboardEvent, context: LookupKeyContext): void {
  const { lookup, searchBox } = context;
  const command = event.ctrlKey || event.metaKey;
  if (command && event.key.toLowerCase() === 'f') {
    event.preventDefault();
    context.showDebtors();
    searchBox?.focus();
    searchBox?.select();
    return;
  }
  if (context.tab !== 'debtors') return;
  if (lookup.book) {
    // The book has its own buttons and rows; Escape alone goes back to the results.
    if (event.key === 'Escape') {
      event.preventDefault();
      stepBack(lookup);
    }
    return;
  }
  const page = lookup.page;
  const keys = { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, inSearchBox: event.target === searchBox };
  const moved =
    page && !inOtherField(event.target, searchBox) ? movedSelection(keys, lookup.selected, page.total, rowsShown()) : null;
  if (moved !== null) {
    event.preventDefault();
    lookup.selected = moved;
  } else if (event.key === 'Enter' && command) {
    event.preventDefault();
    void lookup.toggleCompare();
  } else if (event.key === 'Enter' && !ownsEnter(event.target, searchBox)) {
    event.preventDefault();
    void lookup.openSelected(true);
  } else if (event.key === 'Escape') {
    event.preventDefault();
    stepBack(lookup);
  }
}

function stepBack(lookup: LookupState): void {
  if (lookup.book) lookup.book = null;
  else if (lookup.comparison) lookup.comparison = null;
  else if (lookup.detail || lookup.purposeAsked) lookup.closeDetail();
  else if (lookup.text) {
    lookup.text = '';
    void lookup.search();
  } else window.close();
}
