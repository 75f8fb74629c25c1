/**
 * A request's arguments refused, in a sentence a developer reads once and understands: which
 * argument (by its name where the contract gives one with `v.title`, else by its place), what it
 * must be, and what came. The messages of the contract's checks ("must not be empty") are kept;
 * valibot's own ("Invalid type: Expected never but received 3") are put in plain words.
 */
import * as v from 'valibot';

type Issue = v.BaseIssue<unknown>;
type Tuple = { items?: v.GenericSchema[] };

const WORDS: Record<string, string> = {
  string: 'text',
  boolean: 'true or false',
  number: 'a number',
  never: 'nothing',
};

const received = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const shown = JSON.stringify(value);
  return shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
};

/** The argument an issue is about: its title in the contract, else "argument N" (counted from 1). */
function argumentName(schema: unknown, issue: Issue): string {
  const index = Number(issue.path?.[0]?.key);
  if (!Number.isInteger(index)) return 'the arguments';
  const item = (schema as Tuple).items?.[index];
  const title = item ? v.getTitle(item as Parameters<typeof v.getTitle>[0]) : undefined;
  const inner = issue.path && issue.path.length > 1 ? ` (${v.getDotPath(issue)?.split('.').slice(1).join('.')})` : '';
  return `${title ?? `argument ${index + 1}`}${inner}`;
}

function what(issue: Issue): string {
  switch (issue.type) {
    case 'max_length':
      return `must be at most ${String(issue.requirement)} long (got ${String(issue.received).replace(/^"|"$/g, '')})`;
    case 'min_length':
      return `must be at least ${String(issue.requirement)} long (got ${String(issue.received).replace(/^"|"$/g, '')})`;
    case 'min_value':
    case 'max_value':
    case 'integer':
      return `must be ${issue.type === 'integer' ? 'a whole number' : `${issue.type === 'min_value' ? 'at least' : 'at most'} ${String(issue.requirement)}`} (got ${received(issue.input)})`;
    case 'picklist':
      return `must be one of ${String(issue.expected).replace(/"/g, '')} (got ${received(issue.input)})`;
    case 'check':
      return `${issue.message} (got ${received(issue.input)})`;
    default:
      return `must be ${WORDS[String(issue.expected)] ?? String(issue.expected)} (got ${received(issue.input)})`;
  }
}

/** "lookupPin: the debtor key must be text (got null)." */
export function argumentProblem(name: string, schema: unknown, issue: Issue | undefined, count: number): string {
  if (!issue) return `${name}: the arguments were refused.`;
  const items = (schema as Tuple).items?.length;
  if (issue.type === 'strict_tuple' && items !== undefined && count > items)
    return `${name}: takes ${items} argument${items === 1 ? '' : 's'}, got ${count}.`;
  return `${name}: ${argumentName(schema, issue)} ${what(issue)}.`;
}
