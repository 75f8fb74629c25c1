/**
 * An API gateway in front of the real mock, behaving as each gateway's own documentation says it
 * does: how it wants the client's credentials and how it refuses them, how it limits, how it times
 * out, and how the APIs behind it (often MuleSoft "system APIs") answer health and errors. The
 * mock keeps the truth; the app sees the gateway. A fixture that grows whenever a real gateway
 * surprises us: each behaviour cites where it is documented.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach } from 'vitest';
import { demoCredentials } from '../mock/auth.ts';
import type { MockFixture } from './mock-fixture.ts';
import {
  apikitError,
  apikitQuery,
  apikitRouter,
  apikitTimes,
  type ApikitAnswer,
  type ApikitBehaviour,
} from './apikit-emulation.ts';

export type GatewayKind = 'mulesoft' | 'azure-apim' | 'kong' | 'apigee';

export interface GatewayBehaviour {
  /**
   * MuleSoft Client ID Enforcement: where the client id and secret travel — `client_id` /
   * `client_secret` headers (the Mule 4 default), HTTP Basic, or query parameters (Mule 3's SLA
   * policies' default). https://docs.mulesoft.com/mule-gateway/policies-included-client-id-enforcement
   */
  muleCredentials: 'headers' | 'basic' | 'query';
  /**
   * MuleSoft's runtime: a Mule 3 policy refuses a request that carries no client id where it looks
   * with 401 `{"error":"missing_client","description":"client_id is missing"}` and no challenge (the
   * body its Client ID Enforcement answers, as shown with the policy applied through Anypoint CLI:
   * github.com/anthonyrabiaza/cicd-apply-policies); Mule 4 with "Authentication denied." and a challenge.
   */
  muleVersion: 3 | 4;
  /**
   * MuleSoft: the client's access request (its contract) is approved. Not yet: valid credentials get
   * the very 401 a wrong secret gets (the policy documents 401 and 500 only).
   */
  approved: boolean;
  /**
   * Requests allowed per window before a 429 (Mule SLA tiers, Kong rate-limiting). `headers`: none
   * (Mule's default), Mule's X-Ratelimit-* with Reset in milliseconds
   * (https://docs.mulesoft.com/mule-gateway/policies-included-rate-limiting-sla), or the IETF draft's
   * RateLimit-* in seconds as Kong sends them (https://docs.konghq.com/hub/kong-inc/rate-limiting/).
   * `holdMs`: Mule's Spike Control holds a request over the limit this long before refusing it
   * (https://docs.mulesoft.com/mule-gateway/policies-included-spike-control: "delay time in milliseconds").
   */
  rateLimit: { limit: number; windowMs: number; headers: 'none' | 'mule' | 'ietf'; holdMs?: number } | null;
  /**
   * Azure API Management's quota policy, exhausted: 403 "Out of call volume quota" with Retry-After
   * (https://learn.microsoft.com/en-us/azure/api-management/quota-policy). Seconds until it renews.
   */
  quotaExhaustedForSeconds: number | null;
  /** A limit answered as a 503 with an empty body (Mule Spike Control past its queue, a load balancer's). */
  empty503: boolean;
  /**
   * A company SSO or proxy session expired: every route answers 200 with an HTML sign-in page
   * (`writes`: only writes do — the session ran out between the app's read and its punch).
   */
  signInPage: boolean | 'writes';
  /** The gateway gives up on the API behind it: 504 (CloudHub's ingress after 300 s) or 502, with its HTML. */
  gatewayTimeout: { status: 502 | 504; delayMs: number } | null;
  /**
   * How the health routes answer: as our contract, as Mule templates do in text (`UP` 200 / `DOWN`
   * 503), or always 200 with `{status: OK|DEGRADED|OFFLINE, dependencies: […]}`.
   */
  health: 'contract' | 'text' | 'status-200';
  /** The dependency the status-200 health names as down when the system is. */
  failingDependency: string;
  /** The status-200 health's word whatever the truth (a state of the system's own, "MAINTENANCE"). */
  healthWord: string | null;
  /** The API behind is scaffolded by APIkit: its router's checks and its one-field errors (apikit-emulation.ts). */
  apikit: ApikitBehaviour | null;
  /**
   * A rule applied to some routes only: MuleSoft applies a policy to chosen methods and resources
   * (https://docs.mulesoft.com/mule-gateway/policies-resource-level-policies), so a new rule can
   * refuse the punches with 403 while `/health` still answers 200. The routes it refuses, or null.
   */
  forbiddenRoutes: RegExp | null;
}

