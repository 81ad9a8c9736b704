// The screen as a person uses it, through the real app and router. Two boundaries are stood in for: the file-reading
// worker (happy-dom runs no workers; the stand-in runs the same parser on the page) and the Realtime channel (the test
// plays the server's progress events).
import type { BulkSession } from "@contracts/bulk-validation";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { helpArticles } from "@/test/help";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";
import { fakeTopics } from "@/test/realtime";

vi.mock("../file/read-file", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../file/read-file")>();
  const { fileKindOf, parseRows } = await import("../file/parse-table");
  return {
    ...actual,
    readBulkFile: async (file: File) => {
      const kind = fileKindOf(file.name) ?? "csv";
      const records: string[][] = [];
      parseRows(await file.text(), kind, (rows) => records.push(...rows));
      return actual.toReadFile(file.name, kind, records);
    },
  };
});

function session(extra: Partial<BulkSession> = {}): BulkSession {
  return {
    id: "s1", name: "Spring leads", fileName: "leads.csv", createdAt: "2026-03-01T10:00:00Z", uploadComplete: true,
    startedAt: "2026-03-01T10:00:01Z", completedAt: null, expiresAt: null, error: null, skippedRows: 0,
    totalEmails: 1000, processedEmails: 0, validCount: 0, invalidCount: 0, warningCount: 0, mailboxPendingEmails: 0,
    status: "queued", apiKeyName: null, ...extra,
  };
}

const csv = (text: string, name = "leads.csv") => new File([text], name, { type: "text/csv" });

function dropFile(file: File) {
  fireEvent.drop(screen.getByRole("region", { name: "Choose a file" }), { dataTransfer: { files: [file] } });
}

