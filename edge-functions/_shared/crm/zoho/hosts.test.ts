// Which servers may receive our client secret and tokens: Zoho's documented data centres over https, or the base the
// operator configured; lookalikes, paths, credentials and plain http elsewhere are refused.
import assert from "node:assert/strict";
import { trustedAccountsHost, trustedApiHost, ZOHO_DATA_CENTRES } from "./hosts.ts";

const BASE = "https://accounts.zoho.com";

Deno.test("every documented data centre is trusted, for its own kind of host only", () => {
  for (const centre of ZOHO_DATA_CENTRES) {
    assert.equal(trustedAccountsHost(centre.accounts, BASE), centre.accounts);
    assert.equal(trustedAccountsHost(`${centre.accounts}/`, BASE), centre.accounts);
    assert.equal(trustedApiHost(centre.api, BASE), centre.api);
    assert.equal(trustedApiHost(centre.accounts, "https://www.zohoapis.com"), null);
  }
  assert.equal(trustedAccountsHost("https://ACCOUNTS.ZOHO.EU", BASE), "https://accounts.zoho.eu");
});

Deno.test("the configured base is trusted, even on http (devstack's fake)", () => {
  assert.equal(trustedAccountsHost("http://127.0.0.1:54334", "http://127.0.0.1:54334/"), "http://127.0.0.1:54334");
  assert.equal(trustedApiHost("http://127.0.0.1:54334", "http://127.0.0.1:54334"), "http://127.0.0.1:54334");
  assert.equal(trustedApiHost("http://127.0.0.1:54335", "http://127.0.0.1:54334"), null);
});

Deno.test("anything else is refused", () => {
  for (const url of [
    "http://accounts.zoho.com",
    "https://accounts.zoho.com.evil.example",
    "https://evil.example/?https://accounts.zoho.com",
    "https://accounts.zoho.com/oauth/v2/token",
    "https://accounts.zoho.com#x",
    "https://user:pass@accounts.zoho.com",
    "https://accounts.zoho.com:8443",
    "accounts.zoho.com",
    "javascript:alert(1)",
    "",
  ]) {
    assert.equal(trustedAccountsHost(url, BASE), null, url);
  }
});
