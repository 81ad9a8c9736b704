// `npm run bench`: the performance figures, printed and never judged (the machine's load decides the numbers, so a
// benchmark that failed on time would fail at random). Runs its own stack on ports of its own.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { adminUsersFigures, databaseExportFigures } from "./bench-admin-api.ts";
import { adminFigures } from "./bench-admin.ts";
import { bodyLimitFigures } from "./bench-body-limit.ts";
import { bulkFigures } from "./bench-bulk.ts";
import { contactsFigures } from "./bench-contacts.ts";
import { duplicatesFigures } from "./bench-duplicates.ts";
import { integrationsFigures } from "./bench-integrations.ts";
import { limiterFigures, liftPerMinuteLimits } from "./bench-limiter.ts";
import { loadFromProcess } from "./bench-load.ts";
import { marketingFigures } from "./bench-marketing.ts";
import { meteringFigures } from "./bench-metering.ts";
import { realtimeFigures } from "./bench-realtime.ts";
import { seoFigures } from "./bench-seo.ts";
import { supportFigures } from "./bench-support.ts";
import { zohoSyncFigures } from "./bench-zoho-sync.ts";
import { grantCredits, mebibytes, millis, percentiles, post, request, sample, seconds, timed } from "./bench-measure.ts";
import { startDnsFixture, type RunningFixture } from "../testing/test-fixtures.ts";
import { LOCAL_ANON_KEY } from "../auth/keys.ts";
import { paths, repoRoot } from "../cli/paths.ts";
import { runCommand } from "../cli/processes.ts";
import { newWebhookSecret } from "../payments/index.ts";
import { resolveSettings } from "../cli/settings.ts";
import { buildWeb, startStack, type RunningStack } from "../cli/stack.ts";
import { ensureSystemPackages } from "../cli/system.ts";
import { ZOHO_TEST_CLIENT } from "../zoho/index.ts";

const BENCH_PORTS = { gateway: 57321, db: 57322, mail: 57324, smtp: 57325, dns: 57353, stripe: 57331, paypal: 57332, push: 57333, zoho: 57334, proxy: 57380, smtpFixture: 57326, smtpFixtureControl: 57327 };
const BENCH_DATA_DIR = join(repoRoot, ".devstack/bench");
const LOGINS = 50;
const USER_LOOKUPS = 200;
const VALIDATIONS = 4_000;
/** Sent first and not measured: the figure is the server warm, not its code compiling. */
const VALIDATION_WARMUP = 1_000;
const CONCURRENT_CLIENTS = 20;
/** The marketing bench counts every message of two 10,000-recipient sends in the mail catcher. */
const MAIL_CAPACITY = 25_000;

const quiet = () => {};

export async function runBench(): Promise<number> {
  await ensureSystemPackages({ browser: true, log: console.log });
  await buildWeb({ VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY }, quiet);
  const figures: [string, string][] = [...(await engineFigures()), ...(await explorationFigures())];
  const dns = await startDnsFixture(BENCH_PORTS.dns, quiet);
  try {
    const cold = await timed(() => start(true, dns));
    figures.push(["stack ready, empty data directory (initdb, migrations, seed)", seconds(cold.ms)]);
    await cold.value.stop();

    const warm = await timed(() => start(false, dns));
    figures.push(["stack ready, existing data directory", seconds(warm.ms)]);
    try {
      await liftPerMinuteLimits(warm.value);
      figures.push(...(await apiFigures(warm.value)));
      figures.push(...(await limiterFigures(warm.value, CONCURRENT_CLIENTS)));
      figures.push(...(await meteringFigures(warm.value, CONCURRENT_CLIENTS)));
      figures.push(...(await integrationsFigures(warm.value, CONCURRENT_CLIENTS, BENCH_PORTS.proxy)));
      const api = warm.value.functions.find((fn) => fn.name === "api");
      if (api) figures.push(...(await bodyLimitFigures(api)));
      figures.push(...(await contactsFigures(warm.value)));
      figures.push(...(await realtimeFigures(warm.value)));
      figures.push(...(await supportFigures(warm.value)));
      figures.push(...(await bulkFigures(warm.value)));
      // Before the admin data set: its email campaigns go to every confirmed user, and are counted as 10,000.
      figures.push(...(await marketingFigures(warm.value)));
      // Before the admin data set too: its pages are timed on a database of the usual size.
      figures.push(...(await seoFigures(warm.value)));
      figures.push(...(await zohoSyncFigures(warm.value)));
      // Deletes its million contacts again, so the export and admin figures after it see the usual database.
      figures.push(...(await duplicatesFigures(warm.value)));
      // Before the admin data set: a million rows of its own, on a database of the usual size.
      figures.push(...(await databaseExportFigures(warm.value)));
      // Last: its 5,000,000 validation logs would weigh on every figure taken after it. The users page is measured on
      // its 100,000 users.
      figures.push(...(await adminFigures(warm.value)));
      figures.push(...(await adminUsersFigures(warm.value)));
    } finally {
      await warm.value.stop();
    }
  } finally {
    await dns.stop();
    rmSync(BENCH_DATA_DIR, { recursive: true, force: true });
  }

  const width = Math.max(...figures.map(([name]) => name.length));
  console.log("\nMailScout bench (figures, not pass/fail)");
  for (const [name, value] of figures) console.log(`  ${name.padEnd(width)}  ${value}`);
  return 0;
}

