import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { VAPID_SUBJECT_DEFAULT, withMachineSecretsKey, withMachineVapidKeys } from "./machine-secrets-key.ts";

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function keyFile(): string {
  const directory = mkdtempSync(join(tmpdir(), "machine-key-"));
  directories.push(directory);
  return join(directory, "nested", "secrets-encryption-key");
}

describe("the machine's secrets key", () => {
  it("is made once, as base64 of 32 bytes readable by its owner only, and the same on every later start", () => {
    const file = keyFile();
    const first = withMachineSecretsKey({ SECRETS_ENCRYPTION_KEY: "", OTHER: "x" }, file);
    expect(Buffer.from(first.SECRETS_ENCRYPTION_KEY!, "base64")).toHaveLength(32);
    expect(first.OTHER).toBe("x");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(withMachineSecretsKey({ SECRETS_ENCRYPTION_KEY: "" }, file)).toEqual({ SECRETS_ENCRYPTION_KEY: first.SECRETS_ENCRYPTION_KEY });
  });

  it("differs between machines", () => {
    const one = withMachineSecretsKey({}, keyFile()).SECRETS_ENCRYPTION_KEY;
    const other = withMachineSecretsKey({}, keyFile()).SECRETS_ENCRYPTION_KEY;
    expect(one).not.toBe(other);
  });

  it("gives way to a key the settings name", () => {
    const file = keyFile();
    expect(withMachineSecretsKey({ SECRETS_ENCRYPTION_KEY: "set-in-dotenv" }, file)).toEqual({ SECRETS_ENCRYPTION_KEY: "set-in-dotenv" });
  });
});

describe("the machine's VAPID keys", () => {
  it("are made once as a P-256 pair in web-push's encoding, kept for the owner only, and the same on every later start", () => {
    const file = keyFile();
    const first = withMachineVapidKeys({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "", VAPID_SUBJECT: "", OTHER: "x" }, file);
    const publicKey = Buffer.from(first.VAPID_PUBLIC_KEY!, "base64url");
    expect(publicKey).toHaveLength(65);
    expect(publicKey[0]).toBe(4);
    expect(Buffer.from(first.VAPID_PRIVATE_KEY!, "base64url")).toHaveLength(32);
    expect(first.VAPID_SUBJECT).toBe(VAPID_SUBJECT_DEFAULT);
    expect(first.OTHER).toBe("x");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(withMachineVapidKeys({ VAPID_SUBJECT: "https://mailscout.test" }, file)).toEqual({
      VAPID_PUBLIC_KEY: first.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: first.VAPID_PRIVATE_KEY,
      VAPID_SUBJECT: "https://mailscout.test",
    });
  });

  it("are left alone when the settings name keys of their own", () => {
    const own = { VAPID_PUBLIC_KEY: "public", VAPID_PRIVATE_KEY: "private", VAPID_SUBJECT: "" };
    expect(withMachineVapidKeys(own, keyFile())).toEqual(own);
  });
});
