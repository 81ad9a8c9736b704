// Runs the fixture's echo function in real Deno through serve-function.ts.
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadEdgeFunctions } from "./functions-config.ts";
import { startFunction, type RunningFunction } from "./functions.ts";

const fixture = join(import.meta.dirname, "../../test/fixtures/project");

describe("an edge function on Deno", () => {
  let fn: RunningFunction;
  const lines: string[] = [];
  const url = (path: string) => `http://127.0.0.1:${fn.port}${path}`;

  beforeAll(async () => {
    const echo = loadEdgeFunctions(fixture).find((candidate) => candidate.name === "echo");
    if (!echo) throw new Error("the fixture has no echo function");
    process.env.DEVSTACK_TEST_PRIVATE = "the developer's own variable";
    fn = await startFunction(echo, {
      env: { SUPABASE_URL: "http://localhost:56999", DNS_SERVERS: "127.0.0.1:5353" },
      log: (line) => lines.push(line),
    });
  });
  afterAll(async () => {
    delete process.env.DEVSTACK_TEST_PRIVATE;
    await fn?.stop();
  });

  it("serves the function's own Deno.serve handler on the port devstack chose", async () => {
    const response = await fetch(url("/echo/hello?x=1"), { method: "POST", body: "hi" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: "POST", path: "/echo/hello", search: "?x=1", body: "hi" });
  });

  it("answers 500 WORKER_ERROR when the handler throws, logs the error, and keeps serving", async () => {
    const failed = await fetch(url("/echo/throw"));
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      code: "WORKER_ERROR",
      message: "Function exited due to an error (please check logs)",
    });
    expect((await fetch(url("/echo/after-the-throw"))).status).toBe(200);
    await vi.waitFor(() => expect(lines.join("\n")).toContain("thrown on purpose"));
  });

  it("survives an unhandled rejection", async () => {
    expect(await (await fetch(url("/echo/reject"))).text()).toBe("rejected in the background");
    await vi.waitFor(() => expect(lines.join("\n")).toContain("rejected on purpose"));
    expect((await fetch(url("/echo/still-here"))).status).toBe(200);
  });

  it("sees the variables devstack gives it and not the developer's environment", async () => {
    const env = (await (await fetch(url("/echo/env"))).json()) as Record<string, string>;
    expect(env).toMatchObject({ SUPABASE_URL: "http://localhost:56999", DNS_SERVERS: "127.0.0.1:5353" });
    expect(env.PATH).toBe(process.env.PATH);
    expect(env).not.toHaveProperty("DEVSTACK_TEST_PRIVATE");
    expect(Object.keys(env).filter((name) => name.startsWith("DEVSTACK_"))).toEqual([]);
  });

  it("on stop, dispatches beforeunload and finishes EdgeRuntime.waitUntil tasks before exiting", async () => {
    const notified: string[] = [];
    const listener: Server = createServer((request, response) => {
      notified.push(request.url ?? "");
      response.end();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const address = listener.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const response = await fetch(url(`/echo/background?notify=http://127.0.0.1:${port}`));
      expect(await response.text()).toBe("scheduled");
      await fn.stop();
      expect(notified.sort()).toEqual(["/task", "/termination"]);
    } finally {
      listener.close();
    }
  });
});

describe("an edge function that fails to boot", () => {
  it("makes startFunction fail with Deno's exit and the function's error", async () => {
    const crashing = loadEdgeFunctions(fixture).find((candidate) => candidate.name === "crashing");
    if (!crashing) throw new Error("the fixture has no crashing function");
    await expect(startFunction(crashing, { env: {}, log: () => {} })).rejects.toThrow(
      /^Function crashing did not start: Deno exited \(exit code 1\)\. Its last lines:\n(.|\n)*fails at boot on purpose/,
    );
  });
});
