// Secrets each machine makes for itself on the first start and keeps beside the dev database (.devstack/), so none is
// shared through the repository and what was made with one still holds after a restart:
// - the key that seals the secrets kept in the database (SECRETS_ENCRYPTION_KEY). A real project sets its own
//   (`supabase secrets set`); locally, unless .env or the environment name one, the machine's own is used;
// - the fake Stripe's webhook signing secret, which an admin pastes into the payments tab once;
// - Web Push's VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY): browsers subscribe with the public key, so one
//   made anew on each start would silently orphan every subscription made before it.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export const SECRETS_KEY_SETTING = "SECRETS_ENCRYPTION_KEY";

/** A new key: base64 of 32 random bytes. */
export function newSecretsKey(): string {
  return randomBytes(32).toString("base64");
}

/** The secret kept in `file`, made with `make` when the file does not exist yet. */
export function machineSecret(file: string, make: () => string): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // "wx": of two first starts at once, one writes and the other reads what it wrote.
    try {
      writeFileSync(file, `${make()}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}

/** The settings with SECRETS_ENCRYPTION_KEY filled in from `keyFile` (made on first use) when they leave it empty. */
export function withMachineSecretsKey(settings: Record<string, string>, keyFile: string): Record<string, string> {
  if (settings[SECRETS_KEY_SETTING]) return settings;
  return { ...settings, [SECRETS_KEY_SETTING]: machineSecret(keyFile, newSecretsKey) };
}

export const VAPID_SUBJECT_DEFAULT = "mailto:support@mailscout.test";

/** A new VAPID key pair as web-push writes one: the uncompressed P-256 point and the 32-byte scalar, base64url. */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  return { publicKey: point.toString("base64url"), privateKey: jwk.d! };
}

/**
 * The settings with the VAPID keys filled in from `keyFile` (made on first use) when they set neither, and the subject
 * when they leave it empty, so push works locally without setting anything up.
 */
export function withMachineVapidKeys(settings: Record<string, string>, keyFile: string): Record<string, string> {
  if (settings.VAPID_PUBLIC_KEY || settings.VAPID_PRIVATE_KEY) return settings;
  const keys = JSON.parse(machineSecret(keyFile, () => JSON.stringify(newVapidKeys()))) as ReturnType<typeof newVapidKeys>;
  return {
    ...settings,
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: settings.VAPID_SUBJECT || VAPID_SUBJECT_DEFAULT,
  };
}
