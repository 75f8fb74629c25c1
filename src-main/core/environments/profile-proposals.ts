/**
 * What the connection test learns from a server's actual answers, in words, with the change of
 * API profile that would fit it: other time-event field names, an envelope, zoneless instants,
 * paging, a server that wants OAuth tokens. Pure: it reads bodies, it never sends anything.
 */
import type { ApiProfile } from '../../shared/api/api-profile.ts';
import { TIME_EVENT_ALIASES, unwrapSingle } from '../api/time-event-shape.ts';
import { isRecord } from '../../shared/is-record.ts';
import { offsetText, serverZoneOf, stampedOffsetMs, type ZoneEvidence, type ZoneFinding } from './zone-evidence.ts';
import { zoneOffsetMs } from '../api/time-zone.ts';
import { withoutDataWeaveBars } from '../api/tolerant-read.ts';

import type { ProfileSuggestion } from '../../shared/domain/environments.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export interface ServerSample {
  /** The body of the employee's last event (200), if there was one. */
  event?: unknown;
  /** The body of a small debtors list. */
  list?: unknown;
  /** A 401 that asked for bearer tokens while the profile sends something else. */
  wantsBearer?: boolean;
  /** The bodies of small score lists, for the debtor-side field names (debtor-field-proposals.ts). */
  scoreLists?: { creditScores?: unknown; bureauScores?: unknown };
  /** The source health answer and its Date header: a stamp of the server's "now" tells its zone (zone-evidence.ts). */
  stamp?: { body: unknown; date: string | null };
}

type Fields = Record<string, unknown>;
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const LIST_KEYS = ['data', 'items', 'results', 'value', 'records'];

/** Keys that might hold each event field when none of the usual names is there. */
const GUESSES: Record<keyof typeof TIME_EVENT_ALIASES, RegExp> = {
  id: /(^|_)id$|ref$|key$|number$/i,
  employeeId: /emp|staff|worker|person|user/i,
  clockIn: /start|in(time)?$|begin|from/i,
  clockOut: /end|out(time)?$|finish|to$/i,
  // Optional, shown only: guessed only from a name that says whose it is.
  employeeName: /^(emp|employee|staff|worker|person)_?(full_?)?name$/i,
};

const looksLikeEvent = (record: Fields) =>
  Object.values(record).some((value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value));

function eventFieldSuggestions(event: unknown, profile: ApiProfile, t: Translate): ProfileSuggestion[] {
  const suggestions: ProfileSuggestion[] = [];
  let record = unwrapSingle(event);
  if (isRecord(record) && !looksLikeEvent(record)) {
    const wrappers = Object.keys(record).filter((key) => isRecord((record as Fields)[key]));
    if (wrappers.length === 1) {
      suggestions.push({ text: t('profile.wrapped', { field: wrappers[0]! }), change: { singleEnvelope: wrappers[0]! } });
      record = (record as Fields)[wrappers[0]!];
    }
  }
  if (!isRecord(record)) return suggestions;
  const keys = Object.keys(record);
  const mapping: Partial<Record<keyof typeof TIME_EVENT_ALIASES, string>> = {};
  for (const field of Object.keys(TIME_EVENT_ALIASES) as Array<keyof typeof TIME_EVENT_ALIASES>) {
    // The contract's name in any letter case is read by itself.
    if (profile.timeEventFields[field] || keys.some((key) => key.toLowerCase() === field.toLowerCase())) continue;
    const known = keys.find((key) => TIME_EVENT_ALIASES[field].some((alias) => alias.toLowerCase() === key.toLowerCase()));
    const guessed = known ?? keys.find((key) => GUESSES[field].test(key) && !Object.values(mapping).includes(key));
    if (guessed) mapping[field] = guessed;
  }
  if (Object.keys(mapping).length > 0) {
    const names = Object.entries(mapping).map(([field, key]) => t('profile.fieldIs', { field, key }));
    suggestions.push({
      text: t('profile.fieldNames', { names: names.join(', ') }),
      change: { timeEventFields: { ...profile.timeEventFields, ...mapping } },
    });
  }
  return suggestions;
}

/** The dates and times without a zone among the first records (a few levels deep). */
function zonelessInstants(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return ZONELESS.test(withoutDataWeaveBars(value)) ? [value] : [];
  if (depth > 3) return [];
  if (Array.isArray(value)) return value.slice(0, 5).flatMap((item) => zonelessInstants(item, depth + 1));
  return isRecord(value) ? Object.values(value).flatMap((item) => zonelessInstants(item, depth + 1)) : [];
}

