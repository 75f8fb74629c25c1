/**
 * Debtors that share their name with another (two "Großhandel Schäfer KG" in one city): their rows
 * show the street and postal code, so the analyst can tell them apart before opening either.
 */

/** How names are compared: the same letters, whatever the case or the spaces around them. */
export const namesakeKey = (name: string) => name.trim().toLocaleLowerCase('en');

/** How many debtors carry each name. */
export function countNames(names: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) {
    const key = namesakeKey(name);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
