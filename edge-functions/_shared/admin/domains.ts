// The domain tab: what the platform knows of domains (explorations and cached DNS verdicts) with counts per verdict,
// purging a domain (which also serves a removal request) and recording a re-exploration the api ran.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asAdmin, isoTimeOrNull } from "./as-admin.ts";
import {
  ADMIN_DOMAINS_PAGE_SIZE,
  type AdminDomain,
  type AdminDomainsPage,
  type adminDomainsQuerySchema,
  type PurgeAnswer,
  purgeAnswerSchema,
} from "./contract.ts";

export type AdminDomainsQuery = z.output<typeof adminDomainsQuerySchema>;

interface DomainRow {
  domain: string;
  dns_kind: AdminDomain["dnsVerdict"];
  dns_expires_at: Date | null;
  explored_at: Date | null;
  partial: boolean | null;
  discovered_emails: number | string | null;
}

interface DomainCounts {
  explored?: number;
  [kind: string]: number | undefined;
}

/** What private.admin_purge_domain deleted, per table. */
interface PurgedCounts {
  scrapedDomains: number;
  discoveredEmails: number;
  mailDomainCache: number;
  emailValidations: number;
}

/** GET /api/admin/domains */
export async function listDomains(claims: AccessTokenClaims, query: AdminDomainsQuery): Promise<AdminDomainsPage> {
  return await asAdmin(claims, async (sql) => {
    const rows = await sql<DomainRow[]>`
      select * from private.admin_domains(
        ${query.search || null}, ${query.cursor ?? null}, ${ADMIN_DOMAINS_PAGE_SIZE + 1}
      )
    `;
    const [counted] = await sql<{ counts: DomainCounts }[]>`select private.admin_domain_counts() as counts`;
    const { explored = 0, ...byVerdict } = counted?.counts ?? {};
    const page = rows.slice(0, ADMIN_DOMAINS_PAGE_SIZE);
    return {
      domains: page.map((row) => ({
        domain: row.domain,
        dnsVerdict: row.dns_kind,
        dnsExpiresAt: isoTimeOrNull(row.dns_expires_at),
        exploredAt: isoTimeOrNull(row.explored_at),
        partial: row.partial ?? false,
        discoveredEmails: Number(row.discovered_emails ?? 0),
      })),
      nextCursor: rows.length > ADMIN_DOMAINS_PAGE_SIZE ? page.at(-1)!.domain : null,
      counts: { byVerdict: Object.fromEntries(Object.entries(byVerdict).map(([kind, n]) => [kind, n ?? 0])), explored },
    };
  });
}

/** DELETE /api/admin/domains/{domain}: the exploration, its addresses, the cached DNS answer and the validations. */
export async function purgeDomain(claims: AccessTokenClaims, domain: string): Promise<PurgeAnswer> {
  const [row] = await asAdmin(claims, (sql) => sql<{ purged: PurgedCounts }[]>`
    select private.admin_purge_domain(${domain}) as purged
  `);
  const purged = row!.purged;
  return purgeAnswerSchema.parse({
    domain,
    explorations: purged.scrapedDomains,
    discoveredEmails: purged.discoveredEmails,
    dnsAnswers: purged.mailDomainCache,
    validations: purged.emailValidations,
  });
}

/** Audits a re-exploration an admin asked for (the api runs the explorer itself). */
export async function recordReexploration(claims: AccessTokenClaims, domain: string): Promise<void> {
  await asAdmin(claims, (sql) => sql`select private.admin_record_reexplore(${domain})`);
}
