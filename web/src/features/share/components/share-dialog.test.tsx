import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { COPY_CONFIRMATION_MS } from "./share-dialog";
import { ShareToolCard } from "./share-tool-card";

const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";

async function openShareDialog() {
  const user = userEvent.setup();
  render(
    <>
      <ShareToolCard />
      <Toaster />
    </>,
  );
  await user.click(screen.getByRole("button", { name: "Share" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Share This Tool" }));
  return { user, dialog };
}

// While a dialog is open Radix hides the rest of the page, toasts included, from the accessibility tree.
function notifications() {
  return within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("share dialog", () => {
  it("offers seven ways to share, each network's link opening in a new tab with the hashtags", async () => {
    const { dialog } = await openShareDialog();

    const channels = within(dialog.getByRole("list", { name: "Share on" })).getAllByRole("listitem");
    expect(channels.map((channel) => channel.textContent)).toEqual([
      "Email",
      "X (Twitter)",
      "LinkedIn",
      "WhatsApp",
      "Facebook",
      "SMS",
    ]);
    expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();

    const x = dialog.getByRole("link", { name: "X (Twitter)" });
    expect(x).toHaveAttribute("target", "_blank");
    expect(x).toHaveAttribute("rel", "noopener noreferrer");
    const tweet = new URL(x.getAttribute("href") ?? "");
    expect(tweet.searchParams.get("hashtags")).toBe("EmailValidator,LeadGeneration,EmailVerification");
    expect(tweet.searchParams.get("url")).toBe(`${window.location.origin}/`);

    const whatsapp = new URL(dialog.getByRole("link", { name: "WhatsApp" }).getAttribute("href") ?? "");
    expect(whatsapp.searchParams.get("text")).toContain("#EmailValidator #LeadGeneration #EmailVerification");
    const linkedin = new URL(dialog.getByRole("link", { name: "LinkedIn" }).getAttribute("href") ?? "");
    expect(linkedin.searchParams.get("url")).toBe(`${window.location.origin}/`);
    expect(dialog.getByRole("link", { name: "Email" }).getAttribute("href")).toMatch(/^mailto:\?subject=/);
    expect(dialog.getByRole("link", { name: "Facebook" }).getAttribute("href")).toMatch(
      /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/,
    );
  });

  it("explains that SMS needs a phone when opened elsewhere", async () => {
    const { user, dialog } = await openShareDialog();

    await user.click(dialog.getByRole("button", { name: "SMS" }));

    expect(
      notifications().getByText("SMS sharing is only available on mobile devices. Try another sharing option."),
    ).toBeVisible();
  });

  it("opens the messaging app on a phone", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(iphone);
    const { dialog } = await openShareDialog();

    expect(dialog.getByRole("link", { name: "SMS" }).getAttribute("href")).toMatch(/^sms:\?&body=/);
  });

  it("copies the link, confirms it, and offers to copy again two seconds later", async () => {
    const { dialog } = await openShareDialog();
    // From here on the clock moves only when the test says. user-event and Testing Library's async helpers wait on
    // it, so the click is a plain event and act() settles the copy.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await act(async () => fireEvent.click(dialog.getByRole("button", { name: "Copy link" })));

    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/`);
    expect(notifications().getByText("Link copied!")).toBeVisible();
    expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();

    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS));
    expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  });

  it("says so when the browser refuses to copy", async () => {
    const { user, dialog } = await openShareDialog();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("Denied", "NotAllowedError"));

    await user.click(dialog.getByRole("button", { name: "Copy link" }));

    expect(notifications().getByText("Failed to copy link")).toBeVisible();
    expect(notifications().getByText("Please try again.")).toBeVisible();
    expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  });
});