describe("bulk validation screen", () => {
  it("refuses a file that is not .csv or .txt, in the spec's words", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser) });
    await renderApp("/bulk-validation");

    expect(await screen.findByRole("tab", { name: "Upload & Validate", selected: true })).toBeVisible();
    dropFile(new File(["a"], "leads.xlsx"));
    expect(await screen.findByText("Invalid file type")).toBeVisible();
    expect(screen.getByText("Please upload a CSV file")).toBeVisible();
  });

  it("maps a file, insists on an email column, sends the rows and switches to My Sessions", async () => {
    storeSessionFor(demoUser);
    let sent: Record<string, unknown> | undefined;
    let started = false;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "POST /api/bulk-validation/start-enhanced": async (request) => {
        sent = await request.json();
        started = true;
        return json({
          jobId: "s1", sessionId: "s1", part: 0, acceptedRows: 2, skippedRows: 0, totalEmails: 2,
          uploadComplete: true, status: "queued",
        });
      },
      "GET /api/bulk-validation/sessions": () => json(started ? [session({ totalEmails: 2 })] : []),
    });
    const { user, router } = await renderApp("/bulk-validation");

    await user.upload(
      await screen.findByLabelText("CSV or TXT file"),
      csv('\uFEFFFull Name;E-mail;Notes\r\nAnn Lee;"ann@acme.test";first\r\nBob;no address here;\r\nCy;cy@gamma.test;"two\nlines"\r\n'),
    );

    expect(await screen.findByRole("heading", { name: "Map columns" })).toBeVisible();
    expect(screen.getByLabelText("Session name")).toHaveValue("leads.csv");
    expect(screen.getByLabelText("First row is a header")).toBeChecked();
    const email = screen.getByLabelText("Email column");
    expect(email).toHaveValue("1");
    expect(screen.getByText(/2 rows will be validated/)).toHaveTextContent(
      "2 rows will be validated; 1 row has no @ in the email column and will be skipped.",
    );
    const preview = within(screen.getByRole("table", { name: "The first 5 rows of leads.csv" }));
    expect(preview.getByRole("columnheader", { name: /E-mail\s*Email/ })).toBeVisible();
    expect(preview.getByRole("cell", { name: "ann@acme.test" })).toBeVisible();

    await user.selectOptions(email, "");
    await user.click(screen.getByRole("button", { name: "Start Validation" }));
    expect(await screen.findByText("Missing email column")).toBeVisible();
    expect(screen.getByText("Please select the email column to proceed")).toBeVisible();

    await user.selectOptions(email, "1");
    await user.selectOptions(screen.getByLabelText("First name"), "0");
    await user.clear(screen.getByLabelText("Session name"));
    await user.type(screen.getByLabelText("Session name"), "Spring leads");
    await user.click(screen.getByRole("button", { name: "Start Validation" }));

    await waitFor(() => expect(router.state.location.search).toEqual({ tab: "sessions" }));
    expect(await screen.findByRole("article", { name: "Spring leads" })).toBeVisible();
    expect(sent).toEqual({
      sessionName: "Spring leads",
      fileName: "leads.csv",
      columns: ["Full Name", "E-mail", "Notes"],
      totalRows: 2,
      final: true,
      emailsWithData: [
        { email: "ann@acme.test", firstName: "Ann Lee", cells: ["Ann Lee", "ann@acme.test", "first"] },
        { email: "cy@gamma.test", firstName: "Cy", cells: ["Cy", "cy@gamma.test", "two\nlines"] },
      ],
    });
  });

  it("reads a .txt of one address a line without a header, and goes back to mapping with the server's words on failure", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "POST /api/bulk-validation/start-enhanced": () =>
        json({ message: "You already have 3 validations running. Try again when one finishes." }, { status: 429 }),
    });
    const { user } = await renderApp("/bulk-validation");

    await user.upload(await screen.findByLabelText("CSV or TXT file"), csv("ann@acme.test\nbob@beta.test\n", "list.txt"));
    expect(await screen.findByRole("heading", { name: "Map columns" })).toBeVisible();
    expect(screen.getByLabelText("First row is a header")).not.toBeChecked();
    expect(screen.getByLabelText("Email column")).toHaveValue("0");
    expect(screen.getByText(/rows will be validated/)).toHaveTextContent("2 rows will be validated.");

    await user.click(screen.getByRole("button", { name: "Start Validation" }));
    expect(await screen.findByText("Validation failed")).toBeVisible();
    expect(screen.getByText("You already have 3 validations running. Try again when one finishes.")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Map columns" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Upload Different File" }));
    expect(screen.getByRole("region", { name: "Choose a file" })).toBeVisible();
  });

  it("shows a running session move with its events, then Completed with Download, which saves validated_{fileName}", async () => {
    storeSessionFor(demoUser);
    let server = session({
      status: "running", processedEmails: 100, validCount: 90, invalidCount: 5, warningCount: 5, skippedRows: 12,
    });
    let downloadFails = false;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/bulk-validation/sessions": () => json([server]),
      "GET /api/bulk-validation/sessions/s1/download": () =>
        downloadFails
          ? json({ message: "Session not found" }, { status: 404 })
          : new Response("email,valid\r\nann@acme.test,true\r\n", { headers: { "Content-Type": "text/csv" } }),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = await renderApp("/bulk-validation?tab=sessions");

    const card = within(await screen.findByRole("article", { name: "Spring leads" }));
    expect(card.getByText("Processing in background...")).toBeVisible();
    expect(card.getByText("100 of 1,000 processed")).toBeVisible();
    expect(card.getByText(/^12 rows without an @ skipped/)).toBeVisible();
    await waitFor(() => expect(fakeTopics.has("bulk-validation:s1")).toBe(true));

    fakeTopics.get("bulk-validation:s1")?.emit("progress", { ...server, processedEmails: 600, validCount: 500 });
    expect(await card.findByText(/^600 of 1,000 processed/)).toBeVisible();
    expect(card.getByRole("progressbar", { name: "Progress of Spring leads" })).toHaveAttribute("aria-valuenow", "600");
    expect(card.getByText("Spring leads: 60% processed")).toBeInTheDocument();

    server = { ...server, status: "completed", processedEmails: 1000, validCount: 900, completedAt: "2026-03-01T10:01:00Z" };
    fakeTopics.get("bulk-validation:s1")?.emit("progress", server);
    expect(await card.findByText("Completed")).toBeVisible();
    expect(card.queryByText("Processing in background...")).not.toBeInTheDocument();
    await waitFor(() => expect(fakeTopics.has("bulk-validation:s1")).toBe(false));

    await user.click(card.getByRole("button", { name: "Download results of Spring leads" }));
    await waitFor(() => expect(saved).toEqual(["validated_leads.csv"]));

    downloadFails = true;
    await user.click(card.getByRole("button", { name: "Download results of Spring leads" }));
    expect(await screen.findByText("Failed to download results")).toBeVisible();
  });

  it("says how many mailbox checks a processed session still waits for, until it completes", async () => {
    storeSessionFor(demoUser);
    let server = session({
      status: "running", processedEmails: 1000, validCount: 900, invalidCount: 60, warningCount: 40, mailboxPendingEmails: 40,
    });
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/bulk-validation/sessions": () => json([server]),
    });
    await renderApp("/bulk-validation?tab=sessions");

    const card = within(await screen.findByRole("article", { name: "Spring leads" }));
    expect(card.getByText("Checking mailboxes… 40 left")).toBeVisible();
    expect(card.getByText("1,000 of 1,000 processed")).toBeVisible();
    expect(card.getByText("Spring leads: 100% processed, checking mailboxes")).toBeInTheDocument();
    await waitFor(() => expect(fakeTopics.has("bulk-validation:s1")).toBe(true));

    fakeTopics.get("bulk-validation:s1")?.emit("progress", { ...server, mailboxPendingEmails: 1, invalidCount: 99, validCount: 861 });
    expect(await card.findByText("Checking mailboxes… 1 left")).toBeVisible();
    expect(card.getByText("Invalid", { selector: "dt" }).nextElementSibling).toHaveTextContent("99");

    server = { ...server, status: "completed", mailboxPendingEmails: 0, invalidCount: 100, validCount: 860, completedAt: "2026-03-01T10:01:00Z" };
    fakeTopics.get("bulk-validation:s1")?.emit("progress", server);
    expect(await card.findByText("Completed")).toBeVisible();
    expect(card.queryByText(/Checking mailboxes/)).not.toBeInTheDocument();
  });

  it("names the API key that started a job, and nothing for a file uploaded here", async () => {
    storeSessionFor(demoUser);
    const sessions = [
      session({ name: "API: CRM sync", fileName: "api-2026-03-01.csv", apiKeyName: "CRM sync" }),
      session({ id: "s2", name: "Old list" }),
    ];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/bulk-validation/sessions": () => json(sessions),
    });
    await renderApp("/bulk-validation?tab=sessions");
    const viaKey = within(await screen.findByRole("article", { name: "API: CRM sync" }));
    expect(viaKey.getByText(/^api-2026-03-01\.csv · .* · via API key CRM sync$/)).toBeVisible();
    const uploaded = within(screen.getByRole("article", { name: "Old list" }));
    expect(uploaded.getByText(/^leads\.csv · /)).toBeVisible();
    expect(uploaded.queryByText(/via API key/)).not.toBeInTheDocument();
  });

  it("says when a job finishes while the person is on another tab", async () => {
    storeSessionFor(demoUser);
    let server = session({ status: "running", processedEmails: 10 });
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/bulk-validation/sessions": () => json([server]),
      "GET /api/help/articles": () => json(helpArticles),
    });
    const { user } = await renderApp("/bulk-validation?tab=sessions");
    expect(await screen.findByRole("article", { name: "Spring leads" })).toBeVisible();
    await user.click(screen.getByRole("tab", { name: "FAQ & Help" }));
    expect(await screen.findByText("How long are bulk validation files and results kept?")).toBeVisible();

    server = { ...server, status: "completed", processedEmails: 1000, validCount: 1000 };
    fakeTopics.get("bulk-validation:s1")?.emit("progress", server);
    expect(await screen.findByText("Validation complete")).toBeVisible();
    expect(screen.getByText(/Spring leads: 1,000 emails validated/)).toBeVisible();
  });

  it("lists nothing with the spec's empty state, and deletes a session after asking, with the server's words on failure", async () => {
    storeSessionFor(demoUser);
    let sessions = [session({ status: "completed", processedEmails: 1000 }), session({ id: "s2", name: "Old list", status: "failed", error: "The job failed three times." })];
    let refuse = true;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/bulk-validation/sessions": () => json(sessions),
      "DELETE /api/bulk-validation/sessions/s2": () => {
        if (refuse) return json({ message: "Session not found" }, { status: 404 });
        sessions = sessions.filter((item) => item.id !== "s2");
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/bulk-validation?tab=sessions");

    const old = within(await screen.findByRole("article", { name: "Old list" }));
    expect(old.getByText("Failed")).toBeVisible();
    expect(old.getByText("The job failed three times.")).toBeVisible();

    await user.click(old.getByRole("button", { name: "Delete Old list" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Delete Session" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Session not found")).toBeVisible();

    refuse = false;
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Session deleted successfully")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Old list" })).not.toBeInTheDocument());

    sessions = [];
    await user.click(screen.getByRole("button", { name: "Delete Spring leads" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No validation sessions found")).toBeVisible();
  });
});
