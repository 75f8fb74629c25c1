/** The About box: what a support call needs to know, in one copyable text. */
export interface AboutFacts {
  productName: string;
  version: string;
  versions: Record<'electron' | 'chrome' | 'node', string>;
  platform: string;
  environmentName: string;
  dataFolder: string;
  logsFolder: string;
}

export function aboutText(facts: AboutFacts): string {
  return [
    `${facts.productName} ${facts.version}`,
    `Electron ${facts.versions.electron} · Chromium ${facts.versions.chrome} · Node ${facts.versions.node} · ${facts.platform}`,
    `Environment: ${facts.environmentName}`,
    `Data folder: ${facts.dataFolder}`,
    `Logs: ${facts.logsFolder}`,
  ].join('\n');
}
