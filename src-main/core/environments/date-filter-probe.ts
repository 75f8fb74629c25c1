/**
 * The connection test's look at how a server wants its date filters written. A filter written as
 * the profile says and refused as malformed (400) is tried in the other usual forms — the instant
 * filter (`startingDateTime`) on the debtors list, the day filters (`startDate`, `endDate`) on
 * the Advance transactions of one client — and the form that is accepted is proposed, with an
 * example of it. Reads only.
 */
import type { ApiProfile } from '../../shared/api/api-profile.ts';
import type { ProfileSuggestion } from '../../shared/domain/environments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { ApiError } from '../api/api-error.ts';
import { formatDay, formatInstant } from '../api/date-filters.ts';
import type { HttpClient } from '../api/http-client.ts';
import { recordsIfFound } from '../api/tolerant-read.ts';
import { isRecord } from '../../shared/is-record.ts';

type InstantFormat = ApiProfile['dateFilterFormat'];
type DayFormat = NonNullable<ApiProfile['dayFilterFormat']>;

/** Whether the server takes the query's filters: anything but "malformed" (a 404 for the client is an answer too). */
async function accepted(http: HttpClient, path: string, query: Record<string, string>): Promise<boolean> {
  try {
    await http.request({ method: 'GET', path, operation: 'debtors', query });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.kind !== 'bad-request';
  }
}

export async function dateFilterProposals(
  http: HttpClient,
  profile: ApiProfile,
  now: number,
  t: Translate,
): Promise<ProfileSuggestion[]> {
  const suggestions: ProfileSuggestion[] = [];
  const since = now - 86_400_000;
  const instantAs = (format: InstantFormat) => formatInstant(since, { ...profile, dateFilterFormat: format });
  let instants = profile.dateFilterFormat;
  if (!(await accepted(http, 'Debtors', { startingDateTime: instantAs(instants) }))) {
    for (const format of (['contract', 'iso-local', 'date'] as const).filter((other) => other !== instants)) {
      if (!(await accepted(http, 'Debtors', { startingDateTime: instantAs(format) }))) continue;
      suggestions.push({
        text: t('profile.instantFormat', { example: instantAs(format) }),
        change: { dateFilterFormat: format },
      });
      instants = format;
      break;
    }
  }
  const client = recordsIfFound(
    (await http.request({ method: 'GET', path: 'Advance/Clients', operation: 'advanceClients' }).catch(() => null))?.body,
    profile.listEnvelope,
  ).find(isRecord);
  const clientKey = client?.clientKey ?? client?.ClientKey;
  if (clientKey === undefined) return suggestions;
  const today = new Date(now).toISOString().slice(0, 10);
  const daysAs = (format: DayFormat | null) => {
    const written = { ...profile, dateFilterFormat: instants, dayFilterFormat: format };
    return {
      clientKey: String(clientKey),
      startDate: formatDay(today, false, written),
      endDate: formatDay(today, true, written),
    };
  };
  if (await accepted(http, 'Advance/TxHistory', daysAs(profile.dayFilterFormat))) return suggestions;
  for (const format of (['date', 'iso-local', 'iso-zone'] as const).filter((other) => other !== profile.dayFilterFormat)) {
    if (!(await accepted(http, 'Advance/TxHistory', daysAs(format)))) continue;
    suggestions.push({
      text: t('profile.dayFormat', { example: daysAs(format).startDate }),
      change: { dayFilterFormat: format },
    });
    break;
  }
  return suggestions;
}
