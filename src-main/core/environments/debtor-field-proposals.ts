/**
 * What the connection test learns of the debtor-side field names from the first records it read:
 * for each field the lookup relies on (the key, the name, the score…) that the server does not send
 * under our name, the server's field that most likely holds it — a usual other name ("legalName"),
 * or a number nested in an object ("rating.value") — proposed as the API profile's `debtorFields`,
 * each shown as the analyst's field beside the server's. Pure: it reads records, it sends nothing.
 */
import type { ApiProfile } from '../../shared/api/api-profile.ts';
import type { ProfileSuggestion } from '../../shared/domain/environments.ts';
import { isRecord } from '../../shared/is-record.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

type DebtorField = keyof ApiProfile['debtorFields'];

/** The first records of each list, as the server sent them. */
export interface DebtorSamples {
  debtors?: readonly unknown[];
  creditScores?: readonly unknown[];
  bureauScores?: readonly unknown[];
  nicknames?: readonly unknown[];
}

/**
 * Which list holds each field (a second one where it may be found there alone), and the other names
 * servers give it (compared without regard to case or separators).
 */
const FIELDS: Record<DebtorField, { list: keyof DebtorSamples; alsoIn?: keyof DebtorSamples; names: string[]; number?: true }> = {
  debtorKey: {
    list: 'debtors',
    names: ['debtorId', 'debtorNo', 'debtorNumber', 'debtorCode', 'customerKey', 'customerId', 'accountKey', 'key'],
  },
  clientKey: { list: 'debtors', names: ['clientId', 'clientNo', 'clientNumber', 'clientCode'] },
  name: {
    list: 'debtors',
    names: ['legalName', 'companyName', 'debtorName', 'businessName', 'customerName', 'displayName', 'fullName', 'name1'],
  },
  modifiedAt: {
    list: 'debtors',
    names: ['updatedAt', 'lastModified', 'modifiedDate', 'lastUpdated', 'changedAt', 'modifiedOn', 'updatedOn'],
  },
  score: { list: 'creditScores', names: ['creditScore', 'scoreValue', 'calculatedScore', 'value', 'rating'], number: true },
  bureauScore: {
    list: 'bureauScores',
    names: ['score', 'creditBureauScore', 'bureauScoreValue', 'externalScore', 'value', 'rating'],
    number: true,
  },
  nickname: { list: 'nicknames', names: ['alias', 'aka', 'tradeName', 'dba', 'nickName'] },
  reasons: {
    list: 'creditScores',
    alsoIn: 'bureauScores',
    names: [
      'reasonCodes',
      'scoreReasons',
      'factors',
      'scoreFactors',
      'keyFactors',
      'riskFactors',
      'drivers',
      'commentaries',
      'scoreCommentary',
      'explanations',
      'adverseActionCodes',
    ],
  },
};

/** Records of each list looked through for a field. */
const SAMPLES_READ = 20;

/** The fields every row of the lookup shows (a debtor need not have a client; the rest are optional). */
const SHOWN = new Set<DebtorField>(['debtorKey', 'name', 'score', 'bureauScore']);

const fold = (name: string) => name.toLowerCase().replace(/[_\-\s]/g, '');
/** A number, or a number written as a string ("712"), as a DataWeave over a table often sends it. */
const isNumeric = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/** The server's field for one of ours in a record: a usual other name, or for a number one nested in an object. */
function serverFieldFor(field: DebtorField, record: Record<string, unknown>): string | null {
  const keys = Object.keys(record);
  if (keys.some((key) => fold(key) === fold(field))) {
    const value = record[keys.find((key) => fold(key) === fold(field))!];
    // Our name holding an object: the number inside it is the value ("score": { "value": 78 }).
    if (!(FIELDS[field].number && isRecord(value))) return null;
  }
  for (const name of FIELDS[field].names) {
    const key = keys.find((candidate) => fold(candidate) === fold(name));
    if (key === undefined) continue;
    const value = record[key];
    if (!FIELDS[field].number || isNumeric(value)) return key;
    if (isRecord(value)) return nestedNumber(key, value);
  }
  if (FIELDS[field].number) {
    const holder = keys.find((key) => fold(key) === fold(field) || fold(key).includes('score'));
    if (holder && isRecord(record[holder])) return nestedNumber(holder, record[holder]);
    // The one number whose name says it is a score ("creditBureauScore", "score_ext").
    const scores = keys.filter((key) => fold(key).includes('score') && isNumeric(record[key]));
    if (scores.length === 1) return scores[0]!;
  }
  return null;
}

/** Whether a record has our field under our own name (then nothing is to be proposed for it). */
const hasOwn = (field: DebtorField, record: Record<string, unknown>) =>
  Object.keys(record).some((key) => fold(key) === fold(field));

/** "rating.value": the one number of a nested object that looks like a score. */
function nestedNumber(key: string, value: Record<string, unknown>): string | null {
  const numbers = Object.keys(value).filter((inner) => isNumeric(value[inner]));
  const best =
    numbers.find((inner) => /^(value|score|points|amount)$/i.test(inner)) ?? (numbers.length === 1 ? numbers[0] : undefined);
  return best === undefined ? null : `${key}.${best}`;
}

export function debtorFieldSuggestions(samples: DebtorSamples, profile: ApiProfile, t: Translate): ProfileSuggestion[] {
  const mapping: Partial<Record<DebtorField, string>> = {};
  /** Fields a record was read for that hold nothing under our name and nothing the app recognises. */
  const unfound: DebtorField[] = [];
  for (const field of Object.keys(FIELDS) as DebtorField[]) {
    if (profile.debtorFields[field]) continue;
    // A field some records lack (reasons come with some scores only) is looked for in the first few.
    const lists = [FIELDS[field].list, FIELDS[field].alsoIn].filter((list) => list !== undefined);
    const records = lists.flatMap((list) => (samples[list] ?? []).filter(isRecord).slice(0, SAMPLES_READ));
    const first = records[0];
    if (!first) continue; // no record to judge by
    const theirs = records.map((record) => serverFieldFor(field, record)).find((name) => name !== null) ?? null;
    if (theirs) mapping[field] = theirs;
    else if (SHOWN.has(field) && !hasOwn(field, first)) unfound.push(field);
  }
  const label = (field: string) => t('lookup.field', { field });
  const pairs = Object.entries(mapping).map(([field, theirs]) =>
    t('profile.debtorFieldIs', { label: label(field), field: theirs }),
  );
  return [
    ...(pairs.length === 0
      ? []
      : [
          {
            text: t('profile.debtorFields', { pairs: pairs.join(', ') }),
            change: { debtorFields: { ...profile.debtorFields, ...mapping } },
          },
        ]),
    // Said, so an empty column is explained: the field is set by hand in the API profile.
    ...(unfound.length === 0 ? [] : [{ text: t('profile.debtorFieldsUnfound', { fields: unfound.map(label).join(', ') }) }]),
  ];
}
