import type { Context } from "hono";
import {
  type adminDomainsQuerySchema,
  listDomains,
  purgeDomain,
  recordReexploration,
  type ReexploreAnswer,
} from "../../../../_shared/admin/index.ts";
import { DomainError } from "../../../../_shared/errors.ts";
import {
  databaseExplorationStore,
  exploreKeepingResults,
  normaliseDomainInput,
} from "../../../../_shared/explorations/index.ts";
import { domainExplorer } from "../../../lib/domain-explorer.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

/** The domain in the path as explorations name it; anything that is no domain is one the platform doesn't know. */
function domainOf(c: Context): string {
  const domain = normaliseDomainInput(c.req.param("domain") ?? "");
  if (!domain) throw new DomainError("domain_not_found");
  return domain;
}

export async function list(c: Context<SignedInEnv, string, QueryInput<typeof adminDomainsQuerySchema>>) {
  return c.json(await listDomains(c.var.signedIn.claims, c.req.valid("query")), 200);
}

/** A fresh crawl whatever is kept (the one a user's fullDataCollection asks for), kept in place of the last. */
export async function reexplore(c: Context<SignedInEnv>) {
  const domain = domainOf(c);
  const result = await exploreKeepingResults(
    { domain, enableScraping: true, fullDataCollection: true },
    { explorer: domainExplorer(), store: databaseExplorationStore },
  );
  await recordReexploration(c.var.signedIn.claims, domain);
  const answer: ReexploreAnswer = {
    domain: result.domain,
    exploredAt: result.scrapedAt,
    partial: result.partial,
    discoveredEmails: result.emails.length,
  };
  return c.json(answer, 200);
}

export async function purge(c: Context<SignedInEnv>) {
  return c.json(await purgeDomain(c.var.signedIn.claims, domainOf(c)), 200);
}
