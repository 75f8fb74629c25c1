/**
 * The rows of one result as the virtual list fetches them: by pages of 50, those shown and two on
 * either side, so a page usually arrives before its rows scroll into view.
 */
import type { LookupPage, LookupRow } from '../../src-main/shared/ipc/contract.ts';
import { api } from '../lib/api.ts';

// Small pages: each costs the frame it arrives in (fewer, larger ones measured worse while scrolling).
const PAGE = 50;
/** Pages fetched ahead on either side of those shown. */
const AROUND = 2;

export class ResultPages {
  // Raw state, changed in place: a page that arrives is written into the array (copying up to a
  // million slots per page cost a frame while scrolling), and `arrived` tells the template to read again.
  rows = $state.raw<Array<LookupRow | undefined>>([]);
  arrived = $state(0);
  // Pages already asked for: bookkeeping only. A reactive set would re-run the fetching effect itself.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #requested = new Set<number>();
  #page: LookupPage | null = null;

  /** A new result: its first page as it came, the rest to fetch. */
  reset(page: LookupPage): void {
    this.#page = page;
    const fresh: Array<LookupRow | undefined> = new Array(page.total);
    page.rows.forEach((row, at) => (fresh[at] = row));
    this.rows = fresh;
    this.arrived++;
    this.#requested.clear();
    this.#requested.add(0);
  }

  /** Fetches the pages the rows `first`…`last` (shown now) belong to, and those on either side. */
  fetchAround(first: number, last: number): void {
    const page = this.#page;
    if (!page) return;
    const from = Math.max(0, Math.floor(first / PAGE) - AROUND);
    const to = Math.min(Math.ceil(page.total / PAGE) - 1, Math.floor(last / PAGE) + AROUND);
    for (let number = from; number <= to; number++) this.#fetch(page, number * PAGE);
  }

  #fetch(page: LookupPage, start: number): void {
    if (this.rows[start] || this.#requested.has(start)) return;
    this.#requested.add(start);
    void api.lookupRows(page.resultId, start, PAGE).then((more) => {
      if (more.resultId !== this.#page?.resultId) return;
      more.rows.forEach((row, at) => (this.rows[start + at] = row));
      this.arrived++;
    });
  }
}
