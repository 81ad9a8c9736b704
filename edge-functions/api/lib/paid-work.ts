// A validation and an exploration as a signed-in user pays for them, one unit each through the meter (given back when
// the work fails on our side): the same work whether they ask from the SPA or a script asks with one of their API keys.
import { meteredRequest } from "../../_shared/billing/index.ts";
import {
  databaseExplorationStore,
  exploreKeepingResults,
  refresherOf,
  type ScrapeResult,
  type scrapeDomainRequestSchema,
  takeFreshCrawl,
} from "../../_shared/explorations/index.ts";
import { checkMailbox } from "../../_shared/mailbox/index.ts";
import { emailValidator, recordValidation, type ValidationResult } from "../../_shared/validation/index.ts";
import type { z } from "zod";
import { domainExplorer } from "./domain-explorer.ts";

type ExplorationRequest = z.output<typeof scrapeDomainRequestSchema>;

/**
 * Validates, with the mailbox check a receiving domain gets (waited for a few seconds, else pending), and logs the
 * validation as answered against whoever asked (a user, an anonymous session, or neither). A probe that finishes
 * later updates the stored result itself.
 */
export async function validateAndRecord(
  email: string,
  requester: { userId: string | null; sessionId: string | null },
): Promise<ValidationResult> {
  const result = await checkMailbox(await emailValidator()(email), requester.userId);
  await recordValidation(result, requester);
  return result;
}

export function validateForUser(userId: string, email: string, sessionId: string | null): Promise<ValidationResult> {
  return meteredRequest(userId, "validation", () => validateAndRecord(email, { userId, sessionId }));
}

/** A fresh crawl (fullDataCollection) counts against the refresher's daily limit for the domain; a kept result does not. */
export async function takeFreshCrawlIfAsked(request: ExplorationRequest, refresher: string | null): Promise<void> {
  if (request.enableScraping && request.fullDataCollection && refresher) await takeFreshCrawl(refresher, request.domain);
}

export function exploreKept(request: ExplorationRequest): Promise<ScrapeResult> {
  return exploreKeepingResults(request, { explorer: domainExplorer(), store: databaseExplorationStore });
}

export async function exploreForUser(userId: string, request: ExplorationRequest): Promise<ScrapeResult> {
  await takeFreshCrawlIfAsked(request, refresherOf({ userId, sessionId: null, clientIp: null }));
  return await meteredRequest(userId, "exploration", () => exploreKept(request));
}
