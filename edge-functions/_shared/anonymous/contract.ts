// The anonymous free allowance: the server counts; these are the shapes its endpoints answer.
import { z } from "zod";
import { text } from "../contracts/text.ts";

export const SESSION_ID_LENGTH = 21;
export const FREE_ANONYMOUS_VALIDATIONS = 10;

export const sessionIdSchema = text({ error: "sessionId is required" })
  .regex(new RegExp(`^[A-Za-z0-9_-]{${SESSION_ID_LENGTH}}$`), `sessionId must be ${SESSION_ID_LENGTH} characters of A-Z, a-z, 0-9, _ or -`);

/**
 * GET /api/anonymous/session (header X-Session-ID), GET /api/anonymous/check-limits/{sessionId}, and the answer of
 * POST /api/anonymous/update-usage.
 */
export const anonymousSessionSchema = z.object({
  sessionId: sessionIdSchema,
  /**
   * freeLimit minus remaining: the session's own count, or more when its network has less left (a fresh session on a
   * network that used its allowance has used 10 of 10), so "X of Y used" never promises room that isn't there.
   */
  validationsUsed: z.number().int().min(0),
  freeLimit: z.number().int().min(0),
  /** Validations left this month: the smaller of what the session and the client's IP have left. */
  remaining: z.number().int().min(0),
  needsRegistration: z.boolean(),
  discountCode: z.string().nullable(),
  discountEligible: z.boolean(),
  discountExpiresAt: z.iso.datetime().nullable(),
});
export type AnonymousSession = z.infer<typeof anonymousSessionSchema>;

/** POST /api/anonymous/update-usage: the client's report; the answer is the server's own count. */
export const updateUsageRequestSchema = z.object({
  sessionId: sessionIdSchema,
  validationsUsed: z.number({ error: "validationsUsed must be a number" }).int().min(0),
});

/** POST /api/anonymous/generate-discount/{sessionId}: one single-use code per session. */
export const discountSchema = z.object({
  discountCode: z.string(),
  percentOff: z.literal(20),
  expiresAt: z.iso.datetime(),
});
export type Discount = z.infer<typeof discountSchema>;

/**
 * The 429 answer of POST /api/validate-email once the allowance is used up. validationsUsed and freeLimit are the
 * session's, as in anonymousSessionSchema; without X-Session-ID they are the client network's (ANON_IP_MONTHLY_LIMIT).
 */
export const limitReachedSchema = z.object({
  message: z.string(),
  needsRegistration: z.literal(true),
  validationsUsed: z.number().int(),
  freeLimit: z.number().int(),
});
export type LimitReached = z.infer<typeof limitReachedSchema>;
