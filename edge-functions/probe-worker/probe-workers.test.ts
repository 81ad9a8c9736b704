// Probe workers together and apart, on the test stack: two workers share an MX host within its politeness settings
// (read from what the database recorded, not from timing), a worker killed mid-batch loses nothing, and a worker
// stopped gracefully gives back what it has not finished and removes its heartbeat row.
import assert from "node:assert/strict";
import { pollUntil } from "../api/testing/bulk.ts";
import { signedInUser, withDatabase } from "../api/testing/stack.ts";
import {
  checkOf,
  probeResults,
  queuedIds,
  requestProbes,
  resetSmtpFixture,
  runningProbeWorkers,
  startProbeWorker,
  stopIfRunning,
  stopProbeWorker,
  withAdminSettings,
  withProbeWorkers,
} from "./testing/probe-workers.ts";

// The bench's domains: every reply 100 ms late and every `user<n>` a mailbox, so a batch of 50 takes seconds.
const addresses = (domain: string, count: number) => Array.from({ length: count }, (_, n) => `user${n + 1}@${domain}`);

/**
 * Records, while `work` runs, every slot taken of an MX host (with how many of its slots were held right after) and
 * every connection time stamped, through triggers of a scratch schema dropped afterwards.
 */
async function recordingHostSlots<T>(
  work: () => Promise<T>,
): Promise<{ value: T; takes: { owner: string; held: number }[]; connects: Date[]; host: string }> {
  await withDatabase((sql) =>
    sql.unsafe(`
      create schema probe_slots_record;
      create table probe_slots_record.takes (n bigserial, host text, owner uuid, held integer);
      create table probe_slots_record.connects (n bigserial, host text, at timestamptz);
      create function probe_slots_record.take() returns trigger language plpgsql as $$
      begin
        insert into probe_slots_record.takes (host, owner, held)
        select new.host, new.lease_owner, count(*) from public.smtp_host_slots as s
        where s.host = new.host and s.lease_expires_at > now();
        return null;
      end $$;
      create function probe_slots_record.connect() returns trigger language plpgsql as $$
      begin
        insert into probe_slots_record.connects (host, at) values (new.host, new.last_connect_at);
        return null;
      end $$;
      create trigger probe_slots_record after insert or update on public.smtp_host_slots
        for each row execute function probe_slots_record.take();
      create trigger probe_slots_record after update of last_connect_at on public.smtp_hosts
        for each row execute function probe_slots_record.connect();
    `)
  );
  try {
    const value = await work();
    return await withDatabase(async (sql) => {
      const takes = await sql<{ host: string; owner: string; held: number }[]>`
        select host, owner, held from probe_slots_record.takes order by n
      `;
      const connects = await sql<{ host: string; at: Date }[]>`
        select host, at from probe_slots_record.connects order by n
      `;
      const hosts = [...new Set(takes.map((take) => take.host))];
      assert.equal(hosts.length, 1, `one host expected, got ${hosts.join(", ")}`);
      return { value, takes: [...takes], connects: connects.map((row) => row.at), host: hosts[0]! };
    });
  } finally {
    await withDatabase((sql) =>
      sql.unsafe(`
        drop trigger probe_slots_record on public.smtp_host_slots;
        drop trigger probe_slots_record on public.smtp_hosts;
        drop schema probe_slots_record cascade;
      `)
    );
  }
}

/** Waits until the worker holds a probe, mid-conversation. */
async function untilHolding(workerId: string): Promise<void> {
  await pollUntil(
    () =>
      withDatabase(async (sql) => {
        const [held] = await sql`
          select 1 from public.mailbox_probes where lease_owner = ${workerId} and status = 'running' limit 1
        `;
        return held ? true : undefined;
      }),
    () => `worker ${workerId} never held a probe`,
  );
}

