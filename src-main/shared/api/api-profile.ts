/**
 * How a company's real services differ from our contract, per environment: how credentials
 * travel, what the time event's fields are called, envelopes, the employee id's JSON type, the
 * server's time zone, how date filters are written, paging, and how a clock-out is sent. One
 * schema for the admin file, the settings store, the IPC contract and the core; every field has a
 * default that is our contract, so an environment without a profile behaves as before.
 *
 * The schemas are loose on purpose (lengths only): the core's validation turns each wrong value
 * into a sentence tied to its field.
 */
import * as v from 'valibot';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const authSchemeSchema = v.variant('kind', [
  /** Two headers (names configurable): our contract. */
  v.strictObject({ kind: v.literal('headers'), clientIdHeader: text(100), clientSecretHeader: text(100) }),
  v.strictObject({ kind: v.literal('basic') }),
  /** One header carrying the secret as an API key (the client id is not sent). */
  v.strictObject({ kind: v.literal('api-key'), header: text(100) }),
  /**
   * Query parameters (Mule 3 SLA policies' default, Azure's `subscription-key`, Apigee's `apikey`):
   * the client id (left out when its name is empty) and the secret in the address. Never logged nor
   * shown: every address the app shows or writes has its query taken off.
   */
  v.strictObject({ kind: v.literal('query'), clientIdParam: text(100), clientSecretParam: text(100) }),
  /** OAuth 2.0 client credentials: the id and secret buy a bearer token at the token URL. */
  v.strictObject({
    kind: v.literal('oauth-client-credentials'),
    tokenUrl: text(2000),
    scope: v.optional(text(500)),
    audience: v.optional(text(500)),
    credentialsIn: v.picklist(['body', 'basic']),
  }),
]);
export type AuthScheme = v.InferOutput<typeof authSchemeSchema>;

export const defaultAuthScheme: AuthScheme = {
  kind: 'headers',
  clientIdHeader: 'client_id',
  clientSecretHeader: 'client_secret',
};

/** A field name, or null for "as in the contract" (its PascalCase and usual variants are tried too). */
const fieldName = v.optional(v.nullable(text(100)), null);

const pageSize = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 100);

/**
 * How lists are paged: `auto` follows what the server's answers say (next links, cursors, page
 * numbers or offsets with a total); `page` and `offset` ask for pages by number or by offset, with
 * the server's parameter names, for a server whose answers say nothing of paging.
 */
export const pagingSchema = v.variant('style', [
  v.strictObject({ style: v.literal('auto') }),
  v.strictObject({
    style: v.literal('page'),
    pageParam: v.optional(text(100), 'page'),
    sizeParam: v.optional(text(100), 'pageSize'),
    firstPage: v.optional(v.picklist([0, 1]), 1),
    pageSize,
  }),
  v.strictObject({
    style: v.literal('offset'),
    offsetParam: v.optional(text(100), 'offset'),
    limitParam: v.optional(text(100), 'limit'),
    pageSize,
  }),
]);
export type Paging = v.InferOutput<typeof pagingSchema>;

export const apiProfileSchema = v.strictObject({
  /** Names of the time event's fields, in requests and answers. */
  timeEventFields: v.optional(
    v.strictObject({ id: fieldName, employeeId: fieldName, clockIn: fieldName, clockOut: fieldName, employeeName: fieldName }),
    {},
  ),
  /** Names of the debtor-side fields the lookup relies on, where the server calls them otherwise. */
  debtorFields: v.optional(
    v.strictObject({
      debtorKey: fieldName,
      clientKey: fieldName,
      name: fieldName,
      modifiedAt: fieldName,
      score: fieldName,
      bureauScore: fieldName,
      nickname: fieldName,
      /** What moves a score (reason codes, factors), in the calculated and the bureau score lists. */
      reasons: fieldName,
    }),
    {},
  ),
  /** Where a single object sits in an answer, as a dot path ("result", "data.item"); null: found by itself. */
  singleEnvelope: fieldName,
  /** Where a list sits in an answer ("value", "data.items"); null: found by itself. */
  listEnvelope: fieldName,
  /** How the employee id is written in request bodies. */
  employeeIdType: v.optional(v.picklist(['string', 'number']), 'string'),
  /** The IANA time zone of instants the server writes without one. */
  serverTimeZone: v.optional(text(64), 'UTC'),
  /**
   * How date filters are written: `contract` (startingDateTime as ISO with Z, startDate/endDate as
   * dates), `iso-zone`, `iso-local` (the server's time zone, no offset), or `date` (dates only).
   */
  dateFilterFormat: v.optional(v.picklist(['contract', 'iso-zone', 'iso-local', 'date']), 'contract'),
  /**
   * How the day filters (startDate, endDate) are written when they differ from the instant filter:
   * `date` (YYYY-MM-DD), `iso-local` or `iso-zone` (the day's first or last second); null: as
   * `dateFilterFormat` says.
   */
  dayFilterFormat: v.optional(v.nullable(v.picklist(['date', 'iso-local', 'iso-zone'])), null),
  /**
   * The field of the time event that takes a comment, where the server has one: a clock-out set to
   * an earlier time carries the employee's reason in it. Null: no reason is sent (it stays in the
   * trace of corrections on the computer).
   */
  reasonField: fieldName,
  /** How a clock-out is sent: PATCH with JSON, PATCH merge-patch, JSON Patch, or PUT of the whole event. */
  clockOutMethod: v.optional(v.picklist(['patch-json', 'patch-merge', 'json-patch', 'put']), 'patch-json'),
  /** An extra CA certificate (PEM) to trust for this environment's servers, beside the system's store. */
  caCertificatePem: v.optional(v.nullable(text(50_000)), null),
  /** How lists are paged (see pagingSchema); `auto` by default. */
  paging: v.optional(pagingSchema, { style: 'auto' }),
  /** The most pages of one list the app follows before it says the list is incomplete. */
  maxPages: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 100),
});

export type ApiProfileInput = v.InferInput<typeof apiProfileSchema>;
export type ApiProfile = v.InferOutput<typeof apiProfileSchema>;

/** The profile with every default filled in; an invalid one (never stored: validation stops it) falls back to the defaults. */
export function resolveProfile(input: ApiProfileInput | undefined): ApiProfile {
  const parsed = v.safeParse(apiProfileSchema, input ?? {});
  return parsed.success ? parsed.output : v.parse(apiProfileSchema, {});
}
