// POST /api/scrape-domain: explore a domain's website for contacts and company facts. The automatic
// flow after a valid validation sends {domain}; the scraper form adds its two options. Anonymous calls carry the
// browser's session id, against which the server counts the free allowance (a 429 once it is used up).
import { type ScrapeDomainRequest, type ScrapeResult, scrapeDomainRequestSchema, scrapeResultSchema } from "@contracts/explorations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshBalance } from "@/features/account";
import { apiFetch, readJson } from "@/lib/api";

export const scrapeDomainInputSchema = scrapeDomainRequestSchema;

export async function scrapeDomain(request: ScrapeDomainRequest): Promise<ScrapeResult> {
  const { domain } = scrapeDomainInputSchema.parse(request);
  // The request as given with its domain normalised: the automatic flow's body stays {domain}, as the spec has it,
  // without the options' defaults.
  const response = await apiFetch("/api/scrape-domain", {
    method: "POST",
    body: { ...request, domain },
  });
  return readJson(response, scrapeResultSchema);
}

export function useScrapeDomain() {
  const queryClient = useQueryClient();
  // Signed in, the work was paid from the balance (or refused for want of it): the header's figure is asked again.
  return useMutation({ mutationFn: scrapeDomain, onSettled: () => refreshBalance(queryClient) });
}
