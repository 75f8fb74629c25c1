/**
 * Keeps what a user (or admin) actually wrote, field by field: every value that fits its schema
 * stays, every value that does not is dropped and reported as a fact (where, and why), and fields
 * never written stay absent (so defaults from elsewhere can apply). Unknown fields are kept when
 * reading a stored file (a newer version may have written them; within a bound on depth and size) and
 * refused, by name, in updates.
 * Fields are looked up as own properties only: "constructor" or "__proto__" is just an unknown field.
 */
import * as v from 'valibot';
import { isRecord } from '../../shared/is-record.ts';
import { previewJson, tooLargeToKeep } from '../util/json-text.ts';
import type { ProblemSink, ValueProblem } from '../../shared/domain/value-problem.ts';
import { RULES, SHAPE_RULES, URL_RULES } from '../../shared/settings-schema.ts';
import { itUrlProblem, maskUrlCredentials } from '../../shared/it-url.ts';
import { acceleratorProblem, normalizeAccelerator } from '../../shared/accelerator.ts';

type AnySchema = v.GenericSchema & { type: string; wrapped?: AnySchema; entries?: Record<string, AnySchema> };

const unwrap = (schema: AnySchema): AnySchema =>
  (schema.type === 'optional' || schema.type === 'nullish') && schema.wrapped ? unwrap(schema.wrapped) : schema;

export function sparseClean(
  schema: v.GenericSchema,
  raw: unknown,
  path: string,
  report: ProblemSink,
  unknownFields: 'keep' | 'refuse' = 'keep',
): unknown {
  const inner = unwrap(schema as AnySchema);
  if (inner.type === 'object' && inner.entries) {
    if (!isRecord(raw)) {
      report(path, { kind: 'notObject' });
      return undefined;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      const entry = Object.hasOwn(inner.entries, key) ? inner.entries[key] : undefined;
      if (!entry) {
        if (unknownFields === 'refuse') report(`${path}.${key}`, { kind: 'unknownSetting' });
        else keepUnknown(out, key, value, `${path}.${key}`, report);
        continue;
      }
      const cleaned = sparseClean(entry, value, `${path}.${key}`, report, unknownFields);
      if (cleaned !== undefined) out[key] = cleaned;
    }
    return out;
  }
  const result = v.safeParse(inner, raw);
  if (result.success) return result.output;
  report(path, valueProblemOf(result.issues[0], raw));
  return undefined;
}

/** An unknown field (a newer version's) is kept as it is, unless it is too deep or large to carry along. */
export function keepUnknown(out: Record<string, unknown>, key: string, value: unknown, path: string, report: ProblemSink): void {
  const tooLarge = tooLargeToKeep(value);
  if (tooLarge) report(path, { kind: 'unknownTooLarge', ...tooLarge });
  else out[key] = value;
}

/** The facts of valibot's first issue with a value. */
export function valueProblemOf(issue: v.BaseIssue<unknown> | undefined, raw: unknown): ValueProblem {
  const got = previewJson(raw, 60);
  switch (issue?.type) {
    case 'min_value':
      return { kind: 'min', limit: Number(issue.requirement), got };
    case 'max_value':
      return { kind: 'max', limit: Number(issue.requirement), got };
    case 'integer':
      return { kind: 'integer', got };
    case 'picklist':
      return { kind: 'oneOf', options: (issue.expected ?? '').replace(/[()"]/g, '').split(' | ').join(', '), got };
    case 'check':
    case 'regex':
      return ruleProblem(issue.message, raw, got);
    default:
      return { kind: 'type', expected: issue?.expected ?? '?', got };
  }
}

/** A named rule of the settings schema (RULES) as facts; any other pattern is just the wrong format. */
function ruleProblem(rule: string, raw: unknown, got: string): ValueProblem {
  const shape = SHAPE_RULES.find((name) => name === rule);
  if (shape) return { kind: shape, got };
  const urlRule = Object.hasOwn(URL_RULES, rule) ? URL_RULES[rule] : undefined;
  if (urlRule) return { kind: 'url', problem: itUrlProblem(String(raw), urlRule) ?? 'notUrl', got: maskUrlCredentials(got) };
  const shortcut = rule === RULES.shortcut ? acceleratorProblem(normalizeAccelerator(String(raw))) : null;
  return shortcut ? { kind: 'shortcut', problem: shortcut } : { kind: 'format', got };
}
