/**
 * Keeps what a user (or admin) actually wrote, field by field: every value that fits its schema
 * stays, every value that does not is dropped with a sentence saying where and why, and fields
 * never written stay absent (so defaults from elsewhere can apply). Unknown fields are kept when
 * reading a stored file (a newer version may have written them; within a bound on depth and size) and
 * refused, by name, in updates.
 * Fields are looked up as own properties only: "constructor" or "__proto__" is just an unknown field.
 */
import * as v from 'valibot';
import { isRecord } from '../util/is-record.ts';
import { previewJson, tooLargeToKeep } from '../util/json-text.ts';

type AnySchema = v.GenericSchema & { type: string; wrapped?: AnySchema; entries?: Record<string, AnySchema> };

const unwrap = (schema: AnySchema): AnySchema =>
  (schema.type === 'optional' || schema.type === 'nullish') && schema.wrapped ? unwrap(schema.wrapped) : schema;

export function sparseClean(
  schema: v.GenericSchema,
  raw: unknown,
  path: string,
  problems: string[],
  unknownFields: 'keep' | 'refuse' = 'keep',
): unknown {
  const inner = unwrap(schema as AnySchema);
  if (inner.type === 'object' && inner.entries) {
    if (!isRecord(raw)) {
      problems.push(`${path}: expected an object; ignored.`);
      return undefined;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      const entry = Object.hasOwn(inner.entries, key) ? inner.entries[key] : undefined;
      if (!entry) {
        if (unknownFields === 'refuse') problems.push(`${path}.${key}: unknown setting; ignored.`);
        else keepUnknown(out, key, value, `${path}.${key}`, problems);
        continue;
      }
      const cleaned = sparseClean(entry, value, `${path}.${key}`, problems, unknownFields);
      if (cleaned !== undefined) out[key] = cleaned;
    }
    return out;
  }
  const result = v.safeParse(inner, raw);
  if (result.success) return result.output;
  problems.push(`${path}: ${describeIssue(result.issues[0], raw)}; ignored.`);
  return undefined;
}

/** An unknown field (a newer version's) is kept as it is, unless it is too deep or large to carry along. */
export function keepUnknown(out: Record<string, unknown>, key: string, value: unknown, path: string, problems: string[]): void {
  const tooLarge = tooLargeToKeep(value);
  if (tooLarge) problems.push(`${path}: unknown field ${tooLarge}; set aside.`);
  else out[key] = value;
}

export function describeIssue(issue: v.BaseIssue<unknown> | undefined, raw: unknown): string {
  const got = previewJson(raw, 60);
  if (!issue) return `invalid value ${got}`;
  if (issue.type === 'min_value') return `must be at least ${String(issue.requirement)} (got ${got})`;
  if (issue.type === 'max_value') return `must be at most ${String(issue.requirement)} (got ${got})`;
  if (issue.type === 'integer') return `must be a whole number (got ${got})`;
  if (issue.type === 'picklist')
    return `must be one of ${(issue.expected ?? '').replace(/[()"]/g, '').split(' | ').join(', ')} (got ${got})`;
  if (issue.type === 'check') return issue.message.replace(/\.$/, '');
  if (issue.type === 'regex')
    return `${issue.message.startsWith('Invalid') ? 'has the wrong format' : issue.message} (got ${got})`;
  return `${issue.expected ? `expected ${issue.expected}` : issue.message} (got ${got})`;
}
