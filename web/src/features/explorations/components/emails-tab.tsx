// The Emails tab: the discovered addresses, narrowed by the name search; the first three, then
// the rest on request; the limitations warning where the site may hide addresses from a crawler.
import type { DetectedTechnologies, DiscoveredEmail } from "@contracts/explorations";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { matchesNameSearch } from "../name-search";
import { EmailCard } from "./email-card";
import { hasScrapingLimitations, ScrapingLimitations } from "./scraping-limitations";

/** The list shows this many first. */
export const EMAILS_SHOWN_FIRST = 3;

type EmailsTabProps = {
  domain: string;
  emails: DiscoveredEmail[];
  detected: DetectedTechnologies;
};

export function EmailsTab({ domain, emails, detected }: EmailsTabProps) {
  const [search, setSearch] = useState("");
  const [showAll, setShowAll] = useState(false);
  const searchId = useId();
  const listId = useId();
  const matching = emails.filter((email) => matchesNameSearch(email.email, search));
  const shown = showAll ? matching : matching.slice(0, EMAILS_SHOWN_FIRST);
  const hidden = matching.length - EMAILS_SHOWN_FIRST;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Discovered Email Addresses</h3>
        <p className="text-sm text-muted-foreground">
          {matching.length} of {emails.length} found
        </p>
      </div>

      {emails.length > 0 && (
        <div className="grid gap-1.5">
          <label htmlFor={searchId} className="sr-only">
            Search by name
          </label>
          <SearchInput
            id={searchId}
            placeholder="Search by name, e.g. Jane Doe"
            spellCheck={false}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}

      {hasScrapingLimitations(detected) && <ScrapingLimitations domain={domain} detected={detected} />}

      {emails.length === 0 ? (
        <EmptyList>No email addresses found on this domain.</EmptyList>
      ) : matching.length === 0 ? (
        <EmptyList>No emails match "{search}". Try different search terms.</EmptyList>
      ) : (
        <>
          <ul id={listId} aria-label="Discovered email addresses" className="grid gap-3">
            {shown.map((email) => (
              <li key={email.id}>
                <EmailCard email={email} />
              </li>
            ))}
          </ul>
          {hidden > 0 && (
            <Button
              variant="outline"
              className="w-full"
              aria-controls={listId}
              aria-expanded={showAll}
              onClick={() => setShowAll((all) => !all)}
            >
              {showAll ? "Show less" : `Show more (${hidden})`}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function EmptyList({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{children}</p>;
}