/** Runs one of devstack/bench/*.ts in Deno and reads the JSON line it prints last. */
async function denoBench<T>(script: string): Promise<T> {
  const { stdout } = await runCommand(
    paths.deno,
    ["run", "--allow-all", "--config", "edge-functions/deno.json", `devstack/bench/${script}`],
    { cwd: repoRoot },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as T;
}

/** The engine on its own, against the fixture DNS server: 100,000 addresses over 2,000 and over 100,000 domains. */
async function engineFigures(): Promise<[string, string][]> {
  type Case = { addresses: number; domains: number; coldPerSecond: number; warmPerSecond: number };
  const result = await denoBench<{ cases: Case[]; peakRssBytes: number }>("engine-throughput.ts");
  const perSecond = (value: number) => `${Math.round(value).toLocaleString("en")} addresses/s`;
  return [
    ...result.cases.flatMap((run): [string, string][] => {
      const over = `${run.addresses.toLocaleString("en")} addresses over ${run.domains.toLocaleString("en")} domains`;
      return [
        [`engine, ${over}, cold DNS cache`, perSecond(run.coldPerSecond)],
        [`engine, ${over}, warm`, perSecond(run.warmPerSecond)],
      ];
    }),
    ["engine peak memory (RSS)", mebibytes(result.peakRssBytes)],
  ];
}

/** The explorer on slow-site.test (30 pages, 100 ms per response) through the fixture DNS server and proxy. */
async function explorationFigures(): Promise<[string, string][]> {
  type Run = { ms: number; pages: number; partial: boolean };
  const result = await denoBench<{ first: Run; second: Run; peakRssBytes: number }>("exploration.ts");
  const describe = (run: Run) => `${seconds(run.ms)} (${run.pages} pages${run.partial ? ", partial" : ""})`;
  return [
    ["exploration of a 30-page site, 100 ms per response, first in process", describe(result.first)],
    ["exploration of the same site again (fingerprints loaded)", describe(result.second)],
    ["explorer peak memory (RSS)", mebibytes(result.peakRssBytes)],
  ];
}

function start(freshDatabase: boolean, dns: RunningFixture): Promise<RunningStack> {
  return startStack({
    gatewayPort: BENCH_PORTS.gateway,
    dbPort: BENCH_PORTS.db,
    mailPorts: { http: BENCH_PORTS.mail, smtp: BENCH_PORTS.smtp },
    mailCapacity: MAIL_CAPACITY,
    paymentPorts: { stripe: BENCH_PORTS.stripe, paypal: BENCH_PORTS.paypal },
    stripeWebhookSecret: newWebhookSecret(),
    pushPort: BENCH_PORTS.push,
    zohoPort: BENCH_PORTS.zoho,
    // The mailbox figures start their own workers against the fixture; nothing else probes.
    smtpFixturePorts: { smtp: BENCH_PORTS.smtpFixture, control: BENCH_PORTS.smtpFixtureControl },
    probeWorkersAtStart: 0,
    dataDir: BENCH_DATA_DIR,
    freshDatabase,
    // The fake Zoho's OAuth client, as the test stack has it: the sync figures connect a user to the fake.
    functionEnv: {
      ...resolveSettings(),
      DNS_SERVERS: dns.setting,
      ZOHO_CLIENT_ID: ZOHO_TEST_CLIENT.id,
      ZOHO_CLIENT_SECRET: ZOHO_TEST_CLIENT.secret,
    },
    log: quiet,
  });
}

async function apiFigures(stack: RunningStack): Promise<[string, string][]> {
  const username = `bench${Date.now().toString(36)}`;
  const password = "bench-password-1";
  const register = await timed(() =>
    post(stack, "/api/register", { username, email: `${username}@example.com`, password }, 201),
  );

  // The warm-up and the load are metered validations: the user gets the credits they cost (and the first answer's).
  await grantCredits(stack, username, 1 + VALIDATION_WARMUP + VALIDATIONS);
  const logins = await sample(LOGINS, () => post(stack, "/api/login", { username, password }, 200));
  const token = (await post(stack, "/api/login", { username, password }, 200)).headers.get("authorization") ?? "";
  const lookups = await sample(USER_LOOKUPS, () => request(stack, "/api/user", { headers: { authorization: token } }, 200));

  // The first answer puts mailscout-demo.test in the resolver's cache; the load then measures the cached path.
  const headers = { authorization: token, "content-type": "application/json" };
  const body = (email: string) => JSON.stringify({ email });
  await request(stack, "/api/validate-email", { method: "POST", headers, body: body("warm@mailscout-demo.test") }, 200);
  const load = await loadFromProcess({
    url: `${stack.url}/api/validate-email`,
    headers,
    bodies: Array.from({ length: VALIDATION_WARMUP + VALIDATIONS }, (_, i) => body(`person${i}@mailscout-demo.test`)),
    warmup: VALIDATION_WARMUP,
    clients: CONCURRENT_CLIENTS,
  });

  return [
    ["POST /api/register (one account, includes bcrypt)", millis(register.ms)],
    [`POST /api/login, ${LOGINS} sequential (bcrypt dominates)`, percentiles(logins)],
    [`GET /api/user, ${USER_LOOKUPS} sequential`, percentiles(lookups)],
    [
      `POST /api/validate-email, cached domain, ${CONCURRENT_CLIENTS} clients, ${VALIDATIONS} requests after ${VALIDATION_WARMUP}`,
      `${percentiles(load.durations)}, ${Math.round(load.perSecond)} requests/s`,
    ],
  ];
}
