// The key that seals the secrets kept in the database (SECRETS_ENCRYPTION_KEY). A real project sets its own
// (`supabase secrets set`); locally, unless .env or the environment name one, each machine gets a random key of its
// own, made on the first start and kept beside the dev database, so no key is shared through the repository and what
// the dev database sealed still opens after a restart.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export const SECRETS_KEY_SETTING = "SECRETS_ENCRYPTION_KEY";

/** A new key: base64 of 32 random bytes. */
export function newSecretsKey(): string {
  return randomBytes(32).toString("base64");
}

/** The settings with SECRETS_ENCRYPTION_KEY filled in from `keyFile` (made on first use) when they leave it empty. */
export function withMachineSecretsKey(settings: Record<string, string>, keyFile: string): Record<string, string> {
  if (settings[SECRETS_KEY_SETTING]) return settings;
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true });
    // "wx": of two first starts at once, one writes and the other reads what it wrote.
    try {
      writeFileSync(keyFile, `${newSecretsKey()}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return { ...settings, [SECRETS_KEY_SETTING]: readFileSync(keyFile, "utf8").trim() };
}
