/**
 * The publisher and key this build trusts for updates, put in by `npm run build` from the build
 * machine's environment (vite.config.ts `define`, from core/updates/update-trust.ts
 * `updateTrustFrom`): part of the signed app, so no setting, feed or file can change them.
 * A build made without them installs no update (the core says so and asks nothing).
 */
import { NO_TRUST, type UpdateTrust } from '../core/updates/update-trust.ts';

declare const __UPDATE_TRUST__: UpdateTrust | undefined;

export const BUILD_TRUST: UpdateTrust = typeof __UPDATE_TRUST__ === 'object' ? __UPDATE_TRUST__ : NO_TRUST;
