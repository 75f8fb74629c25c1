/** An environment as IT writes it in an admin file or a policy (no secret, no employee id). */
export const productionEnvironment = {
  id: 'prod',
  name: 'Production',
  timeclockBaseUrl: 'https://api.example.com/timeclock',
  debtorsBaseUrl: 'https://api.example.com/debtors',
  clientId: 'tray-prod',
};
