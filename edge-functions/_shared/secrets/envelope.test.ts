import assert from "node:assert/strict";
import { keyBytes, keyringOf, open, SealedTextError, seal, sealedUnderOlderKey } from "./envelope.ts";
import { MASK, masked } from "./masking.ts";

function newKey(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
}

const SECRET = JSON.stringify({ publishableKey: "pk_test_abcdefgh1234", secretKey: "sk_test_zyxwvuts9z8y" });

Deno.test("a sealed secret opens again with the same key, and never contains the secret", async () => {
  const keyring = await keyringOf(newKey());
  const sealed = await seal(keyring, SECRET);
  assert.ok(!sealed.includes("sk_test"), sealed);
  assert.equal(await open(keyring, sealed), SECRET);
});

Deno.test("sealing the same secret twice gives two texts (a fresh IV each time)", async () => {
  const keyring = await keyringOf(newKey());
  assert.notEqual(await seal(keyring, SECRET), await seal(keyring, SECRET));
});

Deno.test("another key does not open a sealed text", async () => {
  const sealed = await seal(await keyringOf(newKey()), SECRET);
  await assert.rejects(open(await keyringOf(newKey()), sealed), SealedTextError);
});

Deno.test("a changed sealed text is refused: ciphertext, IV or key id", async () => {
  const keyring = await keyringOf(newKey());
  const sealed = await seal(keyring, SECRET);
  const [version, keyId, iv, ciphertext] = sealed.split(".") as [string, string, string, string];
  const flip = (text: string, at: number) =>
    text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  for (
    const changed of [
      [version, keyId, iv, flip(ciphertext, 3)],
      [version, keyId, flip(iv, 0), ciphertext],
      [version, keyId, iv, ciphertext.slice(0, -2)],
      [version, "00000000", iv, ciphertext],
      ["v2", keyId, iv, ciphertext],
      [version, keyId, iv],
    ]
  ) {
    await assert.rejects(open(keyring, changed.join(".")), SealedTextError, changed.join("."));
  }
});

Deno.test("a keyring opens what its previous keys sealed, and seals with the current one", async () => {
  const oldKey = newKey();
  const currentKey = newKey();
  const sealedBefore = await seal(await keyringOf(oldKey), SECRET);
  const rotated = await keyringOf(currentKey, [oldKey]);
  assert.equal(await open(rotated, sealedBefore), SECRET);
  assert.ok(sealedUnderOlderKey(rotated, sealedBefore));
  const resealed = await seal(rotated, await open(rotated, sealedBefore));
  assert.ok(!sealedUnderOlderKey(rotated, resealed));
  // Once the old key is dropped, only the resealed text opens.
  const withoutOld = await keyringOf(currentKey);
  assert.equal(await open(withoutOld, resealed), SECRET);
  await assert.rejects(open(withoutOld, sealedBefore), SealedTextError);
});

Deno.test("a key setting must be base64 of 32 bytes", async () => {
  assert.ok(keyBytes(newKey()));
  for (const bad of ["", "not base64!", btoa("short"), btoa("x".repeat(33))]) assert.equal(keyBytes(bad), null, bad);
  await assert.rejects(keyringOf(btoa("short")), /base64 of 32 bytes/);
});

Deno.test("a mask shows the last four characters of a long value and nothing of a short one", () => {
  assert.equal(masked("sk_test_abcdefgh9z8y"), `${MASK}9z8y`);
  assert.equal(masked("12345678"), `${MASK}5678`);
  for (const short of ["", "a", "abcd", "$cash12"]) assert.equal(masked(short), MASK, short);
});
