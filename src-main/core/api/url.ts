/**
 * Joins a base URL that may carry a path (with or without a trailing slash) and an operation
 * path, plus query parameters (undefined values are left out).
 */
export function joinUrl(baseUrl: string, path: string, query: Record<string, string | undefined> = {}): URL {
  const base = `${baseUrl.replace(/\/+$/, '')}/`;
  const url = new URL(path.replace(/^\/+/, ''), base);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url;
}

/** The URL as safe to show or log: no user info, no query string. */
export function displayUrl(url: URL | string): string {
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  copy.search = '';
  return copy.toString();
}
