/** How a whole-app test launches the built app: on the stand-in (electron-stand-in/driver.ts) or the real Electron (electron-real/driver.ts). */
export interface LaunchOptions {
  /** The app's data folder (Electron's userData): launching again on it is a restart. */
  dataDir: string;
  safeStorage?: 'strong' | 'basic_text';
  /** The app's command line after its path (a login entry's `--start-delay=N`, say). */
  args?: string[];
  /** Extra environment (an admin file location, say). */
  env?: Record<string, string>;
  /** Show the app's own output (for `npm run try`). */
  inheritOutput?: boolean;
  /** Another build of the main bundle (one made with update keys: testing/trusted-build.ts); dist/main/main.js by default. */
  mainBundle?: string;
  /** What the launch waits for: the tray (the app's last step before it waits for the user) by default. */
  until?: string;
}
