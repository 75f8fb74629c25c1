/** Reading the embedded mock the app started, as any client of it would: over HTTP with the demo credentials. */
import type { Page } from 'playwright-core';
import { demoCredentials } from '../shared/demo-credentials.ts';

type EnvironmentList = Array<{ id: string; timeclockBaseUrl: string; employeeId: string }>;

/** The Mock environment's timeclock address and employee, asked of the app through a window's `window.api`. */
export async function mockTimeclock(page: Page): Promise<{ baseUrl: string; employeeId: string }> {
  const environments = await page.evaluate(() =>
    (globalThis as unknown as { api: { listEnvironments(): Promise<EnvironmentList> } }).api.listEnvironments(),
  );
  const mock = environments.find((environment) => environment.id === 'mock');
  if (!mock) throw new Error('The app lists no Mock environment.');
  return { baseUrl: mock.timeclockBaseUrl, employeeId: mock.employeeId };
}

export async function lastEvent(mock: {
  baseUrl: string;
  employeeId: string;
}): Promise<{ clockIn: string; clockOut: string | null } | null> {
  const response = await fetch(`${mock.baseUrl}/employees/${mock.employeeId}/lastClockedTimeEvent`, {
    headers: { client_id: demoCredentials.clientId, client_secret: demoCredentials.clientSecret },
  });
  if (response.status === 204) return null;
  return (await response.json()) as { clockIn: string; clockOut: string | null };
}
