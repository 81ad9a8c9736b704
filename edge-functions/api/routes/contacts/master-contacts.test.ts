// Master contacts under concurrent writers, on two real database sessions: one user withdrawing an address while another
// saves it must leave the master contact and the new source standing. The triggers keep this by locking the master
// contact before deciding anything; without that lock the withdrawal, deciding with the snapshot it took before the
// save committed, removed the master and with it the source just saved. pgTAP runs in one session, so this lives here.
import assert from "node:assert/strict";
import postgres from "postgres";
import { requiredEnv, signedInUser } from "../../testing/stack.ts";

/** A session of its own (one connection), so that it can hold a transaction open while another session works. */
function session(): postgres.Sql {
  return postgres(requiredEnv("SUPABASE_DB_URL"), { max: 1, onnotice: () => {} });
}

async function backendPid(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
  if (!row) throw new Error("no backend pid");
  return row.pid;
}

/** Waits until the session with this backend pid is blocked on a lock, so the order of events is the one we mean. */
async function blockedOnLock(observer: postgres.Sql, pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [row] = await observer`select wait_event_type from pg_stat_activity where pid = ${pid}`;
    if (row?.wait_event_type === "Lock") return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`session ${pid} never waited on a lock`);
}

interface Race {
  leaver: { id: string };
  saver: { id: string };
  email: string;
  observer: postgres.Sql;
  saving: postgres.Sql;
  leaving: postgres.Sql;
}

/**
 * The leaver has saved an address; `run` has the saver save it in one session while the leaver withdraws it in another.
 * Whatever the order, the address then has its master contact with the saver's contribution as its one source.
 */
async function race(run: (race: Race) => Promise<void>): Promise<void> {
  const race: Race = {
    leaver: await signedInUser(),
    saver: await signedInUser(),
    email: `race-${crypto.randomUUID()}@master.example`,
    observer: session(),
    saving: session(),
    leaving: session(),
  };
  const { leaver, saver, email, observer, saving, leaving } = race;
  try {
    await observer`insert into public.saved_contacts (user_id, email, source) values (${leaver.id}, ${email}, 'manual')`;
    await run(race);
    const sources = await observer`
      select s.user_id, m.confidence
        from public.master_contacts as m
        join public.master_contact_sources as s on s.master_contact_id = m.id
       where m.email = ${email}`;
    assert.deepEqual(
      sources.map((row) => ({ user: row.user_id, confidence: row.confidence })),
      [{ user: saver.id, confidence: 1 }],
      "the address has its master contact, with the saver's contribution as its one source",
    );
  } finally {
    // Closing a session aborts whatever it left open, so the clean-up never waits on a failed run's locks.
    await Promise.all([saving.end(), leaving.end()]);
    await observer`delete from public.saved_contacts where email = ${email}`;
    await observer.end();
  }
}

Deno.test("withdrawing an address while another user saves it keeps the master contact and the new source", () =>
  race(async ({ leaver, saver, email, observer, saving, leaving }) => {
    // The save is in flight: its source is added and its master contact held until it commits.
    await saving`begin`;
    await saving`insert into public.saved_contacts (user_id, email, source) values (${saver.id}, ${email}, 'manual')`;

    // Meanwhile the only other contributor deletes the address; its clean-up has to wait for the save.
    const pid = await backendPid(leaving);
    await leaving`begin`;
    const withdrawal = leaving`delete from public.saved_contacts where user_id = ${leaver.id} and email = ${email}`
      .execute();
    await blockedOnLock(observer, pid);

    await saving`commit`;
    await withdrawal;
    await leaving`commit`;
  }));

Deno.test("saving an address while its last contributor withdraws it makes the master contact again", () =>
  race(async ({ leaver, saver, email, observer, saving, leaving }) => {
    // The withdrawal is in flight: the master contact, left without a source, is removed but not yet committed.
    await leaving`begin`;
    await leaving`delete from public.saved_contacts where user_id = ${leaver.id} and email = ${email}`;

    // The save meets the dying master contact and waits to learn whether it is gone.
    const pid = await backendPid(saving);
    const save = saving`insert into public.saved_contacts (user_id, email, source) values (${saver.id}, ${email}, 'manual')`
      .execute();
    await blockedOnLock(observer, pid);

    await leaving`commit`;
    await save;
  }));
