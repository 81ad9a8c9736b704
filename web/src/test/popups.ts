// The admin's system popups as GET /api/admin/system-popups answers them, for the popups screen's tests.
import type { AdminSystemPopup } from "@contracts/popups";
import { discountOfferPopup, upgradePopup } from "./anonymous";

const editor = { id: "0b7f4f7e-1c7a-4d55-9a3a-3f7f2f0d9c11", email: "admin@example.com" };

export const welcomePopup = {
  popupType: "welcome",
  title: "Welcome to MailScout!",
  content: "Your account is ready.",
  features: [
    { text: "Validate addresses one at a time or in bulk", highlight: true },
    { text: "Keep your contacts in lists", highlight: false },
  ],
  buttonText: "Get Started",
  buttonUrl: "/contacts",
  pricing: {},
  isActive: true,
} satisfies Omit<AdminSystemPopup, "id" | "updatedAt" | "updatedBy">;

export function adminPopups(): AdminSystemPopup[] {
  const changed = { updatedAt: "2026-11-26T10:00:00.000Z" };
  return [
    { ...discountOfferPopup, id: 3, ...changed, updatedBy: null },
    { ...upgradePopup, id: 1, ...changed, updatedBy: editor },
    { ...welcomePopup, id: 2, isActive: false, ...changed, updatedBy: null },
  ];
}
