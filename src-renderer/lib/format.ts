/** Formatting for windows, in the user's locale. */
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export const formatClock = (iso: string | null) => (iso === null ? '—' : clock.format(new Date(iso)));
export const formatMs = (ms: number | null) => (ms === null ? '—' : `${Math.round(ms).toLocaleString()} ms`);
export const formatPercent = (share: number | null) =>
  share === null
    ? '—'
    : `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: share > 0.999 && share < 1 ? 2 : 1 })} %`;
