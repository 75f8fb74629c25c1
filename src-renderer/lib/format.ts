/** Numbers for windows, in the user's formats (words.formats); time in words is in shared/moments.ts. */

/** "1,234 ms" / "1.234 ms"; "—" when unknown. */
export const formatMs = (ms: number | null, locale?: string) =>
  ms === null ? '—' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(ms)} ms`;

/** "99.9 %" as the locale writes it, two decimals just short of 100 % so that 99.95 is not rounded up. */
export const formatPercent = (share: number | null, locale?: string) =>
  share === null
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: share > 0.999 && share < 1 ? 2 : 1 }).format(
        share,
      );
