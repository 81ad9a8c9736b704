// What the API keys' SQL functions and trigger refuse, as the DomainErrors the api answers (the SQLSTATEs and words
// are listed at the top of the api_keys functions' migration).
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";

function apiKeyRefusal(found: DatabaseError): DomainError | null {
  switch (`${found.code} ${found.message}`) {
    case "22023 The expiry must be in the future":
      return new DomainError("invalid_input", { problem: "expiresAt: The expiry must be in the future" });
    case "P0001 api_key_limit":
      return new DomainError("api_key_limit");
  }
  // An unknown key and another person's are refused alike, so neither reveals that the other exists.
  if (found.code === "P0002") return new DomainError("api_key_not_found");
  return null;
}

/** Runs `work`, the API keys' refusals thrown as DomainErrors. */
export async function apiKeyRefusals<T>(work: () => Promise<T>): Promise<T> {
  return await withRefusals(apiKeyRefusal, work);
}
