// A landing page's template variables from real data: the domain's MX records through the shared DNS resolver and
// cache, its SPF and DMARC records, MailScout's validation figures for the domain, and for an address page the latest
// validation of the address. gatherPageFacts reads (DNS and the database, through the functions it is given);
// pageVariables turns what was read into the variables, pure, so its sentences are tested without a network.
//
// Values are plain text, except mxTable and reasons, which are markup built here with every value escaped: the
// template renderer escapes text where it goes into HTML, and the page's title, description and h1 stay plain text for
// the document renderer to escape. Missing data leaves the variable out, and the template shows its fallback.
import type { DnsClient, MailDomainLookup, MailDomainResolver } from "../dns/index.ts";
import { type ReasonCode, REASON_TEXTS, type Verdict, VERDICT_TEXTS } from "../contracts/validation.ts";
import { isRoleAccount } from "../validation/index.ts";
import { type SeoPageType, VALIDATION_STATS_MIN } from "./contract.ts";
import { escapeHtml } from "./html.ts";
import type { SeoEntity } from "./privacy.ts";

export interface DomainValidationStats {
  total: number;
  deliverable: number;
  risky: number;
  undeliverable: number;
  lastChecked: Date;
}

export interface LatestValidation {
  verdict: Verdict;
  reasons: ReasonCode[];
}

export interface PageFacts {
  lookup: MailDomainLookup;
  /** The domain's TXT records, or null when DNS could not answer. */
  txt: string[] | null;
  /** TXT records at _dmarc.<domain>, or null when DNS could not answer. */
  dmarcTxt: string[] | null;
  stats: DomainValidationStats | null;
  latest: LatestValidation | null;
}

export interface PageFactSources {
  resolver: MailDomainResolver;
  dns: DnsClient;
  /** MailScout's figures for the domain (Unicode form, as validations store it); never addresses. */
  domainStats(domainUnicode: string): Promise<DomainValidationStats | null>;
  /** The latest stored validation of the full address. */
  latestValidation(address: string): Promise<LatestValidation | null>;
}

/** Variable name → value; HTML_VARIABLES' values are markup, every other value plain text. */
export type PageVariables = Record<string, string>;
export const HTML_VARIABLES: ReadonlySet<string> = new Set(["mxTable", "reasons"]);

const decoder = new TextDecoder();

async function txtRecords(dns: DnsClient, name: string): Promise<string[] | null> {
  try {
    const response = await dns.query(name, "TXT");
    if (response.rcode === "NXDOMAIN") return [];
    if (response.rcode !== "NOERROR") return null;
    return response.answers.flatMap((answer) => {
      if (answer.type !== "TXT") return [];
      const parts = Array.isArray(answer.data) ? answer.data : [answer.data];
      return [parts.map((part) => (typeof part === "string" ? part : decoder.decode(part))).join("")];
    });
  } catch {
    return null;
  }
}

/** Everything a page of this entity needs, read at once. `address` is the full address of an address page. */
export async function gatherPageFacts(
  sources: PageFactSources,
  entity: SeoEntity,
  address: string | null,
): Promise<PageFacts> {
  const [lookup, txt, dmarcTxt, stats, latest] = await Promise.all([
    sources.resolver.lookup(entity.domainAscii),
    txtRecords(sources.dns, entity.domainAscii),
    txtRecords(sources.dns, `_dmarc.${entity.domainAscii}`),
    sources.domainStats(entity.domainUnicode),
    address ? sources.latestValidation(address) : Promise.resolve(null),
  ]);
  return { lookup, txt, dmarcTxt, stats, latest };
}

