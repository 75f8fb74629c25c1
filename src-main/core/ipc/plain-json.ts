/**
 * What a window may send, checked before any schema looks at it: plain JSON values only (no
 * Dates, BigInts, Maps, class instances, functions), no keys that reach prototypes, and bounded
 * in depth, size and count, so validation itself can neither throw nor stall nor be made to store
 * megabytes.
 */
export const LIMITS = { depth: 12, nodes: 5_000, stringLength: 64 * 1024, totalStringLength: 256 * 1024 } as const;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The first thing wrong with a request's arguments, in words; null when they are plain, bounded JSON. */
export function plainJsonProblem(value: unknown): string | null {
  let nodes = 0;
  let characters = 0;
  const visit = (current: unknown, depth: number, where: string): string | null => {
    if (++nodes > LIMITS.nodes) return `has more than ${LIMITS.nodes} values`;
    if (depth > LIMITS.depth) return `is nested more than ${LIMITS.depth} levels deep (at ${where})`;
    if (current === null || typeof current === 'boolean') return null;
    if (typeof current === 'number') return Number.isFinite(current) ? null : `${where} is not a finite number`;
    if (typeof current === 'string') {
      characters += current.length;
      if (current.length > LIMITS.stringLength) return `${where} is longer than ${LIMITS.stringLength} characters`;
      return characters > LIMITS.totalStringLength ? `holds more than ${LIMITS.totalStringLength} characters of text` : null;
    }
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const problem = visit(current[index], depth + 1, `${where}[${index}]`);
        if (problem) return problem;
      }
      return null;
    }
    if (typeof current !== 'object') return `${where} is a ${typeof current}, not plain data`;
    const prototype = Object.getPrototypeOf(current) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return `${where} is not plain data (a ${describe(current)})`;
    for (const key of Object.keys(current)) {
      if (FORBIDDEN_KEYS.has(key)) return `${where} has a field named "${key}", which is not allowed`;
      const problem = visit((current as Record<string, unknown>)[key], depth + 1, `${where}.${key}`);
      if (problem) return problem;
    }
    return null;
  };
  return visit(value, 0, 'the request');
}

const describe = (value: object) => (value.constructor as { name?: string } | undefined)?.name ?? 'special object';
