// The anonymous free allowance: the server counts every anonymous validation against the
// visitor's session and network, and the endpoints only ever answer its own count. No HTTP here; the counting itself
// is atomic in the database (privileged.ts, migration 20261122020200).
import type { AnonymousSession, Discount } from "./contract.ts";
import {
  type AnonymousStanding,
  countAnonymousValidation,
  issueAnonymousDiscount,
  markAnonymousSessionConverted,
  openAnonymousSession,
  readAnonymousSession,
} from "./privileged.ts";
import { env } from "../env.ts";
import { DISCOUNT_PERCENT_OFF, newDiscountCode } from "./discount-code.ts";
import { DomainError } from "../errors.ts";
import { discountOfferActive } from "../popups/index.ts";
import { type RateLimitDecision, takeDiscountCode } from "../rate-limits/index.ts";
import { describeSession, discountState, limitReached, needsRegistration } from "./standing.ts";

/** Who is asking, as far as an anonymous visitor can be told apart. */
export interface AnonymousVisitor {
  /** The X-Session-ID the browser keeps in local storage, if it sent one. */
  sessionId: string | null;
  /** The first X-Forwarded-For entry; null when the gateway gave none. */
  clientIp: string | null;
  userAgent: string | null;
}

const networkLimit = () => env().ANON_IP_MONTHLY_LIMIT;

function requireClientIp(clientIp: string | null): string {
  if (!clientIp) throw new DomainError("unknown_client_address");
  return clientIp;
}

function withSession(standing: AnonymousStanding | null): AnonymousStanding & { sessionId: string } {
  if (!standing?.sessionId) throw new DomainError("unknown_session");
  return { ...standing, sessionId: standing.sessionId };
}

/** The session's standing as the endpoints answer it, the discount offer's switch included. */
async function describe(standing: AnonymousStanding & { sessionId: string }): Promise<AnonymousSession> {
  return describeSession(standing, networkLimit(), new Date(), await discountOfferActive());
}

/** GET /api/anonymous/session: the session, created on first sight. */
export async function openSession(sessionId: string, visitor: AnonymousVisitor): Promise<AnonymousSession> {
  const standing = await openAnonymousSession(sessionId, requireClientIp(visitor.clientIp), visitor.userAgent);
  return await describe(withSession(standing));
}

/** GET /api/anonymous/check-limits/{sessionId}: an existing session's standing, from where the visitor is now. */
export async function checkLimits(sessionId: string, visitor: AnonymousVisitor): Promise<AnonymousSession> {
  const standing = await readAnonymousSession(sessionId, requireClientIp(visitor.clientIp));
  return await describe(withSession(standing));
}

/**
 * POST /api/anonymous/update-usage. The spec has the browser report its own count; here the server counted every
 * validation already, so the report changes nothing and the answer is the server's count. A visitor who must register
 * is issued their discount code now, which the answer carries (the dialog opens on it).
 */
export async function updateUsage(sessionId: string, visitor: AnonymousVisitor): Promise<AnonymousSession> {
  const clientIp = requireClientIp(visitor.clientIp);
  const current = withSession(await readAnonymousSession(sessionId, clientIp));
  // A network past its daily codes gets its standing without one; generate-discount says why. While the discount
  // offer is switched off no code is issued at all.
  const { standing } = needsRegistration(current, networkLimit()) && await discountOfferActive()
    ? await issueDiscountOnce(current, clientIp)
    : { standing: current };
  return await describe(standing);
}

type Issued = { standing: AnonymousStanding & { sessionId: string }; newlyIssued: boolean; refused?: RateLimitDecision };

/**
 * Issues the session its code unless it has one. One network gets one code a day, however many sessions it opens; a
 * second request of this session may have taken the network's code a moment ago: then the session has it.
 */
async function issueDiscountOnce(current: Issued["standing"], clientIp: string): Promise<Issued> {
  if (current.discountCode !== null) return { standing: current, newlyIssued: false };
  const network = await takeDiscountCode(clientIp);
  if (!network.allowed) {
    const standing = withSession(await readAnonymousSession(current.sessionId, clientIp));
    return { standing, newlyIssued: false, refused: standing.discountCode === null ? network : undefined };
  }
  // Two requests at once may both get here; the first code stored wins and both answer it.
  const code = newDiscountCode();
  const standing = withSession(await issueAnonymousDiscount(current.sessionId, clientIp, code));
  return { standing, newlyIssued: standing.discountCode === code };
}

/**
 * POST /api/anonymous/generate-discount/{sessionId}: the session's one discount code, issued on the first call and
 * answered again afterwards. Only for a visitor who used the allowance up, while the discount offer is switched on;
 * an expired or used code is not replaced.
 */
export async function generateDiscount(
  sessionId: string,
  visitor: AnonymousVisitor,
): Promise<{ discount: Discount; newlyIssued: boolean }> {
  const clientIp = requireClientIp(visitor.clientIp);
  const current = withSession(await readAnonymousSession(sessionId, clientIp));
  if (current.discountCode === null && !needsRegistration(current, networkLimit())) {
    throw new DomainError("discount_not_offered");
  }
  if (!await discountOfferActive()) throw new DomainError("discount_switched_off");
  const { standing, newlyIssued, refused } = await issueDiscountOnce(current, clientIp);
  if (refused) {
    throw new DomainError("rate_limited", {
      decision: refused,
      what: "A discount code was already issued to your network today.",
    });
  }
  const state = discountState(standing, new Date());
  if (state === "expired") throw new DomainError("discount_expired");
  if (state === "redeemed") throw new DomainError("discount_redeemed");
  return {
    discount: {
      discountCode: standing.discountCode!,
      percentOff: DISCOUNT_PERCENT_OFF,
      expiresAt: standing.discountExpiry!.toISOString(),
    },
    newlyIssued,
  };
}

/**
 * Counts one anonymous validation, before it is made: against the session when the visitor sent one (created if new),
 * and always against the client's network. Once either has used its monthly allowance it throws "allowance_used_up",
 * carrying what the upgrade dialog needs.
 */
export async function countValidation(visitor: AnonymousVisitor): Promise<void> {
  const standing = await countAnonymousValidation({
    sessionId: visitor.sessionId,
    clientIp: requireClientIp(visitor.clientIp),
    userAgent: visitor.userAgent,
    networkMonthlyLimit: networkLimit(),
  });
  if (!standing.counted) throw new DomainError("allowance_used_up", limitReached(standing, networkLimit(), new Date()));
}

/** A signed-in user validating from a browser that was anonymous before: the session converted. */
export async function noteSignedInValidation(sessionId: string): Promise<void> {
  await markAnonymousSessionConverted(sessionId);
}
