import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createECDH } from "node:crypto";
import ece from "http_ece";
import { encryptPushPayload, MAX_PAYLOAD_BYTES } from "./encryption.ts";

// RFC 8291's worked example (section 5, intermediate values in appendix A).
const RFC_8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_" +
    "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};
const keys = { p256dh: RFC_8291.uaPublic, auth: RFC_8291.authSecret };

/** Decrypts as the browser does, with the user agent's private key. */
function decrypt(body: Uint8Array): string {
  const receiver = createECDH("prime256v1");
  receiver.setPrivateKey(Buffer.from(RFC_8291.uaPrivate, "base64url"));
  return ece.decrypt(Buffer.from(body), { version: "aes128gcm", privateKey: receiver, authSecret: RFC_8291.authSecret })
    .toString("utf8");
}

Deno.test("encryptPushPayload gives RFC 8291's worked example byte for byte with its sender key and salt", () => {
  const body = encryptPushPayload(keys, RFC_8291.plaintext, { privateKey: RFC_8291.asPrivate, salt: RFC_8291.salt });
  assert.equal(Buffer.from(body).toString("base64url"), RFC_8291.body);
});

Deno.test("encryptPushPayload uses a new sender key and salt for each message, which the browser decrypts", () => {
  const first = encryptPushPayload(keys, "Your campaign is live");
  const second = encryptPushPayload(keys, "Your campaign is live");
  // The salt (16 octets) and the sender's key (after rs and idlen) lead the body.
  assert.notDeepEqual(first.subarray(0, 16), second.subarray(0, 16));
  assert.notDeepEqual(first.subarray(21, 86), second.subarray(21, 86));
  assert.equal(decrypt(first), "Your campaign is live");
  assert.equal(decrypt(second), "Your campaign is live");
});

Deno.test("encryptPushPayload fits the longest message in one 4096-byte record and refuses a longer one", () => {
  const longest = "é".repeat(Math.floor(MAX_PAYLOAD_BYTES / 2)) + "x".repeat(MAX_PAYLOAD_BYTES % 2);
  const body = encryptPushPayload(keys, longest);
  assert.equal(body.length, 4096);
  assert.equal(decrypt(body), longest);
  assert.throws(() => encryptPushPayload(keys, `${longest}x`), /at most 3993 bytes, not 3994/);
});
