// What DNS says about a domain as a mail destination, in the eight outcomes the verdict engine tells apart. The zod
// schema is for answers that come back from storage (public.mail_domain_cache): a row another build wrote, or one
// edited by hand, must not reach the engine unchecked.
import { z } from "zod";

const mxHostSchema = z.object({
  /** Lower-case host name without the trailing dot. */
  exchange: z.string().min(1),
  priority: z.number().int().min(0).max(65_535),
});

export const mailDomainLookupSchema = z.discriminatedUnion("kind", [
  /** Sorted by priority, then exchange; at least one host has a public address. */
  z.object({ kind: z.literal("mx"), mxRecords: z.array(mxHostSchema).min(1) }),
  /** MX records, but not one of their hosts has an A or AAAA record: nothing can be delivered. */
  z.object({ kind: z.literal("mx_host_unresolved"), mxRecords: z.array(mxHostSchema).min(1) }),
  /**
   * MX records whose hosts have addresses only in loopback, private or other non-public space (the explorer's
   * address policy): no sender on the internet can deliver there.
   */
  z.object({ kind: z.literal("mx_private_address"), mxRecords: z.array(mxHostSchema).min(1) }),
  /** RFC 7505: the domain publishes a single MX "0 ." and accepts no mail. */
  z.object({ kind: z.literal("null_mx") }),
  /** No MX, but A/AAAA records: RFC 5321 §5.1 delivers to the domain itself (implicit MX). */
  z.object({ kind: z.literal("implicit"), addresses: z.array(z.string().min(1)).min(1) }),
  /** The name exists, but has no MX and no A/AAAA: nothing can receive its mail. */
  z.object({ kind: z.literal("no_mail_server") }),
  /** NXDOMAIN: the domain does not exist. */
  z.object({ kind: z.literal("not_found") }),
  /**
   * DNS could not answer (SERVFAIL, REFUSED, timeout, a malformed reply), for the domain or for MX hosts that might
   * have been the usable ones: unknown, never "invalid".
   */
  z.object({ kind: z.literal("error"), detail: z.string() }),
]);

export type MailDomainLookup = z.infer<typeof mailDomainLookupSchema>;
export type MailDomainLookupKind = MailDomainLookup["kind"];

export interface MailDomainResolver {
  /** The domain in ASCII (A-label) form; case and one trailing dot don't matter. Never rejects. */
  lookup(asciiDomain: string): Promise<MailDomainLookup>;
}
