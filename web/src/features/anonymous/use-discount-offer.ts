// The visitor's one-time first-month code, kept by the server with this browser's anonymous session (the upgrade
// dialog issued it before the visitor signed up), so a signed-in buyer can still use it at checkout. The server
// answers a code only while it is unredeemed and unexpired; the clock is checked again for a page left open.
import { useAnonymousSession } from "./api/get-anonymous-session";

export type DiscountOffer = { code: string; expiresAt: string };

export function useDiscountOffer({ enabled }: { enabled: boolean }): DiscountOffer | null {
  const session = useAnonymousSession({ enabled }).data;
  if (!session?.discountCode || !session.discountExpiresAt) return null;
  if (Date.parse(session.discountExpiresAt) <= Date.now()) return null;
  return { code: session.discountCode, expiresAt: session.discountExpiresAt };
}
