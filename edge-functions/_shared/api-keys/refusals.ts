// What the API keys' SQL functions refuse, as the DomainErrors the api answers (the SQLSTATEs and words are listed at
// the top of the key creation migration). An unknown key and another person's are refused alike, so neither reveals
// that the other exists.
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";

const REFUSALS: Record<string, () => DomainError> = {
  "22023 The expiry must be in the future": () =>
    new DomainError("invalid_input", { problem: "expiresAt: The expiry must be in the future" }),
  "P0409 api_key_limit": () => new DomainError("api_key_limit"),
  "P0404 api_key_not_found": () => new DomainError("api_key_not_found"),
  "P0409 api_key_revoked": () => new DomainError("api_key_not_rotatable", { state: "revoked" }),
  "P0409 api_key_expired": () => new DomainError("api_key_not_rotatable", { state: "expired" }),
  "P0409 api_key_replaced": () => new DomainError("api_key_not_rotatable", { state: "replaced" }),
  // The admin group's guard refuses non-admins first; this is an admin who lost the flag meanwhile.
  "P0403 admins_only": () => new DomainError("admin_only"),
};

function apiKeyRefusal(found: DatabaseError): DomainError | null {
  return REFUSALS[`${found.code} ${found.message}`]?.() ?? null;
}

/** Runs `work`, the API keys' refusals thrown as DomainErrors. */
export async function apiKeyRefusals<T>(work: () => Promise<T>): Promise<T> {
  return await withRefusals(apiKeyRefusal, work);
}
