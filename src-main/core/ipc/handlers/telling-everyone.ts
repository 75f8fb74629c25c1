import type { AppCore } from '../../app-core.ts';

/** Passes a result through after telling everyone that the environments, their credentials or the proxy's sign-in changed. */
export const tellingEveryone =
  (core: AppCore) =>
  <T>(value: T): T => {
    core.environmentsChanged();
    return value;
  };
