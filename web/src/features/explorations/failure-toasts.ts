// What a failed exploration tells the person. The automatic exploration after a validation and the
// scraper form word their failures differently; the form also tells a network failure from a refusal.
import { ApiError, messageOf } from "@/lib/api";

export type ExplorationSource = "validation" | "form";

type FailureToast = { title: string; description: string; variant: "destructive" };

export function explorationFailureToast(error: unknown, source: ExplorationSource): FailureToast {
  if (source === "validation") {
    return {
      title: "Scraping failed",
      description: messageOf(error, "Could not scrape domain. The website may be protected against scraping."),
      variant: "destructive",
    };
  }
  // fetch rejects with a TypeError when no answer arrived at all; anything else had an answer that was not a result.
  if (!(error instanceof ApiError) && error instanceof TypeError) {
    return { title: "Error", description: "Network error while scraping domain", variant: "destructive" };
  }
  return { title: "Scraping Failed", description: messageOf(error, "Unable to scrape the domain"), variant: "destructive" };
}
