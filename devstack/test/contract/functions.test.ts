// supabase.functions.invoke through the gateway to the api function (served by Deno), with and without a session:
// the function must see the caller's access token exactly as on Supabase.
import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { anonClient, uniqueEmail } from "./env.ts";

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
  });
});
