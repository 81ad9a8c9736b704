import assert from "node:assert/strict";
import { expiringKeyEmail, revokedKeyEmail } from "./notice-emails.ts";

const key = { keyName: "Billing sync", keyPrefix: "msk_a1B2c3" };

Deno.test("the revoked-key email names the key by name and prefix, says what calls get, and links the keys page", () => {
  const email = revokedKeyEmail(key, "https://mailscout.test/");
  assert.equal(email.subject, "Your MailScout API key was revoked");
  assert.equal(
    email.text,
    'An administrator revoked your API key "Billing sync" (msk_a1B2c3…). Calls made with it are now refused with 401 ' +
      '"API key revoked".\n\nIf you still need API access, create a new key: https://mailscout.test/account/api-keys' +
      "\n\nMailScout",
  );
});

Deno.test("the expiry email says when, to the minute in UTC, and what to do before then", () => {
  const email = expiringKeyEmail({ ...key, expiresAt: new Date("2027-01-05T09:30:59.999Z") }, "https://mailscout.test");
  assert.equal(email.subject, "Your MailScout API key expires soon");
  assert.match(email.text, /^Your API key "Billing sync" \(msk_a1B2c3…\) expires on 2027-01-05 09:30 UTC\. /);
  assert.match(email.text, /refused with 401 "API key expired"/);
  assert.match(email.text, /Rotate it or create a new key before then: https:\/\/mailscout\.test\/account\/api-keys/);
});
