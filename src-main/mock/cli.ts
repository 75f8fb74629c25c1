/**
 * `npm run mock -- [--port 4010] [--debtors N] [--seed S] [--source down] [--target down]
 *   [--latency MS] [--error-rate R] [--rate-limit SECONDS]`
 * Runs the mock server standalone; prints its URL once it listens.
 */
import { parseArgs } from 'node:util';
import { demoCredentials } from './auth.ts';
import { DEFAULT_DEBTORS, DEFAULT_SEED, startMockServer } from './mock-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    debtors: { type: 'string', default: String(DEFAULT_DEBTORS) },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    source: { type: 'string', default: 'up' },
    target: { type: 'string', default: 'up' },
    latency: { type: 'string', default: '0' },
    'error-rate': { type: 'string', default: '0' },
    'rate-limit': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run mock -- [--port 4010] [--debtors 2000] [--seed S] [--source up|down] [--target up|down] [--latency MS] [--error-rate 0..1] [--rate-limit SECONDS]',
  );
  process.exit(0);
}

function wholeNumber(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    console.error(`--${flag} must be a whole number from 0 to ${max}; got "${text}".`);
    process.exit(2);
  }
  return value;
}
function upDown(flag: string, text: string): 'up' | 'down' {
  if (text === 'up' || text === 'down') return text;
  console.error(`--${flag} must be "up" or "down"; got "${text}".`);
  process.exit(2);
}
const errorRate = Number(values['error-rate']);
if (!(errorRate >= 0 && errorRate <= 1)) {
  console.error(`--error-rate must be a number from 0 to 1; got "${values['error-rate']}".`);
  process.exit(2);
}

const started = Date.now();
const server = await startMockServer({
  port: wholeNumber('port', values.port, 65_535),
  debtors: wholeNumber('debtors', values.debtors, 1_000_000),
  seed: wholeNumber('seed', values.seed, 2 ** 31),
});
const latencyMs = wholeNumber('latency', values.latency, 600_000);
const rateLimit =
  values['rate-limit'] === undefined ? null : { retryAfterSeconds: wholeNumber('rate-limit', values['rate-limit'], 86_400) };
server.control.setSystem('source', { status: upDown('source', values.source), latencyMs });
server.control.setSystem('target', { status: upDown('target', values.target), latencyMs });
for (const service of ['timeclock', 'debtors'] as const) server.control.setService(service, { latencyMs, errorRate, rateLimit });

const { counts } = server.control.describe();
console.log(`Mock server listening on ${server.url} (ready in ${Date.now() - started} ms)`);
console.log(`  timeclock base URL: ${server.timeclockBaseUrl}`);
console.log(`  debtors base URL:   ${server.debtorsBaseUrl}`);
console.log(
  `  credentials:        client id ${demoCredentials.clientId}, client secret ${demoCredentials.clientSecret}; employee E1001`,
);
console.log(`  data:               ${counts.debtors} debtors, ${counts.transactions} Advance transactions`);
console.log(`  control API:        ${server.url}/__mock/state (see docs/mock-server.md)`);

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