// Providers named from their MX hosts' domains; the first whose suffix a host ends with wins.
const PROVIDERS: [string, string][] = [
  ["google.com", "Google Workspace"],
  ["googlemail.com", "Google Workspace"],
  ["outlook.com", "Microsoft 365"],
  ["zoho.com", "Zoho Mail"],
  ["zoho.eu", "Zoho Mail"],
  ["protonmail.ch", "Proton Mail"],
  ["proton.me", "Proton Mail"],
  ["messagingengine.com", "Fastmail"],
  ["mimecast.com", "Mimecast"],
  ["pphosted.com", "Proofpoint"],
  ["ppe-hosted.com", "Proofpoint"],
  ["amazonaws.com", "Amazon SES/WorkMail"],
  ["yahoodns.net", "Yahoo Mail"],
  ["mail.ru", "Mail.ru"],
  ["yandex.net", "Yandex Mail"],
  ["secureserver.net", "GoDaddy"],
  ["ovh.net", "OVHcloud"],
];

const endsWithDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The mail provider the MX hosts belong to; "self-hosted" when they are the domain's own; null when unknown. */
export function providerFromMx(domainAscii: string, exchanges: readonly string[]): string | null {
  for (const [suffix, provider] of PROVIDERS) {
    if (exchanges.some((host) => endsWithDomain(host, suffix))) return provider;
  }
  return exchanges.length > 0 && exchanges.every((host) => endsWithDomain(host, domainAscii)) ? "self-hosted" : null;
}

const RECORD_SHOWN_MAX = 255;
const shownRecord = (record: string) =>
  record.length > RECORD_SHOWN_MAX ? `${record.slice(0, RECORD_SHOWN_MAX)}…` : record;

function spfSentence(domain: string, txt: string[]): string {
  const records = txt.filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
  if (records.length === 0) return `${domain} publishes no SPF record, so receivers cannot tell which servers may send its mail.`;
  if (records.length > 1) return `${domain} publishes ${records.length} SPF records; receivers treat that as an error and ignore them all.`;
  const record = records[0]!.trim();
  const all = /(?:^|\s)([-~?+]?)all(?:\s|$)/i.exec(record);
  const policy = !all
    ? "does not end with an all rule, so mail from servers it does not list gets no verdict"
    : {
      "-": "asks receivers to reject mail from servers it does not list (-all)",
      "~": "asks receivers to treat mail from servers it does not list as suspicious (~all)",
      "?": "takes no position on servers it does not list (?all)",
      "+": "allows any server on the internet to send as the domain (+all), which protects nothing",
      "": "allows any server on the internet to send as the domain (+all), which protects nothing",
    }[all[1]!]!;
  return `${domain}'s SPF record (${shownRecord(record)}) ${policy}.`;
}

function dmarcSentence(domain: string, txt: string[]): string {
  const record = txt.map((text) => text.trim()).find((text) => /^v=DMARC1\s*(;|$)/i.test(text));
  if (!record) return `${domain} publishes no DMARC policy, so receivers decide alone what to do with mail that fails SPF or DKIM.`;
  const policy = /(?:^|;)\s*p\s*=\s*([a-z]+)/i.exec(record)?.[1]?.toLowerCase();
  const meaning = {
    none: "only to report mail that fails SPF and DKIM (p=none), not to stop it",
    quarantine: "to put mail that fails SPF and DKIM into spam (p=quarantine)",
    reject: "to reject mail that fails SPF and DKIM (p=reject)",
  }[policy ?? ""];
  return meaning
    ? `${domain}'s DMARC policy asks receivers ${meaning}.`
    : `${domain} publishes a DMARC record without a valid policy (${shownRecord(record)}), which receivers ignore.`;
}

const MX_SUMMARIES: Partial<Record<MailDomainLookup["kind"], (domain: string) => string>> = {
  null_mx: (domain) => `${domain} publishes a null MX record: it accepts no email at all.`,
  implicit: (domain) => `${domain} has no MX records, so mail goes to the domain's own address record (implicit MX).`,
  no_mail_server: (domain) => `${domain} has no MX records and no address record: nothing can receive its mail.`,
  not_found: (domain) => `${domain} does not exist in DNS, so it receives no mail.`,
  mx_host_unresolved: (domain) => `${domain} names mail servers, but none of them has an address, so mail cannot reach them.`,
  mx_private_address: (domain) =>
    `${domain}'s mail servers have only private addresses, which senders on the internet cannot reach.`,
};

