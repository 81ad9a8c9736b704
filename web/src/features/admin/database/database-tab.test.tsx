// The database tab through the real app at /admin?tab=database; the API stood in for at fetch.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json } from "@/test/network";
import { captureSavedFiles, serveAsAdmin } from "@/test/admin-screens";
import { renderApp } from "@/test/render-app";

const EXPORT = '{"manifest":{"exportedAt":"2026-11-26T10:00:00Z","tables":[{"name":"profiles","rows":1}]},"tables":{}}';

function serve(answers: (() => Response)[]) {
  let calls = 0;
  serveAsAdmin({
    "GET /api/admin/export-database": () => answers[Math.min(calls++, answers.length - 1)]!(),
  });
  return { calls: () => calls };
}

describe("admin database tab", () => {
  it("says what the export leaves out and how often it may run, and saves the JSON as a file", async () => {
    serve([() => new Response(EXPORT, { headers: { "Content-Type": "application/json" } })]);
    const saved = captureSavedFiles();
    const { user } = await renderApp("/admin?tab=database");

    expect(await screen.findByText(/Secrets are left out: password hashes, refresh tokens, payment credentials/)).toBeVisible();
    expect(screen.getByText(/At most one export every 60 seconds/)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Export database (JSON)" }));

    expect(await screen.findByText("Database exported")).toBeVisible();
    expect(saved.map(({ fileName }) => fileName)).toEqual([
      expect.stringMatching(/^mailscout-database-\d{4}-\d{2}-\d{2}\.json$/),
    ]);
    expect(await saved[0]!.file.text()).toBe(EXPORT);
  });

  it("shows the server's words when an export comes too soon, and a plain failure otherwise", async () => {
    const { calls } = serve([
      () =>
        json(
          { message: "One database export a minute: try again in 42 seconds." },
          { status: 429, headers: { "Retry-After": "42" } },
        ),
      () => json({ message: "Internal server error" }, { status: 500 }),
    ]);
    const saved = captureSavedFiles();
    const { user } = await renderApp("/admin?tab=database");
    const button = await screen.findByRole("button", { name: "Export database (JSON)" });

    await user.click(button);
    expect(await screen.findByText("Export Failed")).toBeVisible();
    expect(screen.getByText("One database export a minute: try again in 42 seconds.")).toBeVisible();

    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText("Failed to export database. Please try again.")).toBeVisible();
    expect(calls()).toBe(2);
    expect(saved).toEqual([]);
  });
});
