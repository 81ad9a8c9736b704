// `npm run bench`'s metering figures. Every signed-in unit of work passes one call of private.meter_usage before it
// runs, so the meter's cost per validation is that call's round trip, timed beside a plain one in the same run.
// Throughput compares the database work of a signed-in validation (its admission and its stored verdict and log, the
// statements the api sends) with and without the meter, from 20 users at once, in the same run; the api's own
// figure, metered, comes beside it.
import postgres from "postgres";
import type { RunningStack } from "../cli/stack.ts";
import { loadFromProcess } from "./bench-load.ts";
import { grantCredits, percentiles, registerAccount, timed } from "./bench-measure.ts";

const SEQUENTIAL = 2_000;
const PER_USER = 250;
const API_VALIDATIONS = 4_000;
const API_WARMUP = 500;

type Query = () => Promise<unknown>;

export async function meteringFigures(stack: RunningStack, users: number): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: users, onnotice: () => {} });
  try {
    const accounts = [];
    for (let i = 0; i < users; i++) {
      const account = await registerAccount(stack, sql, `meter${i}`);
      // Enough for every unit this bench draws, granted as an admin grants credits.
      await grantCredits(stack, account.username, 2 * SEQUENTIAL + 2 * PER_USER + API_WARMUP + API_VALIDATIONS);
      accounts.push(account);
    }
    const [first] = accounts;
    if (!first) throw new Error("the metering bench needs at least one user");

    const plain = () => sql`select 1`;
    const meter = (id: string) => () => sql`select * from private.meter_usage(${id}::uuid, 'validation', 1, null)`;
    await Promise.all([plain(), meter(first.id)()]); // connections open and plans cached before anything is timed
    const sequential = { plain: [] as number[], meter: [] as number[] };
    for (let i = 0; i < SEQUENTIAL; i++) {
      sequential.plain.push((await timed(plain)).ms);
      sequential.meter.push((await timed(meter(first.id))).ms);
    }
    const overhead = sorted(sequential.meter.map((ms, i) => ms - sequential.plain[i]!));

    const validationWork = (id: string, metered: boolean, n: number) => async () => {
      await sql.begin(async (tx) => {
        await tx`select * from private.admit_user_request(${id}::uuid, 'validation')`;
        if (metered) await tx`select * from private.meter_usage(${id}::uuid, 'validation', 1, null)`;
        await tx`
          insert into public.validation_logs (user_id, validation_type, emails_processed, valid_emails, invalid_emails,
            warning_emails, domain)
          values (${id}::uuid, 'single', 1, 1, 0, 0, ${`bench${n % 50}.test`})
        `;
      });
    };
    const unmetered = await perSecond(accounts.map((account) => account.id), (id, n) => validationWork(id, false, n));
    const metered = await perSecond(accounts.map((account) => account.id), (id, n) => validationWork(id, true, n));

    const api = await apiThroughput(stack, accounts.map((account) => account.token));

    const label = (what: string) => `metering: ${what}`;
    return [
      [label(`${SEQUENTIAL} meter calls one at a time`), percentiles(sorted(sequential.meter))],
      [label(`${SEQUENTIAL} plain round trips (select 1) beside them`), percentiles(sorted(sequential.plain))],
      [label("overhead per validation (meter call less the plain round trip beside it)"), percentiles(overhead)],
      [label(`a validation's database work, ${users} users at once, unmetered`), `${Math.round(unmetered)} validations/s`],
      [
        label(`the same, metered (goal ≥ 90% of unmetered)`),
        `${Math.round(metered)} validations/s (${Math.round((100 * metered) / unmetered)}%)`,
      ],
      [
        label(`POST /api/validate-email, ${users} users, ${API_VALIDATIONS} requests after ${API_WARMUP}, metered`),
        `${percentiles(api.durations)}, ${Math.round(api.perSecond)} requests/s`,
      ],
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Each user runs PER_USER units of work one after another, all users at once; units per second overall. */
async function perSecond(ids: string[], work: (id: string, n: number) => Query): Promise<number> {
  const run = await timed(() =>
    Promise.all(ids.map(async (id) => {
      for (let n = 0; n < PER_USER; n++) await work(id, n)();
    }))
  );
  return (ids.length * PER_USER) / (run.ms / 1000);
}

async function apiThroughput(stack: RunningStack, tokens: string[]) {
  const body = (email: string) => JSON.stringify({ email });
  return await loadFromProcess({
    url: `${stack.url}/api/validate-email`,
    headers: tokens.map((token) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" })),
    bodies: Array.from({ length: API_WARMUP + API_VALIDATIONS }, (_, i) => body(`meter${i}@mailscout-demo.test`)),
    warmup: API_WARMUP,
    clients: tokens.length,
  });
}

const sorted = (durations: number[]) => [...durations].sort((a, b) => a - b);
