/** Numbers for windows, in the user's locale; time in words is in shared/moments.ts. */
import { formatMoment } from '../../src-main/shared/moments.ts';

/** A moment, with its day unless it is today: "17:02", "Tue 17:02", "17 Nov, 17:02". */
export const formatClock = (iso: string | null) => (iso === null ? '—' : formatMoment(Date.parse(iso), Date.now()));

export const formatMs = (ms: number | null) => (ms === null ? '—' : `${Math.round(ms).toLocaleString()} ms`);
export const formatPercent = (share: number | null) =>
  share === null
    ? '—'
    : `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: share > 0.999 && share < 1 ? 2 : 1 })} %`;
