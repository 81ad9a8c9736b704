// /admin/zoho-sync through the real app and router: the admin's own connection and contacts, the platform's tiles,
// and a bulk run followed live. The API is stood in for at fetch, Realtime by test/realtime.
import { CRM_SYNC_PROGRESS_EVENT, crmSyncTopic, type SyncCandidate, type SyncRun } from "@contracts/crm";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { captureSavedFiles, serveAsAdmin } from "@/test/admin-screens";
import { crmConnection, syncCandidate, syncRun, syncStats } from "@/test/crm";
import { json } from "@/test/network";
import { fakeTopics } from "@/test/realtime";
import { renderApp } from "@/test/render-app";

const BASE = "/api/admin/zoho";

/** The screen's reads, each answer a function of the state the test changes. */
function screenRoutes(state: {
  candidates?: (url: URL) => { contacts: SyncCandidate[]; total: number };
  runs?: () => SyncRun[];
  stats?: () => ReturnType<typeof syncStats>;
}) {
  return {
    [`GET ${BASE}/connection`]: () => json(crmConnection()),
    [`GET ${BASE}/sync-stats`]: () => json(state.stats?.() ?? syncStats()),
    [`GET ${BASE}/sync-candidates`]: (request: Request) => {
      const url = new URL(request.url);
      const page = state.candidates?.(url) ?? { contacts: [], total: 0 };
      return json({ ...page, page: Number(url.searchParams.get("page")), pageSize: 50 });
    },
    [`GET ${BASE}/sync-runs`]: () => json(state.runs?.() ?? []),
  };
}

const tile = (name: string) => within(screen.getByRole("article", { name }));

