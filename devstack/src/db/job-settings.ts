// private.job_settings as devstack sets it after every `db push`: the kicks that private.kick_worker() queues reach
// this stack's functions with the secret they were given. A real project writes the same rows once (README, "Deploy").
import type postgres from "postgres";

export async function writeJobSettings(
  sql: postgres.Sql,
  settings: { functionsUrl: string; workerSecret: string | undefined },
): Promise<void> {
  if (!settings.workerSecret) {
    throw new Error("WORKER_SECRET is empty: the worker functions could not tell their kicks from a stranger's (.env.example)");
  }
  await sql`
    insert into private.job_settings (name, value)
    values ('functions_url', ${settings.functionsUrl}), ('worker_secret', ${settings.workerSecret})
    on conflict (name) do update set value = excluded.value`;
}
