// `npm test`: sets the machine up like `npm start`, starts a throw-away stack on the test ports, runs every test layer
// against it, stops what it started and prints one summary line per layer. Exit code 1 on any failure.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOCAL_ANON_KEY } from "../auth/keys.ts";
import { dataDirs, paths, repoRoot } from "../cli/paths.ts";
import { countJUnit, countPgProve, countPlaywright, countVitest, type Counts } from "./test-counts.ts";
import { discoverEdgeFunctionTests, notRunByAnyLayer, type EdgeFunctionTests } from "./test-discovery.ts";
import { newSecretsKey } from "../cli/machine-secrets-key.ts";
import { newWebhookSecret } from "../payments/index.ts";
import { ZOHO_TEST_CLIENT } from "../zoho/index.ts";
import { resolveSettings } from "../cli/settings.ts";
import { buildWeb, startStack, type RunningStack } from "../cli/stack.ts";
import { startDnsFixture, startProxyFixture, type RunningFixture } from "./test-fixtures.ts";
import { TEST_CERTIFICATE } from "../../../edge-functions/_shared/explorations/testing/test-certificate.ts";
import { ensureSystemPackages } from "../cli/system.ts";

/** TEST_PORT_OFFSET moves them all, so two clones can run their tests side by side. */
const TEST_PORTS = testPorts(Number(process.env.TEST_PORT_OFFSET ?? 0));
/**
 * The anonymous per-IP allowance is lowered to the session's, so e2e can show a cleared local storage resets nothing.
 * A previous secrets key, new each run, lets the api tests seal as before a key rotation and check the reseal.
 */
const TEST_SETTINGS = {
  ANON_IP_MONTHLY_LIMIT: "10",
  SECRETS_ENCRYPTION_PREVIOUS_KEYS: newSecretsKey(),
  // The one OAuth client the fake Zoho knows, so connecting works in every layer.
  ZOHO_CLIENT_ID: ZOHO_TEST_CLIENT.id,
  ZOHO_CLIENT_SECRET: ZOHO_TEST_CLIENT.secret,
};

interface LayerResult extends Counts {
  name: string;
  seconds: number;
}

interface Step {
  /** What a failing step is called in the summary. */
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Prepares the layer (e.g. loads test helpers): it counts only when it fails. */
  setup?: boolean;
  /** Reads the step's counts from its report file (REPORT in args/env; stdout is kept in REPORT.out); steps without
   * one count as a single check. */
  counts?: (reportFile: string) => Counts;
}

const log = (line: string) => console.log(`[devstack] ${line}`);

function testPorts(offset: number) {
  if (!Number.isInteger(offset) || offset < 0 || offset > 9000) {
    throw new Error(`TEST_PORT_OFFSET must be a whole number from 0 to 9000, not ${process.env.TEST_PORT_OFFSET}`);
  }
  return {
    gateway: 55321 + offset,
    db: 55322 + offset,
    mail: 55324 + offset,
    smtp: 55325 + offset,
    dns: 55353 + offset,
    proxy: 55380 + offset,
    stripe: 55331 + offset,
    paypal: 55332 + offset,
    push: 55333 + offset,
    zoho: 55334 + offset,
    smtpFixture: 55326 + offset,
    smtpFixtureControl: 55327 + offset,
  };
}

/** The journeys' email campaigns go to every confirmed account, and the api and fuzz layers before them leave
 * hundreds: with the catcher's default 500, a send's later batches pushed its earlier ones out of the inbox, and which
 * recipients were lost depended on their random ids. */
const TEST_MAIL_CAPACITY = 50_000;

