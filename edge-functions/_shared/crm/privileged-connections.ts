// The token store: Zoho tokens sealed under the functions' keyring (secrets at rest), read and written only here, on
// the functions' own connection, since no API role may select the sealed columns. An access token lives an hour; its
// refresh is single-flight across every worker and request: the refresher locks the integration's row and compares
// token_version with the version it saw, so when two callers find the same token expired or rejected, the second one
// waits for the lock and takes the first one's new token instead of refreshing again. Zoho refusing the refresh token
// (revoked, expired) marks the integration needs_reconnect: only a new consent helps.
import { database } from "../db/pool.ts";
import { open, seal, secretsKeyring } from "../secrets/index.ts";
import type { CrmConnectionStatus } from "./contract.ts";
import type { TokenSource } from "./zoho/client.ts";
import { ZohoReconnectNeeded } from "./zoho/errors.ts";

/** An integration as the server code sees it: never a token. */
export interface Integration {
  id: string;
  userId: string;
  orgId: string | null;
  accountsHost: string;
  apiHost: string;
  status: Exclude<CrmConnectionStatus, "not_connected">;
  connectedAt: Date | null;
  lastSyncAt: Date | null;
}

interface IntegrationRow {
  id: string;
  user_id: string;
  crm_account_id: string | null;
  accounts_host: string;
  api_host: string;
  status: Integration["status"];
  connected_at: Date | null;
  last_sync_at: Date | null;
}

interface TokenRow {
  access_token_sealed: string | null;
  refresh_token_sealed: string;
  token_expires_at: Date | null;
  token_version: number;
}

/** A token this close to its expiry is refreshed before use rather than sent to be refused. */
const EXPIRY_MARGIN_MS = 60_000;

function integrationFromRow(row: IntegrationRow): Integration {
  return {
    id: row.id,
    userId: row.user_id,
    orgId: row.crm_account_id,
    accountsHost: row.accounts_host,
    apiHost: row.api_host,
    status: row.status,
    connectedAt: row.connected_at,
    lastSyncAt: row.last_sync_at,
  };
}

/** The user's Zoho integration, or null when they never connected (or disconnected). */
export async function integrationOf(userId: string): Promise<Integration | null> {
  const [row] = await database()<IntegrationRow[]>`
    select id, user_id, crm_account_id, accounts_host, api_host, status, connected_at, last_sync_at
    from public.crm_integrations where user_id = ${userId} and crm_type = 'zoho'
  `;
  return row ? integrationFromRow(row) : null;
}

/** An integration by its id (a worker holds a run, not a user). */
export async function integrationById(integrationId: string): Promise<Integration | null> {
  const [row] = await database()<IntegrationRow[]>`
    select id, user_id, crm_account_id, accounts_host, api_host, status, connected_at, last_sync_at
    from public.crm_integrations where id = ${integrationId}
  `;
  return row ? integrationFromRow(row) : null;
}

/** Whether a run of the integration waits, runs or is paused: one at a time. */
export async function hasActiveRun(integrationId: string): Promise<boolean> {
  const [row] = await database()<{ active: boolean }[]>`
    select exists (
      select from public.crm_sync_logs
      where integration_id = ${integrationId} and status in ('pending', 'running', 'paused')
    ) as active
  `;
  return row!.active;
}

export interface Grant {
  orgId: string | null;
  accountsHost: string;
  apiHost: string;
  accessToken: string | null;
  refreshToken: string;
  expiresAt: Date | null;
}

/** Stores a consent's (or a Self Client's) tokens: a new connection, or a reconnection replacing the old tokens. */
export async function storeConnection(userId: string, grant: Grant): Promise<Integration> {
  const keyring = await secretsKeyring();
  const access = grant.accessToken === null ? null : await seal(keyring, grant.accessToken);
  const refresh = await seal(keyring, grant.refreshToken);
  const [row] = await database()<IntegrationRow[]>`
    insert into public.crm_integrations as i (
      user_id, crm_type, crm_account_id, accounts_host, api_host, access_token_sealed, refresh_token_sealed,
      token_expires_at, status, is_active, connected_at
    ) values (
      ${userId}, 'zoho', ${grant.orgId}, ${grant.accountsHost}, ${grant.apiHost}, ${access}, ${refresh},
      ${grant.expiresAt}, 'connected', true, now()
    )
    on conflict (user_id, crm_type) do update set
      crm_account_id = excluded.crm_account_id, accounts_host = excluded.accounts_host, api_host = excluded.api_host,
      access_token_sealed = excluded.access_token_sealed, refresh_token_sealed = excluded.refresh_token_sealed,
      token_expires_at = excluded.token_expires_at, token_version = i.token_version + 1, status = 'connected',
      is_active = true, connected_at = now(), updated_at = now()
    returning id, user_id, crm_account_id, accounts_host, api_host, status, connected_at, last_sync_at
  `;
  return integrationFromRow(row!);
}

