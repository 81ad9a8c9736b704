// Mail providers whose "yes" at RCPT TO proves nothing: they accept every address during the conversation and bounce
// the unknown ones only after DATA (which a probe never sends), so their accepted addresses are `unverifiable`.
// Their clear refusals (a 5.1.1, a full mailbox) still count: a server that says no means it.
//
// A provider is known by the address's domain (its own and its brands' free-mail domains) or by its MX hosts' names
// (a company domain hosted there answers the same way). Keep an entry only with a note on where its behaviour is
// documented, and name the source's claim, so a later reader can check whether it still holds.

export interface KnownProvider {
  /** Shown to people ("Yahoo") as the reason the answer was not taken as proof. */
  name: string;
  /** Address domains, lower-case ASCII. */
  domains: readonly string[];
  /** MX host name suffixes, lower-case, matched at a label boundary. */
  mxSuffixes: readonly string[];
}

export const ACCEPT_ALL_PROVIDERS: readonly KnownProvider[] = [
  {
    // Yahoo Mail, which also runs AOL Mail and their older brands on the same MX hosts (*.yahoodns.net): the FAQ of
    // py3-validate-email (karolyi/py3-validate-email, "The module provides false positives") records that Yahoo's
    // servers reject nonexistent addresses only after DATA, and Reacher (reacherhq/check-if-email-exists) asks Yahoo
    // addresses through Yahoo's sign-up page instead of SMTP for the same reason.
    name: "Yahoo",
    domains: [
      "yahoo.com",
      "yahoo.co.uk",
      "yahoo.fr",
      "yahoo.de",
      "yahoo.es",
      "yahoo.it",
      "yahoo.ca",
      "yahoo.com.au",
      "yahoo.co.jp",
      "yahoo.co.in",
      "yahoo.com.br",
      "ymail.com",
      "rocketmail.com",
      "aol.com",
      "aim.com",
    ],
    mxSuffixes: ["yahoodns.net"],
  },
];

function hasSuffix(host: string, suffix: string): boolean {
  return host === suffix || host.endsWith(`.${suffix}`);
}

/** The known accept-all provider behind a domain, by the domain itself or by any of its MX hosts. */
export function acceptAllProvider(domain: string, mxHosts: readonly string[]): KnownProvider | null {
  const name = domain.toLowerCase().replace(/\.$/, "");
  const hosts = mxHosts.map((host) => host.toLowerCase().replace(/\.$/, ""));
  return ACCEPT_ALL_PROVIDERS.find((provider) =>
    provider.domains.includes(name) ||
    hosts.some((host) => provider.mxSuffixes.some((suffix) => hasSuffix(host, suffix)))
  ) ?? null;
}
