// /developers through the real app, signed out: the guide, the table of contents, and the endpoints generated from the
// OpenAPI document the api serves (stood in for at fetch).
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { openApiFixture } from "@/test/developers";
import { demoUser, json, mockNetwork, requestedPaths, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

const DOCUMENT = "GET /api/integrations/openapi.json";

function endpoint(name: string) {
  return within(screen.getByRole("article", { name }));
}

describe("/developers", () => {
  it("shows the guide to a signed-out reader and the endpoints with examples generated from the API's description", async () => {
    const fetchMock = mockNetwork({ [DOCUMENT]: () => json(openApiFixture) });
    await renderApp("/developers");

    expect(await screen.findByRole("heading", { level: 1, name: "MailScout API" })).toBeVisible();
    for (const name of ["Quick start", "Authentication", "Limits", "Errors", "Webhooks", "Endpoints"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    expect(screen.getByText(/60 calls per minute per key by default/)).toBeVisible();
    expect(screen.getByText(/validate-bulk takes at most 1,000 emails per call/)).toBeVisible();
    expect(screen.getByText(/Up to 50 emails are validated inline/)).toBeVisible();

    const bulk = await screen.findByRole("article", { name: "POST /api/integrations/validate-bulk" });
    expect(within(bulk).getByText("Validate many addresses")).toBeVisible();
    const curl = within(bulk).getByRole("region", { name: "POST /api/integrations/validate-bulk examples: curl" });
    expect(curl).toHaveTextContent(`curl ${window.location.origin}/api/integrations/validate-bulk`);
    expect(curl).toHaveTextContent("--header 'Authorization: Bearer msk_YOUR_API_KEY'");
    expect(within(bulk).getByRole("list", { name: "POST /api/integrations/validate-bulk answers" })).toHaveTextContent("413 Too many");
    expect(endpoint("GET /api/integrations/openapi.json").getByText("No key needed.")).toBeVisible();
    // Asked for once: the route's loader starts it and the page reads the same query.
    expect(requestedPaths(fetchMock).filter((path) => path === "/api/integrations/openapi.json")).toHaveLength(1);
  });

  it("leads from the table of contents to each part and each endpoint", async () => {
    mockNetwork({ [DOCUMENT]: () => json(openApiFixture) });
    await renderApp("/developers");
    const toc = within(await screen.findByRole("navigation", { name: "On this page" }));
    expect(toc.getByRole("link", { name: "Webhooks" })).toHaveAttribute("href", "#webhooks");
    const link = await toc.findByRole("link", { name: "GET /api/integrations/job-status" });
    expect(document.querySelector(link.getAttribute("href")!)).toHaveTextContent("GET /api/integrations/job-status");
  });

  it("switches every example to the language chosen, and copies the one in view", async () => {
    mockNetwork({ [DOCUMENT]: () => json(openApiFixture) });
    const { user } = await renderApp("/developers");
    const status = await screen.findByRole("article", { name: "GET /api/integrations/job-status" });
    await user.click(within(status).getByRole("tab", { name: "Python (requests)" }));

    const python = within(status).getByRole("region", { name: "GET /api/integrations/job-status examples: Python (requests)" });
    expect(python).toHaveTextContent('"jobId": "job-1"');
    expect(endpoint("POST /api/integrations/scrape-domain").getByRole("tab", { name: "Python (requests)" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () =>
      fireEvent.click(within(status).getByRole("button", { name: "Copy GET /api/integrations/job-status examples: Python (requests)" })),
    );
    expect(await navigator.clipboard.readText()).toBe(python.textContent);
    expect(await navigator.clipboard.readText()).toMatch(/^import requests\n\nresponse = requests\.get\(/);
    expect(within(status).getByRole("button", { name: "Copied GET /api/integrations/job-status examples: Python (requests)" })).toBeVisible();
    vi.useRealTimers();
  });

  it("says when the API's description could not be loaded, and loads it again on Try again", async () => {
    let fail = true;
    mockNetwork({ [DOCUMENT]: () => (fail ? new Response("", { status: 503 }) : json(openApiFixture)) });
    const { user } = await renderApp("/developers");
    expect(await screen.findByText("Could not load the API description.")).toBeVisible();
    // The guide does not depend on it.
    expect(screen.getByRole("heading", { level: 2, name: "Authentication" })).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "POST /api/integrations/validate-email" })).toBeVisible();
  });

  it("shows the webhook verification code in JavaScript and Python", async () => {
    mockNetwork({ [DOCUMENT]: () => json(openApiFixture) });
    const { user } = await renderApp("/developers");
    const webhooks = within(await screen.findByRole("region", { name: "Webhooks" }));
    expect(webhooks.getByRole("region", { name: "Signature verification: JavaScript" })).toHaveTextContent(
      "export function verifyMailScoutSignature(header, rawBody, secret, toleranceSeconds = 300)",
    );
    await user.click(webhooks.getByRole("tab", { name: "Python" }));
    expect(webhooks.getByRole("region", { name: "Signature verification: Python" })).toHaveTextContent(
      "def verify_mailscout_signature(header, raw_body, secret, tolerance_seconds=300):",
    );
  });

  it("shows the guide at once and the endpoints as the description arrives", async () => {
    let answer!: (response: Response) => void;
    mockNetwork({ [DOCUMENT]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderApp("/developers");
    expect(await screen.findByRole("status", { name: "Loading the endpoints" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: "Limits" })).toBeVisible();
    answer(json(openApiFixture));
    expect(await screen.findByRole("article", { name: "POST /api/integrations/validate-email" })).toBeVisible();
    expect(screen.queryByRole("status", { name: "Loading the endpoints" })).not.toBeInTheDocument();
    // The quick start's first call is validate-email's.
    expect(within(screen.getByRole("region", { name: "Quick start" })).getByRole("region", { name: "First call: curl" })).toHaveTextContent(
      `curl ${window.location.origin}/api/integrations/validate-email`,
    );
  });

  it("is linked from My Account", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser) });
    await renderApp("/account/profile");
    const heading = await screen.findByRole("heading", { level: 1, name: "My Account" });
    expect(within(heading.parentElement!).getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/developers");
  });

  it("is linked from the footer", async () => {
    mockNetwork({});
    await renderApp("/pricing");
    expect(within(screen.getByRole("contentinfo")).getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/developers");
  });
});