const LOOKUP_REASONS: Partial<Record<MailDomainLookup["kind"], ReasonCode>> = {
  null_mx: "null_mx",
  implicit: "no_mx_implicit_a",
  no_mail_server: "no_mail_server",
  not_found: "domain_not_found",
  mx_host_unresolved: "mx_host_unresolved",
  mx_private_address: "mx_private_address",
  error: "dns_error",
};

function percent(part: number, total: number): string {
  return `${Math.round((part / total) * 100)}%`;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function verdictFromDns(lookup: MailDomainLookup): string | null {
  switch (lookup.kind) {
    case "mx":
      return "The domain accepts mail: it has working MX records. The mailbox itself has not been checked yet.";
    case "implicit":
      return "The domain may accept mail at its own address, though without MX records such mail often bounces.";
    case "error":
      return null;
    default:
      return `${VERDICT_TEXTS.undeliverable.label}: ${VERDICT_TEXTS.undeliverable.summary}`;
  }
}

/** The template variables for a page. `shownEntity` is what the page publishes (masked for a person). */
export function pageVariables(
  pageType: SeoPageType,
  entity: SeoEntity,
  shownEntity: string,
  facts: PageFacts,
  checkedAt: Date,
): PageVariables {
  const domain = entity.domainUnicode;
  const variables: PageVariables = { domain, checkedAt: isoDay(checkedAt) };
  const { lookup } = facts;
  const hasMx = lookup.kind === "mx" || lookup.kind === "mx_host_unresolved" || lookup.kind === "mx_private_address";
  if (hasMx) {
    const hosts = lookup.mxRecords;
    variables.mxCount = String(hosts.length);
    const provider = providerFromMx(entity.domainAscii, hosts.map((host) => host.exchange));
    if (provider) variables.provider = provider;
    variables.mxTable = `<table><thead><tr><th>Preference</th><th>Mail server</th></tr></thead><tbody>${
      hosts.map((host) => `<tr><td>${host.priority}</td><td>${escapeHtml(host.exchange)}</td></tr>`).join("")
    }</tbody></table>`;
  } else if (lookup.kind !== "error") {
    variables.mxCount = "0";
  }
  variables.mxSummary = lookup.kind === "mx"
    ? `${domain} has ${lookup.mxRecords.length} MX record${lookup.mxRecords.length === 1 ? "" : "s"}; mail goes first to ${
      lookup.mxRecords[0]!.exchange
    }.`
    : MX_SUMMARIES[lookup.kind]?.(domain) ?? "";
  if (variables.mxSummary === "") delete variables.mxSummary;
  if (facts.txt) variables.spf = spfSentence(domain, facts.txt);
  if (facts.dmarcTxt) variables.dmarc = dmarcSentence(domain, facts.dmarcTxt);
  const stats = facts.stats;
  if (stats && stats.total >= VALIDATION_STATS_MIN) {
    variables.validationStats = `MailScout has validated ${stats.total} addresses at ${domain}: ${
      percent(stats.deliverable, stats.total)
    } deliverable, ${percent(stats.risky, stats.total)} risky and ${
      percent(stats.undeliverable, stats.total)
    } undeliverable (last checked ${isoDay(stats.lastChecked)}).`;
  }
  if (pageType === "email_validate" && entity.kind === "address") {
    variables.address = shownEntity;
    const latest = facts.latest;
    const verdict = latest
      ? `${VERDICT_TEXTS[latest.verdict].label}: ${VERDICT_TEXTS[latest.verdict].summary}`
      : verdictFromDns(lookup);
    if (verdict) variables.verdict = verdict;
    const fromDns = LOOKUP_REASONS[lookup.kind];
    const reasons = latest?.reasons ??
      [...(fromDns ? [fromDns] : []), ...(isRoleAccount(entity.local) ? ["role_account" as const] : [])];
    if (reasons.length > 0) {
      variables.reasons = `<ul>${reasons.map((reason) => `<li>${escapeHtml(REASON_TEXTS[reason])}</li>`).join("")}</ul>`;
    }
  }
  return variables;
}
