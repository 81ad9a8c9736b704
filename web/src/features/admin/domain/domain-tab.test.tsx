// The domain tab against a stand-in for the admin API at fetch: domains in cursor pages with counts per verdict,
// search, re-explore with its progress and outline, and purge.
import type { AdminDomain } from "@contracts/admin";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { adminDomain } from "@/test/admin-users";
import { renderWithAuth } from "@/test/render-app";
import { DomainTab } from "./domain-tab";

const counts = { byVerdict: { mx: 120, null_mx: 3, not_found: 7 }, explored: 45 };

function serve(extra: Parameters<typeof mockNetwork>[0] = {}) {
  storeSessionFor(adminUser);
  const queries: string[] = [];
  let domains: AdminDomain[] = [
    adminDomain("acme.test", { partial: true }),
    adminDomain("gone.test", { dnsVerdict: "not_found", exploredAt: null, discoveredEmails: 0 }),
  ];
  mockNetwork({
    "GET /api/user": () => json(adminUser),
    "GET /api/admin/domains": (request) => {
      const params = new URL(request.url).searchParams;
      queries.push(params.toString());
      const search = params.get("search") ?? "";
      if (params.get("cursor") === "gone.test") return json({ domains: [adminDomain("zeta.test", { dnsVerdict: null })], nextCursor: null, counts });
      const matching = domains.filter((row) => row.domain.includes(search));
      return json({ domains: matching, nextCursor: search === "" ? "gone.test" : null, counts });
    },
    ...extra,
  });
  return { queries, setDomains: (next: AdminDomain[]) => (domains = next) };
}

describe("domain tab", () => {
  it("lists domains with their verdicts and counts per verdict, page by page, and searches them", async () => {
    const { queries } = serve();
    const { user } = renderWithAuth(<DomainTab />);
    const table = within(await screen.findByRole("table", { name: "Domains" }));
    const acme = within(table.getByText("acme.test").closest("tr")!);
    expect(acme.getByText("Mail servers (MX)")).toBeVisible();
    expect(acme.getByText("Partial")).toBeVisible();
    const gone = within(table.getByText("gone.test").closest("tr")!);
    expect(gone.getByText("Domain not found")).toBeVisible();
    expect(gone.getByText("Never")).toBeVisible();

    const chips = within(screen.getByRole("list", { name: "Domains per DNS verdict" }));
    expect(chips.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Explored: 45",
      "Mail servers (MX): 120",
      "Accepts no mail (null MX): 3",
      "Domain not found: 7",
    ]);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await table.findByText("zeta.test")).toBeVisible();
    expect(within(table.getByText("zeta.test").closest("tr")!).getByText("Not cached")).toBeVisible();

    await user.type(screen.getByLabelText("Search domains"), "ACME");
    await waitFor(() => expect(queries.at(-1)).toBe("search=acme"));
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Domains" })).queryByText("gone.test")).not.toBeInTheDocument());
    expect(queries.slice(0, 2)).toEqual(["", "cursor=gone.test"]);
  });

  it("shows progress while a domain is explored again, then the fresh exploration's outline", async () => {
    let finish: (response: Response) => void = () => {};
    serve({
      "POST /api/admin/domains/acme.test/explore": () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    const { user } = renderWithAuth(<DomainTab />);
    await user.click(await screen.findByRole("button", { name: "Re-explore acme.test" }));

    expect(await screen.findByRole("progressbar", { name: "Exploring acme.test" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Exploring acme.test" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Re-explore gone.test" })).toBeDisabled();

    finish(json({ domain: "acme.test", exploredAt: "2026-11-26T15:00:00Z", partial: false, discoveredEmails: 12 }));
    expect(await screen.findByText("acme.test explored: 12 addresses discovered")).toBeVisible();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Re-explore acme.test" })).toBeEnabled();
  });

  it("says why a re-exploration failed", async () => {
    serve({
      "POST /api/admin/domains/acme.test/explore": () => json({ message: "The site did not answer" }, { status: 502 }),
    });
    const { user } = renderWithAuth(<DomainTab />);
    await user.click(await screen.findByRole("button", { name: "Re-explore acme.test" }));
    expect(await screen.findByText("The site did not answer")).toBeVisible();
  });

  it("purges a domain after a confirmation that says what goes, and toasts the counts", async () => {
    const purged: string[] = [];
    const { setDomains } = serve({
      "DELETE /api/admin/domains/acme.test": (request) => {
        purged.push(new URL(request.url).pathname);
        setDomains([adminDomain("gone.test", { dnsVerdict: "not_found", exploredAt: null, discoveredEmails: 0 })]);
        return json({ domain: "acme.test", explorations: 1, discoveredEmails: 3, dnsAnswers: 1, validations: 12 });
      },
    });
    const { user } = renderWithAuth(<DomainTab />);
    await user.click(await screen.findByRole("button", { name: "Purge acme.test" }));
    const confirm = within(screen.getByRole("alertdialog", { name: "Purge domain" }));
    expect(
      confirm.getByText(/acme.test: its exploration, discovered addresses, DNS answer and validation records. Use it to serve a removal request/),
    ).toBeVisible();
    await user.click(confirm.getByRole("button", { name: "Cancel" }));
    expect(purged).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Purge acme.test" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Purge domain" })).getByRole("button", { name: "Purge" }));
    expect(
      await screen.findByText("acme.test: 1 exploration, 3 discovered addresses, 1 DNS answer and 12 validation records removed"),
    ).toBeVisible();
    expect(purged).toEqual(["/api/admin/domains/acme.test"]);
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Domains" })).queryByText("acme.test")).not.toBeInTheDocument());
  });

  it("says when the domains could not be loaded, and when there are none", async () => {
    let failing = true;
    serve({
      "GET /api/admin/domains": () =>
        failing ? json({ message: "Database unavailable" }, { status: 503 }) : json({ domains: [], nextCursor: null, counts: { byVerdict: {}, explored: 0 } }),
    });
    const { user } = renderWithAuth(<DomainTab />);
    expect(await screen.findByText(/Failed to load domains/)).toBeVisible();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No domains explored or cached yet")).toBeVisible();
  });
});
