/**
 * Secrets the app holds for a while besides the vault's — the OAuth tokens it obtains — so that
 * the log and the uncaught-error dialog redact them too, for as long as they are held.
 */
const held = new Map<string, number>();

export const liveSecrets = {
  add(value: string): void {
    held.set(value, (held.get(value) ?? 0) + 1);
  },
  remove(value: string): void {
    const count = held.get(value) ?? 0;
    if (count <= 1) held.delete(value);
    else held.set(value, count - 1);
  },
  all: (): string[] => [...held.keys()],
};

/** Everything the log must never show: the vault's secrets and the tokens held now. */
export const secretsToRedact = (vaultSecrets: () => Iterable<string>) => (): string[] => [
  ...vaultSecrets(),
  ...liveSecrets.all(),
];
