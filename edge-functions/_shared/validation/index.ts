// The verdict engine: createEmailValidator({ resolver }) turns an address into a ValidationResult
// (contract.ts). Plain functions, no HTTP, no database; DNS comes from ../dns.
export { createEmailValidator, type EmailValidator, type EmailValidatorOptions } from "./validator.ts";
export { validateEmailRequestSchema, type ValidationResult, validationResultSchema } from "./contract.ts";
export { realTlds } from "./lists.ts";
export { recordValidation } from "./record-validation.ts";
export { isRoleAccount } from "./role-account.ts";
