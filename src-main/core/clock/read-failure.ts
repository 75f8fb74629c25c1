/**
 * What a failed read of the employee's last event means for the clock shown: a sentence, and
 * whether the last known state may still be shown (as "last known at …") or must become unknown.
 */
import { ApiError } from '../api/api-error.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

/** Whether the base URL finds nothing at all: then a 404 is a set-up problem, not the service's word. */
export async function routeMissing(clients: ServiceClients): Promise<boolean> {
  try {
    await clients.timeclock.health('target');
    return false;
  } catch (error) {
    return error instanceof ApiError && (error.kind === 'not-found' || error.configuration);
  }
}

export const wrongBaseUrlText = (error: ApiError, t: Translate) => t('read.wrongBaseUrl', { reason: error.message });

export async function describeReadFailure(
  error: ApiError,
  clients: ServiceClients,
  environment: Environment,
  t: Translate,
): Promise<{ message: string; stateUnknown: boolean }> {
  if (error.kind === 'not-found') {
    if (await routeMissing(clients)) return { message: wrongBaseUrlText(error, t), stateUnknown: true };
    const { serverMessage } = error.facts;
    const sentences = [
      t('read.employeeNotFound', { environment: environment.name, employeeId: environment.employeeId }),
      ...(serverMessage ? [t('read.serverSaid', { message: serverMessage })] : []),
      t('read.checkEmployeeId'),
    ];
    return { message: sentences.join(' '), stateUnknown: true };
  }
  if (error.kind === 'bad-response' || error.configuration)
    return { message: t('read.unreadable', { reason: error.message }), stateUnknown: true };
  return { message: error.message, stateUnknown: !error.transient };
}
