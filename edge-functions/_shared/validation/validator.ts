// One address in, one ValidationResult out: syntax, then what the lists say about the domain and the local part,
// then DNS, then the verdict and scores. No HTTP and no database here; the resolver brings DNS and its caches.
import type { MailDomainResolver } from "../dns/index.ts";
import { SMTP_NOT_REQUESTED, type SmtpCheck } from "../contracts/mailbox.ts";
import type { ValidationResult } from "./contract.ts";
import { profileDomain } from "./domain-profile.ts";
import { isRoleAccount } from "./role-account.ts";
import { scoreAddress } from "./scores.ts";
import { parseAddress } from "./syntax.ts";
import { type AddressFlags, assessAddress, assessInvalidSyntax } from "./verdict.ts";

export interface EmailValidatorOptions {
  resolver: MailDomainResolver;
  /** The clock for validatedAt; tests pass a fixed one. */
  now?: () => Date;
}

export type EmailValidator = (input: string) => Promise<ValidationResult>;

/** Only a domain that takes mail has a server to ask about the mailbox. */
const NOT_RECEIVING: SmtpCheck = { status: "not_checked", reason: "not_receiving" };

const NO_FLAGS: AddressFlags = { disposable: false, roleAccount: false, freeProvider: false, possibleTypo: false };

/** The domain part of something that is not an address, for display: after the last "@", or "" without one. */
function domainPartOf(text: string): string {
  const at = text.lastIndexOf("@");
  return at < 0 ? "" : text.slice(at + 1).toLowerCase();
}

export function createEmailValidator({ resolver, now = () => new Date() }: EmailValidatorOptions): EmailValidator {
  return async (input) => {
    const address = parseAddress(input);
    if (!address.ok) {
      // Nothing to look up: a malformed address never costs a DNS query.
      const trimmed = input.trim();
      const { verdict, reasons, acceptance } = assessInvalidSyntax();
      return {
        email: trimmed,
        domain: domainPartOf(trimmed),
        isValid: false,
        formatValid: false,
        mxRecordsFound: false,
        verdict,
        reasons,
        mxRecords: [],
        disposable: false,
        roleAccount: false,
        freeProvider: false,
        suggestion: null,
        ...scoreAddress(acceptance, NO_FLAGS),
        smtp: NOT_RECEIVING,
        validatedAt: now().toISOString(),
      };
    }
    const profile = profileDomain(address.domainAscii);
    const flags: AddressFlags = {
      disposable: profile.disposable,
      roleAccount: isRoleAccount(address.local),
      freeProvider: profile.freeProvider,
      possibleTypo: profile.suggestedDomain !== null,
    };
    const lookup = await resolver.lookup(address.domainAscii);
    const { verdict, reasons, acceptance } = assessAddress(lookup, flags);
    return {
      email: address.normalised,
      domain: address.domainUnicode,
      isValid: acceptance === "mx" || acceptance === "implicit",
      formatValid: true,
      mxRecordsFound: "mxRecords" in lookup,
      verdict,
      reasons,
      // Copies: the resolver's cache shares its answer objects with every caller.
      mxRecords: "mxRecords" in lookup
        ? lookup.mxRecords.map(({ exchange, priority }) => ({ exchange, priority }))
        : [],
      disposable: flags.disposable,
      roleAccount: flags.roleAccount,
      freeProvider: flags.freeProvider,
      suggestion: profile.suggestedDomain === null ? null : `${address.local}@${profile.suggestedDomain}`,
      ...scoreAddress(acceptance, flags),
      smtp: acceptance === "mx" || acceptance === "implicit" ? SMTP_NOT_REQUESTED : NOT_RECEIVING,
      validatedAt: now().toISOString(),
    };
  };
}
