// From the DNS answer and the flags to a verdict and its reasons. Stricter than tools that read "no MX" as "no mail":
// RFC 5321 §5.1 delivers to the A/AAAA address when there is no MX (implicit MX), RFC 7505's null MX says the domain
// takes no mail at all, MX hosts without a public address receive nothing (dns/mx-hosts.ts), and a DNS failure proves
// nothing, so it is "unknown", never "invalid".
import type { MailDomainLookup } from "../dns/index.ts";
import type { ReasonCode, Verdict } from "./contract.ts";

/** How the domain stands as a mail destination; scores.ts weighs the same four states. */
export type MailAcceptance = "mx" | "implicit" | "unknown" | "none";

export interface AddressFlags {
  disposable: boolean;
  roleAccount: boolean;
  freeProvider: boolean;
  possibleTypo: boolean;
}

export interface Assessment {
  verdict: Verdict;
  /** In REASON_CODES order (domain first, then the flags), so the same facts always read the same. */
  reasons: ReasonCode[];
  acceptance: MailAcceptance;
}

const DOMAIN_REASON: Record<MailDomainLookup["kind"], ReasonCode | null> = {
  mx: null,
  mx_host_unresolved: "mx_host_unresolved",
  mx_private_address: "mx_private_address",
  implicit: "no_mx_implicit_a",
  null_mx: "null_mx",
  no_mail_server: "no_mail_server",
  not_found: "domain_not_found",
  error: "dns_error",
};

const ACCEPTANCE: Record<MailDomainLookup["kind"], MailAcceptance> = {
  mx: "mx",
  mx_host_unresolved: "none",
  mx_private_address: "none",
  implicit: "implicit",
  null_mx: "none",
  no_mail_server: "none",
  not_found: "none",
  error: "unknown",
};

export function assessInvalidSyntax(): Assessment {
  return { verdict: "undeliverable", reasons: ["invalid_syntax"], acceptance: "none" };
}

/**
 * The verdict for a well-formed address. Undeliverable and unknown come from DNS alone; flags only move an address
 * that can receive mail from deliverable to risky. Free provider and possible typo are information, never a verdict
 * by themselves (a typo whose domain takes no mail is already undeliverable through DNS).
 */
export function assessAddress(lookup: MailDomainLookup, flags: AddressFlags): Assessment {
  const acceptance = ACCEPTANCE[lookup.kind];
  const reasons: ReasonCode[] = [];
  const domainReason = DOMAIN_REASON[lookup.kind];
  if (domainReason) reasons.push(domainReason);
  if (flags.disposable) reasons.push("disposable");
  if (flags.roleAccount) reasons.push("role_account");
  if (flags.freeProvider) reasons.push("free_provider");
  if (flags.possibleTypo) reasons.push("possible_typo");

  let verdict: Verdict;
  if (acceptance === "none") verdict = "undeliverable";
  else if (acceptance === "unknown") verdict = "unknown";
  else verdict = receivingVerdict(acceptance, flags);
  return { verdict, reasons, acceptance };
}

/** The verdict of a domain that takes mail, before anyone asks its server about the mailbox. */
export function receivingVerdict(acceptance: "mx" | "implicit", flags: AddressFlags): "deliverable" | "risky" {
  return acceptance === "implicit" || flags.disposable || flags.roleAccount ? "risky" : "deliverable";
}
