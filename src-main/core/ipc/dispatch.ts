/**
 * The one way a window's request reaches a handler: the name must be in the contract and the
 * arguments must match its schema; any failure comes back as an envelope with a clear message.
 * Used by the Electron IPC layer and by the browser test bridge alike.
 */
import * as v from 'valibot';
import { invokeArgs, type Envelope, type InvokeApi, type InvokeName } from '../../shared/ipc/contract.ts';
import { ApiError } from '../api/api-error.ts';
import { plainJsonProblem } from './plain-json.ts';
import { argumentProblem } from './argument-problem.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export class InvalidRequestError extends Error {}

export function isInvokeName(name: unknown): name is InvokeName {
  return typeof name === 'string' && Object.hasOwn(invokeArgs, name);
}

/** Called with errors no handler expected, so they are logged rather than lost. */
export type UnexpectedErrorSink = (error: unknown, request: string) => void;

export async function dispatchInvoke(
  handlers: InvokeApi,
  name: unknown,
  args: unknown,
  onUnexpected: UnexpectedErrorSink = () => {},
  t: Translate = english.t,
): Promise<Envelope<unknown>> {
  try {
    if (!isInvokeName(name)) throw new InvalidRequestError(`Unknown request ${JSON.stringify(String(name).slice(0, 60))}.`);
    const shape = plainJsonProblem(args);
    if (shape) throw new InvalidRequestError(`Invalid arguments for ${name}: ${shape}.`);
    const parsed = v.safeParse(invokeArgs[name], args);
    if (!parsed.success)
      throw new InvalidRequestError(
        argumentProblem(name, invokeArgs[name], parsed.issues[0], Array.isArray(args) ? args.length : 0),
      );
    const handler = handlers[name] as (...handlerArgs: unknown[]) => Promise<unknown>;
    return { ok: true, value: await handler.apply(handlers, parsed.output as unknown[]) };
  } catch (error) {
    const windowError = toWindowError(error, t);
    if (windowError.kind === 'internal') onUnexpected(error, String(name));
    return { ok: false, error: windowError };
  }
}

/**
 * What a window may learn of an error: its kind and sentence, never a stack or internals. A
 * request outside the contract is a programmer's error, said in English; the rest are worded
 * where they were raised, in the user's language.
 */
function toWindowError(error: unknown, t: Translate): { kind: string; message: string } {
  if (error instanceof ApiError) return { kind: error.kind, message: error.message };
  if (error instanceof InvalidRequestError) return { kind: 'invalid-request', message: error.message };
  if (error instanceof Error && error.name === 'UserFacingError') return { kind: 'user', message: error.message };
  return { kind: 'internal', message: t('problem.internal') };
}
