// What SEO's admin API tests arrange directly in the database: landing pages with known figures (the api makes pages
// only through generation) and removal requests waiting for a decision.
import type { SeoPageType } from "../../_shared/contracts/seo.ts";
import { benchDomain } from "../../_shared/dns/testing/zones.ts";
import { withDatabase } from "./stack.ts";

export interface PageFixture {
  pageType?: SeoPageType;
  /** A fresh domain of its own when left out, so pages never collide. */
  domain?: string;
  views?: number;
  conversions?: number;
  isIndexable?: boolean;
  removed?: boolean;
}

/** A domain no other test uses, which no DNS answers: pages arranged here are never generated again. */
function uniqueDomain(): string {
  return `seo-${crypto.randomUUID().slice(0, 12)}.test`;
}

// The fixture DNS answers MX for every bench-NNNNN.test; a file takes consecutive ones from a random start, so its
// domains differ from each other and seldom meet another file's (which would only link a target to that page).
let nextBench = 10_000 + Math.floor(Math.random() * 80_000);

/** A domain that receives mail (the fixture DNS's bench domains), so generation publishes its page. */
export function mailDomain(): string {
  return benchDomain(nextBench++, 5);
}

/** A landing page as generation would have stored it; its id. */
export async function insertPage(fixture: PageFixture = {}): Promise<string> {
  const pageType = fixture.pageType ?? "domain_verify";
  const domain = fixture.domain ?? uniqueDomain();
  const [row] = await withDatabase((sql) =>
    sql<{ id: string }[]>`
      insert into public.seo_landing_pages (
        page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content,
        views, conversions, is_indexable, removed_at
      ) values (
        ${pageType}, ${domain}, ${`verify ${domain}`}, ${domain}, ${domain}, ${`Is ${domain} deliverable?`},
        ${`Deliverability of ${domain}.`}, ${`Email deliverability for ${domain}`}, ${`<p>About ${domain}.</p>`},
        ${fixture.views ?? 0}, ${fixture.conversions ?? 0}, ${fixture.isIndexable ?? true},
        ${fixture.removed ? new Date() : null}
      )
      returning id
    `
  );
  return row!.id;
}

/** A removal request of a page, waiting for an admin (or for its mailed link); its id. */
export async function insertRemovalRequest(
  pageId: string | null,
  status: "pending_review" | "awaiting_confirmation" = "pending_review",
): Promise<string> {
  const [row] = await withDatabase((sql) =>
    sql<{ id: string }[]>`
      insert into public.seo_removal_requests (url, page_id, email, reason, status)
      values (${`https://mailscout.test/verify/${pageId}`}, ${pageId}, 'owner@example.com', 'This is my domain', ${status})
      returning id
    `
  );
  return row!.id;
}