function listSuggestions(list: unknown, profile: ApiProfile, t: Translate): ProfileSuggestion[] {
  if (!isRecord(list)) return [];
  const suggestions: ProfileSuggestion[] = [];
  const paging = ['@odata.nextLink', 'nextLink', 'next', 'nextCursor', 'nextPageToken', 'continuationToken', 'totalPages'].find(
    (key) => key in list,
  );
  if (paging)
    suggestions.push({
      text: t('profile.paged', { paging, pages: profile.maxPages }),
    });
  const arrays = Object.keys(list).filter((key) => Array.isArray(list[key]));
  if (arrays.length === 1 && !LIST_KEYS.includes(arrays[0]!) && profile.listEnvelope !== arrays[0])
    suggestions.push({ text: t('profile.listIn', { field: arrays[0]! }), change: { listEnvelope: arrays[0]! } });
  return suggestions;
}

/** `t`: the user's words (English by default). */
export function proposeProfile(
  sample: ServerSample,
  profile: ApiProfile,
  t: Translate = english.t,
  evidence: ZoneEvidence = {},
): ProfileSuggestion[] {
  const suggestions: ProfileSuggestion[] = [];
  if (sample.wantsBearer)
    suggestions.push({
      text: t('profile.wantsOAuth'),
      auth: 'oauth-client-credentials',
    });
  if (sample.event !== undefined) suggestions.push(...eventFieldSuggestions(sample.event, profile, t));
  if (sample.list !== undefined) suggestions.push(...listSuggestions(sample.list, profile, t));
  const zoneless = [...zonelessInstants(sample.event), ...zonelessInstants(sample.list)];
  const zone = zoneless.length === 0 ? null : zoneProposal(profile.serverTimeZone, evidence, t);
  if (zone) suggestions.push(zone);
  return suggestions;
}

/** For zoneless times: the zone to read them in where UTC is set, or a correction where the set zone runs at another offset than the server's stamp. */
function zoneProposal(serverTimeZone: string, evidence: ZoneEvidence, t: Translate): ProfileSuggestion | null {
  const found = serverZoneOf(evidence);
  if (serverTimeZone === 'UTC') return zoneSuggestion(found, t);
  const offset = stampedOffsetMs(evidence);
  const at = evidence.stamped?.at;
  const setOffset = at === undefined ? null : zoneOffsetMs(serverTimeZone, at);
  if (offset === null || setOffset === null || !found || setOffset === offset) return null;
  const proposed = found.kind === 'utc' ? 'UTC' : found.kind === 'zone' ? found.zone : found.zones[0];
  if (proposed === undefined) return null;
  return {
    text: t('profile.zoneDisagrees', {
      zone: serverTimeZone,
      zoneOffset: offsetText(setOffset / 60_000),
      offset: offsetText(offset / 60_000),
      proposed,
    }),
    change: { dateFilterFormat: 'iso-local', serverTimeZone: proposed },
  };
}

/**
 * What to do about zoneless times read as UTC: the zone the evidence pins, the likeliest zone at the
 * offset it pins (naming the others that have it today), or a question.
 */
function zoneSuggestion(found: ZoneFinding | null, t: Translate): ProfileSuggestion {
  if (found?.kind === 'zone')
    return {
      text: t('profile.zonelessIn', { zone: found.zone }),
      change: { dateFilterFormat: 'iso-local', serverTimeZone: found.zone },
    };
  const [likeliest, ...others] = found?.kind === 'offset' ? found.zones : [];
  if (found?.kind === 'offset' && likeliest !== undefined) {
    const offset = offsetText(found.offsetMinutes);
    return {
      text:
        others.length > 0
          ? t('profile.zonelessOffset', { offset, zone: likeliest, others: others.slice(0, 3).join(', ') })
          : t('profile.zonelessOffsetOnly', { offset, zone: likeliest }),
      change: { dateFilterFormat: 'iso-local', serverTimeZone: likeliest },
    };
  }
  // UTC by its own clock: read right already. Unknown: asked, with nothing to apply — filters written
  // in a zone that is a guess would silently skip records changed in the hours between.
  if (found?.kind === 'utc') return { text: t('profile.zonelessIn', { zone: 'UTC' }) };
  return { text: t('profile.zoneless') };
}