Deno.test({
  name: "two workers take turns at one MX host within its concurrency and interval",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    await resetSmtpFixture();
    // One domain at a time each, so the two batches of the host go to different workers.
    const { takes, connects, value: workers } = await withAdminSettings(
      { smtp_probe_host_concurrency: "1", smtp_probe_host_interval_ms: "1000" },
      () =>
        recordingHostSlots(() =>
          withProbeWorkers(2, async (workers) => {
            // Two batches of 50 addresses of one domain (so of one MX host).
            const results = await probeResults(queuedIds(await requestProbes(addresses("probe-bench-00.test", 100))));
            for (const result of results) assert.equal(checkOf(result).outcome, "exists", result.email);
            return workers;
          }, { PROBE_WORKER_DOMAINS_AT_ONCE: "1" })
        ),
    );
    assert.ok(takes.length >= 2, JSON.stringify(takes));
    assert.deepEqual(new Set(takes.map((take) => take.owner)), new Set(workers.map((worker) => worker.id)));
    assert.equal(Math.max(...takes.map((take) => take.held)), 1, JSON.stringify(takes));
    for (let n = 1; n < connects.length; n++) {
      const gap = connects[n]!.getTime() - connects[n - 1]!.getTime();
      assert.ok(gap >= 1000, `connections ${gap} ms apart`);
    }
  },
});

Deno.test({
  name: "a worker killed mid-batch loses nothing: the other finishes every probe, each told once",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    await resetSmtpFixture();
    const user = await signedInUser();
    await withProbeWorkers(2, async ([doomed]) => {
      const emails = ["probe-bench-01.test", "probe-bench-02.test", "probe-bench-03.test", "probe-bench-04.test"]
        .flatMap((domain) => addresses(domain, 30));
      const probeIds = queuedIds(await requestProbes(emails, { userId: user.id, bulkSessionId: null }));
      await untilHolding(doomed!.id);
      Deno.kill(doomed!.pid, "SIGKILL");
      try {
        const results = await probeResults(probeIds);
        for (const result of results) assert.equal(checkOf(result).outcome, "exists", result.email);
        const told = await withDatabase((sql) =>
          sql<{ probe_id: string; times: number }[]>`
            select payload->>'probeId' as probe_id, count(*)::int as times from realtime.messages
            where topic = ${`user:${user.id}`} and event = 'validation_updated'
            group by 1
          `
        );
        assert.deepEqual(
          new Map(told.map((row) => [row.probe_id, row.times])),
          new Map(probeIds.map((id) => [id, 1])),
        );
        const [retried] = await withDatabase((sql) =>
          sql<{ count: number }[]>`
            select count(*)::int as count from public.mailbox_probes where id = any(${probeIds}) and attempts > 1
          `
        );
        assert.ok(retried!.count > 0, "no probe was taken over from the killed worker");
      } finally {
        // Its heartbeat row would let the next tests queue probes no worker takes.
        await withDatabase((sql) => sql`select private.remove_probe_worker(${doomed!.id})`);
      }
      assert.equal((await runningProbeWorkers()).some((worker) => worker.id === doomed!.id), false);
    });
  },
});

Deno.test({
  name: "a worker stopped gracefully gives back what it has not finished and removes its heartbeat row",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    await resetSmtpFixture();
    const worker = await startProbeWorker();
    try {
      const heartbeat = () =>
        withDatabase((sql) => sql<{ id: string }[]>`select id from public.probe_workers where id = ${worker.id}`);
      assert.equal((await heartbeat()).length, 1);
      assert.ok((await runningProbeWorkers()).some((running) => running.id === worker.id));

      // A batch of 50 takes over 5 s at 100 ms per reply, longer than a stopping worker waits for it.
      const probeIds = queuedIds(await requestProbes(addresses("probe-bench-05.test", 50)));
      await untilHolding(worker.id);
      await stopProbeWorker(worker.id);

      assert.equal((await heartbeat()).length, 0);
      assert.equal((await runningProbeWorkers()).some((running) => running.id === worker.id), false);
      const states = await withDatabase((sql) =>
        sql<{ status: string; outcome: string | null; lease_owner: string | null }[]>`
          select status, outcome, lease_owner from public.mailbox_probes where id = any(${probeIds})
        `
      );
      // Nothing is left running under its name, and nothing unfinished was stored as if the server had not answered.
      for (const state of states) {
        assert.ok(
          (state.status === "pending" && state.lease_owner === null) || (state.status === "done" && state.outcome === "exists"),
          JSON.stringify(state),
        );
      }
      assert.ok(states.some((state) => state.status === "pending"), "the stop came after the whole batch");

      // Another worker takes them over.
      await withProbeWorkers(1, async () => {
        for (const result of await probeResults(probeIds)) assert.equal(checkOf(result).outcome, "exists", result.email);
      });
    } finally {
      await stopIfRunning([worker]);
    }
  },
});
