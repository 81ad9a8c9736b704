// Landing page generation: keyword targets become pages, the admin's regenerate renders one page again, and the tick
// refreshes pages older than their change frequency. Every page goes through the one privacy rule (privacy.ts).
//
// A bulk run reads a small batch of waiting targets, reads their DNS and validation data together (no lock is held
// meanwhile), then writes each target in its own transaction, which locks it with SKIP LOCKED and checks it is still
// waiting: two runs at once never write one target twice, and the unique (page type, slug) links a second target of
// the same entity to the page already there. A run cut off anywhere leaves whole pages; the caller asks again while
// `remaining` is above 0.
import { createDnsClientFromSettings, createMailDomainResolverFromSettings, mailDomainCacheStore } from "../dns/index.ts";
import { env } from "../env.ts";
import { type TimeBudget, timeBudget } from "../jobs/index.ts";
import { siteUrl } from "../marketing/index.ts";
import { parseAddress, parseDomain } from "../validation/index.ts";
import { type GenerateBulkResult, type SeoPageType, seoPagePath } from "./contract.ts";
import { keywordEntity } from "./entity.ts";
import { gatherPageFacts, type PageFacts, type PageFactSources, pageVariables } from "./page-data.ts";
import { addressSlugHash, domainFacts, fullAddress, type PrivacyDecision, privacyDecision, type SeoEntity } from "./privacy.ts";
import {
  activeTemplates,
  domainStats,
  isSuppressed,
  latestValidation,
  nextTargets,
  type QueuedTarget,
  remainingTargets,
  type StoredPage,
  stalePages,
  storedPage,
  writeRefreshedPage,
  writeTarget,
} from "./privileged-generation.ts";
import { type ContentTemplate, contentHash, pickTemplate, type RenderedPage, renderTemplate } from "./templates.ts";

/** Targets read and prepared together: their DNS questions go out at once. */
const BATCH = 50;

let sources: PageFactSources | undefined;

// Built once per instance, like the verdict engine: the resolver's memory and in-flight lookups serve every batch.
function factSources(): PageFactSources {
  sources ??= {
    resolver: createMailDomainResolverFromSettings({ dnsServers: env().DNS_SERVERS, cache: mailDomainCacheStore() }),
    dns: createDnsClientFromSettings(env().DNS_SERVERS),
    domainStats,
    latestValidation,
  };
  return sources;
}

/** The address as validations store it: the local part as typed, the domain in Unicode. */
const storedAddress = (entity: Extract<SeoEntity, { kind: "address" }>) => `${entity.local}@${entity.domainUnicode}`;

interface Judged {
  decision: PrivacyDecision;
  facts: PageFacts;
}

/** The privacy rule on real data, and the data the page is rendered from. */
async function judge(entity: SeoEntity): Promise<Judged> {
  const address = entity.kind === "address" ? entity : null;
  const [facts, suppressed, hash] = await Promise.all([
    gatherPageFacts(factSources(), entity, address ? storedAddress(address) : null),
    isSuppressed(address ? fullAddress(address) : null, entity.domainAscii),
    address ? addressSlugHash(fullAddress(address), env().WORKER_SECRET) : Promise.resolve(""),
  ]);
  return { decision: privacyDecision(entity, domainFacts(entity.domainAscii, facts.lookup.kind, suppressed), hash), facts };
}

interface Rendering {
  template: ContentTemplate;
  variables: ReturnType<typeof pageVariables>;
  rendered: RenderedPage;
  contentHash: string;
}

async function render(
  template: ContentTemplate,
  pageType: SeoPageType,
  entity: SeoEntity,
  shown: { shownEntity: string; slug: string },
  facts: PageFacts,
  checkedAt: Date,
): Promise<Rendering> {
  const variables = pageVariables(pageType, entity, shown.shownEntity, facts, checkedAt);
  const rendered = renderTemplate(template, variables, {
    pageType,
    siteUrl: siteUrl(),
    canonicalUrl: siteUrl() + seoPagePath(pageType, shown.slug),
    shownEntity: shown.shownEntity,
  });
  return { template, variables, rendered, contentHash: await contentHash(rendered) };
}

async function prepareTarget(target: QueuedTarget, templates: readonly ContentTemplate[]) {
  const entity = keywordEntity(target.pageType, target.keyword);
  if (!entity) return { skipReason: "no_entity" as const, entity: null };
  const entityText = entity.kind === "address" ? fullAddress(entity) : entity.domainAscii;
  const { decision, facts } = await judge(entity);
  if (!decision.publish) return { skipReason: decision.skipReason, entity: entityText };
  const template = pickTemplate(templates.filter((t) => t.pageType === target.pageType), decision.slug);
  if (!template) return { skipReason: "no_template" as const, entity: entityText };
  const page = await render(template, target.pageType, entity, decision, facts, new Date());
  return {
    pageType: target.pageType,
    slug: decision.slug,
    longerSlug: decision.longerSlug,
    keyword: target.keyword,
    entity: entityText,
    entityDomain: entity.domainAscii,
    shownEntity: decision.shownEntity,
    priority: target.priority,
    templateId: template.id,
    variables: page.variables,
    rendered: page.rendered,
    contentHash: page.contentHash,
  };
}

