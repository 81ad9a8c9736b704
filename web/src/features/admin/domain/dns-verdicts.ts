// What DNS said of a domain as a mail destination, in words, and how each verdict looks.
import type { DNS_VERDICTS } from "@contracts/admin";

type DnsVerdict = (typeof DNS_VERDICTS)[number];

export const DNS_VERDICT_LABELS: Record<DnsVerdict, string> = {
  mx: "Mail servers (MX)",
  implicit: "No MX, mail to the domain's address",
  mx_host_unresolved: "MX host does not resolve",
  mx_private_address: "MX on a private address",
  null_mx: "Accepts no mail (null MX)",
  no_mail_server: "No mail server",
  not_found: "Domain not found",
};

/** Verdicts a message could be delivered under read as good; the rest as a warning. */
export function verdictVariant(verdict: DnsVerdict): "success" | "destructive" {
  return verdict === "mx" || verdict === "implicit" ? "success" : "destructive";
}

export function verdictLabel(verdict: string): string {
  return DNS_VERDICT_LABELS[verdict as DnsVerdict] ?? verdict;
}
