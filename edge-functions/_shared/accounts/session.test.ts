import assert from "node:assert/strict";
import type { Session as AuthSession } from "@supabase/supabase-js";
import { sessionForClient } from "./session.ts";

const authSession = {
  access_token: "access",
  refresh_token: "refresh",
  token_type: "bearer",
  expires_in: 3600,
  expires_at: 1_767_225_600,
  user: {
    id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
    aud: "authenticated",
    app_metadata: {},
    user_metadata: {},
    created_at: "2026-01-01T00:00:00Z",
  },
} satisfies AuthSession;

Deno.test("the client gets the tokens and when the access token expires", () => {
  assert.deepEqual(sessionForClient(authSession), {
    accessToken: "access",
    refreshToken: "refresh",
    expiresAt: 1_767_225_600,
  });
});

Deno.test("without expires_at, expiry is counted from now, in whole seconds", () => {
  const { expires_at: _, ...withoutExpiresAt } = authSession;
  const now = new Date("2026-01-01T00:00:00.900Z");
  assert.equal(sessionForClient(withoutExpiresAt, now).expiresAt, now.getTime() / 1000 - 0.9 + 3600);
});
