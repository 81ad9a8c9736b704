// The function's keyring, built once per instance from SECRETS_ENCRYPTION_KEY (seals and opens) and
// SECRETS_ENCRYPTION_PREVIOUS_KEYS (opens what older keys sealed, until the reseal after a rotation has run).
import { env } from "../env.ts";
import { type Keyring, keyringOf } from "./envelope.ts";

let keyring: Promise<Keyring> | undefined;

export function secretsKeyring(): Promise<Keyring> {
  const settings = env();
  keyring ??= keyringOf(settings.SECRETS_ENCRYPTION_KEY, settings.SECRETS_ENCRYPTION_PREVIOUS_KEYS);
  return keyring;
}
