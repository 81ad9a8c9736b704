// Generation's queries on the privileged pool: the keyword queue, templates, suppressions, MailScout's validation
// figures (public.email_validations is closed to every API role) and the writes of pages. Each target and each page is
// written in its own short transaction, taken after its DNS data was read, so a lock is never held across a network
// wait and a run cut off anywhere leaves only whole pages behind.
import type postgres from "postgres";
import type { ReasonCode, Verdict } from "../contracts/validation.ts";
import { database } from "../db/pool.ts";
import type { ChangeFreq, SeoPageType, SkipReason } from "./contract.ts";
import type { DomainValidationStats, LatestValidation, PageVariables } from "./page-data.ts";
import type { ContentTemplate, RenderedPage } from "./templates.ts";

export interface QueuedTarget {
  id: string;
  keyword: string;
  pageType: SeoPageType;
  priority: number;
}

/** The next targets to generate, best first; not locked: each is locked when its page is written. */
export async function nextTargets(limit: number, skipIds: readonly string[]): Promise<QueuedTarget[]> {
  return await database()<QueuedTarget[]>`
    select id, keyword, page_type as "pageType", priority
    from public.seo_keyword_targets
    where not is_generated and skip_reason is null and id <> all(${skipIds as string[]}::uuid[])
    order by priority desc, search_volume desc, created_at
    limit ${limit}
  `;
}

export async function remainingTargets(): Promise<number> {
  const [row] = await database()<{ remaining: number }[]>`
    select count(*)::int as remaining from public.seo_keyword_targets where not is_generated and skip_reason is null
  `;
  return row!.remaining;
}

export async function activeTemplates(): Promise<ContentTemplate[]> {
  return await database()<ContentTemplate[]>`
    select id, page_type as "pageType", template_name as "templateName", title_template as "titleTemplate",
      meta_template as "metaTemplate", h1_template as "h1Template", content_template as "contentTemplate",
      schema_template as "schemaTemplate", variables as fallbacks
    from public.seo_content_templates
    where is_active
  `;
}

export async function isSuppressed(address: string | null, domainAscii: string): Promise<boolean> {
  const [row] = await database()<{ suppressed: boolean }[]>`
    select private.seo_entity_suppressed(${address}, ${domainAscii}) as suppressed
  `;
  return row!.suppressed;
}

/** Counts and shares of the domain's validated addresses (validations store the domain in Unicode form). */
export async function domainStats(domainUnicode: string): Promise<DomainValidationStats | null> {
  const [row] = await database()<(DomainValidationStats & { lastChecked: Date | null })[]>`
    select count(*)::int as total,
      (count(*) filter (where verdict = 'deliverable'))::int as deliverable,
      (count(*) filter (where verdict = 'risky'))::int as risky,
      (count(*) filter (where verdict = 'undeliverable'))::int as undeliverable,
      max(last_validated_at) as "lastChecked"
    from public.email_validations
    where domain = ${domainUnicode}
  `;
  return row && row.lastChecked ? { ...row, lastChecked: row.lastChecked } : null;
}

/** The latest stored validation of the address (local@unicode-domain, as validations store it). */
export async function latestValidation(address: string): Promise<LatestValidation | null> {
  const [row] = await database()<{ verdict: Verdict; reasons: ReasonCode[] }[]>`
    select verdict, reasons from public.email_validations where lower(email) = lower(${address})
  `;
  return row ?? null;
}

export interface NewPage {
  pageType: SeoPageType;
  slug: string;
  /** The slug to take when `slug` is already the page of another address (masked addresses). */
  longerSlug: string | null;
  keyword: string;
  entity: string;
  entityDomain: string;
  shownEntity: string;
  priority: number;
  templateId: string;
  variables: PageVariables;
  rendered: RenderedPage;
  contentHash: string;
}

export type TargetOutcome = "generated" | "skipped" | "taken";

/**
 * Locks the target (SKIP LOCKED: another run has it) and, if it is still waiting, stores its skip reason or its
 * page, linking it to the page of that type and slug when one exists instead of making a second.
 */
export async function writeTarget(
  targetId: string,
  result: { skipReason: SkipReason; entity: string | null } | NewPage,
): Promise<TargetOutcome> {
  return await database().begin(async (sql) => {
    const [target] = await sql`
      select id from public.seo_keyword_targets
      where id = ${targetId} and not is_generated and skip_reason is null
      for update skip locked
    `;
    if (!target) return "taken";
    if ("skipReason" in result) {
      await sql`
        update public.seo_keyword_targets set skip_reason = ${result.skipReason}, entity = ${result.entity}
        where id = ${targetId}
      `;
      return "skipped";
    }
    const pageId = await insertOrFindPage(sql, targetId, result);
    await sql`
      update public.seo_keyword_targets
      set is_generated = true, generated_at = now(), page_id = ${pageId}, entity = ${result.entity}
      where id = ${targetId}
    `;
    return "generated";
  });
}

