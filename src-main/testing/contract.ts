/**
 * Validates real HTTP responses against the OpenAPI contracts in docs/api, so the mock (and
 * anything else) is held to the documents the app is written against.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

export type ContractName = 'timeclock' | 'debtors';

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const documents = new Map<ContractName, OpenApiDocument>();

function document(name: ContractName): OpenApiDocument {
  let loaded = documents.get(name);
  if (!loaded) {
    loaded = parse(readFileSync(new URL(`../../docs/api/${name}.openapi.yaml`, import.meta.url), 'utf8')) as OpenApiDocument;
    ajv.addSchema(loaded as object, name);
    documents.set(name, loaded);
  }
  return loaded;
}

export interface Operation {
  contract: ContractName;
  operationId: string;
  method: string;
  path: string;
  statuses: string[];
}

export function operationsOf(name: ContractName): Operation[] {
  return Object.entries(document(name).paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      contract: name,
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      statuses: Object.keys(operation.responses),
    })),
  );
}

const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Returns null when the response matches the contract, else a sentence saying why not. */
export async function contractViolation(name: ContractName, operationId: string, response: Response): Promise<string | null> {
  const operation = operationsOf(name).find((candidate) => candidate.operationId === operationId);
  if (!operation) return `No operation ${operationId} in the ${name} contract.`;
  const status = String(response.status);
  if (!operation.statuses.includes(status)) return `${operationId} answered ${status}, which the contract does not list.`;
  const text = await response.text();
  const raw = document(name).paths[operation.path]?.[operation.method.toLowerCase()]?.responses[status] as
    { $ref?: string; content?: unknown } | undefined;
  // A response is inline or a $ref to components/responses; JSON pointers cannot pass through a $ref.
  const responseId = raw?.$ref
    ? `${name}${raw.$ref}`
    : `${name}#/paths/${pointer(operation.path)}/${operation.method.toLowerCase()}/responses/${status}`;
  const described = ajv.getSchema(responseId)?.schema as { content?: Record<string, unknown> } | undefined;
  if (!described?.content) return text === '' ? null : `${operationId} ${status} has a body but the contract defines none.`;
  if (!response.headers.get('content-type')?.startsWith('application/json')) return `${operationId} ${status} is not JSON.`;
  const validate = ajv.getSchema(`${responseId}/content/application~1json/schema`);
  if (!validate) return `The contract has no JSON schema for ${operationId} ${status}.`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${operationId} ${status} body is not valid JSON.`;
  }
  return validate(body) ? null : `${operationId} ${status}: ${ajv.errorsText(validate.errors)}`;
}
