// The account contract shared by the api function (Deno) and the SPA (Vite): one schema, one set of messages.
// Imports only "zod", which both runtimes resolve (Deno through edge-functions/deno.json, web through node_modules).
import { z } from "zod";
import { text } from "../contracts/text.ts";

// The spec gives two minimums for passwords (6 and 8); 8 applies everywhere. bcrypt reads 72 bytes at
// most, so the upper limit counts UTF-8 bytes, not characters: 52 accented characters are 104 bytes.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_BYTES = 72;
// Usernames are ASCII and never contain "@", so a sign-in identifier with "@" is always an email address and one
// without is always a username. The database enforces the same rule (profiles_username_format).
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const EMAIL_MAX_LENGTH = 255;

export const USERNAME_RULE =
  `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: letters A-Z, digits, dots, hyphens and underscores.`;
export const PASSWORD_RULE =
  `At least ${PASSWORD_MIN_LENGTH} characters (at most ${PASSWORD_MAX_BYTES} bytes), not your username or email, ` +
  "and not a common or easily guessed password.";

export const usernameSchema = text({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .refine((name) => !name.includes("@"), 'Username can\'t contain "@"; sign in with your email address instead')
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, "Username may contain only letters A-Z, digits, dots, hyphens and underscores");

// Supabase Auth checks addresses with checkmail's pattern, which is stricter than zod's about the domain: every label
// starts and ends with a letter or digit and has at most 63 characters. An address only zod accepts would reach Auth
// and come back refused as a 500 ("a@bad-.example.com"); checked here, it is a 400 with the form's message.
const AUTH_EMAIL_DOMAIN = /@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const emailSchema = text({ error: "Please enter a valid email address" })
  .trim()
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email("Please enter a valid email address").regex(AUTH_EMAIL_DOMAIN, "Please enter a valid email address"));

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** Characters as a person counts them (code points): an emoji is one, not the two UTF-16 units `length` sees. */
export function characterCount(value: string): number {
  return [...value].length;
}

/** A password's length in UTF-8 bytes, which is what bcrypt counts. */
export function utf8Length(value: string): number {
  return new TextEncoder().encode(value).length;
}

export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_BYTES} bytes (accented letters and symbols ` +
  "take 2 to 4 bytes each)";

export const passwordSchema = text({ error: "Password is required" })
  .min(1, "Password is required")
  .refine((password) => characterCount(password) >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .refine((password) => utf8Length(password) <= PASSWORD_MAX_BYTES, PASSWORD_TOO_LONG);

export const PASSWORD_IS_IDENTITY = "Password must not be your username or email address";

/** Whether a password is the account's own username or email address, whatever the case. */
export function passwordIsIdentity(password: string, identity: { username?: string; email?: string }): boolean {
  const lowered = password.trim().toLowerCase();
  return [identity.username, identity.email].some((name) => name !== undefined && name.trim().toLowerCase() === lowered);
}

/**
 * POST /api/register and /api/auth/register. The rules a form can check on its own; whether the password is common
 * is decided on the server (accounts/password-rule.ts), which holds the estimator's dictionaries.
 */
export const registerRequestSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
  })
  .refine((account) => !passwordIsIdentity(account.password, account), {
    message: PASSWORD_IS_IDENTITY,
    path: ["password"],
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/login and /api/auth/login: `username` may be the username or the email address. */
export const loginRequestSchema = z.object({
  username: text({ error: "Username is required" }).trim().min(1, "Username is required").max(EMAIL_MAX_LENGTH),
  // Any length a stored password can have; longer cannot be right, and is not worth a bcrypt comparison.
  password: text({ error: "Password is required" })
    .min(1, "Password is required")
    .refine((password) => utf8Length(password) <= PASSWORD_MAX_BYTES, PASSWORD_TOO_LONG),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const PERSON_NAME_MAX_LENGTH = 100;

/** A first or last name: trimmed, and an empty one clears it (null). */
function personName(field: string) {
  return text({ error: `${field} must be text` }).trim()
    .max(PERSON_NAME_MAX_LENGTH, `${field} must be at most ${PERSON_NAME_MAX_LENGTH} characters`)
    .transform((name) => name || null)
    .nullable();
}

/** PATCH /api/account/profile (signed in): the fields a person edits on their profile; absent ones stay as they are. */
export const updateProfileRequestSchema = z
  .object({
    username: usernameSchema.optional(),
    firstName: personName("First name").optional(),
    lastName: personName("Last name").optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: "Nothing to change: send username, firstName or lastName",
  });
export type UpdateProfileRequest = z.output<typeof updateProfileRequestSchema>;

/** The signed-in user as the API answers it (camelCase; the database speaks snake_case). */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  subscriptionStatus: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What the SPA needs to hand the session to supabase-js, which then keeps it refreshed. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number().int(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Login and register answer the user, plus the session; the access token is also in the Authorization header. */
export const authResponseSchema = userSchema.extend({ session: sessionSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Every error the API answers. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
