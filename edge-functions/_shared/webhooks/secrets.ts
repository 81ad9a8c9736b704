// The signing secrets, sealed under the functions' keyring and read or written only here, on the functions' own
// connection (no API role may select secret_sealed). A user's secret is made the first time it is asked for (by its
// owner, or by the worker signing their first delivery) and replaced whole on regenerate.
import { database } from "../db/pool.ts";
import { toBase64Url } from "../base64url.ts";
import { open, seal, secretsKeyring } from "../secrets/index.ts";

export interface SigningSecret {
  secret: string;
  createdAt: Date;
}

/** Stripe's shape: a prefix saying what it is, and 32 random bytes. */
function newSecret(): string {
  return `whsec_${toBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
}

async function opened(row: { secret_sealed: string; created_at: Date }): Promise<SigningSecret> {
  return { secret: await open(await secretsKeyring(), row.secret_sealed), createdAt: row.created_at };
}

/** The user's secret, made now if they have none (two first asks at once agree on one, by the insert's conflict). */
export async function signingSecretOf(userId: string): Promise<SigningSecret> {
  const sealed = await seal(await secretsKeyring(), newSecret());
  const [row] = await database()<{ secret_sealed: string; created_at: Date }[]>`
    with made as (
      insert into public.webhook_secrets (user_id, secret_sealed) values (${userId}, ${sealed})
      on conflict (user_id) do nothing
      returning secret_sealed, created_at
    )
    select secret_sealed, created_at from made
    union all
    select secret_sealed, created_at from public.webhook_secrets where user_id = ${userId}
    limit 1
  `;
  // A first ask racing another one waited for its insert, but this statement's snapshot predates it: ask again.
  return row ? await opened(row) : await signingSecretOf(userId);
}

/** Replaces the user's secret with a new one: deliveries from now on are signed with it. */
export async function regenerateSigningSecret(userId: string): Promise<SigningSecret> {
  const sealed = await seal(await secretsKeyring(), newSecret());
  const [row] = await database()<{ secret_sealed: string; created_at: Date }[]>`
    insert into public.webhook_secrets (user_id, secret_sealed) values (${userId}, ${sealed})
    on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, created_at = now()
    returning secret_sealed, created_at
  `;
  return await opened(row!);
}
