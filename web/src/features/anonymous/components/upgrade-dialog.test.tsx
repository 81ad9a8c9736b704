// The upgrade flow as a visitor meets it on the home page: a validation, the usage report, the dialog.
import type { AnonymousSession } from "@contracts/anonymous";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  anonymousSession,
  discountOfferPopup,
  storeTestSessionId,
  testSessionId,
  upgradePopup,
} from "@/test/anonymous";
import { json, mockNetwork } from "@/test/network";
import { renderApp } from "@/test/render-app";
import { companyResult } from "@/test/scrape-results";
import { deliverableResult } from "@/test/validation-results";

const inADay = () => new Date(Date.now() + 24 * 3_600_000).toISOString();

/** A visitor with one free validation left; validating it makes the server say registration is needed. */
function lastFreeValidation(reply: Partial<AnonymousSession>, routes: Parameters<typeof mockNetwork>[0] = {}) {
  storeTestSessionId();
  return mockNetwork({
    "GET /api/anonymous/session": () =>
      json(anonymousSession({ validationsUsed: 9, ...reply, needsRegistration: false })),
    "POST /api/validate-email": () => json(deliverableResult()),
    "POST /api/anonymous/update-usage": () =>
      json(anonymousSession({ validationsUsed: 10, needsRegistration: true, ...reply })),
    "GET /api/admin/system-popups/upgrade_limit": () => json(upgradePopup),
    "GET /api/admin/system-popups/discount_offer": () => json(discountOfferPopup),
    // A valid address's domain is explored next; this dialog's story does not depend on what it finds.
    "POST /api/scrape-domain": () => json(companyResult("mailscout-demo.test")),
    ...routes,
  });
}

async function validateOnce() {
  const rendered = await renderApp("/");
  const { user } = rendered;
  await user.type(await screen.findByLabelText("Enter an email address to validate"), "someone@mailscout-demo.test");
  await user.click(screen.getByRole("button", { name: "Validate & Explore Domain" }));
  const dialog = within(await screen.findByRole("dialog"));
  return { ...rendered, dialog };
}

