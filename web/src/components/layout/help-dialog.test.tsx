import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anonymousSession } from "@/test/anonymous";
import { helpArticles } from "@/test/help";
import { json, mockNetwork } from "@/test/network";
import { renderApp } from "@/test/render-app";

describe("Help dialog", () => {
  it("shows the help articles outside the bulk validation FAQ, each with its slug as its anchor", async () => {
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession()),
      "GET /api/help/articles": () => json(helpArticles),
    });
    const { user } = await renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Help" }));

    const dialog = within(screen.getByRole("dialog", { name: "How to use MailScout" }));
    const article = await dialog.findByRole("region", { name: "Validating an email address" });
    expect(article).toHaveAttribute("id", "validate-an-email");
    expect(within(article).getByText("A valid format makes delivery likely, not certain.")).toBeVisible();
    expect(dialog.queryByText("How many emails can I upload?")).not.toBeInTheDocument();
  });

  it("opens on the article the address links to", async () => {
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession()),
      "GET /api/help/articles": () => json(helpArticles),
    });
    await renderApp("/#validate-an-email");

    const dialog = within(await screen.findByRole("dialog", { name: "How to use MailScout" }));
    expect(await dialog.findByRole("region", { name: "Validating an email address" })).toBeVisible();
  });
});
