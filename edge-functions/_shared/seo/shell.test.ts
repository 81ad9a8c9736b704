import assert from "node:assert/strict";
import { MINIMAL_SHELL } from "./render-document.ts";
import { MINIMAL_SHELL_KEPT_MS, SHELL_KEPT_MS, shellLoader } from "./shell.ts";

/** A local site whose index.html answers what `answer` holds at the time, counting the requests. */
async function withSite(work: (site: { url: string; answer: { status: number; body: string }; requests: () => number }) => Promise<void>) {
  const answer = { status: 200, body: "<html>build 1</html>" };
  let requests = 0;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, () => {
    requests++;
    return new Response(answer.body, { status: answer.status });
  });
  try {
    await work({ url: `http://127.0.0.1:${server.addr.port}/index.html`, answer, requests: () => requests });
  } finally {
    await server.shutdown();
  }
}

Deno.test("the shell is fetched once and kept until it expires, then fetched anew", async () => {
  await withSite(async (site) => {
    let now = 1_000;
    const load = shellLoader({ url: () => site.url, now: () => now });
    assert.equal(await load(), "<html>build 1</html>");
    site.answer.body = "<html>build 2</html>";
    now += SHELL_KEPT_MS - 1;
    assert.equal(await load(), "<html>build 1</html>");
    assert.equal(site.requests(), 1);
    now += 1;
    assert.equal(await load(), "<html>build 2</html>");
    assert.equal(site.requests(), 2);
  });
});

Deno.test("a shell that cannot be had is the minimal shell for a short while", async () => {
  await withSite(async (site) => {
    let now = 1_000;
    site.answer.status = 503;
    const load = shellLoader({ url: () => site.url, now: () => now });
    assert.equal(await load(), MINIMAL_SHELL);
    site.answer.status = 200;
    assert.equal(await load(), MINIMAL_SHELL);
    now += MINIMAL_SHELL_KEPT_MS;
    assert.equal(await load(), "<html>build 1</html>");
  });
  const unreachable = shellLoader({ url: () => "http://127.0.0.1:9/index.html" });
  assert.equal(await unreachable(), MINIMAL_SHELL);
});