const defaults = (): GatewayBehaviour => ({
  muleCredentials: 'headers',
  muleVersion: 4,
  approved: true,
  rateLimit: null,
  quotaExhaustedForSeconds: null,
  empty503: false,
  signInPage: false,
  gatewayTimeout: null,
  health: 'contract',
  failingDependency: 'db',
  healthWord: null,
  apikit: null,
  forbiddenRoutes: null,
});

export interface GatewayEmulation {
  kind: GatewayKind;
  url: string;
  timeclockBaseUrl: string;
  debtorsBaseUrl: string;
  /** Requests seen, as "METHOD /path" (query left out: it may carry credentials). */
  requests: string[];
  /** Changes how it behaves from now on. */
  set(change: Partial<GatewayBehaviour>): void;
  close(): Promise<void>;
}

type Refusal = { status: number; headers: Record<string, string>; body: unknown };

/** Each gateway's credential check, and its refusal as documented. */
const refusals: Record<GatewayKind, (req: IncomingMessage, url: URL, behaviour: GatewayBehaviour) => Refusal | null> = {
  mulesoft(req, url, behaviour) {
    const { muleCredentials } = behaviour;
    const [id, secret] =
      muleCredentials === 'basic'
        ? Buffer.from((req.headers.authorization ?? '').replace(/^Basic /i, ''), 'base64')
            .toString('utf8')
            .split(':')
        : muleCredentials === 'query'
          ? [url.searchParams.get('client_id'), url.searchParams.get('client_secret')]
          : [header(req, 'client_id'), header(req, 'client_secret')];
    if (id === demoCredentials.clientId && secret === demoCredentials.clientSecret && behaviour.approved) return null;
    if (behaviour.muleVersion === 3 && !id)
      return {
        status: 401,
        headers: {} as Record<string, string>,
        body: { error: 'missing_client', description: 'client_id is missing' },
      };
    const challenge = muleCredentials === 'basic' ? 'Basic realm="mule-realm"' : 'Client-ID-Enforcement';
    return { status: 401, headers: { 'www-authenticate': challenge }, body: { error: 'Authentication denied.' } };
  },
  // https://learn.microsoft.com/en-us/azure/api-management/api-management-subscriptions
  'azure-apim'(req, url) {
    const key = header(req, 'ocp-apim-subscription-key') ?? url.searchParams.get('subscription-key');
    if (key === demoCredentials.clientSecret) return null;
    const message =
      key === null
        ? 'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.'
        : 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.';
    return { status: 401, headers: {}, body: { statusCode: 401, message } };
  },
  // https://docs.konghq.com/hub/kong-inc/key-auth/ (key_names default: apikey, header or query)
  kong(req, url) {
    const key = header(req, 'apikey') ?? url.searchParams.get('apikey');
    if (key === demoCredentials.clientSecret) return null;
    const message = key === null ? 'No API key found in request' : 'Invalid authentication credentials';
    return { status: 401, headers: { 'www-authenticate': 'Key realm="kong"' }, body: { message } };
  },
  // https://cloud.google.com/apigee/docs/api-platform/reference/policies/verify-api-key-policy
  apigee(req, url) {
    const key = header(req, 'x-api-key') ?? url.searchParams.get('apikey');
    if (key === demoCredentials.clientSecret) return null;
    const fault =
      key === null
        ? {
            faultstring: 'Failed to resolve API Key variable request.header.x-api-key',
            detail: { errorcode: 'steps.oauth.v2.FailedToResolveAPIKey' },
          }
        : { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } };
    return { status: 401, headers: {}, body: { fault } };
  },
};