/** Records the organisation Zoho named once a call succeeded (a Self Client connection starts without it). */
export async function storeOrgId(integrationId: string, orgId: string): Promise<void> {
  await database()`
    update public.crm_integrations set crm_account_id = ${orgId}, updated_at = now()
    where id = ${integrationId} and crm_account_id is distinct from ${orgId}
  `;
}

export async function markNeedsReconnect(integrationId: string): Promise<void> {
  await database()`
    update public.crm_integrations set status = 'needs_reconnect', access_token_sealed = null, updated_at = now()
    where id = ${integrationId}
  `;
}

/**
 * Deletes the user's integration (its runs and items go with it) and answers what revoking it at Zoho takes, or null
 * when there was none.
 */
export async function removeConnection(userId: string): Promise<{ accountsHost: string; refreshToken: string } | null> {
  const [row] = await database()<{ accounts_host: string; refresh_token_sealed: string }[]>`
    delete from public.crm_integrations where user_id = ${userId} and crm_type = 'zoho'
    returning accounts_host, refresh_token_sealed
  `;
  if (!row) return null;
  try {
    return { accountsHost: row.accounts_host, refreshToken: await open(await secretsKeyring(), row.refresh_token_sealed) };
  } catch (error) {
    // A token no key opens cannot be revoked; the row is gone all the same.
    console.error("A disconnected Zoho refresh token could not be opened to revoke it:", error);
    return null;
  }
}

/** What a refresh with the stored refresh token gives: the new access token and when it expires. */
export type Refresh = (accountsHost: string, refreshToken: string) => Promise<{ accessToken: string; expiresAt: Date }>;

/** The integration's tokens for a Zoho client: the stored access token, refreshed single-flight when due. */
export function integrationTokens(integration: Pick<Integration, "id">, refresh: Refresh): TokenSource {
  let held: { token: string; version: number } | null = null;

  async function readTokens(): Promise<TokenRow> {
    const [row] = await database()<TokenRow[]>`
      select access_token_sealed, refresh_token_sealed, token_expires_at, token_version
      from public.crm_integrations where id = ${integration.id}
    `;
    if (!row) throw new ZohoReconnectNeeded("The Zoho connection was removed");
    return row;
  }

  /**
   * Refreshes unless the row's version moved past `seenVersion` to a token other than the one Zoho `rejected`: then
   * someone else refreshed meanwhile, and theirs is used.
   */
  async function refreshUnlessDone(seenVersion: number, rejected: string | null): Promise<string> {
    const keyring = await secretsKeyring();
    const outcome = await database().begin(async (sql) => {
      const [row] = await sql<(TokenRow & { accounts_host: string })[]>`
        select access_token_sealed, refresh_token_sealed, token_expires_at, token_version, accounts_host
        from public.crm_integrations where id = ${integration.id} for update
      `;
      if (!row) return { refused: new ZohoReconnectNeeded("The Zoho connection was removed") };
      if (row.token_version !== seenVersion && fresh(row)) {
        const token = await open(keyring, row.access_token_sealed!);
        if (token !== rejected) return { token, version: row.token_version };
      }
      let renewed: { accessToken: string; expiresAt: Date };
      try {
        renewed = await refresh(row.accounts_host, await open(keyring, row.refresh_token_sealed));
      } catch (error) {
        if (!(error instanceof ZohoReconnectNeeded)) throw error;
        await sql`
          update public.crm_integrations set status = 'needs_reconnect', access_token_sealed = null, updated_at = now()
          where id = ${integration.id}
        `;
        return { refused: error };
      }
      const [stored] = await sql<{ token_version: number }[]>`
        update public.crm_integrations set access_token_sealed = ${await seal(keyring, renewed.accessToken)},
          token_expires_at = ${renewed.expiresAt}, token_version = token_version + 1, updated_at = now()
        where id = ${integration.id}
        returning token_version
      `;
      return { token: renewed.accessToken, version: stored!.token_version };
    });
    if ("refused" in outcome) throw outcome.refused;
    held = outcome;
    return outcome.token;
  }

  return {
    async current() {
      if (held) return held.token;
      const row = await readTokens();
      if (!fresh(row)) return await refreshUnlessDone(row.token_version, null);
      held = { token: await open(await secretsKeyring(), row.access_token_sealed!), version: row.token_version };
      return held.token;
    },
    async refreshAfterRejected(rejected) {
      const seen = held && held.token === rejected ? held.version : -1;
      held = null;
      return await refreshUnlessDone(seen, rejected);
    },
  };
}

function fresh(row: TokenRow): boolean {
  return row.access_token_sealed !== null && row.token_expires_at !== null &&
    row.token_expires_at.getTime() - EXPIRY_MARGIN_MS > Date.now();
}