describe("upgrade dialog", () => {
  it("opens with the configured texts when the server says registration is needed", async () => {
    lastFreeValidation({ discountEligible: false });
    const { dialog } = await validateOnce();

    expect(dialog.getByRole("heading", { name: "Unlock unlimited validations" })).toBeVisible();
    expect(dialog.getByText("You've used 10 of 10 free validations this month.")).toBeVisible();
    expect(await dialog.findByText("Choose a plan to keep validating and exploring domains.")).toBeVisible();
    expect(dialog.getByText("Up to 25,000 monthly validations")).toBeVisible();
    expect(dialog.getByText("Starting at $19/month")).toBeVisible();
  });

  it("reveals the one-time offer on the first click, then claims it: code copied, on to pricing", async () => {
    lastFreeValidation(
      { discountEligible: true },
      {
        [`POST /api/anonymous/generate-discount/${testSessionId}`]: () =>
          json({ discountCode: "SAVE20-K3X9P2", percentOff: 20, expiresAt: inADay() }),
      },
    );
    const { dialog, user, router } = await validateOnce();

    await user.click(await dialog.findByRole("button", { name: "Upgrade Now" }));

    const offer = within(dialog.getByRole("region", { name: "Special One-Time Offer" }));
    expect(offer.getByText("20% off your first month")).toBeVisible();
    expect(await offer.findByText("SAVE20-K3X9P2")).toBeVisible();
    expect(offer.getByText("Expires in 24 hours · Single use")).toBeVisible();
    expect(dialog.queryByRole("button", { name: "Upgrade Now" })).not.toBeInTheDocument();

    await user.click(offer.getByRole("button", { name: "Claim 20% Discount Now" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(router.state.location.search).toEqual({ discount: "SAVE20-K3X9P2" });
    expect(await navigator.clipboard.readText()).toBe("SAVE20-K3X9P2");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByText("SAVE20-K3X9P2")).toBeVisible();
  });

  it("words the offer as the discount_offer popup says, its placeholders filled in, as plain text", async () => {
    lastFreeValidation(
      { discountEligible: true, discountCode: "SAVE20-EXISTS", discountExpiresAt: inADay() },
      {
        "GET /api/admin/system-popups/discount_offer": () =>
          json({
            ...discountOfferPopup,
            title: "Just for you",
            content: "<b>{percent}</b> percent off",
            features: [{ text: "Ends in {expiresIn}", highlight: true }, { text: "One code per visitor", highlight: false }],
            buttonText: "Take {percent}% off",
          }),
      },
    );
    const { dialog, user } = await validateOnce();
    await user.click(await dialog.findByRole("button", { name: "Upgrade Now" }));

    const offer = within(await dialog.findByRole("region", { name: "Just for you" }));
    expect(offer.getByText("<b>20</b> percent off")).toBeVisible();
    expect(offer.getByText("Ends in 24 hours")).toBeVisible();
    expect(offer.getByText("One code per visitor")).toBeVisible();
    expect(offer.getByRole("button", { name: "Take 20% off" })).toBeVisible();
  });

  it("asks for the upgrade popup again on every opening, so an admin's edit shows at once", async () => {
    let title = "First title";
    const fetchMock = lastFreeValidation(
      { discountEligible: false },
      { "GET /api/admin/system-popups/upgrade_limit": () => json({ ...upgradePopup, title }) },
    );
    const { dialog, user } = await validateOnce();
    expect(dialog.getByRole("heading", { name: "First title" })).toBeVisible();
    await user.click(dialog.getByRole("button", { name: "Maybe Later" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    title = "Edited by an admin";
    await user.click(screen.getByRole("button", { name: "Validate & Explore Domain" }));
    const reopened = within(await screen.findByRole("dialog"));
    expect(await reopened.findByRole("heading", { name: "Edited by an admin" })).toBeVisible();
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/upgrade_limit"));
    expect(asked).toHaveLength(2);
  });

  it("shows the session's existing code without asking for a new one", async () => {
    lastFreeValidation({ discountEligible: true, discountCode: "SAVE20-EXISTS", discountExpiresAt: inADay() });
    const { dialog, user } = await validateOnce();

    await user.click(await dialog.findByRole("button", { name: "Upgrade Now" }));

    expect(dialog.getByText("SAVE20-EXISTS")).toBeVisible();
  });

  it("goes to sign-up when the offer is declined", async () => {
    lastFreeValidation(
      { discountEligible: true },
      {
        [`POST /api/anonymous/generate-discount/${testSessionId}`]: () =>
          json({ discountCode: "SAVE20-K3X9P2", percentOff: 20, expiresAt: inADay() }),
      },
    );
    const { dialog, user, router } = await validateOnce();
    await user.click(await dialog.findByRole("button", { name: "Upgrade Now" }));

    await user.click(dialog.getByRole("button", { name: "Continue Without Discount" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });

  it("sends a visitor without the offer to the configured target", async () => {
    lastFreeValidation(
      { discountEligible: false },
      {
        "GET /api/admin/system-popups/upgrade_limit": () =>
          json({ ...upgradePopup, buttonText: "See plans", buttonUrl: "/register" }),
      },
    );
    const { dialog, user, router } = await validateOnce();

    await user.click(await dialog.findByRole("button", { name: "See plans" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/register"));
  });

  it("falls back to the pricing figures and /pricing when its configuration cannot be loaded", async () => {
    lastFreeValidation(
      { discountEligible: false },
      { "GET /api/admin/system-popups/upgrade_limit": () => json({ message: "Internal error" }, { status: 500 }) },
    );
    const { dialog, user, router } = await validateOnce();

    expect(await dialog.findByText("Up to 25,000 monthly validations")).toBeVisible();
    expect(dialog.getByText("50% cheaper than competitors")).toBeVisible();
    expect(dialog.getByText("CRM integrations")).toBeVisible();
    expect(
      dialog.getByText("Starting at $19/month • Pay-per-use from $12 • 25% off annual plans"),
    ).toBeVisible();
    expect(dialog.getByText("You've used 10 of 10 free validations this month.")).toBeVisible();

    await user.click(dialog.getByRole("button", { name: "Upgrade Now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
  });

  it("closes on Maybe Later and leaves the result in place", async () => {
    lastFreeValidation({ discountEligible: true });
    const { dialog, user } = await validateOnce();

    await user.click(dialog.getByRole("button", { name: "Maybe Later" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("VALID EMAIL")).toBeVisible();
  });

  it("opens when the server refuses a validation, with the refusal's figures and no failure toast", async () => {
    storeTestSessionId();
    let sessionAsked = 0;
    mockNetwork({
      "GET /api/anonymous/session": () => {
        sessionAsked += 1;
        return json(anonymousSession({ validationsUsed: sessionAsked === 1 ? 0 : 10 }));
      },
      "POST /api/validate-email": () =>
        json(
          { message: "Free validation limit reached", needsRegistration: true, validationsUsed: 10, freeLimit: 10 },
          { status: 429 },
        ),
      "GET /api/admin/system-popups/upgrade_limit": () => json(upgradePopup),
    });
    const { dialog } = await validateOnce();

    expect(dialog.getByText("You've used 10 of 10 free validations this month.")).toBeVisible();
    await waitFor(() => expect(sessionAsked).toBe(2));
    expect(screen.queryByText("Validation failed")).not.toBeInTheDocument();
    expect(screen.getByText(/used this month's free validations/)).toBeInTheDocument();
  });
});
