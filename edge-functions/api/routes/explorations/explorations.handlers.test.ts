// How a failed exploration is answered, in process: the failures the running stack can't be made to have (the egress
// proxy or the database failing) must come out as a 502 with a message, never as an unhandled 500.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { DomainError } from "../../../_shared/errors.ts";
import { EgressError, failingOnOurSide } from "../../../_shared/explorations/index.ts";
import {
  EXPLORATION_FAILED_MESSAGE as FAILED_MESSAGE,
  EXPLORATION_REFUSED_MESSAGE as REFUSED_MESSAGE,
  onError,
} from "../../lib/errors.ts";

async function answerTo(failure: Error) {
  const app = new Hono();
  app.onError(onError);
  app.post("/api/scrape-domain", async (c) => {
    return c.json(await failingOnOurSide("acme-corp.test", () => Promise.reject(failure)));
  });
  const originalError = console.error;
  console.error = () => {};
  try {
    const response = await app.request("/api/scrape-domain", { method: "POST" });
    return { status: response.status, body: await response.json() };
  } finally {
    console.error = originalError;
  }
}

Deno.test("a domain in private space is refused with the issue's message", async () => {
  assert.deepEqual(await answerTo(new DomainError("exploration_refused", { domain: "acme-corp.test" })), {
    status: 400,
    body: { message: REFUSED_MESSAGE },
  });
});

Deno.test("our egress proxy or database failing is a 502 with a message", async () => {
  const failures = [
    new EgressError("egress_unavailable", "https://acme-corp.test/robots.txt", "connect ECONNREFUSED 127.0.0.1:55380"),
    new Error("connect ECONNREFUSED 127.0.0.1:5432"),
  ];
  for (const failure of failures) {
    assert.deepEqual(await answerTo(failure), { status: 502, body: { message: FAILED_MESSAGE } }, failure.message);
  }
});

Deno.test("the caller's own mistake keeps the API's usual answer", async () => {
  assert.deepEqual(await answerTo(new DomainError("unknown_client_address")), {
    status: 400,
    body: { message: "The client's address is unknown (no X-Forwarded-For)" },
  });
});
