// The Domain Exploration panel: a status badge and, by state, the empty state, a placeholder while
// the site is read, the result (banner, status notice, Emails and Domain Info tabs) or what went wrong. The badge and
// the banner sit in live regions, so screen readers hear the exploration start and what it found.
import type { ScrapeResult } from "@contracts/explorations";
import { CircleCheckIcon, GlobeIcon, HourglassIcon } from "lucide-react";
import type { Ref } from "react";
import { CardContent } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { IconBadge } from "@/components/ui/icon-badge";
import { type StatusBadge, StatusCard } from "@/components/ui/status-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DomainInfoTab } from "./domain-info-tab";
import { EmailsTab } from "./emails-tab";
import { WebsiteStatusNotice } from "./website-status-notice";

export type ExplorationState =
  /** Nothing asked for yet. */
  | { status: "idle" }
  /** A validation is running; a valid address's domain is explored next. */
  | { status: "waiting" }
  | { status: "scraping"; domain: string }
  | { status: "complete"; result: ScrapeResult }
  /** `refusal`: the server's reason for refusing this caller (rate limit, suspension), shown as it is. */
  | { status: "failed"; limitReached: boolean; refusal?: string };

function badgeFor(state: ExplorationState): StatusBadge {
  switch (state.status) {
    case "idle":
    case "waiting":
      return { label: "Waiting for validation", className: "bg-muted text-muted-foreground" };
    case "scraping":
      return { label: "Scraping...", className: "bg-primary/10 text-primary" };
    case "complete":
      return { label: "Complete", className: "bg-success/15 text-success" };
    case "failed":
      return { label: "Error", className: "bg-destructive/10 text-destructive" };
  }
}

type ExplorationPanelProps = {
  state: ExplorationState;
  ref?: Ref<HTMLElement>;
};

export function ExplorationPanel({ state, ref }: ExplorationPanelProps) {
  const badge = badgeFor(state);

  return (
    <StatusCard
      titleId="domain-exploration-title"
      title="Domain Exploration"
      badge={badge}
      busy={state.status === "scraping"}
      ref={ref}
    >
      <CardContent aria-busy={state.status === "scraping"} className="grid gap-5">
        {/* Always present, so the banner's arrival is announced. */}
        <div aria-live="polite">{state.status === "complete" && <Banner result={state.result} />}</div>
        {(state.status === "idle" || state.status === "waiting") && <NothingExplored waiting={state.status === "waiting"} />}
        {state.status === "scraping" && <Scraping domain={state.domain} />}
        {state.status === "complete" && <ExplorationResult key={resultKey(state.result)} result={state.result} />}
        {state.status === "failed" && <Failed limitReached={state.limitReached} refusal={state.refusal} />}
      </CardContent>
    </StatusCard>
  );
}

/** A new result is a new view: its tab defaults, search and show-more start afresh. */
function resultKey(result: ScrapeResult): string {
  return `${result.domain} ${result.scrapedAt}`;
}

/** The count text of the banner, as the spec writes it. */
export function emailCountText(count: number): string {
  return count === 0 ? "No emails found" : `${count} email(s) found`;
}

function Banner({ result }: { result: ScrapeResult }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-success/40 bg-success/10 p-4">
      <CircleCheckIcon className="size-7 shrink-0 text-success" aria-hidden />
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-bold tracking-wide text-success">DOMAIN SCRAPED</p>
        <p className="truncate font-medium" title={result.domain}>
          {result.domain}
        </p>
        <p className="text-sm text-muted-foreground">{emailCountText(result.emails.length)}</p>
      </div>
    </div>
  );
}

function ExplorationResult({ result }: { result: ScrapeResult }) {
  return (
    <>
      <WebsiteStatusNotice status={result.domainInfo.websiteStatus} message={result.domainInfo.statusMessage} />
      {result.partial && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <HourglassIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          The site was slow to answer, so this is what its first pages showed; exploring again may find more.
        </p>
      )}
      <Tabs defaultValue={result.emails.length === 0 ? "domain-info" : "emails"}>
        <TabsList>
          <TabsTrigger value="emails">Emails</TabsTrigger>
          <TabsTrigger value="domain-info">Domain Info</TabsTrigger>
        </TabsList>
        <TabsContent value="emails">
          <EmailsTab domain={result.domain} emails={result.emails} detected={result.detectedTechnologies} />
        </TabsContent>
        <TabsContent value="domain-info">
          <DomainInfoTab
            info={result.domainInfo}
            detected={result.detectedTechnologies}
            pagesVisited={result.pagesVisited}
          />
        </TabsContent>
      </Tabs>
      <p className="text-xs text-muted-foreground">
        Explored <time dateTime={result.scrapedAt}>{new Date(result.scrapedAt).toLocaleString()}</time>
      </p>
    </>
  );
}

function NothingExplored({ waiting }: { waiting: boolean }) {
  return (
    <div className="grid justify-items-center gap-2 py-10 text-center">
      <IconBadge icon={GlobeIcon} />
      <p className="font-medium">No domain explored yet</p>
      <p className="max-w-xs text-sm text-muted-foreground">
        {waiting
          ? "Once the address proves valid, its domain's website is explored for more contacts."
          : "Validate an email address or enter a domain to find the contacts on its website."}
      </p>
    </div>
  );
}

function Scraping({ domain }: { domain: string }) {
  return (
    <div className="grid gap-4">
      <p className="truncate text-sm text-muted-foreground">
        Exploring <span className="font-medium text-foreground">{domain}</span>: its home, contact, about and team pages
      </p>
      <div className="h-16 animate-pulse rounded-xl bg-muted" />
      <div className="h-10 animate-pulse rounded-xl bg-muted" />
      <div className="h-24 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}

function Failed({ limitReached, refusal }: { limitReached: boolean; refusal?: string }) {
  return (
    <ErrorNotice>
      {limitReached
        ? "You have used this month's free validations. Sign in or choose a plan to keep exploring domains."
        : (refusal ?? "This domain could not be explored. Please try again.")}
    </ErrorNotice>
  );
}
