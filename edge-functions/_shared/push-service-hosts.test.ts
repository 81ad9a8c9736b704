import assert from "node:assert/strict";
import { DEFAULT_PUSH_SERVICE_HOSTS, isKnownPushService, parsePushServiceHosts } from "./push-service-hosts.ts";

const known = (endpoint: string, hosts = DEFAULT_PUSH_SERVICE_HOSTS) => isKnownPushService(new URL(endpoint), hosts);

Deno.test("the browsers' push services are known by default, over https on the default port only", () => {
  assert.equal(known("https://fcm.googleapis.com/wp/abc"), true);
  assert.equal(known("https://updates.push.services.mozilla.com/wpush/v2/abc"), true);
  assert.equal(known("https://wns2-by3p.notify.windows.com/w/?token=abc"), true);
  assert.equal(known("https://web.push.apple.com/QGx"), true);
  assert.equal(known("http://fcm.googleapis.com/wp/abc"), false);
  assert.equal(known("https://fcm.googleapis.com:444/wp/abc"), false);
});

Deno.test("a wildcard covers subdomains only, and no look-alike host is known", () => {
  assert.equal(known("https://notify.windows.com/w"), false);
  assert.equal(known("https://evilnotify.windows.com/w"), false);
  assert.equal(known("https://fcm.googleapis.com.evil.test/wp"), false);
  assert.equal(known("https://web.push.apple.com.evil.test/QGx"), false);
  assert.equal(known("https://169.254.169.254/latest/meta-data"), false);
});

Deno.test("an origin entry admits exactly that scheme, host and port", () => {
  const hosts = ["http://127.0.0.1:55333"];
  assert.equal(known("http://127.0.0.1:55333/push/1", hosts), true);
  assert.equal(known("http://127.0.0.1:55334/push/1", hosts), false);
  assert.equal(known("https://127.0.0.1:55333/push/1", hosts), false);
});

Deno.test("parsePushServiceHosts lowercases and trims entries, and names the first that is neither host nor origin", () => {
  assert.deepEqual(parsePushServiceHosts(" FCM.googleapis.com, ,*.push.apple.com"), { hosts: ["fcm.googleapis.com", "*.push.apple.com"] });
  assert.deepEqual(parsePushServiceHosts("fcm.googleapis.com,*.com.*"), { invalid: "*.com.*" });
  assert.deepEqual(parsePushServiceHosts("https://fcm.googleapis.com/wp"), { invalid: "https://fcm.googleapis.com/wp" });
  assert.deepEqual(parsePushServiceHosts("localhost"), { invalid: "localhost" });
});
