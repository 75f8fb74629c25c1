/**
 * The handlers behind `window.api`: each request of the IPC contract, answered by the core — one
 * module per window (core/ipc/handlers/), as the contract declares them. Secrets go in
 * (setEnvironmentSecret, setProxySignIn, testConnection) but never come out: environments are
 * returned as views carrying only the secret's status.
 */
import type { InvokeApi } from '../../shared/ipc/contract.ts';
import type { AppCore } from '../app-core.ts';
import { appHandlers } from './handlers/app-handlers.ts';
import { environmentHandlers } from './handlers/environment-handlers.ts';
import { lookupHandlers } from './handlers/lookup-handlers.ts';
import { panelHandlers } from './handlers/panel-handlers.ts';
import { settingsHandlers } from './handlers/settings-handlers.ts';
import { statusHandlers } from './handlers/status-handlers.ts';
import type { ShellPort } from './shell-port.ts';

export function createWindowHandlers(core: AppCore, shell: ShellPort): InvokeApi {
  return {
    ...appHandlers(core, shell),
    ...statusHandlers(core, shell),
    ...panelHandlers(core, shell),
    ...lookupHandlers(core, shell),
    ...environmentHandlers(core),
    ...settingsHandlers(core, shell),
  };
}
