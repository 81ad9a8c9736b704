// The Domain Info tab: Domain Information (registration, the address pattern, what the company
// says of itself), Website Analysis (status, technologies, what may hide content) and Contact Information (postal
// address with its line breaks, phone, social profiles). A domain with nothing known says so.
import type { DetectedTechnologies, DomainInfo, EmailPattern } from "@contracts/explorations";
import { ExternalLinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { webPageLink } from "../web-links";
import { WEBSITE_STATUS_LABELS } from "./website-status-notice";

const SOCIAL_PLATFORM_NAMES: Record<DomainInfo["socialMedia"][number]["platform"], string> = {
  linkedin: "LinkedIn",
  x: "X (Twitter)",
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  github: "GitHub",
  tiktok: "TikTok",
};

/** Whether the answer holds any fact about the domain beyond its status. */
function knowsAnything(info: DomainInfo): boolean {
  return Boolean(
    info.registrar ||
      info.creationDate ||
      info.expirationDate ||
      info.companyDescription ||
      info.technologies.length > 0 ||
      info.address ||
      info.phone ||
      info.socialMedia.length > 0 ||
      info.emailPattern,
  );
}

type DomainInfoTabProps = {
  info: DomainInfo;
  detected: DetectedTechnologies;
  pagesVisited: string[];
};

export function DomainInfoTab({ info, detected, pagesVisited }: DomainInfoTabProps) {
  if (!knowsAnything(info)) {
    return (
      <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        No domain information available.
      </p>
    );
  }
  const hasContact = Boolean(info.address || info.phone || info.socialMedia.length > 0);

  return (
    <div className="grid gap-4">
      <InfoSection title="Domain Information">
        <Fact name="Domain">{info.domain}</Fact>
        <Fact name="Registrar">{info.registrar ?? <Unknown />}</Fact>
        <Fact name="Created">{info.creationDate ? <DateText value={info.creationDate} /> : <Unknown />}</Fact>
        <Fact name="Expires">{info.expirationDate ? <DateText value={info.expirationDate} /> : <Unknown />}</Fact>
        {info.emailPattern && (
          <Fact name="Address pattern">
            <PatternText pattern={info.emailPattern} domain={info.domain} />
          </Fact>
        )}
        {info.companyDescription && <Fact name="Description">{info.companyDescription}</Fact>}
      </InfoSection>

      <InfoSection title="Website Analysis">
        <Fact name="Status">{WEBSITE_STATUS_LABELS[info.websiteStatus]}</Fact>
        <Fact name="Technologies">
          {info.technologies.length > 0 ? (
            <ul aria-label="Technologies" className="flex flex-wrap gap-1.5">
              {info.technologies.map((technology) => (
                <li key={technology} className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">
                  {technology}
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-muted-foreground">None detected</span>
          )}
        </Fact>
        <Fact name="JavaScript rendering">{detected.hasJavaScriptRendering ? "Yes" : "No"}</Fact>
        <Fact name="Website builder">{detected.hasWebsiteBuilder ? "Yes" : "No"}</Fact>
        <Fact name="Pages read">{pagesVisited.length}</Fact>
      </InfoSection>

      {hasContact && (
        <InfoSection title="Contact Information">
          {info.address && (
            <Fact name="Address">
              <address className="not-italic whitespace-pre-line">{info.address}</address>
            </Fact>
          )}
          {info.phone && (
            <Fact name="Phone">
              <a href={`tel:${info.phone}`} className="underline-offset-4 hover:underline">
                {info.phone}
              </a>
            </Fact>
          )}
          {info.socialMedia.length > 0 && (
            <Fact name="Social media">
              <ul aria-label="Social media" className="grid gap-1">
                {info.socialMedia.map(({ platform, url }) => (
                  <li key={url}>
                    <SocialLink name={SOCIAL_PLATFORM_NAMES[platform]} url={url} />
                  </li>
                ))}
              </ul>
            </Fact>
          )}
        </InfoSection>
      )}
    </div>
  );
}

function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 rounded-xl border p-4">
      <h3 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{title}</h3>
      <dl className="grid gap-2 text-sm">{children}</dl>
    </section>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{name}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Unknown() {
  return <span className="text-muted-foreground">Not available</span>;
}

/** A registration date in the reader's own format; a date the browser cannot read is shown as the server sent it. */
function DateText({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return <time dateTime={value}>{date.toLocaleDateString(undefined, { dateStyle: "long", timeZone: "UTC" })}</time>;
}

function PatternText({ pattern, domain }: { pattern: EmailPattern; domain: string }) {
  const confidence = Math.round(pattern.confidence * 100);
  return (
    <span className="grid gap-0.5">
      <code className="font-mono text-sm">
        {pattern.pattern}@{domain}
      </code>
      <span className="text-xs text-muted-foreground">
        {confidence}% confidence, from {pattern.samples} named {pattern.samples === 1 ? "address" : "addresses"}
      </span>
    </span>
  );
}

function SocialLink({ name, url }: { name: string; url: string }) {
  const link = webPageLink(url);
  if (!link) return <span>{name}</span>;
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
    >
      {name}
      <ExternalLinkIcon className="size-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
