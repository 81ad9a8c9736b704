// The verdict engine: createEmailValidator({ resolver }) turns an address into a ValidationResult
// (contract.ts). Plain functions, no HTTP; DNS comes from ../dns. emailValidator() is the engine built from the settings.
export { createEmailValidator, type EmailValidator, type EmailValidatorOptions } from "./validator.ts";
export { emailValidator, freshEmailValidator } from "./engine.ts";
export {
  type MailboxProbeAnswer,
  mailboxProbeAnswerSchema,
  validateEmailRequestSchema,
  type ValidationResult,
  validationResultSchema,
  type Verdict,
} from "./contract.ts";
export { applyMailbox } from "./mailbox-verdict.ts";
export { realTlds } from "./lists.ts";
export { recordValidation } from "./record-validation.ts";
export { isRoleAccount } from "./role-account.ts";
export { isDisposableDomain, isFreeProviderDomain } from "./provider-flags.ts";
export { parseAddress, parseDomain, type ParsedAddress, type ParsedDomain } from "./syntax.ts";