/** What each gateway adds to every answer, by which it is known. */
const signatures: Record<GatewayKind, () => Record<string, string>> = {
  mulesoft: () => ({ 'x-correlation-id': crypto.randomUUID() }),
  'azure-apim': () => ({ 'apim-request-id': crypto.randomUUID() }),
  kong: () => ({ 'x-kong-request-id': crypto.randomUUID().replaceAll('-', ''), via: 'kong/3.6.1' }),
  apigee: () => ({ 'x-request-id': crypto.randomUUID() }),
};

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
};

const SIGN_IN_PAGE =
  '<!DOCTYPE html><html><head><title>Sign in</title></head><body><form method="post" action="/adfs/ls/">' +
  '<h1>Sign in with your organizational account</h1><input name="UserName"><input name="Password" type="password"></form></body></html>';
const GATEWAY_TIMEOUT_PAGE = (status: number) =>
  `<html><head><title>${status} Gateway Time-out</title></head><body><center><h1>${status} Gateway Time-out</h1></center></body></html>`;
const HEALTH_ROUTE = /\/timeclock\/(health-check|health)$/;

// Over 80 lines on purpose: test support: a gateway's behaviours, each a short named step of one request.
export async function startGatewayEmulation(mockUrl: string, kind: GatewayKind): Promise<GatewayEmulation> {
  let behaviour = defaults();
  const requests: string[] = [];
  let window = { startedAt: Date.now(), count: 0 };

  async function limited(res: ServerResponse): Promise<boolean> {
    const limit = behaviour.rateLimit;
    if (!limit) return false;
    if (Date.now() - window.startedAt >= limit.windowMs) window = { startedAt: Date.now(), count: 0 };
    window.count++;
    const resetMs = Math.max(0, window.startedAt + limit.windowMs - Date.now());
    const remaining = Math.max(0, limit.limit - window.count);
    if (limit.headers === 'mule')
      res
        .setHeader('x-ratelimit-limit', String(limit.limit))
        .setHeader('x-ratelimit-remaining', String(remaining))
        .setHeader('x-ratelimit-reset', String(resetMs));
    if (limit.headers === 'ietf')
      res
        .setHeader('ratelimit-limit', String(limit.limit))
        .setHeader('ratelimit-remaining', String(remaining))
        .setHeader('ratelimit-reset', String(Math.ceil(resetMs / 1000)));
    if (window.count <= limit.limit) return false;
    if (limit.holdMs) await new Promise((resolve) => setTimeout(resolve, limit.holdMs));
    send(res, 429, kind === 'kong' ? { message: 'API rate limit exceeded' } : { error: 'Too many requests' });
    return true;
  }

  function quota(res: ServerResponse): boolean {
    const seconds = behaviour.quotaExhaustedForSeconds;
    if (seconds === null) return false;
    const renews = new Date(seconds * 1000).toISOString().slice(11, 19);
    res.setHeader('retry-after', String(seconds));
    send(res, 403, { statusCode: 403, message: `Out of call volume quota. Quota will be replenished in ${renews}.` });
    return true;
  }

  /** The system API's own health shape, from what the mock (the truth) says. */
  function health(res: ServerResponse, upstream: Response, text: string): void {
    const up = upstream.ok;
    if (behaviour.health === 'text')
      return void res.writeHead(up ? 200 : 503, { 'content-type': 'text/plain' }).end(up ? 'UP' : 'DOWN');
    const dependencies = [
      { name: behaviour.failingDependency, status: up ? 'UP' : 'DOWN' },
      { name: 'cache', status: 'UP' },
    ];
    if (behaviour.health === 'status-200') {
      // Mule's health templates stamp the answer with the server's time, written as its DataWeave writes times.
      const stamped = JSON.stringify({
        status: behaviour.healthWord ?? (up ? 'OK' : 'OFFLINE'),
        timestamp: new Date().toISOString(),
        dependencies,
      });
      const body = behaviour.apikit ? apikitTimes(stamped, behaviour.apikit) : stamped;
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    }
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(text);
  }

  async function forward(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // The gateway passes the request on with its own credentials for the API behind it.
    for (const name of ['client_id', 'client_secret', 'subscription-key', 'apikey']) url.searchParams.delete(name);
    const body = await readBody(req);
    const query = behaviour.apikit ? apikitQuery(url, behaviour.apikit) : url.search;
    const upstream = await fetch(`${mockUrl}${url.pathname}${query}`, {
      method: req.method,
      headers: {
        client_id: demoCredentials.clientId,
        client_secret: demoCredentials.clientSecret,
        ...pick(req, ['content-type', 'idempotency-key', 'if-none-match', 'if-modified-since', 'accept']),
      },
      body: body.length > 0 ? body : undefined,
      redirect: 'manual',
    });
    const text = await upstream.text();
    if (HEALTH_ROUTE.test(url.pathname)) return health(res, upstream, text);
    // APIkit's error handlers answer in their own words, whatever the flow's error said.
    if (behaviour.apikit && [400, 404, 405, 415, 500, 501].includes(upstream.status))
      return answer(res, apikitError(upstream.status));
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
    });
    res.writeHead(upstream.status, headers).end(behaviour.apikit ? apikitTimes(text, behaviour.apikit) : text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, 'http://gateway');
    requests.push(`${req.method} ${url.pathname}`);
    for (const [name, value] of Object.entries(signatures[kind]())) res.setHeader(name, value);
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    if (behaviour.signInPage === true || (behaviour.signInPage === 'writes' && write))
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE);
    const refusal = refusals[kind](req, url, behaviour);
    if (refusal) {
      for (const [name, value] of Object.entries(refusal.headers)) res.setHeader(name, value);
      return send(res, refusal.status, refusal.body);
    }
    if (behaviour.forbiddenRoutes?.test(url.pathname)) return send(res, 403, { error: 'Forbidden' });
    if (quota(res) || (await limited(res))) return;
    const routed = behaviour.apikit && !HEALTH_ROUTE.test(url.pathname) ? apikitRouter(req, url, behaviour.apikit) : null;
    if (routed) return answer(res, routed);
    if (behaviour.empty503) return void res.writeHead(503, { 'content-length': '0' }).end();
    const timeout = behaviour.gatewayTimeout;
    if (timeout) {
      await new Promise((resolve) => setTimeout(resolve, timeout.delayMs));
      return void res.writeHead(timeout.status, { 'content-type': 'text/html' }).end(GATEWAY_TIMEOUT_PAGE(timeout.status));
    }
    await forward(req, res, url);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    kind,
    url,
    timeclockBaseUrl: `${url}/timeclock`,
    debtorsBaseUrl: `${url}/debtors`,
    requests,
    set: (change) => void (behaviour = { ...behaviour, ...change }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const answer = (res: ServerResponse, { status, headers, body }: ApikitAnswer) => void res.writeHead(status, headers).end(body);

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const pick = (req: IncomingMessage, names: string[]) =>
  Object.fromEntries(names.flatMap((name) => (typeof req.headers[name] === 'string' ? [[name, req.headers[name]]] : [])));

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A gateway per test that asks for one, closed after the file; the mock reset before each test. */
export function useGateways(
  mock: MockFixture,
): (kind: GatewayKind, behaviour?: Partial<GatewayBehaviour>) => Promise<GatewayEmulation> {
  const gateways: GatewayEmulation[] = [];
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
  });
  beforeEach(async () => {
    await mock.control('POST', '/reset');
  });
  return async (kind, behaviour = {}) => {
    const gateway = await startGatewayEmulation(mock.server.url, kind);
    gateway.set(behaviour);
    gateways.push(gateway);
    return gateway;
  };
}
