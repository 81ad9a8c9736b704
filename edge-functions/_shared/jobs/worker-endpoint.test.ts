// A worker endpoint served on a local port and kicked over real HTTP: the secret decides, a kick returns once the
// worker has accepted (not when its run ends), and a caller that waits reads the run's summary.
import assert from "node:assert/strict";
import { isWorkerSecret, WORKER_SECRET_HEADER } from "./worker-secret.ts";
import { kickWorker, workerUrl } from "./kick.ts";
import { workerEndpoint } from "./worker-endpoint.ts";

const SECRET = "s3cret-for-the-test";

/** A worker whose run waits until the test lets it finish, served where a kick to /functions/v1/<name> reaches it. */
async function withWorker(test: (baseUrl: string, worker: { finish: () => void; runs: number }) => Promise<void>) {
  const worker = { runs: 0, finish: () => {} };
  const handler = workerEndpoint({
    name: "test-worker",
    secret: () => SECRET,
    run: () => {
      worker.runs++;
      return new Promise((resolve) => (worker.finish = () => resolve({ chunks: 3 })));
    },
  });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  try {
    await test(`http://127.0.0.1:${server.addr.port}`, worker);
  } finally {
    worker.finish();
    await server.shutdown();
  }
}

Deno.test("the secret is compared whole: right, wrong, a prefix, empty, or no secret configured", async () => {
  assert.equal(await isWorkerSecret(SECRET, SECRET), true);
  assert.equal(await isWorkerSecret("wrong", SECRET), false);
  assert.equal(await isWorkerSecret(SECRET.slice(0, -1), SECRET), false);
  assert.equal(await isWorkerSecret(`${SECRET}x`, SECRET), false);
  assert.equal(await isWorkerSecret("", SECRET), false);
  assert.equal(await isWorkerSecret(null, SECRET), false);
  assert.equal(await isWorkerSecret("", ""), false, "a deployment without a secret admits nobody");
});

Deno.test("a worker's URL is under the project's /functions/v1", () => {
  assert.equal(workerUrl("https://ref.supabase.co/", "bulk-validation-worker"), "https://ref.supabase.co/functions/v1/bulk-validation-worker");
});

Deno.test("a kick returns as soon as the worker accepted, while its run goes on", async () => {
  await withWorker(async (baseUrl, worker) => {
    assert.equal(await kickWorker("test-worker", { supabaseUrl: baseUrl, secret: SECRET }), true);
    assert.equal(worker.runs, 1);
  });
});

Deno.test("a caller that waits reads the run's summary", async () => {
  await withWorker(async (baseUrl, worker) => {
    const answer = await fetch(workerUrl(baseUrl, "test-worker"), {
      method: "POST",
      headers: { [WORKER_SECRET_HEADER]: SECRET },
    });
    assert.equal(answer.status, 200);
    worker.finish();
    assert.deepEqual(await answer.json(), { chunks: 3 });
  });
});

Deno.test("without the right secret the worker answers 401 and does not run; a kick says it failed", async () => {
  await withWorker(async (baseUrl, worker) => {
    const answer = await fetch(workerUrl(baseUrl, "test-worker"), { method: "POST", headers: { [WORKER_SECRET_HEADER]: "nope" } });
    assert.equal(answer.status, 401);
    await answer.body?.cancel();
    const anonymous = await fetch(workerUrl(baseUrl, "test-worker"), { method: "POST" });
    assert.equal(anonymous.status, 401);
    await anonymous.body?.cancel();
    assert.equal(await kickWorker("test-worker", { supabaseUrl: baseUrl, secret: "nope" }), false);
    assert.equal(worker.runs, 0);
  });
});

Deno.test("only POST starts a worker", async () => {
  await withWorker(async (baseUrl, worker) => {
    const answer = await fetch(workerUrl(baseUrl, "test-worker"), { headers: { [WORKER_SECRET_HEADER]: SECRET } });
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.get("allow"), "POST");
    await answer.body?.cancel();
    assert.equal(worker.runs, 0);
  });
});

Deno.test("a kick to a worker that cannot be reached is a logged failure, not a throw", async () => {
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    const refused = await kickWorker("test-worker", { supabaseUrl: "http://127.0.0.1:9", secret: SECRET });
    assert.equal(refused, false);
    assert.equal(errors.length, 1);
  } finally {
    console.error = original;
  }
});
