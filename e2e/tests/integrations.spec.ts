// The public API as a customer meets it: /developers, open to anyone, with its sections and the examples generated for
// each endpoint, which run as written once the reader's key is pasted in (curl in a shell, the JavaScript in Node); and a 200-address validate-bulk call from a script, which becomes a job whose signed callback a
// local HTTPS receiver verifies with the documented scheme, and whose results the script then reads.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { VERDICTS } from "../../edge-functions/_shared/contracts/validation.ts";
import { EXAMPLE_API_KEY } from "../../web/src/features/developers/lib/endpoint-examples.ts";
import { webhookSecretSchema } from "../../edge-functions/_shared/api-keys/contract.ts";
import {
  bulkJobAcceptedSchema,
  jobResultsPageSchema,
  jobStatusSchema,
  webhookEventSchema,
} from "../../edge-functions/_shared/integrations/contract.ts";
import { apiHeaders, logIn, registerThroughApi } from "./accounts";
import { callWithKey, createApiKey } from "./integrations";
import { RECEIVER_ORIGIN, verifySignature, webhooksReceivedAt } from "./webhooks";

const ENDPOINTS = [
  "POST /api/integrations/validate-email",
  "POST /api/integrations/validate-bulk",
  "GET /api/integrations/job-status",
  "POST /api/integrations/scrape-domain",
];
const VALIDATE_EMAIL = "POST /api/integrations/validate-email";

const run = promisify(execFile);

test("/developers shows its guide and each endpoint's examples signed out, and the examples run as written", async ({
  page,
  request,
}) => {
  const owner = await registerThroughApi(request, "e2e_docs");
  const { secret: key } = await createApiKey(request, await apiHeaders(request, owner.username, owner.password), "Docs examples");

  await page.goto("/developers");
  await expect(page.getByRole("heading", { name: "MailScout API", level: 1 })).toBeVisible();
  const contents = page.getByRole("navigation", { name: "On this page" });
  for (const section of ["Quick start", "Authentication", "Limits", "Errors", "Webhooks", "Endpoints"]) {
    await expect(contents.getByRole("link", { name: section, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
  }
  // Generated from the OpenAPI document: each endpoint with its examples.
  for (const endpoint of ENDPOINTS) {
    await expect(page.getByRole("heading", { name: new RegExp(`^${endpoint}`), level: 3 }).first()).toBeVisible();
  }

  const validateEmail = page.getByRole("article", { name: VALIDATE_EMAIL });
  const example = async (language: string) => {
    await validateEmail.getByRole("tab", { name: language }).click();
    const code = validateEmail.getByLabel(`${VALIDATE_EMAIL} examples: ${language}`, { exact: true });
    await expect(code).toBeVisible();
    return (await code.innerText()).replaceAll(EXAMPLE_API_KEY, key);
  };
  const curl = await example("curl");
  const javascript = await example("JavaScript (fetch)");
  const python = await example("Python (requests)");
  // The key travels in a header in every example, never in the URL.
  for (const code of [curl, javascript, python]) {
    expect(code).toContain(`Bearer ${key}`);
    expect(code).not.toMatch(/[?&](api_key|apikey|key)=/);
  }
  expect(python).toContain("import requests");

  // A person pastes them with their own key: each gets a verdict.
  const curlAnswer = JSON.parse((await run("sh", ["-c", curl])).stdout) as { verdict: string };
  expect(VERDICTS).toContain(curlAnswer.verdict);
  // Plain text, as a terminal without colours shows it (the test runner's FORCE_COLOR would colour the status).
  const { stdout } = await run(process.execPath, ["--input-type=module", "--eval", javascript], {
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  expect(stdout).toMatch(/^200 \{/);
  expect(stdout).toMatch(new RegExp(`verdict: '(${VERDICTS.join("|")})'`));
});

test("a script's 200-address validate-bulk becomes a job whose signed callback a local receiver verifies", async ({
  page,
  request,
}) => {
  // A 200-address job through the stack's workers, then the delivery: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  const owner = await registerThroughApi(request, "e2e_api");
  const headers = await apiHeaders(request, owner.username, owner.password);
  const keyName = `Nightly list ${Date.now().toString(36)}`;
  const { secret: key } = await createApiKey(request, headers, keyName);
  const revealed = await request.get("/api/webhooks/secret", { headers });
  expect(revealed.status(), await revealed.text()).toBe(200);
  const { secret: signingSecret } = webhookSecretSchema.parse(await revealed.json());

  // A path of its own on the shared receiver, so this run's delivery is told from any other's.
  const callbackPath = `/hooks/${crypto.randomUUID()}`;
  const emails = Array.from({ length: 200 }, (_, n) => `lead${n}@${n % 4 === 0 ? "null-mx.test" : "mailscout-demo.test"}`);
  const accepted = await callWithKey(key, "validate-bulk", { body: { emails, callbackUrl: `${RECEIVER_ORIGIN}${callbackPath}` } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const { jobId, statusUrl } = bulkJobAcceptedSchema.parse(accepted.body);

  // The job ends in the stack's workers; its callback is what the test waits for.
  await expect.poll(async () => (await webhooksReceivedAt(callbackPath)).length, { timeout: 90_000 }).toBeGreaterThan(0);
  const [delivery] = await webhooksReceivedAt(callbackPath);
  expect(verifySignature(delivery!.signature, signingSecret, delivery!.body), "signed with the owner's secret").toBe(true);
  expect(verifySignature(delivery!.signature, signingSecret, `${delivery!.body} `), "a changed body fails").toBe(false);
  expect(delivery!.deliveryId).toBeTruthy();
  const event = webhookEventSchema.parse(JSON.parse(delivery!.body));
  expect(event).toMatchObject({ event: "job.completed", jobId, status: "completed" });
  expect(event.counts).toMatchObject({ deliverable: 150, undeliverable: 50 });

  // The script then reads the job's status and its results with the same key.
  const status = await fetch(statusUrl, { headers: { authorization: `Bearer ${key}` } });
  expect(status.status).toBe(200);
  expect(jobStatusSchema.parse(await status.json())).toMatchObject({ jobId, status: "completed", total: 200, processed: 200 });
  const results = await fetch(event.resultsUrl!, { headers: { authorization: `Bearer ${key}` } });
  expect(results.status).toBe(200);
  const firstPage = jobResultsPageSchema.parse(await results.json());
  expect(firstPage.results[0]).toMatchObject({ email: "lead0@null-mx.test", verdict: "undeliverable" });
  expect(firstPage.nextCursor).not.toBeNull();

  // The owner sees the job on their bulk validation page, named for the key that sent it.
  await logIn(page, owner.username, owner.password);
  await page.goto("/bulk-validation");
  await page.getByRole("tab", { name: "My Sessions" }).click();
  const session = page.getByRole("article", { name: `API: ${keyName}` });
  await expect(session).toContainText(`via API key ${keyName}`);
  await expect(session).toContainText("Completed");
});
