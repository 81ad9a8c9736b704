// The only queries the api runs past RLS, on the connection's own (table owner) role. Each is needed where there is
// no user to run it as, or where the data is nobody's own: signing in, the anonymous allowance, and the shared caches
// of validation results and domain explorations. Each answers the least it can. Keep this module small; everything
// else goes through asUser().
import type postgres from "postgres";
import { database } from "./pool.ts";

// Accounts --------------------------------------------------------------------------------------------------------
// Both read public.profiles, whose email mirrors auth.users.email (a trigger keeps them in step) and whose unique
// indexes on lower(username) and lower(email) serve these case-insensitive lookups.

export interface RegistrationConflicts {
  usernameTaken: boolean;
  emailTaken: boolean;
}

/** Whether a username or an email address is already in use, ignoring case. */
export async function findRegistrationConflicts(username: string, email: string): Promise<RegistrationConflicts> {
  const [row] = await database()<RegistrationConflicts[]>`
    select
      exists (select from public.profiles where lower(username) = lower(${username})) as "usernameTaken",
      exists (select from public.profiles where lower(email) = lower(${email})) as "emailTaken"
  `;
  if (!row) throw new Error("Registration conflict check returned no row");
  return row;
}

/**
 * The address Auth knows a user by, given what they typed at login, in any case: with "@" it can only be an email
 * address and is matched against emails alone; without, it can only be a username (which never contains "@"). So a
 * username can never capture someone else's sign-in by being their address. Null when nobody matches.
 */
export async function findSignInEmail(usernameOrEmail: string): Promise<string | null> {
  const sql = database();
  const matches = usernameOrEmail.includes("@")
    ? sql`lower(email) = lower(${usernameOrEmail})`
    : sql`lower(username) = lower(${usernameOrEmail})`;
  const [row] = await sql<{ email: string }[]>`
    select email from public.profiles where email is not null and ${matches}
  `;
  return row?.email ?? null;
}

// The anonymous allowance ------------------------------------------------------------------------------------------
// Each call is one private.*anonymous* function (migration 20261122020200_anonymous_allowance.sql), which does its
// counting atomically in the database; the tables themselves are closed to every API role.

/** Where an anonymous visitor stands this month: private.anonymous_allowance. */
export interface AnonymousStanding {
  /** Null when counting by client address alone (no session). */
  sessionId: string | null;
  validationsUsed: number | null;
  freeLimit: number | null;
  /** This month's anonymous validations from the client's network (its IPv4 address or IPv6 /64). */
  networkValidationsUsed: number;
  discountCode: string | null;
  discountExpiry: Date | null;
  discountRedeemedAt: Date | null;
}

interface AnonymousAllowanceRow {
  session_id: string | null;
  validations_used: number | null;
  free_limit: number | null;
  ip_validations_used: number;
  discount_code: string | null;
  discount_expiry: Date | null;
  discount_redeemed_at: Date | null;
  counted: boolean | null;
}

function toStanding(row: AnonymousAllowanceRow): AnonymousStanding {
  return {
    sessionId: row.session_id,
    validationsUsed: row.validations_used,
    freeLimit: row.free_limit,
    networkValidationsUsed: row.ip_validations_used,
    discountCode: row.discount_code,
    discountExpiry: row.discount_expiry,
    discountRedeemedAt: row.discount_redeemed_at,
  };
}

/** The session, created if new, noting the address and user agent it was seen with. */
export async function openAnonymousSession(sessionId: string, clientIp: string, userAgent: string | null) {
  const [row] = await database()<AnonymousAllowanceRow[]>`
    select * from private.open_anonymous_session(${sessionId}, ${clientIp}, ${userAgent})
  `;
  if (!row) throw new Error("open_anonymous_session returned no row");
  return toStanding(row);
}

/** An existing session as of this month, or null when there is none. */
export async function readAnonymousSession(sessionId: string, clientIp: string): Promise<AnonymousStanding | null> {
  const [row] = await database()<AnonymousAllowanceRow[]>`
    select * from private.read_anonymous_session(${sessionId}, ${clientIp})
  `;
  return row ? toStanding(row) : null;
}

/**
 * Counts one validation against the session (created if new; null counts by address alone) and the client's network,
 * unless either has used its monthly allowance. `counted` says whether it did.
 */
