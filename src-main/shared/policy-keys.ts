/**
 * The settings IT can set by policy, derived from the one settings schema (never listed by hand):
 * each leaf of the preference sections under its path ("monitoring.pollIntervalSeconds"), with
 * its type, range or options and default, plus the environment keys of the admin file. The OS
 * policy readers, the policy templates (ADMX, .mobileconfig, JSON Schema) and the support info all
 * read this list, so a setting added to the schema is a policy everywhere at once.
 */
import { preferenceSections } from './settings-schema.ts';
import { PSEUDO_LOCALE } from './i18n/locales.ts';

export type PolicyType =
  | { kind: 'boolean' }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'enum'; options: readonly string[] }
  /** `maxLength` and `pattern` (a regular expression's source) as the schema has them. */
  | { kind: 'string'; maxLength?: number; pattern?: string; format?: 'clockTime' }
  /** A list or object: a JSON text in the registry, a real array in a profile or the JSON file. */
  | { kind: 'json' };

export interface PolicyKey {
  key: string;
  type: PolicyType;
  /** The built-in default (undefined for the environment keys). */
  defaultValue: unknown;
}

/** The admin file's environment keys, settable by policy too (secrets never: each user types their own). */
export const ENVIRONMENT_POLICY_KEYS: readonly PolicyKey[] = [
  { key: 'environments', type: { kind: 'json' }, defaultValue: undefined },
  { key: 'defaultEnvironment', type: { kind: 'string' }, defaultValue: undefined },
  { key: 'lockEnvironments', type: { kind: 'boolean' }, defaultValue: false },
];

type Node = {
  type: string;
  wrapped?: Node;
  default?: unknown;
  entries?: Record<string, Node>;
  options?: readonly string[];
  pipe?: Array<{ type: string; requirement?: unknown; message?: unknown }>;
};

/** A string's limits as the schema states them (length, and a pattern where it has one). */
function stringType(node: Node): PolicyType {
  const step = (type: string) => node.pipe?.find((entry) => entry.type === type);
  const maxLength = step('max_length')?.requirement;
  const pattern = step('regex')?.requirement;
  return {
    kind: 'string',
    ...(typeof maxLength === 'number' ? { maxLength } : {}),
    ...(pattern instanceof RegExp ? { pattern: pattern.source } : {}),
    ...(step('regex')?.message === 'clockTime' ? { format: 'clockTime' as const } : {}),
  };
}

function typeOf(node: Node): PolicyType {
  const inner = node.type === 'optional' || node.type === 'nullable' ? typeOf(node.wrapped!) : null;
  if (inner) return inner;
  if (node.type === 'boolean') return { kind: 'boolean' };
  // The pseudo-locale is for tests, never offered to IT.
  if (node.type === 'picklist')
    return { kind: 'enum', options: (node.options ?? []).filter((option) => option !== PSEUDO_LOCALE) };
  if (node.type === 'number') {
    const bound = (type: string) => Number(node.pipe?.find((step) => step.type === type)?.requirement);
    return { kind: 'integer', min: bound('min_value'), max: bound('max_value') };
  }
  if (node.type === 'string') return stringType(node);
  return { kind: 'json' };
}

function leaves(node: Node, path: string, defaultValue: unknown): PolicyKey[] {
  const object = node.type === 'optional' ? node.wrapped! : node;
  if (object.type === 'object' && object.entries)
    return Object.entries(object.entries).flatMap(([name, child]) =>
      leaves(child, `${path}.${name}`, child.type === 'optional' ? child.default : undefined),
    );
  return [{ key: path, type: typeOf(node), defaultValue }];
}

/** Every setting a policy can set, in the schema's order. */
export const SETTING_POLICY_KEYS: readonly PolicyKey[] = Object.entries(preferenceSections).flatMap(([section, schema]) =>
  leaves(schema as unknown as Node, section, undefined),
);

export const POLICY_KEYS: readonly PolicyKey[] = [...SETTING_POLICY_KEYS, ...ENVIRONMENT_POLICY_KEYS];
