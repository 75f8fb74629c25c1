/**
 * The mock's control API under /__mock/ (see docs/mock-server.md): fault injection and simulated
 * activity. The mock binds to 127.0.0.1 only; inside the app it also needs the session's token
 * (mock-server.ts). What it may add is capped, so no caller can grow the app's memory at will.
 */
import * as v from 'valibot';
import type { MockControl } from '../mock-control.ts';
import { servicePatchSchema, systemPatchSchema } from '../faults.ts';
import type { RequestContext } from '../http/pipeline.ts';
import { BodyError, readJsonBody, sendError, sendJson } from '../http/respond.ts';
import type { Routes } from './timeclock-routes.ts';

/** New debtors the control API may add over the mock's life (a reset starts again): a demo needs a few. */
export const MAX_ADDED_DEBTORS = 10_000;

const changesSchema = v.strictObject({
  count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000))),
  add: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_ADDED_DEBTORS))),
});

export function controlRoutes(control: MockControl): Routes {
  return [
    { method: 'GET', path: '/__mock/state', handler: ({ res }) => sendJson(res, 200, control.describe()) },
    {
      method: 'PUT',
      path: '/__mock/systems/:name',
      handler: faultSetter(['source', 'target'] as const, systemPatchSchema, control.setSystem),
    },
    {
      method: 'PUT',
      path: '/__mock/services/:name',
      handler: faultSetter(['timeclock', 'debtors'] as const, servicePatchSchema, control.setService),
    },
    {
      method: 'POST',
      path: '/__mock/debtors/changes',
      handler: async (context) => {
        const changes = await readValid(context, changesSchema);
        if (!changes) return;
        const room = MAX_ADDED_DEBTORS - control.addedDebtors;
        if ((changes.add ?? 0) > room)
          return sendError(
            context.res,
            400,
            'bad_request',
            `add: at most ${MAX_ADDED_DEBTORS} debtors may be added until a reset (${room} left).`,
            { field: 'add' },
          );
        sendJson(context.res, 200, { changed: control.changeDebtors(changes) });
      },
    },
    {
      method: 'POST',
      path: '/__mock/reset',
      handler: ({ res }) => {
        control.reset();
        sendJson(res, 200, control.describe());
      },
    },
  ];
}

/** PUT handler that merges a validated fault patch into one named system or service. */
function faultSetter<Name extends string, Schema extends v.GenericSchema>(
  names: readonly Name[],
  schema: Schema,
  apply: (name: Name, patch: v.InferOutput<Schema>) => unknown,
) {
  return async (context: RequestContext) => {
    const name = context.params.name as Name;
    if (!names.includes(name)) {
      return sendError(context.res, 404, 'not_found', `Unknown name "${name}"; use one of: ${names.join(', ')}.`);
    }
    const patch = await readValid(context, schema);
    if (patch) sendJson(context.res, 200, apply(name, patch));
  };
}

async function readValid<T extends v.GenericSchema>(context: RequestContext, schema: T): Promise<v.InferOutput<T> | null> {
  let body: unknown;
  try {
    body = await readJsonBody(context.req);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    sendError(context.res, 400, 'bad_request', error.message);
    return null;
  }
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue ? v.getDotPath(issue) : null;
  sendError(context.res, 400, 'bad_request', `${field ?? 'body'}: ${issue?.message ?? 'invalid'}`, field ? { field } : undefined);
  return null;
}
