/**
 * Generates the message keys and their argument types from the English catalogue, so that a key
 * that does not exist or an argument left out is a type error. Runs on `npm ci` (prepare) and
 * before tests, as gen-api-types does.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { argumentsOf, type ArgumentKind } from '../shared/i18n/icu-arguments.ts';

const source = new URL('../shared/i18n/messages/en.json', import.meta.url);
const outDir = new URL('../shared/i18n/generated/', import.meta.url);
const typeOf: Record<ArgumentKind, string> = {
  text: 'string | number',
  number: 'number',
  date: 'Date | number',
  choice: 'string',
};

const messages = JSON.parse(await readFile(source, 'utf8')) as Record<string, string>;
const lines = Object.entries(messages).map(([key, message]) => {
  const args = [...argumentsOf(message)];
  const shape = args.length === 0 ? 'never' : `{ ${args.map(([name, kind]) => `${name}: ${typeOf[kind]}`).join('; ')} }`;
  return `  ${JSON.stringify(key)}: ${shape};`;
});
await mkdir(outDir, { recursive: true });
await writeFile(
  new URL('message-args.ts', outDir),
  `// Generated from src-main/shared/i18n/messages/en.json by src-main/tools/gen-messages.ts. Do not edit.\nexport interface MessageArgs {\n${lines.join('\n')}\n}\n`,
);
console.log(`Message types generated for ${lines.length} messages.`);
