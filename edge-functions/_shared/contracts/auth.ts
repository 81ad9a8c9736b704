// The account contract shared by the api function (Deno) and the SPA (Vite): one schema, one set of messages.
// Imports only "zod", which both runtimes resolve (Deno through edge-functions/deno.json, web through node_modules).
import { z } from "zod";

// core.md §5 gives two minimums for passwords (6 and 8) and issue #2 settles on 8 everywhere; bcrypt reads 72 bytes at most.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 255;

export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(/^[\p{L}\p{N}._-]+$/u, "Username may contain only letters, digits, dots, hyphens and underscores");

// Supabase Auth checks addresses with checkmail's pattern, which is stricter than zod's about the domain: every label
// starts and ends with a letter or digit and has at most 63 characters. An address only zod accepts would reach Auth
// and come back refused as a 500 ("a@bad-.example.com"); checked here, it is a 400 with the form's message.
const AUTH_EMAIL_DOMAIN = /@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const emailSchema = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email("Please enter a valid email address").regex(AUTH_EMAIL_DOMAIN, "Please enter a valid email address"));

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** POST /api/register and /api/auth/register */
export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/login and /api/auth/login: `username` may be the username or the email address. */
export const loginRequestSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(EMAIL_MAX_LENGTH),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

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
