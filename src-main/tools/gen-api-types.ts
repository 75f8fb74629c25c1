/**
 * Generates the TypeScript payload types from the OpenAPI contracts in docs/api, so the contract
 * stays the one source of truth. Runs on `npm ci` (prepare) and before tests.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

const contracts = ['timeclock', 'debtors'] as const;
const outDir = new URL('../shared/api/generated/', import.meta.url);

await mkdir(outDir, { recursive: true });
for (const name of contracts) {
  const source = new URL(`../../docs/api/${name}.openapi.yaml`, import.meta.url);
  const ast = await openapiTS(source);
  const banner = `// Generated from docs/api/${name}.openapi.yaml by src-main/tools/gen-api-types.ts. Do not edit.\n`;
  await writeFile(new URL(`${name}.ts`, outDir), banner + astToString(ast));
}
console.log(`API types generated for ${contracts.join(', ')}.`);
