// The anonymous allowance's answers, for tests of the home page and its upgrade dialog.
import type { AnonymousSession, SystemPopup } from "@contracts/anonymous";
import { SESSION_ID_STORAGE_KEY } from "@/lib/session-id";

export const testSessionId = "Tst_session-id_012345";

/** Gives the browser a known session id, as an earlier visit would have. */
export function storeTestSessionId(): string {
  localStorage.setItem(SESSION_ID_STORAGE_KEY, testSessionId);
  return testSessionId;
}

export function anonymousSession(overrides: Partial<AnonymousSession> = {}): AnonymousSession {
  const session = {
    sessionId: testSessionId,
    validationsUsed: 0,
    freeLimit: 10,
    needsRegistration: false,
    discountCode: null,
    discountEligible: false,
    discountExpiresAt: null,
    ...overrides,
  };
  return { remaining: Math.max(0, session.freeLimit - session.validationsUsed), ...session };
}

export const upgradePopup: SystemPopup = {
  popupType: "upgrade_limit",
  title: "Unlock unlimited validations",
  content: "Choose a plan to keep validating and exploring domains.",
  features: [
    { text: "Up to 25,000 monthly validations", highlight: true },
    { text: "CRM integrations", highlight: false },
  ],
  buttonText: "Upgrade Now",
  buttonUrl: "/pricing",
  pricing: { monthly: "Starting at $19/month" },
  isActive: true,
};

export const discountOfferPopup: SystemPopup = {
  popupType: "discount_offer",
  title: "Special One-Time Offer",
  content: "{percent}% off your first month",
  features: [{ text: "Expires in {expiresIn} · Single use", highlight: false }],
  buttonText: "Claim {percent}% Discount Now",
  buttonUrl: "/pricing",
  pricing: {},
  isActive: true,
};