describe("/admin/zoho-sync", () => {
  it("shows the connection, the six tiles and the contacts, filters them and syncs one", async () => {
    const filters: string[] = [];
    const synced: unknown[] = [];
    let invalid = syncCandidate(2, { email: "bounce@acme.test", is_valid: false, deliverability_score: 12, mobile_number: "+1 555 0199", phone_number: null });
    serveAsAdmin({
      ...screenRoutes({
        candidates: (url) => {
          filters.push(url.searchParams.get("filter") ?? "");
          return url.searchParams.get("filter") === "invalid"
            ? { contacts: [invalid], total: 1 }
            : { contacts: [syncCandidate(1, { email: "ada@acme.test" }), invalid], total: 2 };
        },
      }),
      [`POST ${BASE}/sync-contact/2`]: async (request) => {
        synced.push(await request.json());
        invalid = { ...invalid, last_sync: { outcome: "created", zoho_id: "z-2", tagged: true, message: null, synced_at: "2026-11-27T02:10:00.000Z" } };
        return json({ contactId: 2, outcome: "created", zohoId: "z-2", tagged: true, message: null });
      },
    });
    const { user } = await renderApp("/admin/zoho-sync");

    expect(await screen.findByRole("heading", { level: 1, name: "CRM Sync (Zoho)" })).toBeVisible();
    const connection = within(await screen.findByRole("region", { name: "Zoho CRM connection" }));
    expect(connection.getByText("Connected to Zoho CRM")).toBeVisible();
    expect(connection.getByText(/Organization org-778899\. Last sync Nov 26, 2026/)).toBeVisible();

    expect(await tile("Total Syncs").findByText("260")).toBeVisible();
    expect(tile("Created").getByText("200")).toBeVisible();
    expect(tile("Updated").getByText("40")).toBeVisible();
    expect(tile("Skipped").getByText("9")).toBeVisible();
    expect(tile("Successful").getByText("249")).toBeVisible();
    expect(tile("Failed").getByText("11")).toBeVisible();

    const table = within(await screen.findByRole("table", { name: "Contacts to sync" }));
    const ada = within(table.getByRole("row", { name: /ada@acme\.test/ }));
    expect(ada.getByText("Ada Number1")).toBeVisible();
    expect(ada.getByText("Valid")).toBeVisible();
    expect(ada.getByText("87%")).toBeVisible();
    expect(ada.getByText("Never")).toBeVisible();
    const bounce = within(table.getByRole("row", { name: /bounce@acme\.test/ }));
    expect(bounce.getByText("Invalid")).toBeVisible();
    expect(bounce.getByText("+1 555 0199")).toBeVisible();
    expect(bounce.getByText("12%")).toBeVisible();
    expect(bounce.queryByText("Tagged")).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Show"), "Invalid Only");
    await waitFor(() => expect(screen.queryByRole("row", { name: /ada@acme\.test/ })).not.toBeInTheDocument());
    expect(filters).toEqual(["all", "invalid"]);

    await user.click(screen.getByRole("button", { name: "Sync bounce@acme.test" }));
    expect(await screen.findByText("Contact synced")).toBeVisible();
    expect(screen.getByText("bounce@acme.test: created")).toBeVisible();
    expect(synced).toEqual([{ tagInvalidEmails: true, overwriteExisting: false }]);
    const row = within(screen.getByRole("row", { name: /bounce@acme\.test/ }));
    expect(await row.findByText("Tagged")).toBeVisible();
    expect(row.getByText("Created")).toBeVisible();
  });

  it("syncs ticked rows inline with the options chosen, clears the selection, and says when a sync fails", async () => {
    const sent: unknown[] = [];
    let refuse = false;
    serveAsAdmin({
      ...screenRoutes({ candidates: () => ({ contacts: [syncCandidate(1), syncCandidate(2), syncCandidate(3)], total: 3 }) }),
      [`POST ${BASE}/bulk-sync`]: async (request) => {
        sent.push(await request.json());
        return refuse
          ? json({ message: "A sync run is already under way" }, { status: 409 })
          : json({ created: 1, updated: 1, skipped: 0, failed: 0 });
      },
      [`POST ${BASE}/sync-contact/3`]: () => json({ message: "Zoho CRM is not connected" }, { status: 409 }),
    });
    const { user } = await renderApp("/admin/zoho-sync");

    const table = within(await screen.findByRole("table", { name: "Contacts to sync" }));
    expect(screen.queryByRole("button", { name: /^Sync Selected/ })).not.toBeInTheDocument();
    await user.click(table.getByRole("checkbox", { name: "Select contact1@acme.test" }));
    await user.click(table.getByRole("checkbox", { name: "Select contact3@acme.test" }));
    expect(screen.getByText("2 selected.")).toBeVisible();
    // Every contact matching is on the page already: there is nothing more to select.
    await user.click(table.getByRole("checkbox", { name: "Select all rows" }));
    expect(screen.queryByRole("button", { name: /Select all \d+ matching/ })).not.toBeInTheDocument();
    await user.click(table.getByRole("checkbox", { name: "Select contact2@acme.test" }));

    await user.click(screen.getByRole("switch", { name: "Overwrite existing" }));
    await user.click(screen.getByRole("switch", { name: "Tag invalid emails" }));
    await user.click(screen.getByRole("button", { name: "Sync Selected (2)" }));
    expect(await screen.findByText("Bulk sync complete")).toBeVisible();
    expect(screen.getByText("1 created, 1 updated, 0 skipped, 0 failed")).toBeVisible();
    expect(sent).toEqual([{ contactIds: [1, 3], tagInvalidEmails: false, overwriteExisting: true }]);
    expect(screen.queryByRole("button", { name: /^Sync Selected/ })).not.toBeInTheDocument();
    expect(table.getByRole("checkbox", { name: "Select contact1@acme.test" })).not.toBeChecked();

    refuse = true;
    await user.click(table.getByRole("checkbox", { name: "Select contact2@acme.test" }));
    await user.click(screen.getByRole("button", { name: "Sync Selected (1)" }));
    expect(await screen.findByText("Bulk sync failed")).toBeVisible();
    expect(screen.getByText("A sync run is already under way")).toBeVisible();

    await user.click(table.getByRole("button", { name: "Sync contact3@acme.test" }));
    expect(await screen.findByText("Sync failed")).toBeVisible();
    expect(screen.getByText("Zoho CRM is not connected")).toBeVisible();
  });

  it("selects every matching contact, starts a background run and follows it live to the end", async () => {
    const sent: unknown[] = [];
    const started = syncRun({ status: "pending", processed: 0, created: 0, updated: 0, skipped: 0, failed: 0, total: 120 });
    let runs: SyncRun[] = [];
    let stats = syncStats({ total_syncs: 0 });
    // The first page of 120: three rows are enough to stand for it.
    const page = [syncCandidate(1), syncCandidate(2), syncCandidate(3)];
    serveAsAdmin({
      ...screenRoutes({ candidates: () => ({ contacts: page, total: 120 }), runs: () => runs, stats: () => stats }),
      [`POST ${BASE}/bulk-sync`]: async (request) => {
        sent.push(await request.json());
        runs = [started];
        return json({ jobId: started.jobId }, { status: 202 });
      },
      [`GET ${BASE}/sync-runs/${started.jobId}`]: () => json({ ...started, status: "running", processed: 10, created: 10 }),
    });
    const { user } = await renderApp("/admin/zoho-sync");
    expect(await screen.findByText("No sync runs yet.")).toBeVisible();

    const table = within(await screen.findByRole("table", { name: "Contacts to sync" }));
    await user.click(table.getByRole("checkbox", { name: "Select all rows" }));
    expect(screen.getByText("3 selected.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Select all 120 matching" }));
    expect(screen.getByText("All 120 matching contacts are selected.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Sync Selected (120)" }));
    expect(await screen.findByText("Bulk sync started")).toBeVisible();
    expect(sent).toEqual([{ filter: "all", tagInvalidEmails: true, overwriteExisting: false }]);

    const run = within(await screen.findByRole("listitem", { name: /^Sync run of/ }));
    expect(run.getByText("Waiting")).toBeVisible();
    const topic = crmSyncTopic(started.jobId);
    // Joining catches up on what was missed: the run is fetched once.
    act(() => fakeTopics.get(topic)?.state("live"));
    expect(await run.findByText("10 of 120 contacts: 10 created, 0 updated, 0 skipped, 0 failed.")).toBeVisible();

    act(() => fakeTopics.get(topic)?.emit(CRM_SYNC_PROGRESS_EVENT, { ...started, status: "running", processed: 60, created: 59, failed: 1 }));
    expect(await run.findByText("60 of 120 contacts: 59 created, 0 updated, 0 skipped, 1 failed.")).toBeVisible();
    expect(run.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "60");

    act(() =>
      fakeTopics.get(topic)?.emit(CRM_SYNC_PROGRESS_EVENT, {
        ...started,
        status: "paused",
        processed: 80,
        created: 79,
        failed: 1,
        message: "Zoho's daily API credits are spent; the run resumes at 00:00 UTC",
      }),
    );
    expect(await run.findByText("Paused")).toBeVisible();
    expect(run.getByText(/Zoho's daily API credits are spent/)).toBeVisible();

    stats = syncStats({ total_syncs: 120, contacts_created: 119, failed_syncs: 1 });
    runs = [{ ...started, status: "completed", processed: 120, created: 119, failed: 1 }];
    act(() => fakeTopics.get(topic)?.emit(CRM_SYNC_PROGRESS_EVENT, runs[0]));
    expect(await run.findByText("Completed")).toBeVisible();
    expect(run.queryByRole("progressbar")).not.toBeInTheDocument();
    // A finished run moves the tiles: they are fetched again.
    expect(await tile("Total Syncs").findByText("120")).toBeVisible();
    await waitFor(() => expect(fakeTopics.has(topic)).toBe(false));
  });

  it("downloads a run's report as CSV", async () => {
    const saved = captureSavedFiles();
    const done = syncRun({ status: "completed", processed: 250, total: 250 });
    serveAsAdmin({
      ...screenRoutes({ runs: () => [done] }),
      [`GET ${BASE}/sync-runs/${done.jobId}/report.csv`]: () =>
        new Response("email,outcome,zoho_id,tagged,message,synced_at\n", { headers: { "Content-Type": "text/csv" } }),
    });
    const { user } = await renderApp("/admin/zoho-sync");
    await user.click(await screen.findByRole("button", { name: /^Download report: Sync run of/ }));
    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual([`zoho-sync-${done.jobId}.csv`]));
    expect(await saved[0]?.file.text()).toBe("email,outcome,zoho_id,tagged,message,synced_at\n");
  });

  it("says so when nothing can be synced, and when the screen's data cannot be loaded", async () => {
    let failing = true;
    serveAsAdmin({
      ...screenRoutes({}),
      [`GET ${BASE}/connection`]: () => (failing ? new Response("", { status: 500 }) : json(crmConnection())),
      [`GET ${BASE}/sync-stats`]: () => new Response("", { status: 500 }),
    });
    const { user } = await renderApp("/admin/zoho-sync");
    expect(await screen.findByText("No contacts available for sync")).toBeVisible();
    expect(await screen.findByText("Could not load the sync figures.")).toBeVisible();
    expect(await screen.findByText("Could not load the Zoho CRM connection.")).toBeVisible();
    failing = false;
    const notice = screen.getByText("Could not load the Zoho CRM connection.");
    await user.click(within(notice).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Connected to Zoho CRM")).toBeVisible();
  });

  it("names the environment variables to set while the client id and secret are unset", async () => {
    serveAsAdmin({ ...screenRoutes({}), [`GET ${BASE}/connection`]: () => json(crmConnection({ status: "not_connected", configured: false })) });
    await renderApp("/admin/zoho-sync");
    const notice = within(await screen.findByRole("region", { name: "Zoho CRM connection" }));
    expect(notice.getByText(/Configure CRM API credentials in environment variables \(client id, client secret, refresh token\)/)).toBeVisible();
    expect(notice.getByText("ZOHO_CLIENT_ID")).toBeVisible();
    expect(notice.getByText("ZOHO_CLIENT_SECRET")).toBeVisible();
    expect(notice.getByText("ZOHO_REFRESH_TOKEN")).toBeVisible();
    expect(notice.queryByRole("button", { name: "Connect" })).not.toBeInTheDocument();
  });
});
