// OAuth states of the Zoho consent round trip. A state is 32 random bytes the browser carries to Zoho and back; only
// its SHA-256 (hex, computed by the database) is stored, so a copy of the table lets nobody finish someone else's consent. It names the user it was
// made for (the callback comes without a JWT), is used once, and lapses after CRM_OAUTH_STATE_MINUTES. The table is
// closed to every API role: this module reaches it on the functions' own connection.
import { toBase64Url } from "../base64url.ts";
import { database } from "../db/pool.ts";
import { CRM_OAUTH_STATE_MINUTES, type CrmCallbackError, type CrmType } from "./contract.ts";

/** A new state bound to the user and where their browser returns. */
export async function createOAuthState(userId: string, crmType: CrmType, returnTo: string): Promise<string> {
  const state = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  await database()`
    insert into public.crm_oauth_states (state_hash, user_id, crm_type, return_to, expires_at)
    values (encode(sha256(convert_to(${state}, 'UTF8')), 'hex'), ${userId}, ${crmType}, ${returnTo},
            now() + make_interval(mins => ${CRM_OAUTH_STATE_MINUTES}))
  `;
  return state;
}

export type ConsumedState =
  | { ok: true; userId: string; returnTo: string }
  | { ok: false; reason: Extract<CrmCallbackError, "expired_state" | "invalid_state">; returnTo: string | null };

/**
 * Uses the state up: whoever presents it first gets its user, every later presentation (a replay, a second tab) is
 * invalid. An expired state is used up too, and says where its browser wanted to return.
 */
export async function consumeOAuthState(state: string): Promise<ConsumedState> {
  const [row] = await database()<{ user_id: string; return_to: string; expired: boolean }[]>`
    update public.crm_oauth_states set used_at = now()
    where state_hash = encode(sha256(convert_to(${state}, 'UTF8')), 'hex') and used_at is null
    returning user_id, return_to, expires_at <= now() as expired
  `;
  if (!row) return { ok: false, reason: "invalid_state", returnTo: null };
  if (row.expired) return { ok: false, reason: "expired_state", returnTo: row.return_to };
  return { ok: true, userId: row.user_id, returnTo: row.return_to };
}
