// The finances tab through the real app at /admin?tab=finances; the API stood in for at fetch.
import type { AdminPayment } from "@contracts/admin";
import { screen, waitFor, within } from "@testing-library/react";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { json } from "@/test/network";
import { captureSavedFiles, financialReport, serveAsAdmin } from "@/test/admin-screens";
import { renderApp } from "@/test/render-app";

function payment(index: number, extra: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    userId: "5f0c1a52-3c1e-4a53-9f55-0e8f3d2b7a10",
    userEmail: `buyer${index}@example.com`,
    amount: 1_200,
    credits: 800,
    paymentMethod: "stripe",
    status: "completed",
    createdAt: "2026-11-20T09:00:00Z",
    verifiedAt: null,
    itemId: "credits-800",
    kind: "credits",
    reference: `cs_test_${index}`,
    discountCents: 0,
    paidAt: "2026-11-20T09:01:00Z",
    rejectionReason: null,
    refundRequestedAt: null,
    refundRequestReason: null,
    refundedAt: null,
    creditsClawedBack: 0,
    ...extra,
  };
}

/** The payments api over `all`, which its actions change as the server would; `pages` lists the unfiltered pages. */
function serve(all: AdminPayment[], { reportFails = false, refuse = false } = {}) {
  const pages: string[] = [];
  const reports: unknown[] = [];
  const actions: string[] = [];
  const act = (change: (payment: AdminPayment, body: unknown) => Partial<AdminPayment>) => async (request: Request) => {
    const [, , , , id, action] = new URL(request.url).pathname.split("/");
    const body: unknown = request.headers.get("Content-Type") ? await request.json() : undefined;
    actions.push(`${action} ${id}${body ? ` ${JSON.stringify(body)}` : ""}`);
    if (refuse) return json({ message: "Payment is not pending" }, { status: 409 });
    const index = all.findIndex((payment) => payment.id === id);
    all[index] = { ...all[index]!, ...change(all[index]!, body) };
    return json(all[index]);
  };
  serveAsAdmin({
    "GET /api/admin/payments": (request) => {
      const params = new URL(request.url).searchParams;
      const status = params.get("status");
      const refundRequested = params.get("refundRequested");
      if (!status && !refundRequested) pages.push(params.toString());
      const page = Number(params.get("page"));
      const pageSize = Number(params.get("pageSize"));
      const matching = all.filter(
        (payment) => (!status || payment.status === status) && (!refundRequested || payment.refundRequestedAt),
      );
      return json({ payments: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize });
    },
    "POST /api/admin/generate-report": async (request) => {
      reports.push(await request.json());
      return reportFails ? json({ message: "Internal server error" }, { status: 500 }) : json(financialReport());
    },
    ...Object.fromEntries(
      all.flatMap(({ id }) => [
        [`POST /api/admin/payments/${id}/verify`, act(() => ({ status: "verified", verifiedAt: "2026-11-21T10:00:00Z" }))],
        [`POST /api/admin/payments/${id}/reject`, act((_, body) => ({ status: "failed", rejectionReason: (body as { reason: string }).reason }))],
        [`POST /api/admin/payments/${id}/refund`, act(() => ({ status: "refunded", refundedAt: "2026-11-21T10:00:00Z" }))],
      ]),
    ),
  });
  return { pages, reports, actions };
}