/** Generates pages for up to `limit` waiting targets (best first): counts of this run, and the targets still waiting. */
export async function generateBatch(limit: number): Promise<GenerateBulkResult> {
  let generatedCount = 0;
  let skippedCount = 0;
  const seen: string[] = [];
  const templates = await activeTemplates();
  while (generatedCount + skippedCount < limit) {
    const targets = await nextTargets(Math.min(BATCH, limit - generatedCount - skippedCount), seen);
    if (targets.length === 0) break;
    seen.push(...targets.map((target) => target.id));
    const outcomes = await Promise.all(
      targets.map(async (target) => writeTarget(target.id, await prepareTarget(target, templates))),
    );
    generatedCount += outcomes.filter((outcome) => outcome === "generated").length;
    skippedCount += outcomes.filter((outcome) => outcome === "skipped").length;
  }
  return { generatedCount, skippedCount, remaining: await remainingTargets() };
}

/** The entity a stored page is about: its keyword target's, else what the page publishes (a domain, a role address). */
function storedEntity(page: StoredPage): SeoEntity | null {
  if (page.pageType === "email_validate") {
    const parsed = parseAddress(page.entity ?? page.targetEntity);
    return parsed.ok
      ? { kind: "address", local: parsed.local, domainAscii: parsed.domainAscii, domainUnicode: parsed.domainUnicode }
      : null;
  }
  const parsed = parseDomain(page.entityDomain);
  return parsed.ok ? { kind: "domain", domainAscii: parsed.ascii, domainUnicode: parsed.unicode } : null;
}

type Refreshed = "regenerated" | "removed" | "gone";

/**
 * One page looked at again under the same rule as generation. It keeps its slug (its address does not move); it is
 * removed when it now fails the rule; its content and last_updated change only when what it shows changed, so the
 * date the data was read alone does not count as a change.
 */
async function refreshPage(page: StoredPage, templates: readonly ContentTemplate[]): Promise<Refreshed> {
  // A page deleted meanwhile is "gone" whatever was decided for it.
  const write = async (change: Parameters<typeof writeRefreshedPage>[1]): Promise<Refreshed> =>
    (await writeRefreshedPage(page.id, change)) ? (change.kind === "removed" ? "removed" : "regenerated") : "gone";
  const entity = storedEntity(page);
  if (!entity) return await write({ kind: "unchanged" });
  const { decision, facts } = await judge(entity);
  if (!decision.publish) return await write({ kind: "removed" });
  const template = pickTemplate(templates.filter((t) => t.pageType === page.pageType), page.slug);
  if (!template) return await write({ kind: "unchanged" });
  const shown = { shownEntity: page.targetEntity, slug: page.slug };
  const previousDay = page.variables.checkedAt ? new Date(`${page.variables.checkedAt}T00:00:00Z`) : null;
  if (previousDay && !Number.isNaN(previousDay.getTime())) {
    const same = await render(template, page.pageType, entity, shown, facts, previousDay);
    if (same.contentHash === page.contentHash && template.id === page.templateId) return await write({ kind: "unchanged" });
  }
  const fresh = await render(template, page.pageType, entity, shown, facts, new Date());
  return await write({
    kind: "changed",
    templateId: template.id,
    variables: fresh.variables,
    rendered: fresh.rendered,
    contentHash: fresh.contentHash,
  });
}

/** The admin's regenerate: the page rendered again from fresh data, or removed when it now fails the privacy rule. */
export async function regeneratePage(id: string): Promise<"regenerated" | "removed" | "not_found"> {
  const page = await storedPage(id);
  if (!page) return "not_found";
  const outcome = await refreshPage(page, await activeTemplates());
  return outcome === "gone" ? "not_found" : outcome;
}

/** The tick: up to `limit` pages older than their change frequency looked at again; how many were. */
export async function refreshStalePages(limit: number): Promise<number> {
  const [pages, templates] = await Promise.all([stalePages(limit), activeTemplates()]);
  const outcomes = await Promise.all(pages.map((page) => refreshPage(page, templates)));
  return outcomes.filter((outcome) => outcome !== "gone").length;
}

/** The refresh worker's function name (edge-functions/seo-refresh-worker, [functions.seo-refresh-worker]). */
export const SEO_REFRESH_WORKER = "seo-refresh-worker";
/** Pages refreshed together: their DNS questions go out at once. */
const REFRESH_BATCH = 100;

/** One run of the refresh worker: due pages in batches while its time budget has room; how many it refreshed. */
export async function runRefreshWorker(budget: TimeBudget = timeBudget()): Promise<{ refreshed: number }> {
  let refreshed = 0;
  while (budget.hasRoomForAnother()) {
    const unit = budget.startUnit();
    const count = await refreshStalePages(REFRESH_BATCH);
    unit.end();
    refreshed += count;
    if (count < REFRESH_BATCH) break;
  }
  return { refreshed };
}