export async function countAnonymousValidation(visitor: {
  sessionId: string | null;
  clientIp: string;
  userAgent: string | null;
  networkMonthlyLimit: number;
}): Promise<AnonymousStanding & { counted: boolean }> {
  const [row] = await database()<AnonymousAllowanceRow[]>`
    select * from private.count_anonymous_validation(
      ${visitor.sessionId}, ${visitor.clientIp}, ${visitor.userAgent}, ${visitor.networkMonthlyLimit}
    )
  `;
  if (!row || row.counted === null) throw new Error("count_anonymous_validation returned no verdict");
  return { ...toStanding(row), counted: row.counted };
}

/** Gives the session `code` unless it already has one (which is then answered); null for an unknown session. */
export async function issueAnonymousDiscount(sessionId: string, clientIp: string, code: string) {
  const [row] = await database()<AnonymousAllowanceRow[]>`
    select * from private.issue_anonymous_discount(${sessionId}, ${clientIp}, ${code})
  `;
  return row ? toStanding(row) : null;
}

/** Notes that the browser behind an anonymous session now validates signed in. */
export async function markAnonymousSessionConverted(sessionId: string): Promise<void> {
  await database()`select private.mark_anonymous_session_converted(${sessionId})`;
}

// Validation results -----------------------------------------------------------------------------------------------
// public.email_validations is a cache shared by everyone (no user owns an address), public.validation_logs the
// request history; only server code writes either.

export interface StoredValidation {
  email: string;
  domain: string | null;
  isValid: boolean;
  formatValid: boolean;
  mxRecordsFound: boolean;
  verdict: string;
  reasons: string[];
  mxRecords: { exchange: string; priority: number }[];
  suggestion: string | null;
  roleAccount: boolean;
  freeProvider: boolean;
  disposableProvider: boolean;
  riskScore: number;
  deliverabilityScore: number;
  validatedAt: string;
}

export interface ValidationLogEntry {
  userId: string | null;
  sessionId: string | null;
  validationType: "single" | "bulk";
  emailsProcessed: number;
  validEmails: number;
  invalidEmails: number;
  warningEmails: number;
  domain: string | null;
}

/**
 * Logs the request and, in the same statement, upserts the address's latest result: counted, its last time stamped,
 * its first time kept. `result` null only logs (an empty address has nothing to cache).
 */
export async function storeValidation(result: StoredValidation | null, log: ValidationLogEntry): Promise<void> {
  const sql = database();
  // Columns spelled out rather than sql(object): postgres.js places an object helper by searching the query text before
  // it with a regular expression per keyword it knows, on every call, which cost more than the rest of the query's
  // building on this, the busiest write (the values are sent as the same parameters either way).
  const logRow = sql`
    (user_id, session_id, validation_type, emails_processed, valid_emails, invalid_emails, warning_emails, domain)
    values (${log.userId}, ${log.sessionId}, ${log.validationType}, ${log.emailsProcessed}, ${log.validEmails},
      ${log.invalidEmails}, ${log.warningEmails}, ${log.domain})
  `;
  if (!result) {
    await sql`insert into public.validation_logs ${logRow}`;
    return;
  }
  const cacheRow = sql`
    (email, domain, is_valid, format_valid, mx_records_found, verdict, reasons, mx_records, suggestion, role_account,
      free_provider, disposable_provider, risk_score, deliverability_score, validated_at)
    values (${result.email}, ${result.domain}, ${result.isValid}, ${result.formatValid}, ${result.mxRecordsFound},
      ${result.verdict}, ${result.reasons}, ${sql.json(result.mxRecords)}, ${result.suggestion}, ${result.roleAccount},
      ${result.freeProvider}, ${result.disposableProvider}, ${result.riskScore}, ${result.deliverabilityScore},
      ${result.validatedAt})
  `;
  await sql`
    with cached as (
      insert into public.email_validations ${cacheRow}
      on conflict ((lower(email))) do update set
        domain = excluded.domain,
        is_valid = excluded.is_valid,
        format_valid = excluded.format_valid,
        mx_records_found = excluded.mx_records_found,
        verdict = excluded.verdict,
        reasons = excluded.reasons,
        mx_records = excluded.mx_records,
        suggestion = excluded.suggestion,
        role_account = excluded.role_account,
        free_provider = excluded.free_provider,
        disposable_provider = excluded.disposable_provider,
        risk_score = excluded.risk_score,
        deliverability_score = excluded.deliverability_score,
        validated_at = excluded.validated_at,
        validation_count = public.email_validations.validation_count + 1,
        last_validated_at = now()
    )
    insert into public.validation_logs ${logRow}
  `;
}

