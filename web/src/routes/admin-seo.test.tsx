// The SEO dashboard through the real app and router; the API stood in for at fetch.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { serveAsAdmin } from "@/test/admin-screens";
import { json } from "@/test/network";
import { renderApp } from "@/test/render-app";
import { adminSeoPage, keywordTarget, removalRequest } from "@/test/seo";

const stats = { totalPages: 2, totalViews: 1_500, totalConversions: 45, avgConversionRate: 2.75 };
const figures = { "GET /api/admin/seo/stats": () => json(stats) };

describe("/admin/seo", () => {
  it("shows the stat cards and the landing pages, and switches a page off for search engines", async () => {
    const patched: unknown[] = [];
    let page = adminSeoPage();
    serveAsAdmin({
      ...figures,
      "GET /api/admin/seo/pages": () => json({ pages: [page, adminSeoPage({ id: "1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9", path: "/verify/gone.test", removedAt: "2026-11-25T10:00:00.000Z" })] }),
      [`PATCH /api/admin/seo/pages/${page.id}`]: async (request) => {
        const body = (await request.json()) as { isIndexable: boolean };
        patched.push(body);
        page = { ...page, isIndexable: body.isIndexable };
        return json(page);
      },
    });
    const { user } = await renderApp("/admin/seo");

    const cards = within(await screen.findByRole("region", { name: "SEO figures" }));
    expect(await cards.findByText("1,500")).toBeVisible();
    expect(within(cards.getByRole("article", { name: "Total Pages" })).getByText("2")).toBeVisible();
    expect(within(cards.getByRole("article", { name: "Conversions" })).getByText("45")).toBeVisible();
    expect(within(cards.getByRole("article", { name: "Conversion Rate" })).getByText("2.8%")).toBeVisible();

    const table = within(await screen.findByRole("table", { name: "Landing pages" }));
    expect(table.getByRole("link", { name: "/tools/mx-checker/acme-corp.test" })).toHaveAttribute("href", "/tools/mx-checker/acme-corp.test");
    const row = within(table.getByRole("row", { name: /^\/tools\/mx-checker/ }));
    expect(row.getByText("1,200")).toBeVisible();
    expect(row.getByText("2.5%")).toBeVisible();
    expect(table.getByRole("switch", { name: "Indexable: /verify/gone.test" })).toBeDisabled();
    expect(table.getByText("Removed")).toBeVisible();

    const indexable = table.getByRole("switch", { name: "Indexable: /tools/mx-checker/acme-corp.test" });
    expect(indexable).toBeChecked();
    await user.click(indexable);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Indexable: /tools/mx-checker/acme-corp.test" })).not.toBeChecked(),
    );
    expect(patched).toEqual([{ isIndexable: false }]);
  });

  it("deletes a page after asking, and says why a regeneration was refused", async () => {
    let pages = [adminSeoPage()];
    const id = pages[0]!.id;
    serveAsAdmin({
      ...figures,
      "GET /api/admin/seo/pages": () => json({ pages }),
      [`POST /api/admin/seo/pages/${id}/regenerate`]: () =>
        json({ message: "This page can no longer be published: its address is at a free-mail domain" }, { status: 409 }),
      [`DELETE /api/admin/seo/pages/${id}`]: () => {
        pages = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/admin/seo");
    await user.click(await screen.findByRole("button", { name: "Regenerate /tools/mx-checker/acme-corp.test" }));
    expect(await screen.findByText("This page can no longer be published: its address is at a free-mail domain")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Delete /tools/mx-checker/acme-corp.test" }));
    const question = within(await screen.findByRole("alertdialog", { name: "Delete Landing Page" }));
    await user.click(question.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No landing pages yet")).toBeVisible();
  });

  it("says so when the figures or pages cannot be loaded", async () => {
    serveAsAdmin({
      "GET /api/admin/seo/stats": () => new Response("", { status: 500 }),
      "GET /api/admin/seo/pages": () => new Response("", { status: 500 }),
    });
    await renderApp("/admin/seo");
    expect(await screen.findByText("Could not load the SEO figures.")).toBeVisible();
    expect(await screen.findByText("Could not load the landing pages.")).toBeVisible();
  });

  it("adds a keyword target with the contract's defaults, and says on the field when it exists already", async () => {
    const sent: unknown[] = [];
    let keywords = [keywordTarget({ isGenerated: true, pageId: "3b8f5c1e-7a2d-4e90-9c41-5d6e7f8a9b01" }), keywordTarget({ id: "0d1c2b3a-4e5f-4a6b-9c8d-7e6f5a4b3c2d", keyword: "jane@gmail.test", pageType: "email_validate", skipReason: "free_mail_domain" })];
    serveAsAdmin({
      ...figures,
      "GET /api/admin/seo/keywords": () => json({ keywords }),
      "POST /api/admin/seo/keywords": async (request) => {
        const body = (await request.json()) as { keyword: string };
        sent.push(body);
        if (keywords.some((target) => target.keyword === body.keyword)) {
          return json({ message: "This keyword already exists for this page type" }, { status: 409 });
        }
        const created = keywordTarget({ id: "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b", ...body });
        keywords = [...keywords, created];
        return json(created, { status: 201 });
      },
    });
    const { user } = await renderApp("/admin/seo?tab=keywords");

    const table = within(await screen.findByRole("table", { name: "Keyword targets" }));
    expect(await table.findByText("Generated")).toBeVisible();
    expect(table.getByText("Skipped")).toBeVisible();
    expect(table.getByText("Free-mail domain: the address likely belongs to a private person")).toBeVisible();

    const form = within(screen.getByRole("form", { name: "Add keyword target" }));
    expect(form.getByLabelText("Difficulty")).toHaveValue("50");
    expect(form.getByLabelText("Priority")).toHaveValue("5");
    await user.clear(form.getByLabelText("Priority"));
    await user.type(form.getByLabelText("Priority"), "11");
    await user.type(form.getByLabelText("Keyword"), "sales@acme-corp.test");
    await user.click(form.getByRole("button", { name: "Add Keyword" }));
    expect(await form.findByText("priority must be between 1 and 10")).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(form.getByLabelText("Priority"));
    await user.type(form.getByLabelText("Priority"), "8");
    await user.click(form.getByRole("button", { name: "Add Keyword" }));
    expect(await screen.findByText("New keyword target has been created")).toBeVisible();
    expect(sent).toEqual([
      { keyword: "sales@acme-corp.test", pageType: "email_validate", searchVolume: 0, difficulty: 50, cpc: "0.00", intent: "informational", priority: 8 },
    ]);
    expect(await table.findByText("sales@acme-corp.test")).toBeVisible();

    await user.type(form.getByLabelText("Keyword"), "sales@acme-corp.test");
    await user.click(form.getByRole("button", { name: "Add Keyword" }));
    expect(await screen.findByText("Failed to Add Keyword")).toBeVisible();
    const keyword = form.getByLabelText("Keyword");
    expect(keyword).toHaveAttribute("aria-invalid", "true");
    expect(keyword).toHaveAccessibleDescription("This keyword already exists for this page type");
  });

  it("generates the pages asked for in small calls, with the progress, then says how many", async () => {
    const answers = [
      { generatedCount: 20, skippedCount: 5, remaining: 10 },
      { generatedCount: 4, skippedCount: 1, remaining: 5 },
    ];
    const limits: unknown[] = [];
    serveAsAdmin({
      ...figures,
      "POST /api/admin/seo/generate-bulk": async (request) => {
        limits.push(await request.json());
        return json(answers.shift());
      },
    });
    const { user } = await renderApp("/admin/seo?tab=bulk");
    const form = within(await screen.findByRole("form", { name: "Bulk generation" }));
    expect(form.getByLabelText("Pages to generate")).toHaveValue("100");
    expect(screen.getByText(/\/validate\/\{email\}, \/tools\/mx-checker\/\{domain\}, \/verify\/\{domain\}/)).toBeVisible();
    await user.clear(form.getByLabelText("Pages to generate"));
    await user.type(form.getByLabelText("Pages to generate"), "30");
    await user.click(form.getByRole("button", { name: "Generate Pages" }));

    expect(await screen.findByText("Generated 24 SEO landing pages")).toBeVisible();
    expect(screen.getByText("Bulk Generation Complete")).toBeVisible();
    // 30 asked for: a call of 25, then the 5 left, though 5 more targets still wait.
    expect(limits).toEqual([{ limit: 25 }, { limit: 5 }]);
    expect(screen.getByText("24 generated, 6 skipped, 5 remaining")).toHaveAttribute("role", "status");
    const progress = screen.getByRole("progressbar", { name: "Generation progress" });
    expect(progress).toHaveAttribute("aria-valuenow", "30");
    expect(progress).toHaveAttribute("aria-valuemax", "30");
  });

  it("stops before the number asked for once no keyword target remains", async () => {
    const limits: unknown[] = [];
    serveAsAdmin({
      ...figures,
      "POST /api/admin/seo/generate-bulk": async (request) => {
        limits.push(await request.json());
        return json({ generatedCount: 2, skippedCount: 1, remaining: 0 });
      },
    });
    const { user } = await renderApp("/admin/seo?tab=bulk");
    const form = within(await screen.findByRole("form", { name: "Bulk generation" }));
    await user.click(form.getByRole("button", { name: "Generate Pages" }));

    expect(await screen.findByText("Generated 2 SEO landing pages")).toBeVisible();
    expect(limits).toEqual([{ limit: 25 }]);
    expect(screen.getByText("2 generated, 1 skipped, 0 remaining")).toBeVisible();
  });

  it("refuses a count outside 1 to 1000, and says when a generation failed", async () => {
    serveAsAdmin({
      ...figures,
      "POST /api/admin/seo/generate-bulk": () => json({ message: "Page generation failed on our side" }, { status: 500 }),
    });
    const { user } = await renderApp("/admin/seo?tab=bulk");
    const form = within(await screen.findByRole("form", { name: "Bulk generation" }));
    await user.clear(form.getByLabelText("Pages to generate"));
    await user.type(form.getByLabelText("Pages to generate"), "1001");
    await user.click(form.getByRole("button", { name: "Generate Pages" }));
    expect(await form.findByText("limit must be between 1 and 1000")).toBeVisible();

    await user.clear(form.getByLabelText("Pages to generate"));
    await user.type(form.getByLabelText("Pages to generate"), "10");
    await user.click(form.getByRole("button", { name: "Generate Pages" }));
    expect(await screen.findByText("Bulk Generation Failed")).toBeVisible();
    expect(screen.getByText("Page generation failed on our side")).toBeVisible();
  });

  it("lists removal requests by status and approves one", async () => {
    const decisions: unknown[] = [];
    const statuses: (string | null)[] = [];
    let pending = [removalRequest()];
    serveAsAdmin({
      ...figures,
      "GET /api/admin/seo/removal-requests": (request) => {
        const status = new URL(request.url).searchParams.get("status");
        statuses.push(status);
        return json({ requests: status === "pending_review" ? pending : [removalRequest({ status: "removed" })] });
      },
      [`POST /api/admin/seo/removal-requests/${removalRequest().id}/decision`]: async (request) => {
        decisions.push(await request.json());
        pending = [];
        return json(removalRequest({ status: "removed", decidedAt: "2026-11-26T10:00:00.000Z" }));
      },
    });
    const { user } = await renderApp("/admin/seo?tab=removals");
    const table = within(await screen.findByRole("table", { name: "Removal requests" }));
    expect(await table.findByText("jane@elsewhere.test")).toBeVisible();
    await user.click(table.getByRole("button", { name: "Approve removal of /validate/j***-3f9a@acme-corp.test" }));
    expect(await screen.findByText("Page Removed")).toBeVisible();
    expect(decisions).toEqual([{ decision: "approve" }]);
    expect(await screen.findByText("No removal requests")).toBeVisible();

    await user.selectOptions(screen.getByLabelText("Status"), "All");
    expect(await screen.findByText("Removed", { selector: "span" })).toBeVisible();
    expect(statuses).toContain(null);
  });
});
