// Kept explorations, read and written past RLS on the api's own connection. public.scraped_domains and
// public.discovered_emails are a cache shared by everyone (a website's contacts belong to no user), written only by
// server code. validation_logs says whether an anonymous visitor's exploration follows their own validation at the
// domain (migration 20261122030000).
import type postgres from "postgres";
import { database } from "../db/pool.ts";

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
