// Where a request carries its API key, told apart before anything is looked up: a key belongs in the Authorization
// header as a bearer token or in X-API-Key, never in the URL (logs and proxies keep URLs), and a sign-in token is not a
// key: the public API never asks Auth about one.
import { API_KEY_QUERY_PARAMETERS } from "./contract.ts";

export type PresentedKey =
  | { kind: "missing" }
  | { kind: "in_query" }
  | { kind: "sign_in_token" }
  | { kind: "key"; key: string };

export interface KeyCarriers {
  /** The token of `Authorization: Bearer <token>`, if the header has that shape. */
  bearer: string | null;
  apiKeyHeader: string | undefined;
  url: URL;
}

// A JWT is three base64url parts, and a JSON header always begins `{"` (eyJ); an API key has no dot.
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;

export function presentedKey({ bearer, apiKeyHeader, url }: KeyCarriers): PresentedKey {
  const queryNames = new Set([...url.searchParams.keys()].map((name) => name.toLowerCase()));
  if (API_KEY_QUERY_PARAMETERS.some((name) => queryNames.has(name))) return { kind: "in_query" };
  const key = bearer ?? apiKeyHeader?.trim();
  if (!key) return { kind: "missing" };
  if (JWT.test(key)) return { kind: "sign_in_token" };
  return { kind: "key", key };
}
