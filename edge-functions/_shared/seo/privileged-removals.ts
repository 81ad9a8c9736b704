// Removal requests through the database's definer functions, on the functions' own connection: visitors write the
// requests table only this way, and a confirmation removes pages and suppresses their entity in one transaction.
import { database } from "../db/pool.ts";
import type { SeoPageType } from "./contract.ts";

export interface RemovalRequestRow {
  url: string;
  pageId: string | null;
  email: string;
  reason: string;
  /** sha-256 hex of the mailed token; null when an admin decides. */
  tokenHash: string | null;
  clientNetwork: string | null;
}

/** Stores the request; answers its status (awaiting_confirmation with a token hash, else pending_review). */
export async function storeRemovalRequest(request: RemovalRequestRow): Promise<"awaiting_confirmation" | "pending_review"> {
  const [row] = await database()<{ status: "awaiting_confirmation" | "pending_review" }[]>`
    select status from private.request_seo_removal(
      ${request.url}, ${request.pageId}::uuid, ${request.email}, ${request.reason}, ${request.tokenHash},
      ${request.clientNetwork}
    )
  `;
  if (!row) throw new Error("request_seo_removal answered no row");
  return row.status;
}

/** The removed page, or null when no unexpired request awaits confirmation with that token hash. */
export async function confirmRemovalByHash(tokenHash: string): Promise<{ pageType: SeoPageType; slug: string } | null> {
  const [row] = await database()<{ pageType: SeoPageType; slug: string }[]>`
    select page_type as "pageType", slug from private.confirm_seo_removal(${tokenHash})
  `;
  return row ?? null;
}
