/** The built-in mock's public demo credentials: shared by the mock (which accepts them) and the core (which uses them for the Mock environment). */
export const demoCredentials = { clientId: 'demo-client', clientSecret: 'demo-secret' } as const;
