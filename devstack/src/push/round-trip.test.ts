// The product's sender (edge-functions/_shared/push, on Deno as the functions run it) against the fake push service:
// what the fake decrypts is what was sent, and a subscription the fake calls gone comes back as gone.
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVapidKeys } from "../cli/machine-secrets-key.ts";
import { paths } from "../cli/paths.ts";
import { runCommand } from "../cli/processes.ts";
import { type ReceivedPushMessage, type RunningPushFake, startPushFake } from "./index.ts";

let fake: RunningPushFake;
beforeAll(async () => {
  fake = await startPushFake({ port: 0 });
});
afterAll(() => fake.stop());

const vapid = { ...newVapidKeys(), subject: "mailto:support@mailscout.test" };
const sender = pathToFileURL(join(paths.repoRoot, "edge-functions/_shared/push/index.ts")).href;
const script = `
import { sendWebPush } from ${JSON.stringify(sender)};
const { subscription, payload, settings } = JSON.parse(Deno.env.get("PUSH_INPUT"));
console.log(JSON.stringify(await sendWebPush(subscription, payload, { ttlSeconds: 60, urgency: "low" }, settings)));
`;

/** sendWebPush's outcome for one message, run by Deno with the functions' configuration. */
async function sendWithDeno(subscription: object, payload: string): Promise<Record<string, unknown>> {
  const settings = { vapid, serviceHosts: fake.settings.PUSH_SERVICE_HOSTS.split(",") };
  const { stdout } = await runCommand(
    paths.deno,
    ["eval", "--quiet", "--config", join(paths.repoRoot, "edge-functions/deno.json"), script],
    { env: { ...process.env, PUSH_INPUT: JSON.stringify({ subscription, payload, settings }), NO_COLOR: "1" } },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

async function subscribe(body: object = {}) {
  const response = await fetch(`${fake.url}/_fake/subscriptions`, { method: "POST", body: JSON.stringify(body) });
  return (await response.json()) as { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
}

describe("sendWebPush through the fake push service", () => {
  it("delivers a message the fake decrypts to exactly what was sent, signed with the VAPID key it subscribed with", async () => {
    const subscription = await subscribe({ applicationServerKey: vapid.publicKey });
    const payload = JSON.stringify({ title: "Frühlingsangebot ✉", body: "20 % off bulk validation", url: "/pricing" });
    expect(await sendWithDeno(subscription, payload)).toEqual({ outcome: "sent", status: 201 });
    const response = await fetch(`${fake.url}/_fake/messages?subscription=${subscription.id}`);
    const { messages } = (await response.json()) as { messages: ReceivedPushMessage[] };
    expect(messages).toEqual([
      expect.objectContaining({ payload, ttlSeconds: 60, urgency: "low", vapidSubject: "mailto:support@mailscout.test" }),
    ]);
  });

  it("reports a subscription the push service calls gone, so the caller deletes it", async () => {
    const subscription = await subscribe();
    await fetch(`${fake.url}/_fake/subscriptions/${subscription.id}/gone`, { method: "POST" });
    expect(await sendWithDeno(subscription, "hello")).toEqual({ outcome: "gone", status: 410 });
  });
});
