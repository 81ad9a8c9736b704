import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockNetwork } from "@/test/network";
import { renderApp } from "@/test/render-app";

describe("not-found screen", () => {
  it.each(["/no-such-page", "/contact", "/admin/no-such-screen"])("answers %s inside the app's frame", async (path) => {
    mockNetwork({});
    await renderApp(path);

    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeVisible();
    expect(screen.getByRole("banner")).toBeVisible();
    expect(screen.getByRole("contentinfo")).toHaveTextContent(`© ${new Date().getFullYear()} MailScout. All rights reserved.`);
  });
});
