/**
 * Serves the built windows under app://timeclock/ (Electron's checklist prefers a custom protocol
 * to file://): only files inside the renderer folder, nothing else on disk.
 */
import { resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-paths.ts';
import { withSecurityHeaders } from './content-security-policy.ts';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppAsset(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    return withSecurityHeaders(await net.fetch(pathToFileURL(file).toString()));
  });
}

/** The file an app:// URL names, or null when it points anywhere outside the renderer folder. */
export function resolveAppAsset(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  const root = resolve(rendererDir);
  const file = resolve(root, `.${pathname}`);
  return file.startsWith(root + sep) ? file : null;
}