async function insertOrFindPage(sql: postgres.TransactionSql, targetId: string, page: NewPage): Promise<string> {
  let slug = page.slug;
  if (page.longerSlug) {
    const [other] = await sql`
      select 1 from public.seo_landing_pages as p
      left join public.seo_keyword_targets as t on t.id = p.keyword_target_id
      where p.page_type = ${page.pageType} and p.slug = ${slug} and t.entity is distinct from ${page.entity}
    `;
    if (other) slug = page.longerSlug;
  }
  const { rendered } = page;
  const [inserted] = await sql<{ id: string }[]>`
    insert into public.seo_landing_pages (
      page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content,
      schema_markup, priority, keyword_target_id, template_id, variables, content_hash
    ) values (
      ${page.pageType}, ${slug}, ${page.keyword}, ${page.entityDomain}, ${page.shownEntity}, ${rendered.title},
      ${rendered.metaDescription}, ${rendered.h1}, ${rendered.content}, ${sql.json(rendered.schemaMarkup as postgres.JSONValue)},
      round(${page.priority}::numeric / 10, 1), ${targetId}, ${page.templateId},
      ${sql.json(page.variables)}, ${page.contentHash}
    )
    on conflict (page_type, slug) do nothing
    returning id
  `;
  if (inserted) return inserted.id;
  const [existing] = await sql<{ id: string }[]>`
    select id from public.seo_landing_pages where page_type = ${page.pageType} and slug = ${slug}
  `;
  return existing!.id;
}

export interface StoredPage {
  id: string;
  pageType: SeoPageType;
  slug: string;
  entityDomain: string;
  targetEntity: string;
  changeFreq: ChangeFreq;
  templateId: string | null;
  variables: PageVariables;
  contentHash: string;
  /** The full address or domain of the page's keyword target, when it still has one. */
  entity: string | null;
}

const storedPageColumns = (sql: postgres.Sql) => sql`
  p.id, p.page_type as "pageType", p.slug, p.entity_domain as "entityDomain", p.target_entity as "targetEntity",
  p.change_freq as "changeFreq", p.template_id as "templateId", p.variables, p.content_hash as "contentHash",
  t.entity
`;

export async function storedPage(id: string): Promise<StoredPage | null> {
  const sql = database();
  const [page] = await sql<StoredPage[]>`
    select ${storedPageColumns(sql)}
    from public.seo_landing_pages as p left join public.seo_keyword_targets as t on t.id = p.keyword_target_id
    where p.id = ${id} and p.removed_at is null
  `;
  return page ?? null;
}

/** Unremoved pages older than their change frequency, the longest unrefreshed first. */
export async function stalePages(limit: number): Promise<StoredPage[]> {
  const sql = database();
  return await sql<StoredPage[]>`
    select ${storedPageColumns(sql)}
    from public.seo_landing_pages as p left join public.seo_keyword_targets as t on t.id = p.keyword_target_id
    where p.removed_at is null and p.refreshed_at < now() - private.seo_change_freq_interval(p.change_freq)
    order by p.refreshed_at
    limit ${limit}
  `;
}

/**
 * A page looked at again: its content replaced when it changed (last_updated moves), or only refreshed_at when not;
 * removed when it now fails the privacy rule. False when the page is gone or removed meanwhile.
 */
export async function writeRefreshedPage(
  id: string,
  change:
    | { kind: "unchanged" }
    | { kind: "removed" }
    | { kind: "changed"; templateId: string; variables: PageVariables; rendered: RenderedPage; contentHash: string },
): Promise<boolean> {
  const sql = database();
  if (change.kind === "unchanged") {
    const rows = await sql`update public.seo_landing_pages set refreshed_at = now() where id = ${id} and removed_at is null`;
    return rows.count > 0;
  }
  if (change.kind === "removed") {
    const rows = await sql`
      update public.seo_landing_pages set removed_at = now(), refreshed_at = now() where id = ${id} and removed_at is null
    `;
    return rows.count > 0;
  }
  const { rendered } = change;
  const rows = await sql`
    update public.seo_landing_pages
    set title = ${rendered.title}, meta_description = ${rendered.metaDescription}, h1 = ${rendered.h1},
      content = ${rendered.content}, schema_markup = ${sql.json(rendered.schemaMarkup as postgres.JSONValue)},
      template_id = ${change.templateId}, variables = ${sql.json(change.variables)}, content_hash = ${change.contentHash},
      last_updated = now(), refreshed_at = now()
    where id = ${id} and removed_at is null
  `;
  return rows.count > 0;
}