/** Runs every layer, or only those named (`npm test -- api e2e`) while working on one part. */
export async function runTests(only: string[] = []): Promise<number> {
  const started = Date.now();
  // Checked before anything starts: a test file that would not run is a failure whichever layers were asked for.
  const edgeTests = discoverEdgeFunctionTests(join(repoRoot, "edge-functions"));
  const notRun = notRunByAnyLayer(edgeTests.found, [edgeTests.unit, edgeTests.api, edgeTests.fuzz, edgeTests.lint]);
  if (notRun.length) {
    throw new Error(
      `Test files no layer runs: ${notRun.join(", ")}. Unit tests go under edge-functions/_shared/ (or another ` +
        `_-folder), tests of a function under its folder (edge-functions/<function>/), fuzz files (*.fuzz.ts) too.`,
    );
  }
  const needsBrowser = only.length === 0 || only.includes("e2e");
  await ensureSystemPackages({ browser: needsBrowser, log });
  // Only the journeys load the SPA; the other layers need a build of it, not a fresh one.
  if (needsBrowser || !existsSync(join(paths.webDist, "index.html"))) {
    log("building the web app");
    await buildWeb({ VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY }, log);
  }

  const reports = mkdtempSync(join(tmpdir(), "mailscout-test-"));
  let stack: RunningStack | undefined;
  const fixtures: RunningFixture[] = [];
  const results: LayerResult[] = [];
  // Servers run in their own process group, so a Ctrl-C reaches only this process: stop the stack, then go.
  const interrupted = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      interrupted.abort();
      void Promise.allSettled([stack?.stop(), ...fixtures.map((fixture) => fixture.stop())]).finally(() => process.exit(130));
    });
  }
  try {
    const dns = await startDnsFixture(TEST_PORTS.dns, log);
    fixtures.push(dns);
    const proxy = await startProxyFixture(TEST_PORTS.proxy, log);
    fixtures.push(proxy);
    log(`starting the test stack on port ${TEST_PORTS.gateway} (throw-away database on ${TEST_PORTS.db})`);
    // Webhook deliveries reach the fixture proxy's HTTPS receiver, whose certificate only the tests trust.
    const outboundCaFile = join(reports, "outbound-ca.pem");
    writeFileSync(outboundCaFile, TEST_CERTIFICATE);
    const settings: Record<string, string> = {
      ...resolveSettings(),
      ...TEST_SETTINGS,
      DNS_SERVERS: dns.setting,
      OUTBOUND_HTTP_PROXY: proxy.setting,
      OUTBOUND_CA_FILE: outboundCaFile,
    };
    stack = await startStack({
      gatewayPort: TEST_PORTS.gateway,
      dbPort: TEST_PORTS.db,
      mailPorts: { http: TEST_PORTS.mail, smtp: TEST_PORTS.smtp },
      mailCapacity: TEST_MAIL_CAPACITY,
      paymentPorts: { stripe: TEST_PORTS.stripe, paypal: TEST_PORTS.paypal },
      // A new one each run, like the database: tests read it from STRIPE_WEBHOOK_SECRET or the fake's controls.
      stripeWebhookSecret: newWebhookSecret(),
      pushPort: TEST_PORTS.push,
      zohoPort: TEST_PORTS.zoho,
      // Always the fixture, never a worker: every validation outside the mailbox tests says no worker checked the
      // mailbox, and those tests start their own workers (POST /_devstack/probe-workers).
      smtpFixturePorts: { smtp: TEST_PORTS.smtpFixture, control: TEST_PORTS.smtpFixtureControl },
      probeWorkersAtStart: 0,
      dataDir: dataDirs.test,
      freshDatabase: true,
      functionEnv: settings,
      log,
      signal: interrupted.signal,
    });
    const running = stack;
    // The API tests read the fixture proxy's request log to prove refused targets never reached it, call the worker
    // functions with their secret, as the database's kicks do, and open and seal stored secrets with the functions' keys
    // (a route module they import parses the whole environment, so the keys must be there for every api test).
    const testSettings = {
      DNS_SERVERS: dns.setting,
      OUTBOUND_HTTP_PROXY: proxy.setting,
      WORKER_SECRET: settings.WORKER_SECRET ?? "",
      SECRETS_ENCRYPTION_KEY: settings.SECRETS_ENCRYPTION_KEY ?? "",
      SECRETS_ENCRYPTION_PREVIOUS_KEYS: settings.SECRETS_ENCRYPTION_PREVIOUS_KEYS ?? "",
      ZOHO_CLIENT_ID: ZOHO_TEST_CLIENT.id,
      ZOHO_CLIENT_SECRET: ZOHO_TEST_CLIENT.secret,
    };
    const allLayers = testLayers(running, testSettings, edgeTests);
    // A layer answers to its name or its first word ("lint" for "lint + types").
    const answersTo = (layer: string, name: string) => layer === name || layer.split(" ")[0] === name;
    const unknown = only.filter((name) => !allLayers.some(([layer]) => answersTo(layer, name)));
    if (unknown.length) throw new Error(`No test layer named ${unknown.join(", ")}: ${allLayers.map(([n]) => n).join(", ")}`);
    const layers = allLayers.filter(([layer]) => only.length === 0 || only.some((name) => answersTo(layer, name)));
    // A component dying mid-run fails the run with its reason instead of a cascade of unrelated test failures.
    const died = Promise.race([
      running.died.then(({ component, reason }) => `${component} died during the tests: ${reason}`),
      ...fixtures.map((fixture) => fixture.death),
    ]).then((why) => {
      throw new Error(why);
    });
    for (const [name, steps] of layers) {
      results.push(await Promise.race([runLayer(name, steps, reports), died]));
    }
  } finally {
    await stack?.stop();
    for (const fixture of fixtures) await fixture.stop();
    rmSync(reports, { recursive: true, force: true });
    // Only a run that started its stack owns the data directory: another run's lock refusal must not delete it.
    if (stack) rmSync(dataDirs.test, { recursive: true, force: true });
  }

  console.log("\nSummary");
  for (const r of results) {
    const failedSteps = r.failedSteps.length ? ` (failed: ${r.failedSteps.join(", ")})` : "";
    console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed in ${r.seconds.toFixed(1)} s${failedSteps}`);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

function testLayers(stack: RunningStack, settings: Record<string, string>, edgeTests: EdgeFunctionTests): [string, Step[]][] {
  const stackEnv = {
    ...settings,
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_DB_URL: stack.dbUrl,
    // Tests read what Auth and the product mailed through the catcher's Mailpit API.
    MAILPIT_URL: stack.mail.url,
    ...paymentsEnv(stack),
    ...pushEnv(stack),
    ...zohoEnv(stack),
    ...smtpFixtureEnv(stack),
  };
  const deno = (args: string[]): Step => ({
    label: `deno ${args[0]}`,
    command: paths.deno,
    args: [args[0]!, "--config", "edge-functions/deno.json", ...args.slice(1)],
  });
  // Handed the discovered files, not folders. No files, no step: `deno test` without any would test the whole tree.
  const denoTest = (label: string, files: string[], env?: Record<string, string>): Step[] =>
    files.length === 0
      ? []
      : [
          {
            label,
            command: paths.deno,
            args: ["test", "--config", "edge-functions/deno.json", "--allow-all", "--junit-path=REPORT", ...files],
            env,
            counts: countJUnit,
          },
        ];
  const vitest = (label: string, root: string, dir: string, env?: Record<string, string>): Step => ({
    label,
    command: join(repoRoot, "node_modules/.bin/vitest"),
    args: ["run", "--root", root, dir, "--reporter=default", "--reporter=json", "--outputFile.json=REPORT"],
    env,
    counts: countVitest,
  });
  // With sslmode spelled out, the CLI doesn't print its "connected without TLS" notice into the output.
  const cliDbUrl = `${stack.dbUrl}?sslmode=disable`;
  const supabase = (label: string, args: string[]): Step => ({ label, command: paths.supabase, args });
  const psql = (label: string, setup: boolean, args: string[]): Step => ({
    label,
    setup,
    command: "psql",
    args: [stack.dbUrl, "-v", "ON_ERROR_STOP=1", "-q", ...args],
  });

  return [
    [
      "lint + types",
      [
        { label: "tsc web", command: join(repoRoot, "node_modules/.bin/tsc"), args: ["-p", "web/tsconfig.json"] },
        { label: "tsc devstack", command: join(repoRoot, "node_modules/.bin/tsc"), args: ["-p", "devstack/tsconfig.json"] },
        { label: "tsc e2e", command: join(repoRoot, "node_modules/.bin/tsc"), args: ["-p", "e2e/tsconfig.json"] },
        { label: "eslint web devstack", command: join(repoRoot, "node_modules/.bin/eslint"), args: ["--max-warnings", "0", "."] },
        // The Deno code outside edge-functions: devstack's function runner and the engine bench.
        deno(["check", "edge-functions/", "devstack/deno/", "devstack/bench/"]),
        deno(["lint", "edge-functions/", "devstack/deno/", "devstack/bench/"]),
        // What deno lint can't say: who may import the privileged pool, hono, another route or a feature's insides.
        ...denoTest("edge-functions import rules", edgeTests.lint),
        {
          label: "database types up to date",
          command: process.execPath,
          args: ["--import", "tsx", join(repoRoot, "devstack/src/db/database-types.ts"), stack.dbUrl],
        },
      ],
    ],
    [
      "advisors",
      [
        // The security advisor fails the run on any WARN or ERROR; the performance advisor's findings are only printed.
        supabase("security advisor", ["db", "advisors", `--remote=${cliDbUrl}`, "--type", "security", "--level", "info", "--fail-on", "warn"]),
        supabase("performance advisor", ["db", "advisors", `--remote=${cliDbUrl}`, "--type", "performance", "--level", "info", "--fail-on", "none"]),
        supabase("db lint", ["db", "lint", `--remote=${cliDbUrl}`, "--schema", "public,private", "--fail-on", "error"]),
      ],
    ],
    [
      "unit",
      [
        vitest("vitest web", "web", "src"),
        vitest("vitest devstack", "devstack", "src"),
        ...denoTest("deno test edge-functions/_*", edgeTests.unit),
      ],
    ],
    [
      "database",
      [
        psql("pgTAP set-up", true, [
          "-c",
          "create extension if not exists pgtap with schema extensions",
          "-f",
          "supabase/tests/helpers/test_helpers.sql",
        ]),
        {
          label: "pg_prove",
          command: "pg_prove",
          args: ["--verbose", "--ext", ".sql", "-d", stack.dbUrl, "supabase/tests/"],
          counts: countPgProve,
        },
      ],
    ],
    ["contract", [vitest("supabase-js against devstack", "devstack", "test/contract", stackEnv)]],
    ["api", denoTest("deno test edge-functions/<function>", edgeTests.api, stackEnv)],
    // Generated requests at every /api route; fails on any 5xx. Its own file name (*.fuzz.ts) keeps it out of api.
    ["fuzz", denoTest("deno test edge-functions/**/*.fuzz.ts", edgeTests.fuzz, stackEnv)],
    [
      "e2e",
      [
        {
          label: "playwright",
          command: join(repoRoot, "node_modules/.bin/playwright"),
          args: ["test", "-c", "e2e/playwright.config.ts"],
          env: {
            BASE_URL: stack.url,
            DATABASE_URL: stack.dbUrl,
            MAILPIT_URL: stack.mail.url,
            // The journeys read what the fixture proxy's webhook receiver got, as the api tests do.
            OUTBOUND_HTTP_PROXY: settings.OUTBOUND_HTTP_PROXY ?? "",
            ...paymentsEnv(stack),
            ...pushEnv(stack),
            ...zohoEnv(stack),
            ...smtpFixtureEnv(stack),
            PLAYWRIGHT_JSON_OUTPUT_NAME: "REPORT",
          },
          counts: countPlaywright,
        },
      ],
    ],
  ];
}

/** Where tests find the payment fakes (devstack/src/payments/testing.ts drives them) and the webhook secret. */
function paymentsEnv(stack: RunningStack): Record<string, string> {
  return {
    STRIPE_API_BASE: stack.payments.stripeUrl,
    PAYPAL_API_BASE: stack.payments.paypalUrl,
    STRIPE_WEBHOOK_SECRET: stack.payments.stripeWebhookSecret,
  };
}

/** Where tests find the fake push service: they subscribe through its /_fake/ controls and read what arrived. */
function pushEnv(stack: RunningStack): Record<string, string> {
  return { PUSH_SERVICE_URL: stack.push.url };
}

/** Where tests find the fake Zoho (devstack/src/zoho/testing.ts drives its controls), as the functions do. */
function zohoEnv(stack: RunningStack): Record<string, string> {
  return { ZOHO_ACCOUNTS_URL: stack.zoho.url, ZOHO_API_URL: stack.zoho.url };
}

/** Where the mailbox tests read the SMTP fixture's transcripts (and reset its greylisting) and what the workers probe. */
function smtpFixtureEnv(stack: RunningStack): Record<string, string> {
  return stack.smtpFixture
    ? { SMTP_FIXTURE_URL: stack.smtpFixture.controlUrl, SMTP_FIXTURE_TARGET: stack.smtpFixture.target }
    : {};
}

async function runLayer(name: string, steps: Step[], reports: string): Promise<LayerResult> {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const total: LayerResult = { name, passed: 0, failed: 0, failedSteps: [], seconds: 0 };
  for (const [index, step] of steps.entries()) {
    const reportFile = join(reports, `${name.replace(/\W+/g, "-")}-${index}.report`);
    const withReport = (value: string) => value.replace("REPORT", reportFile);
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, withReport(v)]));
    const exitCode = await runStep(step.command, step.args.map(withReport), env, `${reportFile}.out`);
    const counts = step.counts
      ? readCounts(step.counts, reportFile, exitCode)
      : step.setup && exitCode === 0
        ? { passed: 0, failed: 0, failedSteps: [] }
        : single(exitCode);
    total.passed += counts.passed;
    total.failed += counts.failed;
    if (exitCode !== 0 || counts.failed > 0) total.failedSteps.push(step.label);
  }
  total.seconds = (Date.now() - started) / 1000;
  return total;
}

/** A runner that crashed before writing its report still fails the layer, counted as one failure. */
function readCounts(read: (file: string) => Counts, file: string, exitCode: number): Counts {
  let counts: Counts;
  try {
    counts = read(file);
  } catch {
    return single(1);
  }
  if (exitCode !== 0 && counts.failed === 0) return { ...counts, failed: 1 };
  return counts;
}

function single(exitCode: number): Counts {
  return exitCode === 0 ? { passed: 1, failed: 0, failedSteps: [] } : { passed: 0, failed: 1, failedSteps: [] };
}

/** Streams the step's output to the console and keeps its stdout in `outputFile` for runners that report only there. */
function runStep(command: string, args: string[], env: Record<string, string>, outputFile: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env, CI: "true" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const output = createWriteStream(outputFile);
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output.write(chunk);
    });
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on("close", (code) => output.end(() => resolve(code ?? 1)));
  });
}
