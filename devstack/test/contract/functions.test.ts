// supabase.functions.invoke through the gateway to the api function (served by Deno), with and without a session:
// the function must see the caller's access token exactly as on Supabase. Then the api's process is killed, as a crash
// ends a worker, and must come back as Supabase's edge runtime boots a fresh one. (Tests in one file run in order, and
// no other contract file calls the api, so no request is in flight when it dies.)
import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { anonClient, env, uniqueEmail } from "./env.ts";

describe("functions.invoke('api/user')", () => {
  it("answers 401 without a session", async () => {
    const { data, error } = await anonClient().functions.invoke("api/user", { method: "GET" });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it("answers the signed-in user with a session", async () => {
    await expectSignedInAnswer();
  });
});

interface FunctionProcess {
  name: string;
  instance: number;
  pid: number;
  port: number;
  restarts: number;
}

async function functionProcesses(key = env.SUPABASE_SERVICE_ROLE_KEY): Promise<Response> {
  return await fetch(`${env.SUPABASE_URL}/_devstack/functions`, { headers: { Authorization: `Bearer ${key}` } });
}

async function apiProcess(): Promise<FunctionProcess> {
  const processes = (await (await functionProcesses()).json()) as FunctionProcess[];
  const api = processes.find((fn) => fn.name === "api");
  if (!api) throw new Error(`no api among ${JSON.stringify(processes)}`);
  return api;
}

describe("a function's process that dies", () => {
  it("is listed for the service-role key only", async () => {
    expect((await functionProcesses(env.SUPABASE_ANON_KEY)).status).toBe(401);
    expect(await apiProcess()).toEqual({
      name: "api",
      instance: 1,
      pid: expect.any(Number),
      port: expect.any(Number),
      restarts: expect.any(Number),
    });
  });

  it("is started again, and the next request gets its answer", async () => {
    const before = await apiProcess();
    process.kill(before.pid, "SIGKILL");
    const after = await vi.waitFor(
      async () => {
        const api = await apiProcess();
        return api.restarts > before.restarts ? api : Promise.reject(new Error("the api has not been restarted yet"));
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(after).toMatchObject({ restarts: before.restarts + 1 });
    expect(after.pid).not.toBe(before.pid);
    await expectSignedInAnswer();
  });
});

/** A new user signs up and the api answers who they are. */
async function expectSignedInAnswer() {
  const client = anonClient();
  const email = uniqueEmail("invoke");
  // The profiles trigger takes the username from the sign-up data, as /api/register provides it.
  const username = `contract_${crypto.randomUUID().slice(0, 8)}`;
  const signUp = await client.auth.signUp({
    email,
    password: "correct-horse-battery",
    options: { data: { username } },
  });
  expect(signUp.error).toBeNull();

  const { data, error } = await client.functions.invoke("api/user", { method: "GET" });
  expect(error).toBeNull();
  expect(data).toMatchObject({ id: signUp.data.user!.id, email, username });
}
