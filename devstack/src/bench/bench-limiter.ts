// `npm run bench`'s rate-limiter figures. The api admits every signed-in request with one call of
// private.admit_user_request before any work, so the limiter's cost per request is that call's round trip less a
// plain one; both are timed in the same run, interleaved, one at a time and with the bench's concurrent clients all
// on one user (whose single counter row they then queue on).
import postgres from "postgres";
import { percentiles, post, timed } from "./bench-measure.ts";
import type { RunningStack } from "../cli/stack.ts";

const SEQUENTIAL = 2_000;
const CONCURRENT = 4_000;

/** Lifts the per-minute limits the load figures would otherwise hit: an operator's setting, not a way around them. */
export async function liftPerMinuteLimits(stack: RunningStack): Promise<void> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`
      update public.admin_settings set setting_value = '1000000'
      where setting_key in ('rate_limit_validations_per_minute', 'rate_limit_explorations_per_minute')
    `;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function limiterFigures(stack: RunningStack, clients: number): Promise<[string, string][]> {
  const username = `limiter${Date.now().toString(36)}`;
  await post(stack, "/api/register", { username, email: `${username}@example.com`, password: "bench-password-1" }, 201);

  const sql = postgres(stack.dbUrl, { max: clients, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: string }[]>`select id from public.profiles where username = ${username}`;
    if (!user) throw new Error(`the bench's user ${username} was not registered`);
    const plain = () => sql`select 1`;
    const admit = () => sql`select * from private.admit_user_request(${user.id}::uuid, 'validation')`;
    await Promise.all([plain(), admit()]); // connections open and plans cached before anything is timed

    const sequential = { plain: [] as number[], admit: [] as number[] };
    for (let i = 0; i < SEQUENTIAL; i++) {
      sequential.plain.push((await timed(plain)).ms);
      sequential.admit.push((await timed(admit)).ms);
    }
    const concurrent = { plain: await load(plain, clients), admit: await load(admit, clients) };

    const label = (what: string) => `limiter: ${what}`;
    return [
      [label(`${SEQUENTIAL} admissions one at a time`), percentiles(sorted(sequential.admit))],
      [label(`${SEQUENTIAL} plain round trips (select 1) beside them`), percentiles(sorted(sequential.plain))],
      [label(`${CONCURRENT} admissions, ${clients} clients, one user`), percentiles(concurrent.admit)],
      [label(`${CONCURRENT} plain round trips, ${clients} clients`), percentiles(concurrent.plain)],
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function load(query: () => Promise<unknown>, clients: number): Promise<number[]> {
  const durations: number[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (sent++ < CONCURRENT) durations.push((await timed(query)).ms);
    }),
  );
  return sorted(durations);
}

const sorted = (durations: number[]) => [...durations].sort((a, b) => a - b);
