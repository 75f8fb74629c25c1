/** A JSON object (not null, not a list): the one check every tolerant reader starts with. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
