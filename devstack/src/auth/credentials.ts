// Email, phone and password rules as GoTrue applies them, and bcrypt hashing (cost 10, GoTrue's bcrypt.DefaultCost)
// so hashes written here verify in GoTrue and the other way round.
import bcrypt from "bcryptjs";
import { passwordProblem } from "../../../edge-functions/_shared/accounts/password-rule.ts";
import { AuthApiError, badRequest } from "./errors.ts";

// bcrypt's 72-byte input limit, which GoTrue checks before anything else. The minimum length comes from config.toml
// (minimum_password_length, GoTrue's GOTRUE_PASSWORD_MIN_LENGTH).
const PASSWORD_MAX_BYTES = 72;
const BCRYPT_COST = 10;

// The pattern of github.com/badoux/checkmail, which GoTrue's validateEmail uses.
const DOMAIN_LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const EMAIL_FORMAT = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})*$`);
const E164_DIGITS = /^[1-9]\d{1,14}$/;

/** Checks an email and returns it as GoTrue stores it: trimmed and lower-cased. */
export function validateEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed === "") throw badRequest("validation_failed", "An email address is required");
  if (trimmed.length > 255) throw badRequest("validation_failed", "An email address is too long");
  if (!EMAIL_FORMAT.test(trimmed)) {
    throw badRequest("validation_failed", "Unable to validate email address: invalid format");
  }
  return trimmed.toLowerCase();
}

/** A phone number as GoTrue stores and looks it up: no leading "+", no spaces. */
export const normalizePhone = (phone: string): string => phone.replace(/^\+/, "").replaceAll(" ", "");

/** Checks a phone number and returns it normalized. */
export function validatePhone(phone: string): string {
  const digits = normalizePhone(phone);
  if (!E164_DIGITS.test(digits)) {
    throw badRequest("validation_failed", "Invalid phone number format (E.164 required)");
  }
  return digits;
}

/** Who the password belongs to, so it cannot be their own username or email address. */
export interface PasswordOwner {
  username?: string;
  email?: string;
}

/**
 * GoTrue's checks (72 bytes at most, the configured minimum length), then MailScout's password rule, the one
 * /api/register applies (edge-functions/_shared/accounts/password-rule.ts): not the owner's username or email, not
 * common. Hosted Auth refuses leaked passwords with reason "pwned" (leaked-password protection); a common or
 * guessable password is refused here with that reason too, so supabase-js reports both as AuthWeakPasswordError.
 */
export function checkPasswordStrength(password: string, minimumLength: number, owner: PasswordOwner = {}): void {
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) {
    throw badRequest("validation_failed", `Password cannot be longer than ${PASSWORD_MAX_BYTES} characters`);
  }
  if ([...password].length < minimumLength) {
    throw new AuthApiError(422, "weak_password", `Password should be at least ${minimumLength} characters.`, {
      weak_password: { reasons: ["length"] },
    });
  }
  const problem = passwordProblem(password, owner);
  if (problem) {
    throw new AuthApiError(422, "weak_password", `${problem.message}.`, {
      weak_password: { reasons: [problem.reason === "length" ? "length" : "pwned"] },
    });
  }
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_COST);

/** False, never an error, for a user without a password: they simply cannot sign in with one. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  return bcrypt.compare(password, hash);
}

/** admin.createUser may bring an existing bcrypt hash (GoTrue also takes argon2 and scrypt; we need none). */
export function checkBcryptHash(hash: string): void {
  if (!/^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash)) {
    throw badRequest("validation_failed", "Invalid password hash: only bcrypt hashes are supported");
  }
}
