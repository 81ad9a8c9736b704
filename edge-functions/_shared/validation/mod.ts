// The verdict engine: createEmailValidator({ resolver }) turns an address into a ValidationResult
// (contracts/validation.ts). Plain functions, no HTTP, no database; DNS comes from ../dns.
export { createEmailValidator, type EmailValidator, type EmailValidatorOptions } from "./validator.ts";
