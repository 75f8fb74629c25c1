/**
 * What a failed read of the employee's last event means for the clock shown: a sentence, and
 * whether the last known state may still be shown (as "last known at …") or must become unknown.
 */
import { ApiError } from '../api/api-error.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { Environment } from '../../shared/domain/environments.ts';

/** Whether the base URL finds nothing at all: then a 404 is a set-up problem, not the service's word. */
export async function routeMissing(clients: ServiceClients): Promise<boolean> {
  try {
    await clients.timeclock.health('target');
    return false;
  } catch (error) {
    return error instanceof ApiError && (error.kind === 'not-found' || error.configuration);
  }
}

export const wrongBaseUrlText = (error: ApiError) =>
  `${error.message} Even its health check is not found there, so the base URL of the environment is probably wrong.`;

export async function describeReadFailure(
  error: ApiError,
  clients: ServiceClients,
  environment: Environment,
): Promise<{ message: string; stateUnknown: boolean }> {
  if (error.kind === 'not-found') {
    if (await routeMissing(clients)) return { message: wrongBaseUrlText(error), stateUnknown: true };
    const said = error.facts.serverMessage ? ` It said: “${error.facts.serverMessage}”` : '';
    return {
      message: `The timeclock service of ${environment.name} answered “not found” (404) for employee ${environment.employeeId}.${said} If that is not your employee id, correct it in Settings.`,
      stateUnknown: true,
    };
  }
  if (error.kind === 'bad-response' || error.configuration)
    return { message: `The service's answer could not be read: ${error.message}`, stateUnknown: true };
  return { message: error.message, stateUnknown: !error.transient };
}
