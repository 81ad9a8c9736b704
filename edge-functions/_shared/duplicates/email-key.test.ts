import assert from "node:assert/strict";
import { emailKey } from "./email-key.ts";
import { emailKeyCases } from "./testing/email-key-cases.ts";

Deno.test("the email key of each shared case (the api layer holds public.email_key to the same)", () => {
  assert.ok(emailKeyCases.length >= 30);
  for (const { email, key, why } of emailKeyCases) assert.equal(emailKey(email), key, `${JSON.stringify(email)}: ${why}`);
});

Deno.test("a key is its own key", () => {
  for (const { key } of emailKeyCases) assert.equal(emailKey(key), key);
});
