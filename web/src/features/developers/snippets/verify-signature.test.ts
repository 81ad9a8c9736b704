// The docs' verification snippets, run against a delivery signed as the webhook worker signs it (HMAC-SHA256 of
// "<t>.<body>" keyed with the secret), so what a reader copies is known to accept a good signature and refuse the rest.
// The Python one runs in the machine's python3.
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { WEBHOOK_TOLERANCE_SECONDS } from "@contracts/api-keys";
import { describe, expect, it } from "vitest";
import { verifyMailScoutSignature } from "./verify-signature.mjs";
import verifyPython from "./verify_signature.py?raw";

const SECRET = "whsec_4f1c0d9a7b2e";
const BODY = JSON.stringify({ event: "job.completed", jobId: "3f2c6b1e-8a4d-4c2e-9b7a-1d5e6f708192", status: "completed" });
const now = () => Math.floor(Date.now() / 1000);

function signed(body: string, secret: string, at: number): string {
  return `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${body}`).digest("hex")}`;
}

/** [what, header, body]: the first is genuine, every other must be refused. */
const CASES: [string, string, string][] = [
  ["a genuine delivery", signed(BODY, SECRET, now()), BODY],
  ["a changed body", signed(BODY, SECRET, now()), BODY.replace("completed", "failed")],
  ["another secret", signed(BODY, "whsec_other", now()), BODY],
  ["a replay past the tolerance", signed(BODY, SECRET, now() - WEBHOOK_TOLERANCE_SECONDS - 60), BODY],
  ["a malformed header", "v1=abc", BODY],
  ["no header", "", BODY],
];

describe("the webhook verification snippets", () => {
  it.each(CASES)("JavaScript: %s", (what, header, body) => {
    expect(verifyMailScoutSignature(header, body, SECRET)).toBe(what === "a genuine delivery");
  });

  it("Python: accepts only the genuine delivery", () => {
    const program = [
      verifyPython,
      "import json, sys",
      "cases, secret = json.load(sys.stdin)",
      "print(json.dumps([verify_mailscout_signature(header, body.encode(), secret) for header, body in cases]))",
    ].join("\n");
    const run = spawnSync("python3", ["-c", program], {
      input: JSON.stringify([CASES.map(([, header, body]) => [header, body]), SECRET]),
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(CASES.map(([what]) => what === "a genuine delivery"));
  });
});
