/** Where the built pieces live relative to the main bundle (dist/main/main.js). */
import { fileURLToPath } from 'node:url';

export const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
export const preloadPath = fileURLToPath(new URL('../preload/preload.cjs', import.meta.url));
export const assetsDir = fileURLToPath(new URL('../../assets/', import.meta.url));

/** Windows are served from this origin by our own protocol handler, never from file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'timeclock';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
