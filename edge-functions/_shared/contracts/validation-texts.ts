// The verdict and its reasons in plain words (the SPA and the landing pages): one sentence per reason code, so a person
// learns why an address got its verdict without knowing DNS.
import type { NotCheckedReason } from "../mailbox/contract.ts";
import type { ReasonCode, Verdict } from "../validation/contract.ts";

export const REASON_TEXTS: Record<ReasonCode, string> = {
  invalid_syntax: "The address is not written the way mail providers accept: check for spaces, doubled dots or a missing part.",
  domain_not_found: "The domain does not exist.",
  null_mx: "The domain declares that it accepts no email at all (a null MX record).",
  no_mail_server: "The domain exists but has no mail server: no MX records and no address to deliver to.",
  mx_host_unresolved: "The domain names mail servers, but none of them has an address, so mail cannot reach them.",
  mx_private_address:
    "The domain's mail servers have only private or local addresses, which senders on the internet cannot reach.",
  dns_error: "The domain's name servers did not answer in time, so this could not be checked. Try again later.",
  no_mx_implicit_a:
    "The domain has no MX records, so mail would go to its web server's address, which often does not accept mail.",
  disposable: "The domain belongs to a disposable (temporary) email service.",
  role_account: "The address belongs to a role or team, such as info@ or support@, rather than a person.",
  free_provider: "The address is at a free email provider.",
  possible_typo: "The domain looks like a misspelling of a well-known one.",
  mailbox_exists: "The domain's mail server confirmed that this mailbox exists.",
  mailbox_not_found: "The domain's mail server said there is no such mailbox.",
  mailbox_full: "The mailbox exists but is full, so new mail to it bounces.",
  catch_all:
    "The domain accepts mail for any address, made-up ones too, so its mail server cannot tell whether this mailbox exists.",
  smtp_blocked: "The domain's mail server would not say whether the mailbox exists: it turned our check away.",
  smtp_unavailable: "The domain's mail servers could not be reached, so the mailbox could not be checked.",
  greylisted: "The domain's mail server asked us to try again later, so the mailbox could not be checked yet.",
  mailbox_unverifiable:
    "This provider answers yes for every address when asked, so the mailbox cannot be confirmed this way.",
};

/** Why a mailbox was not checked, in plain words. */
export const NOT_CHECKED_TEXTS: Record<NotCheckedReason, string> = {
  not_receiving: "The mailbox was not checked: with no mail server known for the domain, there is nobody to ask.",
  no_worker: "The mailbox was not checked: no mailbox checker is running right now. The verdict rests on DNS alone.",
  expired: "The mailbox was not checked: the check did not finish in time. The verdict rests on DNS alone.",
  not_requested: "The mailbox was not checked. The verdict rests on DNS alone.",
};

export const VERDICT_TEXTS: Record<Verdict, { label: string; summary: string }> = {
  deliverable: { label: "Deliverable", summary: "Mail to this address should arrive." },
  risky: { label: "Risky", summary: "Mail can be delivered, but see why it is risky below." },
  undeliverable: { label: "Undeliverable", summary: "Mail to this address cannot arrive." },
  unknown: { label: "Unknown", summary: "We could not find out whether mail to this address can arrive." },
};