// Domain explorations ----------------------------------------------------------------------------------------------
// public.scraped_domains and public.discovered_emails are a cache shared by everyone (a website's contacts belong to no
// user), written only by server code. validation_logs says whether an anonymous visitor's exploration follows their own
// validation at the domain (migration 20261122030000).

export interface KeptExplorationRow {
  domain: string;
  domain_info: unknown;
  detected_technologies: unknown;
  partial: boolean;
  pages_visited: string[];
  scraped_at: Date;
}

export interface KeptEmailRow {
  /** bigint, which postgres.js answers as a string */
  id: string;
  email: string;
  name: string | null;
  position: string | null;
  phone: string | null;
  found_on: string;
  external: boolean;
}

export interface KeptExploration {
  exploration: KeptExplorationRow;
  /** In the order the exploration found them. */
  emails: KeptEmailRow[];
}

/** The domain's kept exploration if it ran less than `maxAgeSeconds` ago, with its addresses. */
export async function readKeptExploration(domain: string, maxAgeSeconds: number): Promise<KeptExploration | null> {
  const sql = database();
  const [exploration] = await sql<(KeptExplorationRow & { id: string })[]>`
    select id, domain, domain_info, detected_technologies, partial, pages_visited, scraped_at
    from public.scraped_domains
    where domain = ${domain} and scraped_at > now() - make_interval(secs => ${maxAgeSeconds})
  `;
  if (!exploration) return null;
  const emails = await sql<KeptEmailRow[]>`
    select id, email, name, position, phone, found_on, external
    from public.discovered_emails where domain_id = ${exploration.id} order by id
  `;
  const { id: _id, ...kept } = exploration;
  return { exploration: kept, emails: [...emails] };
}

/**
 * Keeps a fresh exploration in place of the domain's previous one, in one transaction: the domain's row updated (or
 * created) and its addresses replaced by these, in this order. Answers what was stored, with the addresses' ids.
 */
export async function writeKeptExploration(
  exploration: KeptExplorationRow,
  emails: Omit<KeptEmailRow, "id">[],
): Promise<KeptExploration> {
  return await database().begin(async (sql) => {
    const row = sql({
      domain: exploration.domain,
      domain_info: sql.json(exploration.domain_info as postgres.JSONValue),
      detected_technologies: sql.json(exploration.detected_technologies as postgres.JSONValue),
      partial: exploration.partial,
      pages_visited: exploration.pages_visited,
      scraped_at: exploration.scraped_at,
    });
    const [stored] = await sql<{ id: string }[]>`
      insert into public.scraped_domains ${row}
      on conflict (domain) do update set
        domain_info = excluded.domain_info,
        detected_technologies = excluded.detected_technologies,
        partial = excluded.partial,
        pages_visited = excluded.pages_visited,
        scraped_at = excluded.scraped_at
      returning id
    `;
    if (!stored) throw new Error("Keeping the exploration returned no row");
    await sql`delete from public.discovered_emails where domain_id = ${stored.id}`;
    // Rows are inserted in the exploration's order, so their ids keep it.
    const kept = await sql<KeptEmailRow[]>`
      insert into public.discovered_emails
        (domain_id, email, name, position, phone, found_on, external, discovered_at)
      select ${stored.id}, e.value ->> 'email', e.value ->> 'name', e.value ->> 'position', e.value ->> 'phone',
             e.value ->> 'found_on', (e.value ->> 'external')::boolean, ${exploration.scraped_at}
      from jsonb_array_elements(${sql.json(emails as unknown as postgres.JSONValue)}) with ordinality as e (value, n)
      order by e.n
      on conflict (domain_id, lower(email)) do nothing
      returning id, email, name, position, phone, found_on, external
    `;
    return { exploration, emails: [...kept].sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))) };
  }) as KeptExploration;
}

/** Whether the anonymous session validated an address at `domain` less than `withinSeconds` ago. */
export async function sessionValidatedAtDomain(sessionId: string, domain: string, withinSeconds: number) {
  const [row] = await database()<{ validated: boolean }[]>`
    select exists (
      select from public.validation_logs
      where session_id = ${sessionId} and domain = ${domain}
        and created_at > now() - make_interval(secs => ${withinSeconds})
    ) as validated
  `;
  return row?.validated ?? false;
}
