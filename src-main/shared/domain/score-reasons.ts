/**
 * What moves a score: the reason codes or factors a service sends with a calculated or bureau
 * score (a scored person is owed the logic and the data used: CJEU C-203/22, Dun & Bradstreet
 * Austria). Servers send them in many shapes — a list of codes, of texts, of objects
 * ({code, description, impact}, {reasonCode, text, weight}…), an object of code → text, or one
 * text joined by ";" — and under many names (the API profile's `debtorFields.reasons` maps it).
 * Read here into one shape; anything else is "not readable", never guessed. Pure.
 */
import { isRecord } from '../is-record.ts';
import type { Translate } from '../i18n/translator.ts';

export interface ScoreReason {
  /** The service's code ("LATE_PAYMENTS"); null where it sends words only. */
  code: string | null;
  /** The service's own words; null where it sends a code only. */
  text: string | null;
  /** How much it moves the score, with its sign (negative: down); null where not sent. */
  impact: number | null;
}

/** The reasons sent with a score: none sent (the field absent), sent but not readable, or read. */
export type ScoreReasons = { kind: 'none' } | { kind: 'unreadable' } | { kind: 'read'; reasons: ScoreReason[] };

/** The codes of our contract (docs/api), worded in the analyst's language; others show the service's words. */
export const KNOWN_REASON_CODES: ReadonlySet<string> = new Set([
  'LATE_PAYMENTS',
  'HIGH_LIMIT_USE',
  'SHORT_HISTORY',
  'DISPUTES',
  'PAYS_ON_TIME',
  'PUBLIC_FILINGS',
  'SUPPLIER_LATE_PAYMENTS',
  'YOUNG_BUSINESS',
  'MANY_ENQUIRIES',
  'ESTABLISHED',
]);

/** Reasons shown at most: a score's few main factors, as bureaus give them (four or five). */
export const REASONS_MAX = 8;

const CODE = /^[A-Za-z0-9][A-Za-z0-9_.\-/]{0,39}$/;
const CODE_KEYS = ['code', 'reasonCode', 'factorCode', 'id', 'key'];
const TEXT_KEYS = ['description', 'text', 'reason', 'message', 'label', 'name', 'factor', 'commentary', 'value'];
const IMPACT_KEYS = ['impact', 'weight', 'points', 'contribution', 'effect', 'score'];
const DIRECTION_KEYS = ['direction', 'effect', 'sign'];

const firstOf = (record: Record<string, unknown>, keys: readonly string[]) => {
  const found = Object.keys(record).find((key) => keys.some((wanted) => wanted.toLowerCase() === key.toLowerCase()));
  return found === undefined ? undefined : record[found];
};
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null);
const numberOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

/** A direction in words ("negative", "-", "down") turns an unsigned impact into a signed one. */
function signed(impact: number | null, direction: unknown): number | null {
  if (impact === null) return null;
  const word = typeof direction === 'string' ? direction.trim().toLowerCase() : '';
  if (/^(-|neg|negative|down|adverse|decrease)/.test(word)) return -Math.abs(impact);
  if (/^(\+|pos|positive|up|favourable|favorable|increase)/.test(word)) return Math.abs(impact);
  return impact;
}

/** One reason from a text: a code where it looks like one ("LATE_PAYMENTS", "R12"), words otherwise. */
function fromText(text: string): ScoreReason {
  const trimmed = text.trim();
  return CODE.test(trimmed) && /[A-Z0-9_]/.test(trimmed) && !/\s/.test(trimmed) && trimmed === trimmed.toUpperCase()
    ? { code: trimmed, text: null, impact: null }
    : { code: null, text: trimmed.slice(0, 200), impact: null };
}

function fromObject(record: Record<string, unknown>): ScoreReason | null {
  const rawCode = firstOf(record, CODE_KEYS);
  const code = typeof rawCode === 'number' ? String(rawCode) : textOf(rawCode);
  const text = textOf(firstOf(record, TEXT_KEYS));
  const impact = signed(numberOf(firstOf(record, IMPACT_KEYS)), firstOf(record, DIRECTION_KEYS));
  if (code === null && text === null) return null;
  const isCode = code !== null && CODE.test(code);
  return { code: isCode ? code : null, text: text ?? (isCode ? null : code), impact };
}

function fromList(list: readonly unknown[]): ScoreReason[] | null {
  const reasons: ScoreReason[] = [];
  for (const item of list) {
    const reason =
      typeof item === 'string' ? (item.trim() === '' ? null : fromText(item)) : isRecord(item) ? fromObject(item) : null;
    if (reason === null) return null;
    reasons.push(reason);
  }
  return reasons.slice(0, REASONS_MAX);
}

/** The reasons in a score record's field (`reasons`, where the API profile maps the server's name to it). */
export function scoreReasonsOf(value: unknown): ScoreReasons {
  if (value === undefined || value === null) return { kind: 'none' };
  let reasons: ScoreReason[] | null = null;
  if (Array.isArray(value)) reasons = fromList(value);
  else if (typeof value === 'string') reasons = fromList(value.split(/[;|\n]/).filter((part) => part.trim() !== ''));
  else if (isRecord(value))
    reasons = Object.entries(value).map(([code, text]) => ({
      code: CODE.test(code) ? code : null,
      text: textOf(text),
      impact: null,
    }));
  if (reasons === null) return { kind: 'unreadable' };
  return { kind: 'read', reasons: reasons.slice(0, REASONS_MAX) };
}

/** What tells reasons apart across syncs: the code, or the words where there is none. */
export const reasonIdentity = (reason: ScoreReason): string => reason.code ?? reason.text ?? '';

/** A reason in the analyst's words: ours for our contract's codes, the service's own otherwise. */
export const reasonWords = (reason: ScoreReason, t: Translate): string =>
  reason.code !== null && KNOWN_REASON_CODES.has(reason.code)
    ? t('lookup.reason.code', { code: reason.code })
    : (reason.text ?? reason.code ?? '');
