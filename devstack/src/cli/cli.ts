// The commands behind the npm scripts: start (the dev stack), db:reset, and the lead's test and bench runners; and
// smtp-fixture, the fixture SMTP server alone, for trying the mailbox probe by hand.
import { applySchema } from "../db/database.ts";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { LOCAL_ANON_KEY } from "../auth/keys.ts";
import { machineSecret } from "./machine-secrets-key.ts";
import { dataDirs, paths } from "./paths.ts";
import { newWebhookSecret } from "../payments/index.ts";
import { removeCluster, startPostgres } from "../db/postgres.ts";
import { resolveSettings } from "./settings.ts";
import { buildWeb, startStack } from "./stack.ts";
import { ZOHO_TEST_CLIENT } from "../zoho/index.ts";
import { ensureSystemPackages } from "./system.ts";

const DEV_GATEWAY_PORT = 54321;
const DEV_DB_PORT = 54322;
// The Supabase CLI's Mailpit ports ([inbucket] port and smtp_port).
const DEV_MAIL_PORTS = { http: 54324, smtp: 54325 };
// The payment fakes, just past the Supabase CLI's range.
const DEV_PAYMENT_PORTS = { stripe: 54331, paypal: 54332 };
const DEV_PUSH_PORT = 54333;
const DEV_ZOHO_PORT = 54334;

const log = (line: string) => console.log(line);

/** Runs the dev stack until Ctrl-C / SIGTERM (exit 0) or until a component dies (exit 1). */
async function start(): Promise<number> {
  const interrupted = new AbortController();
  // The first signal stops everything; more (an impatient second Ctrl-C) change nothing while that happens.
  const stopRequested = new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.on(signal, () => {
        interrupted.abort();
        resolve();
      });
    }
  });

  await ensureSystemPackages({ browser: false, log });
  const settings = resolveSettings();
  // The web build and the stack start side by side; each is mostly waiting on something the other does not need.
  const [built, stackResult] = await Promise.allSettled([
    buildWeb({ VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY }, log),
    startStack({
      gatewayPort: DEV_GATEWAY_PORT,
      dbPort: DEV_DB_PORT,
      mailPorts: DEV_MAIL_PORTS,
      paymentPorts: DEV_PAYMENT_PORTS,
      // Kept across restarts, so the secret an admin pasted into the payments tab stays right.
      stripeWebhookSecret: machineSecret(paths.stripeWebhookSecretFile, newWebhookSecret),
      pushPort: DEV_PUSH_PORT,
      zohoPort: DEV_ZOHO_PORT,
      // Against the real MX hosts, or the SMTP fixture when SMTP_PROBE_TARGET points at one (README, "Try it without
      // the internet").
      probeWorkersAtStart: 1,
      dataDir: dataDirs.dev,
      freshDatabase: false,
      functionEnv: settings,
      log,
      signal: interrupted.signal,
    }),
  ]);
  if (interrupted.signal.aborted) {
    if (stackResult.status === "fulfilled") await stackResult.value.stop();
    log("Interrupted: stopped everything that had started.");
    return 0;
  }
  if (stackResult.status === "rejected") throw stackResult.reason;
  const stack = stackResult.value;
  if (built.status === "rejected") {
    await stack.stop();
    throw built.reason;
  }

  log("");
  log(`MailScout is running at ${stack.url} (ready in ${(performance.now() / 1000).toFixed(1)} s)`);
  log(`  anon key          ${stack.anonKey}`);
  log(`  service-role key  ${stack.serviceRoleKey}`);
  log(`  database          ${stack.dbUrl}`);
  log(`  mail catcher      ${stack.mail.url} (inbox page, Mailpit API, Resend API; SMTP on port ${stack.mail.smtpPort})`);
  log(`  fake Stripe       ${stack.payments.stripeUrl} (any sk_test_ / pk_test_ key; checkout pages, /_fake/ test controls)`);
  log(`  webhook secret    ${stack.payments.stripeWebhookSecret} (paste into the admin's payments tab, Stripe)`);
  log(`  fake PayPal       ${stack.payments.paypalUrl} (any client id and secret)`);
  log(`  fake push service ${stack.push.url} (the only push service the functions send to; /_fake/ test controls)`);
  log(`  fake Zoho         ${stack.zoho.url} (accounts and CRM; to connect, set ZOHO_CLIENT_ID=${ZOHO_TEST_CLIENT.id} and ZOHO_CLIENT_SECRET=${ZOHO_TEST_CLIENT.secret} in .env)`);
  log(`  probe workers     ${stack.probeWorkers.list().map((worker) => `pid ${worker.pid}`).join(", ")} (mailbox checks over SMTP; README, "Probe worker")`);
  log(`  sign in as        admin / mailscout-admin-2026 (an admin) or demo / mailscout-demo-2026`);
  log("Press Ctrl-C to stop.");

  const outcome = await Promise.race([stopRequested, stack.died]);
  if (outcome) log(`\n${outcome.component} died: ${outcome.reason}\nStopping the rest of the stack.`);
  else log("\nStopping...");
  await stack.stop();
  log("Stopped.");
  return outcome ? 1 : 0;
}

/** Rebuilds the dev database from the bootstrap, the migrations and the seed. */
async function resetDevDatabase(): Promise<number> {
  await ensureSystemPackages({ browser: false, log });
  // Refuses (naming the process) while the dev stack runs on this data directory.
  const unlock = lockDataDir(dataDirs.dev);
  try {
    await removeCluster(dataDirs.dev, log);
    const database = await startPostgres({ dataDir: dataDirs.dev, port: DEV_DB_PORT, throwaway: false, log });
    try {
      await applySchema(database.url, log);
    } finally {
      await database.stop();
    }
  } finally {
    unlock();
  }
  log("The dev database was rebuilt from the bootstrap, the migrations and the seed.");
  return 0;
}

async function main(command: string | undefined): Promise<number> {
  switch (command) {
    case "start":
      return start();
    case "db:reset":
      return resetDevDatabase();
    case "test": {
      const { runTests } = await import("../testing/test-runner.ts");
      return runTests(process.argv.slice(3));
    }
    case "bench": {
      const { runBench } = await import("../bench/bench.ts");
      return runBench();
    }
    case "smtp-fixture": {
      const { runSmtpFixture } = await import("../smtp-fixture/command.ts");
      return runSmtpFixture(process.argv.slice(3), log);
    }
    default:
      console.error("usage: mailscout <start|test|db:reset|bench|smtp-fixture>");
      return 2;
  }
}

try {
  process.exit(await main(process.argv[2]));
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