describe("admin finances", () => {
  it("shows the newest ten payments with their status badges, and every payment in pages behind View all", async () => {
    const all = [
      payment(1, { status: "verified", amount: 6_700 }),
      payment(2, { status: "pending" }),
      payment(3, { status: "failed" }),
      ...Array.from({ length: 27 }, (_, index) => payment(index + 4)),
    ];
    const { pages } = serve(all);
    const { user } = await renderApp("/admin?tab=finances");

    const recent = within(await screen.findByRole("table", { name: "Recent payments" }));
    expect(recent.getAllByRole("row")).toHaveLength(11);
    expect(pages).toEqual(["page=1&pageSize=10"]);
    const verified = within(recent.getByRole("cell", { name: "buyer1@example.com" }).closest("tr")!);
    expect(verified.getByText("$67")).toBeVisible();
    expect(verified.getByText("Verified")).toHaveClass("text-success");
    expect(recent.getByText("Pending")).toHaveClass("text-secondary-foreground");
    expect(recent.getByText("Failed")).toHaveClass("text-destructive");
    expect(recent.getAllByText("Completed")[0]).toHaveClass("text-success");
    expect(screen.getByText("The newest 10 of 30.")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "View all" }));
    const everything = within(await screen.findByRole("table", { name: "All payments" }));
    expect(everything.getAllByRole("row")).toHaveLength(26);
    expect(screen.getByText("Showing 1–25 of 30")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 26–30 of 30")).toBeVisible();
    expect(pages.slice(1)).toEqual(["page=1&pageSize=25", "page=2&pageSize=25"]);

    await user.click(screen.getByRole("button", { name: "Show recent only" }));
    expect(await screen.findByRole("table", { name: "Recent payments" })).toBeVisible();
  });

  it("says when there are no payments", async () => {
    serve([]);
    await renderApp("/admin?tab=finances");
    expect(await screen.findByText("No payment records found")).toBeVisible();
    expect(screen.queryByRole("button", { name: "View all" })).not.toBeInTheDocument();
  });

  it("generates a report, shows it as a chart and tables, and downloads it as CSV", async () => {
    const { reports } = serve([payment(1)]);
    const saved = captureSavedFiles();
    const { user } = await renderApp("/admin?tab=finances");

    const form = within(await screen.findByRole("form", { name: "Generate a report" }));
    await user.selectOptions(form.getByLabelText("Report type"), "Monthly (by day)");
    await user.clear(form.getByLabelText("Start date"));
    await user.type(form.getByLabelText("Start date"), "2026-11-02");
    await user.clear(form.getByLabelText("End date"));
    await user.type(form.getByLabelText("End date"), "2026-11-01");
    await user.click(form.getByRole("button", { name: "Generate report" }));
    expect(await form.findByText("endDate must not be before startDate")).toBeVisible();
    expect(reports).toEqual([]);

    await user.clear(form.getByLabelText("Start date"));
    await user.type(form.getByLabelText("Start date"), "2026-11-01");
    await user.clear(form.getByLabelText("End date"));
    await user.type(form.getByLabelText("End date"), "2026-11-02");
    await user.click(form.getByRole("button", { name: "Generate report" }));

    const shown = within(await screen.findByRole("article", { name: "Report" }));
    expect(reports).toEqual([{ reportType: "monthly", startDate: "2026-11-01", endDate: "2026-11-02" }]);
    expect(shown.getByRole("figure", { name: "Revenue per period" })).toBeVisible();
    const periods = within(shown.getByRole("table", { name: "Report by period" }));
    const total = within(periods.getByRole("rowheader", { name: "Total" }).closest("tr")!);
    expect(total.getByText("$1,200.50")).toBeVisible();
    expect(total.getByText("5,010")).toBeVisible();
    const methods = within(shown.getByRole("table", { name: "Revenue by payment method" }));
    expect(methods.getByRole("rowheader", { name: "Stripe" })).toBeVisible();

    await user.click(shown.getByRole("button", { name: "Download CSV" }));
    expect(saved.map(({ fileName }) => fileName)).toEqual(["financial-report-monthly-2026-11-01-to-2026-11-02.csv"]);
    const rows = Papa.parse<string[]>((await saved[0]!.file.text()).replace(/^\uFEFF/, "")).data;
    expect(rows[3]).toEqual(["Total", "1200.50", "3", "12", "5010", "500"]);
  });

  it("says when a report can't be generated", async () => {
    serve([], { reportFails: true });
    const { user } = await renderApp("/admin?tab=finances");
    const form = within(await screen.findByRole("form", { name: "Generate a report" }));
    await user.click(form.getByRole("button", { name: "Generate report" }));
    expect(await screen.findByText("Report Generation Failed")).toBeVisible();
    expect(screen.getByText("Failed to generate financial report. Please try again.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Report" })).not.toBeInTheDocument());
  });

  it("verifies a manual payment from the queue, and rejects another with a reason", async () => {
    const all = [
      payment(1, { paymentMethod: "venmo", status: "pending", reference: "3141592653589793238" }),
      payment(2, { paymentMethod: "crypto", status: "pending", reference: "0xfeedbeef", userEmail: "coins@example.com" }),
      payment(3, { paymentMethod: "stripe", status: "pending" }),
    ];
    const { actions } = serve(all);
    const { user } = await renderApp("/admin?tab=finances");

    const queue = within(await screen.findByRole("table", { name: "Payments waiting for verification" }));
    // The open Stripe checkout settles itself: only the manual payments wait for an admin.
    expect(queue.getAllByRole("row")).toHaveLength(3);
    expect(queue.getByText("3141592653589793238")).toBeVisible();
    await user.click(queue.getByRole("button", { name: "Verify $12 from buyer1@example.com" }));
    expect(await screen.findByText("Payment verified")).toBeVisible();
    expect(screen.getByText("800 credits added for buyer1@example.com; a receipt was emailed.")).toBeVisible();
    await waitFor(() => expect(queue.queryByText("3141592653589793238")).not.toBeInTheDocument());

    await user.click(queue.getByRole("button", { name: "Reject $12 from coins@example.com" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reject payment" }));
    await user.click(dialog.getByRole("button", { name: "Reject" }));
    expect(await dialog.findByText("reason is required")).toBeVisible();
    await user.type(dialog.getByLabelText("Reason"), "No such transaction on the chain");
    await user.click(dialog.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Payment rejected")).toBeVisible();
    expect(await screen.findByText("No payments waiting for verification")).toBeVisible();
    expect(actions).toEqual([
      `verify ${all[0]!.id}`,
      `reject ${all[1]!.id} {"reason":"No such transaction on the chain"}`,
    ]);
  });

  it("refunds a requested payment after asking, and any completed payment from the list", async () => {
    const all = [
      payment(1, {
        refundRequestedAt: "2026-11-21T08:00:00Z",
        refundRequestReason: "The results were not what I needed",
      }),
      payment(2, { paymentMethod: "cashapp", status: "verified", amount: 3_000, credits: 2_000 }),
      payment(3, { status: "failed" }),
    ];
    const { actions } = serve(all);
    const { user } = await renderApp("/admin?tab=finances");

    const requests = within(await screen.findByRole("table", { name: "Refund requests" }));
    expect(requests.getByText("The results were not what I needed")).toBeVisible();
    await user.click(requests.getByRole("button", { name: "Refund $12 to buyer1@example.com" }));
    const confirm = within(await screen.findByRole("alertdialog", { name: "Refund payment" }));
    expect(
      confirm.getByText(
        "$12 goes back to buyer1@example.com through Stripe. Up to 800 credits they have not used are taken back.",
      ),
    ).toBeVisible();
    await user.click(confirm.getByRole("button", { name: "Refund" }));
    expect(await screen.findByText("Payment refunded")).toBeVisible();
    await waitFor(() =>
      expect(requests.queryByRole("button", { name: "Refund $12 to buyer1@example.com" })).not.toBeInTheDocument(),
    );
    expect(requests.getByText("Refunded")).toBeVisible();

    const recent = within(screen.getByRole("table", { name: "Recent payments" }));
    expect(recent.queryByRole("button", { name: /to buyer3@example.com/ })).not.toBeInTheDocument();
    await user.click(recent.getByRole("button", { name: "Refund $30 to buyer2@example.com" }));
    const manual = within(await screen.findByRole("alertdialog", { name: "Refund payment" }));
    expect(manual.getByText(/marked refunded; send the money back by Cash App yourself/)).toBeVisible();
    await user.click(manual.getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(actions).toEqual([`refund ${all[0]!.id}`, `refund ${all[1]!.id}`]));
  });

  it("says why an action was refused", async () => {
    serve([payment(1, { paymentMethod: "venmo", status: "pending" })], { refuse: true });
    const { user } = await renderApp("/admin?tab=finances");
    const queue = within(await screen.findByRole("table", { name: "Payments waiting for verification" }));
    await user.click(queue.getByRole("button", { name: "Verify $12 from buyer1@example.com" }));
    expect(await screen.findByText("Verification failed")).toBeVisible();
    expect(screen.getByText("Payment is not pending")).toBeVisible();
  });
});
