// The local Supabase as one unit: PostgreSQL with the project's migrations and seed, every edge function on Deno (job
// workers as two processes; each started again if it dies), the mail catcher, the payment, push and Zoho fakes, the gateway in front with Auth and
// Realtime inside it, pg_net's net worker, the probe workers (as many as asked for; more through the gateway) and,
// for the test and bench stacks, the SMTP fixture server they probe. Whoever starts a stack gets its URLs and keys, a promise that resolves if
// any component dies, and stop(), which stops exactly what this stack started, last started first.
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import postgres from "postgres";
import { createAuthApp } from "../auth/index.ts";
import { loadAuthConfig } from "../auth/config.ts";
import { smtpMailer } from "../auth/mailer.ts";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { applySchema } from "../db/database.ts";
import { startFunction } from "../functions/functions.ts";
import { startInstances, type FunctionProcess, type RestartingFunction } from "../functions/function-restarts.ts";
import { writeJobSettings } from "../db/job-settings.ts";
import { startNetWorker } from "../db/net-worker.ts";
import { loadEdgeFunctions } from "../functions/functions-config.ts";
import { startMailCatcher } from "../mail/index.ts";
import { startPaymentFakes } from "../payments/index.ts";
import { startPushFake } from "../push/index.ts";
import { startZohoFake } from "../zoho/server.ts";
import { startSmtpFixture } from "../smtp-fixture/index.ts";
import { probeWorkers, type ProbeWorkers } from "../probe-workers/probe-workers.ts";
import { createGateway, createGatewayServer, type FunctionSettingsOverride } from "../gateway/gateway.ts";
import { checkHealth, type Probe } from "../gateway/health.ts";
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from "../auth/keys.ts";
import { paths } from "./paths.ts";
import { isListening, waitForFreePorts } from "./ports.ts";
import { databaseUrl, removeCluster, startPostgres, type RunningPostgres } from "../db/postgres.ts";
import { runCommand } from "./processes.ts";
import { startRealtime, type RealtimeServer } from "../realtime/index.ts";

export interface StackOptions {
  gatewayPort: number;
  dbPort: number;
  /** The mail catcher's page and APIs (HTTP) and its SMTP port, where Auth and the product's sender mail. */
  mailPorts: { http: number; smtp: number };
  /** How many messages the mail catcher keeps (its default unless given): the bench counts a 10,000-recipient send. */
  mailCapacity?: number;
  /** The fake Stripe's and fake PayPal's ports (API, hosted pages and /_fake/ controls). */
  paymentPorts: { stripe: number; paypal: number };
  /** The secret the fake Stripe signs webhooks with (whsec_...): an admin pastes it into the payments tab. */
  stripeWebhookSecret: string;
  /** The fake push service's port: test subscriptions' endpoints and its /_fake/ controls. */
  pushPort: number;
  /** The fake Zoho's port: its accounts server, CRM API and /_fake/ controls. */
  zohoPort: number;
  /** The SMTP fixture server's ports (SMTP, and HTTP for its transcripts and reset); the probe workers then connect
   * only to it (SMTP_PROBE_TARGET) and trust its CA. Without them no fixture starts, and the workers go where the
   * settings say. */
  smtpFixturePorts?: { smtp: number; control: number };
  /** How many probe workers start with the stack: the dev stack one, the test and bench stacks none (their tests
   * start their own through POST /_devstack/probe-workers). */
  probeWorkersAtStart: number;
  /** Holds the cluster and the stack's lock: .devstack/dev or .devstack/test. */
  dataDir: string;
  /** Start from an empty database (the test stack) instead of the one the data directory holds. */
  freshDatabase: boolean;
  /** The project's settings, given to every function next to the SUPABASE_* variables. */
  functionEnv: Record<string, string>;
  log: (line: string) => void;
  /** Aborting it during start-up stops what has started and makes startStack reject. */
  signal?: AbortSignal;
}

export interface ComponentDeath {
  component: string;
  reason: string;
}

