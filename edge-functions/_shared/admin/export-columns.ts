// Which columns the database export lets out. The export reads every table of the public schema (Auth's tables, with
// password hashes and refresh tokens, live in the auth schema and are never read; the private schema neither), and of
// each table every column except those denied here: secrets, and values that grant something to whoever holds them.
//
// A column whose name looks secret must be classified here, denied or marked safe: the api layer's test reads the
// running database's columns and fails on any it finds unclassified, so a later table with a token or key column can't
// slip into the export unnoticed.

/** Column names that suggest a secret. */
export const SECRET_LOOKING_NAME = /token|secret|hash|key|password|sealed|code/i;

interface ColumnRules {
  /** Never exported. */
  denied?: readonly string[];
  /** Named like a secret, but not one: exported. */
  safe?: readonly string[];
}

export const EXPORT_COLUMN_RULES: Readonly<Record<string, ColumnRules>> = {
  // The setting's name; the value beside it is a figure or a text, never a credential.
  admin_settings: { safe: ["setting_key"] },
  // A campaign email's tracking token unsubscribes its recipient and speaks for them in opens and clicks.
  email_recipients: { denied: ["token"] },
  // The normalised address a suppression is matched by, not a key in the cryptographic sense.
  email_suppressions: { safe: ["email_key"] },
  // An endpoint with its keys lets whoever holds them push to that browser.
  push_subscriptions: { denied: ["endpoint", "p256dh", "auth"] },
  // A discount code is money to whoever holds it.
  anonymous_sessions: { denied: ["discount_code"] },
  // A worker's lease: whoever holds it may complete the chunk. The chunk's addresses, normalised, are no secret.
  bulk_validation_chunks: { denied: ["lease_token"], safe: ["email_keys"] },
  // The normalised address a row is matched by, not a key in the cryptographic sense.
  bulk_validation_items: { safe: ["email_key"] },
  bulk_validation_rows: { safe: ["email_key"] },
  // The inbox a saved contact reaches (duplicate groups), and the group an audited action was taken in.
  saved_contacts: { safe: ["email_key"] },
  contact_audit_log: { safe: ["email_key"] },
  // A user's Zoho tokens, sealed, reach their CRM; when the access token expires and how often it was refreshed are not.
  crm_integrations: { denied: ["access_token_sealed", "refresh_token_sealed"], safe: ["token_expires_at", "token_version"] },
  // An OAuth state's hash, matched by the state its browser brings back from Zoho.
  crm_oauth_states: { denied: ["state_hash"] },
  // The code a checkout claimed: a failed payment gives it back, still good for a discount.
  payments: { denied: ["discount_code"] },
  // The credentials themselves, sealed; the masks beside them (credential_hints) are what the screens show.
  payment_config: { denied: ["credentials_sealed"] },
  // Search keywords and their normalised form, not keys; the hash a page refresh compares its content with.
  seo_keyword_targets: { safe: ["keyword", "keyword_key"] },
  seo_landing_pages: { safe: ["target_keyword", "keyword_target_id", "content_hash"] },
  // A visitor's session id or salted network hash: it ties the visits of one person together.
  seo_page_visits: { denied: ["visitor_hash"] },
  // The mailed removal token's hash: nothing but the requester's own link should ever match it. Its expiry is a date.
  seo_removal_requests: { denied: ["token_hash"], safe: ["token_expires_at"] },
  // An API key's hash is what a call is looked up by; its name and shown prefix (`msk_` and six characters, on the
  // owner's screen too) and the ids that point at a key are no secret.
  api_keys: { denied: ["key_hash"], safe: ["key_name", "key_prefix"] },
  api_key_usage: { safe: ["key_id"] },
  bulk_validation_sessions: { safe: ["api_key_id"] },
  // The webhook signing secret, sealed, lets whoever holds it forge deliveries; HTTP status codes are only numbers.
  webhook_secrets: { denied: ["secret_sealed"] },
  webhook_deliveries: { safe: ["last_status_code"] },
  webhook_delivery_attempts: { safe: ["status_code"] },
  // The normalised address a probe is matched by, not a key in the cryptographic sense.
  mailbox_probes: { safe: ["email_key"] },
};

/** The columns of `table` the export writes, in their order. */
export function exportedColumns(table: string, columns: readonly string[]): string[] {
  const denied = new Set(EXPORT_COLUMN_RULES[table]?.denied ?? []);
  return columns.filter((column) => !denied.has(column));
}

/** `table.column` for every column named like a secret that is neither denied nor marked safe. */
export function unclassifiedSecretColumns(tables: ReadonlyMap<string, readonly string[]>): string[] {
  return [...tables].flatMap(([table, columns]) => {
    const rules = EXPORT_COLUMN_RULES[table];
    const classified = new Set([...(rules?.denied ?? []), ...(rules?.safe ?? [])]);
    return columns
      .filter((column) => SECRET_LOOKING_NAME.test(column) && !classified.has(column))
      .map((column) => `${table}.${column}`);
  });
}
