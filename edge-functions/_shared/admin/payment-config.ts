// Payment providers' setup. Credentials are sealed here (secrets/) before they reach the database, which keeps the
// sealed text where no API role can select it and, beside it, per field only a mask ("••••" and the last four
// characters) for the screens. No answer ever carries a secret: reads build the list from the masks alone.
import type { AccessTokenClaims } from "../auth/index.ts";
import { DomainError } from "../errors.ts";
import {
  type Keyring,
  masked,
  open,
  seal,
  SealedTextError,
  secretsKeyring,
  sealedUnderOlderKey,
} from "../secrets/index.ts";
import { asAdmin, isoTimeOrNull } from "./as-admin.ts";
import {
  type MaskedPaymentConfig,
  PAYMENT_CREDENTIAL_FIELDS,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
} from "./contract.ts";
import { activeSealedPaymentConfigs, sealedPaymentConfigs } from "./privileged.ts";

interface ConfigRow {
  provider: PaymentProvider;
  credential_hints: Record<string, string | null> | null;
  is_active: boolean;
  updated_at: Date;
}

function maskedConfig(provider: PaymentProvider, row: ConfigRow | undefined): MaskedPaymentConfig {
  return {
    provider,
    credentials: Object.fromEntries(
      PAYMENT_CREDENTIAL_FIELDS[provider].map((field) => [field, row?.credential_hints?.[field] ?? null]),
    ),
    isActive: row?.is_active ?? false,
    updatedAt: isoTimeOrNull(row?.updated_at),
  };
}

/** GET /api/payment-config: all five providers, those never configured with every field null. */
export async function listPaymentConfigs(claims: AccessTokenClaims): Promise<MaskedPaymentConfig[]> {
  const rows = await asAdmin(claims, (sql) => sql<ConfigRow[]>`
    select provider, credential_hints, is_active, updated_at from public.payment_config
  `);
  return PAYMENT_PROVIDERS.map((provider) => maskedConfig(provider, rows.find((row) => row.provider === provider)));
}

/** POST /api/payment-config/{provider}: every credential replaced (validated by the contract's schema first). */
export async function savePaymentConfig(
  claims: AccessTokenClaims,
  provider: PaymentProvider,
  credentials: Record<string, string | undefined>,
  isActive: boolean,
): Promise<MaskedPaymentConfig> {
  const given = Object.fromEntries(
    PAYMENT_CREDENTIAL_FIELDS[provider].flatMap((field) => credentials[field] ? [[field, credentials[field]]] : []),
  );
  const hints = Object.fromEntries(
    PAYMENT_CREDENTIAL_FIELDS[provider].map((field) => [field, given[field] ? masked(given[field]) : null]),
  );
  const sealed = await seal(await secretsKeyring(), JSON.stringify(given));
  const row = await asAdmin(claims, async (sql) => {
    await sql`
      select private.admin_save_payment_config(${provider}, ${sealed}, ${sql.json(hints)}, ${isActive})
    `;
    const [saved] = await sql<ConfigRow[]>`
      select provider, credential_hints, is_active, updated_at from public.payment_config where provider = ${provider}
    `;
    return saved;
  });
  return maskedConfig(provider, row);
}

async function openCredentials(keyring: Keyring, provider: PaymentProvider, sealed: string): Promise<string> {
  try {
    return await open(keyring, sealed);
  } catch (error) {
    if (error instanceof SealedTextError) throw new DomainError("secret_unreadable", { provider }, { cause: error });
    throw error;
  }
}

/** A provider's opened credentials, by field name. */
export type ProviderCredentials = Record<string, string>;

/**
 * Providers' credentials, opened: those an admin switched on (what may be sold), or every one configured (a provider
 * switched off still refunds, and its subscriptions still renew and end). The only place secrets are opened, for the
 * server's own calls to the providers; never part of an answer.
 */
export async function paymentCredentials(
  which: "active" | "configured",
): Promise<Map<PaymentProvider, ProviderCredentials>> {
  const keyring = await secretsKeyring();
  const opened = new Map<PaymentProvider, ProviderCredentials>();
  const rows = which === "active" ? await activeSealedPaymentConfigs() : await sealedPaymentConfigs();
  for (const { provider, credentials_sealed: sealed } of rows) {
    opened.set(provider, JSON.parse(await openCredentials(keyring, provider, sealed)) as ProviderCredentials);
  }
  return opened;
}

/**
 * POST /api/admin/payment-config/reseal: after a key rotation, every credential sealed under an older key is opened
 * with it and sealed again under the current one; how many were.
 */
export async function resealPaymentConfigs(claims: AccessTokenClaims): Promise<{ resealed: number }> {
  const keyring = await secretsKeyring();
  let resealed = 0;
  for (const { provider, credentials_sealed: sealed } of await sealedPaymentConfigs()) {
    if (!sealedUnderOlderKey(keyring, sealed)) continue;
    const again = await seal(keyring, await openCredentials(keyring, provider, sealed));
    await asAdmin(claims, (sql) => sql`select private.admin_reseal_payment_config(${provider}, ${again})`);
    resealed += 1;
  }
  return { resealed };
}