export interface RunningStack {
  url: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The mail catcher: its page and Mailpit API at url, SMTP on smtpPort. */
  mail: { url: string; smtpPort: number };
  /** The payment fakes' URLs (each serves its API, its hosted page and /_fake/ controls) and Stripe's signing secret. */
  payments: { stripeUrl: string; paypalUrl: string; stripeWebhookSecret: string };
  /** The fake push service (subscriptions from POST /_fake/subscriptions, what arrived from GET /_fake/messages). */
  push: { url: string };
  /** The fake Zoho (accounts server and CRM API alike; /_fake/ controls), ZOHO_ACCOUNTS_URL and ZOHO_API_URL. */
  zoho: { url: string };
  /** The SMTP fixture: SMTP_PROBE_TARGET's host:port, its control URL (GET /_fake/transcripts, POST /_fake/reset) and
   * its CA's PEM file; null when the stack runs none. */
  smtpFixture: { target: string; controlUrl: string; caFile: string } | null;
  /** The probe workers running now; the gateway's /_devstack/probe-workers starts and stops them too. */
  probeWorkers: Pick<ProbeWorkers, "start" | "list" | "stop">;
  /** Each function's processes (a job worker has two) with their own ports, behind the gateway (the bench measures
   * them directly), as they are now. */
  functions: ReadonlyArray<FunctionProcess>;
  stop(): Promise<void>;
  /** Resolves when a component exits or fails on its own; the caller then stops the rest. */
  died: Promise<ComponentDeath>;
}

