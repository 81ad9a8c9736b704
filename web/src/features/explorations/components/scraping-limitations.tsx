// The amber warning of the Emails tab: a site whose content is drawn by scripts, or made with a website
// builder, may show people more than our crawler could read. It says so, recommends what to do, keeps the manual
// exploration tips one click away and opens the site for the person to look themselves.
import type { DetectedTechnologies } from "@contracts/explorations";
import { ChevronDownIcon, ExternalLinkIcon, TriangleAlertIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { homePageOf } from "../web-links";

/** Whether the warning applies: only sites that need scripts or are builder-made hide content from a crawler. */
export function hasScrapingLimitations(detected: DetectedTechnologies): boolean {
  return detected.hasJavaScriptRendering || detected.hasWebsiteBuilder;
}

export function ScrapingLimitations({ domain, detected }: { domain: string; detected: DetectedTechnologies }) {
  const [tipsOpen, setTipsOpen] = useState(false);
  const headingId = useId();
  const tipsId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-950 dark:text-amber-100"
    >
      <h4 id={headingId} className="flex items-center gap-2 font-semibold">
        <TriangleAlertIcon className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        Potential Scraping Limitations Detected
      </h4>
      <p>
        {detected.hasJavaScriptRendering && detected.hasWebsiteBuilder
          ? "This site is made with a website builder and draws its content with JavaScript, so some addresses may not have been visible to us."
          : detected.hasWebsiteBuilder
            ? "This site is made with a website builder, which often keeps contact details in forms or widgets we cannot read."
            : "This site draws its content with JavaScript, so some addresses may not have been visible to us."}
      </p>
      {detected.recommendations.length > 0 && (
        <ul aria-label="Recommendations" className="grid list-disc gap-1 pl-5">
          {detected.recommendations.map((recommendation) => (
            <li key={recommendation}>{recommendation}</li>
          ))}
        </ul>
      )}
      {detected.explorationTips.length > 0 && (
        <div className="grid gap-2">
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start px-2 text-amber-950 hover:bg-amber-500/15 dark:text-amber-100"
            aria-expanded={tipsOpen}
            aria-controls={tipsId}
            onClick={() => setTipsOpen((open) => !open)}
          >
            <ChevronDownIcon className={cn("transition-transform", tipsOpen && "rotate-180")} aria-hidden />
            Manual Exploration Tips
          </Button>
          <ol id={tipsId} hidden={!tipsOpen} className="grid list-decimal gap-1 pl-5">
            {detected.explorationTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ol>
        </div>
      )}
      <Button asChild variant="outline" size="sm" className="justify-self-start">
        <a href={homePageOf(domain)} target="_blank" rel="noopener noreferrer">
          <ExternalLinkIcon aria-hidden />
          Open Website in New Tab
        </a>
      </Button>
    </section>
  );
}
