/** The shapes of the arguments windows send, shared by the request modules of each window. */
import * as v from 'valibot';
import { apiProfileSchema, authSchemeSchema } from '../api/api-profile.ts';

export const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** A debtor's key as a window sends it: named in a refusal, never empty. */
export const debtorKey = v.pipe(
  v.string(),
  v.maxLength(200),
  v.check((key) => key.trim() !== '', 'must not be empty'),
  v.title('the debtor key'),
);
export const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000));
export const environmentId = text(100);
export const draftArg = v.strictObject({
  id: v.optional(environmentId),
  name: text(200),
  timeclockBaseUrl: text(2000),
  debtorsBaseUrl: text(2000),
  clientId: text(500),
  auth: authSchemeSchema,
  employeeId: text(200),
  profile: v.optional(apiProfileSchema),
});