const JWT_EXPIRY_SECONDS = 3600;

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { log } = options;
  const url = `http://localhost:${options.gatewayPort}`;

  // Everything started so far, to be undone in reverse order.
  const started: Array<{ component: string; stop: () => Promise<void> }> = [];
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      for (const { component, stop: stopComponent } of started.reverse()) {
        await stopComponent().catch((error: unknown) => log(`stopping ${component} failed: ${String(error)}`));
      }
    })();
    return stopping;
  };

  let firstDeath: ComponentDeath | undefined;
  let reportDeath!: (death: ComponentDeath) => void;
  const died = new Promise<ComponentDeath>((resolve) => (reportDeath = resolve));
  const supervise = (component: string, death: Promise<string>) => {
    void death.then((reason) => {
      firstDeath ??= { component, reason };
      reportDeath(firstDeath);
    });
  };
  const failIfDied = () => {
    if (firstDeath) throw new Error(`${firstDeath.component} died while the stack was starting: ${firstDeath.reason}`);
    options.signal?.throwIfAborted();
  };

  try {
    const unlock = lockDataDir(options.dataDir);
    started.push({ component: "data directory lock", stop: async () => unlock() });
    // Found out now rather than after everything else has started.
    await waitForFreePorts(
      [
        options.gatewayPort,
        options.dbPort,
        options.mailPorts.http,
        options.mailPorts.smtp,
        options.paymentPorts.stripe,
        options.paymentPorts.paypal,
        options.pushPort,
        options.zohoPort,
        ...(options.smtpFixturePorts ? [options.smtpFixturePorts.smtp, options.smtpFixturePorts.control] : []),
      ],
      { log },
    );
    if (options.freshDatabase) await removeCluster(options.dataDir, log);

    // First, so the functions and Auth start with somewhere to send mail.
    const mail = await startMailCatcher({
      httpPort: options.mailPorts.http,
      smtpPort: options.mailPorts.smtp,
      capacity: options.mailCapacity,
      log,
    });
    started.push({ component: "mail catcher", stop: mail.stop });

    // The gateway's address, not localhost: it listens on 127.0.0.1 only, and Node may resolve localhost to ::1 first.
    const functionsUrl = `http://127.0.0.1:${options.gatewayPort}/functions/v1`;
    const payments = await startPaymentFakes({
      stripePort: options.paymentPorts.stripe,
      paypalPort: options.paymentPorts.paypal,
      stripeWebhookSecret: options.stripeWebhookSecret,
      functionsUrl,
    });
    started.push({ component: "payment fakes", stop: payments.stop });
    const push = await startPushFake({ port: options.pushPort });
    started.push({ component: "push fake", stop: push.stop });
    const zoho = await startZohoFake({ port: options.zohoPort });
    started.push({ component: "Zoho fake", stop: zoho.stop });
    const smtpFixture = options.smtpFixturePorts
      ? await startSmtpFixture({ smtpPort: options.smtpFixturePorts.smtp, controlPort: options.smtpFixturePorts.control, log })
      : null;
    if (smtpFixture) started.push({ component: "SMTP fixture", stop: smtpFixture.stop });

    const edgeFunctions = loadEdgeFunctions(paths.repoRoot);
    const dbUrl = databaseUrl(options.dbPort);
    const functionEnv = {
      ...options.functionEnv,
      // Every mail the product sends goes to the catcher, every payment, push and CRM call to the fakes, whatever .env
      // says: nothing here reaches the internet, moves money, wakes a real browser or writes to a real CRM.
      ...mail.settings,
      ...payments.settings,
      ...push.settings,
      ...zoho.settings,
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      SUPABASE_DB_URL: dbUrl,
    };

    // A test's settings of its own per function (PUT /_devstack/functions/NAME/settings), read at each (re)start.
    const overrides = new Map<string, FunctionSettingsOverride>();
    const envOf = (name: string) => {
      const env: Record<string, string> = { ...functionEnv };
      for (const [setting, value] of Object.entries(overrides.get(name) ?? {})) {
        if (value === null) delete env[setting];
        else env[setting] = value;
      }
      return env;
    };

    // PostgreSQL and the functions start side by side: a first run spends most of its time in Deno's downloads.
    log(`starting PostgreSQL on port ${options.dbPort} and functions ${edgeFunctions.map((fn) => fn.name).join(", ")}`);
    const results = await Promise.allSettled([
      startPostgres({ dataDir: options.dataDir, port: options.dbPort, throwaway: options.freshDatabase, log }),
      ...edgeFunctions.flatMap((fn) =>
        startInstances(
          fn,
          (instance, signal) => startFunction(fn, { env: envOf(fn.name), log, signal, instance }),
          log,
          options.signal,
        ),
      ),
    ]);
    const [postgresResult, ...functionResults] = results as [
      PromiseSettledResult<RunningPostgres>,
      ...PromiseSettledResult<RestartingFunction>[],
    ];
    if (postgresResult.status === "fulfilled") {
      started.push({ component: "postgres", stop: postgresResult.value.stop });
      supervise("postgres", postgresResult.value.death);
    }
    const functions: RestartingFunction[] = [];
    for (const result of functionResults) {
      if (result.status !== "fulfilled") continue;
      functions.push(result.value);
      const component = `function ${result.value.name}${result.value.instance > 1 ? ` (instance ${result.value.instance})` : ""}`;
      started.push({ component, stop: result.value.stop });
      supervise(component, result.value.death);
    }
    const failure = results.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    failIfDied();

    await applySchema(dbUrl, log);
    failIfDied();

    const sql = postgres(dbUrl, { max: 5, onnotice: () => {} });
    started.push({ component: "auth's database pool", stop: () => sql.end({ timeout: 5 }) });
    await writeJobSettings(sql, { functionsUrl, workerSecret: options.functionEnv.WORKER_SECRET });
    // config.toml is read once: Auth's password minimum, hook and mailer settings all come from it.
    const authConfig = loadAuthConfig(paths.repoRoot);
    const auth = createAuthApp({
      sql,
      jwtSecret: LOCAL_JWT_SECRET,
      jwtExpirySeconds: JWT_EXPIRY_SECONDS,
      issuer: `${url}/auth/v1`,
      config: authConfig,
      email: {
        ...authConfig.email,
        siteUrl: url,
        externalUrl: `${url}/auth/v1`,
        mailer: smtpMailer({ host: "127.0.0.1", port: mail.smtpPort, from: "MailScout <noreply@mailscout.test>" }),
      },
    });

    // The worker reads its own settings from the functions' (the database, DNS_SERVERS, SMTP_PROBE_*), and probes only
    // the fixture when the stack runs one, whatever the settings say.
    const workers = probeWorkers({
      env: {
        ...functionEnv,
        ...(smtpFixture ? { SMTP_PROBE_TARGET: smtpFixture.target, SMTP_PROBE_CA_FILE: smtpFixture.caFile } : {}),
      },
      log,
    });
    started.push({ component: "probe workers", stop: workers.stopAll });

    const realtime = await startRealtime({ dbUrl, jwtSecret: LOCAL_JWT_SECRET, log });
    started.push({ component: "realtime", stop: realtime.stop });

    const probes: Record<string, Probe> = {
      postgres: async () => void (await sql`select 1`),
      // Auth runs inside the gateway, on the database pool; it reports itself as GoTrue does.
      auth: async () => {
        const response = await auth.fetch(new Request(`${url}/health`));
        if (!response.ok) throw new Error(`GET /auth/v1/health answered ${response.status}`);
      },
      mail: async () => {
        const response = await fetch(`${mail.url}/api/v1/messages?limit=1`);
        if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
        if (!(await isListening(mail.smtpPort))) throw new Error(`nothing listens for SMTP on port ${mail.smtpPort}`);
      },
      payments: async () => {
        for (const [name, base] of [["Stripe", payments.stripeUrl], ["PayPal", payments.paypalUrl]]) {
          const response = await fetch(`${base}/_fake/events`);
          if (!response.ok) throw new Error(`the fake ${name} answered ${response.status}`);
        }
      },
      zoho: async () => {
        const response = await fetch(`${zoho.url}/_fake/calls`);
        if (!response.ok) throw new Error(`the fake Zoho answered ${response.status}`);
      },
      push: async () => {
        const response = await fetch(`${push.url}/_fake/messages`);
        // 400 (no subscription named) is the fake answering.
        if (response.status !== 400) throw new Error(`the fake push service answered ${response.status}`);
      },
      // The database answers Realtime and a NOTIFY comes back through its listener.
      realtime: realtime.probe,
      pg_cron: async () => {
        const [launcher] = await sql`select from pg_stat_activity where backend_type = 'pg_cron launcher'`;
        if (!launcher) throw new Error("pg_cron's launcher is not running (shared_preload_libraries)");
      },
      spa: async () => {
        if (!existsSync(join(paths.webDist, "index.html"))) throw new Error("web/dist/index.html is missing");
      },
    };
    for (const { name } of edgeFunctions) {
      probes[`functions/${name}`] = async () => {
        for (const fn of functions.filter((candidate) => candidate.name === name)) {
          if (!(await isListening(fn.port))) throw new Error(`Deno is not listening on port ${fn.port} (instance ${fn.instance})`);
        }
      };
    }
    const gateway = createGateway({
      auth,
      realtime,
      functions: new Map(
        edgeFunctions.map((fn) => [
          fn.name,
          { verifyJwt: fn.verifyJwt, instances: functions.filter((candidate) => candidate.name === fn.name) },
        ]),
      ),
      jwtSecret: LOCAL_JWT_SECRET,
      webDist: paths.webDist,
      supabaseUrl: url,
      health: () => checkHealth(probes),
      functionProcesses: () =>
        functions.map(({ name, instance, pid, port, restarts }) => ({ name, instance, pid, port, restarts })),
      overrideFunctionSettings: async (name, settings) => {
        const processes = functions.filter((fn) => fn.name === name);
        if (!processes.length) return false;
        overrides.set(name, settings);
        await Promise.all(processes.map((fn) => fn.replace()));
        return true;
      },
      probeWorkers: workers,
      log,
    });
    const server = await listen(gateway.fetch, options.gatewayPort, realtime);
    started.push({ component: "gateway", stop: () => close(server, realtime) });
    supervise("gateway", new Promise((resolve) => server.once("error", (error) => resolve(error.message))));
    failIfDied();

    // Last, so the kicks it sends find the gateway listening; stopped first for the same reason.
    const netWorker = await startNetWorker({ dbUrl, log });
    started.push({ component: "net worker", stop: netWorker.stop });
    probes.pg_net = netWorker.probe;
    for (const fn of functions) fn.allowRestarts();
    for (let count = 0; count < options.probeWorkersAtStart; count++) {
      const worker = await workers.start();
      log(`probe worker ${worker.id} started (pid ${worker.pid})`);
    }

    return {
      url,
      dbUrl,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      jwtSecret: LOCAL_JWT_SECRET,
      mail: { url: mail.url, smtpPort: mail.smtpPort },
      payments: { stripeUrl: payments.stripeUrl, paypalUrl: payments.paypalUrl, stripeWebhookSecret: payments.stripeWebhookSecret },
      push: { url: push.url },
      zoho: { url: zoho.url },
      smtpFixture: smtpFixture && { target: smtpFixture.target, controlUrl: smtpFixture.controlUrl, caFile: smtpFixture.caFile },
      probeWorkers: workers,
      functions,
      stop,
      died,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  realtime: RealtimeServer,
): Promise<Server> {
  const server = createGatewayServer(fetch);
  // Websockets reach Realtime as Kong routes them, on the gateway's port.
  server.on("upgrade", realtime.handleUpgrade);
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`The gateway cannot listen on 127.0.0.1:${port}: ${error.message}`));
    server.once("error", onError);
    // Loopback only: the local keys are public knowledge, so the stack must not be reachable from the network.
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      resolve(server);
    });
  });
}

function close(server: Server, realtime: RealtimeServer): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections would hold close() open until they time out.
    server.closeAllConnections();
  });
  // So would Realtime's websockets, which closeAllConnections does not see.
  return Promise.all([closed, realtime.disconnectAll()]).then(() => {});
}

/** Builds the SPA into web/dist; env carries what the build bakes in (by default the local anon key). */
export async function buildWeb(
  env: Record<string, string> = { VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
  log: (line: string) => void = console.log,
): Promise<void> {
  const startedAt = performance.now();
  await runCommand(paths.vite, ["build"], { cwd: paths.webDir, env: { ...process.env, ...env } });
  log(`built the web app in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}
