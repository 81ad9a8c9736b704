// The catcher on real ports: mail in by SMTP (nodemailer, as any SMTP client) and by Resend's API, out through
// Mailpit's read API and the inbox page.
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningMailCatcher, startMailCatcher } from "./index.ts";
import { resendRoutes } from "./resend-api.ts";
import { MailStore } from "./store.ts";

let catcher: RunningMailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher({ httpPort: 0, smtpPort: 0, apiKey: "re_test_key" });
});
afterAll(() => catcher.stop());
beforeEach(async () => {
  await fetch(`${catcher.url}/api/v1/messages`, { method: "DELETE" });
});

const resend = (path: string, body: unknown, key: string | null = "re_test_key", idempotencyKey?: string) =>
  fetch(`${catcher.url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    },
    body: JSON.stringify(body),
  });

async function list(path = "/api/v1/messages") {
  const response = await fetch(`${catcher.url}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    total: number;
    count: number;
    messages_count: number;
    messages: Array<Record<string, unknown> & { ID: string }>;
  };
}

async function message(id: string) {
  const response = await fetch(`${catcher.url}/api/v1/message/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("SMTP in", () => {
  it("keeps a message sent by an SMTP client, with its parts and its blind copies", async () => {
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: catcher.smtpPort, secure: false });
    await transport.sendMail({
      from: '"MailScout Auth" <noreply@mailscout.test>',
      to: "ada@example.com",
      bcc: "hidden@example.com",
      subject: "Confirm your new email address",
      text: "Follow this link: http://localhost/auth/v1/verify?token=abc&type=email_change",
      html: "<p>Follow <a href='http://localhost/auth/v1/verify?token=abc'>this link</a></p>",
    });
    transport.close();

    const { total, messages } = await list();
    expect(total).toBe(1);
    expect(messages[0]).toMatchObject({
      From: { Name: "MailScout Auth", Address: "noreply@mailscout.test" },
      To: [{ Name: "", Address: "ada@example.com" }],
      Bcc: [{ Name: "", Address: "hidden@example.com" }],
      Subject: "Confirm your new email address",
      Snippet: "Follow this link: http://localhost/auth/v1/verify?token=abc&type=email_change",
    });
    const full = await message(messages[0]!.ID);
    expect(full.Text).toContain("token=abc&type=email_change");
    expect(full.HTML).toContain("<a href='http://localhost/auth/v1/verify?token=abc'>");
  });

  it("accepts a login, as Auth's SMTP settings may carry one", async () => {
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: catcher.smtpPort,
      secure: false,
      auth: { user: "any", pass: "thing" },
    });
    await transport.sendMail({ from: "a@example.com", to: "b@example.com", subject: "with login", text: "hi" });
    transport.close();
    expect((await list()).messages[0]).toMatchObject({ Subject: "with login" });
  });
});

describe("Resend's API in", () => {
  it("answers {id} and keeps the email with every field", async () => {
    const response = await resend("/emails", {
      from: "MailScout <hello@mailscout.test>",
      to: ["ada@example.com", "Grace <grace@example.com>"],
      cc: "cc@example.com",
      bcc: ["bcc@example.com"],
      reply_to: "support@mailscout.test",
      subject: "Your receipt",
      html: "<strong>Paid</strong>",
      text: "Paid",
      headers: { "X-Entity-Ref-ID": "123" },
      tags: [{ name: "category", value: "receipt" }],
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[\w-]{10,}$/);

    const full = await message(id);
    expect(full).toMatchObject({
      ID: id,
      From: { Name: "MailScout", Address: "hello@mailscout.test" },
      To: [
        { Name: "", Address: "ada@example.com" },
        { Name: "Grace", Address: "grace@example.com" },
      ],
      Cc: [{ Address: "cc@example.com" }],
      Bcc: [{ Address: "bcc@example.com" }],
      ReplyTo: [{ Address: "support@mailscout.test" }],
      Subject: "Your receipt",
      HTML: "<strong>Paid</strong>",
      Text: "Paid",
      Tags: ["category:receipt"],
    });
  });

  it("sends a batch and answers {data: [{id}]} in order", async () => {
    const response = await resend("/emails/batch", [
      { from: "a@mailscout.test", to: "one@example.com", subject: "first", text: "1" },
      { from: "a@mailscout.test", to: "two@example.com", subject: "second", html: "<p>2</p>" },
    ]);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string }[] };
    expect(data).toHaveLength(2);
    expect((await message(data[0]!.id)).Subject).toBe("first");
    expect((await message(data[1]!.id)).Subject).toBe("second");
  });

  it("keeps none of a batch with one bad email", async () => {
    const response = await resend("/emails/batch", [
      { from: "a@mailscout.test", to: "one@example.com", subject: "fine", text: "1" },
      { from: "a@mailscout.test", to: "not an address", subject: "bad", text: "2" },
    ]);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ statusCode: 422, name: "validation_error", message: expect.stringContaining("Email 1") });
    expect((await list()).total).toBe(0);
  });

  it("refuses a missing key with 401 and a wrong one with 403, in Resend's error shape", async () => {
    const body = { from: "a@mailscout.test", to: "b@example.com", subject: "s", text: "t" };
    const missing = await resend("/emails", body, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ statusCode: 401, name: "missing_api_key" });
    const wrong = await resend("/emails", body, "re_wrong");
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ statusCode: 403, name: "invalid_api_key", message: "API key is invalid" });
    const batch = await resend("/emails/batch", [body], null);
    expect(batch.status).toBe(401);
    expect((await list()).total).toBe(0);
  });

  it("refuses a missing field or a bad address with 422 naming it", async () => {
    const noTo = await resend("/emails", { from: "a@mailscout.test", subject: "s", text: "t" });
    expect(noTo.status).toBe(422);
    expect(await noTo.json()).toEqual({ statusCode: 422, name: "missing_required_field", message: "Missing `to` field." });
    const badFrom = await resend("/emails", { from: "nobody", to: "b@example.com", subject: "s", text: "t" });
    expect(badFrom.status).toBe(422);
    expect(await badFrom.json()).toMatchObject({ name: "validation_error", message: expect.stringContaining("`from`") });
    const noBody = await resend("/emails", { from: "a@mailscout.test", to: "b@example.com", subject: "s" });
    expect(noBody.status).toBe(422);
    const wrongType = await resend("/emails", { from: "a@mailscout.test", to: 42, subject: "s", text: "t" });
    expect(wrongType.status).toBe(422);
    const notJson = await fetch(`${catcher.url}/emails`, {
      method: "POST",
      headers: { Authorization: "Bearer re_test_key" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect((await list()).total).toBe(0);
  });
});

describe("Resend's Idempotency-Key", () => {
  const batch = [
    { from: "a@mailscout.test", to: "one@example.com", subject: "first", text: "1" },
    { from: "a@mailscout.test", to: "two@example.com", subject: "second", text: "2" },
  ];
  const ids = async (response: Response) => {
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string }[] }).data.map((entry) => entry.id);
  };

  it("answers a repeated batch with the first ids and keeps nothing more", async () => {
    const first = await ids(await resend("/emails/batch", batch, "re_test_key", "email-campaign/7/batch/1"));
    const again = await ids(await resend("/emails/batch", structuredClone(batch), "re_test_key", "email-campaign/7/batch/1"));
    expect(again).toEqual(first);
    expect((await list()).total).toBe(2);
    // Another key is another send.
    await ids(await resend("/emails/batch", batch, "re_test_key", "email-campaign/7/batch/2"));
    expect((await list()).total).toBe(4);
  });

  it("refuses the same key with another body with 409, keeping nothing", async () => {
    await ids(await resend("/emails/batch", batch, "re_test_key", "k-conflict"));
    const changed = await resend("/emails/batch", [batch[0]], "re_test_key", "k-conflict");
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ statusCode: 409, name: "invalid_idempotent_request" });
    expect((await list()).total).toBe(2);
  });

  it("keeps a key to one endpoint, and holds for single emails too", async () => {
    const one = await resend("/emails", batch[0], "re_test_key", "k-single");
    const { id } = (await one.json()) as { id: string };
    const replay = await resend("/emails", batch[0], "re_test_key", "k-single");
    expect(await replay.json()).toEqual({ id });
    // The batch endpoint has its own keys.
    await ids(await resend("/emails/batch", batch, "re_test_key", "k-single"));
    expect((await list()).total).toBe(3);
  });

  it("takes keys of 1 to 256 characters and refuses others with 400", async () => {
    await ids(await resend("/emails/batch", batch, "re_test_key", "k".repeat(256)));
    for (const key of ["", "k".repeat(257)]) {
      const response = await resend("/emails/batch", batch, "re_test_key", key);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, name: "invalid_idempotency_key" });
    }
    expect((await list()).total).toBe(2);
  });

  it("does not remember a refused batch, so its corrected body goes through under the same key", async () => {
    const bad = await resend("/emails/batch", [{ ...batch[0], to: "not an address" }], "re_test_key", "k-fix");
    expect(bad.status).toBe(422);
    await ids(await resend("/emails/batch", batch, "re_test_key", "k-fix"));
    expect((await list()).total).toBe(2);
  });

  it("forgets a key after 24 hours, when the same request sends again", async () => {
    let now = Date.UTC(2026, 0, 1);
    const store = new MailStore();
    const app = resendRoutes(store, "re_k", { now: () => now });
    const send = () =>
      app.request("/emails/batch", {
        method: "POST",
        headers: { Authorization: "Bearer re_k", "Idempotency-Key": "k-day", "Content-Type": "application/json" },
        body: JSON.stringify(batch),
      });
    const first = await ids(await send());
    now += 24 * 60 * 60 * 1000 - 1;
    expect(await ids(await send())).toEqual(first);
    expect(store.list()).toHaveLength(2);
    now += 1;
    expect(await ids(await send())).not.toEqual(first);
    expect(store.list()).toHaveLength(4);
  });

  it("keeps a batch email's List-Unsubscribe headers, readable through Mailpit's headers API", async () => {
    const [id] = await ids(
      await resend("/emails/batch", [
        {
          ...batch[0],
          headers: {
            "List-Unsubscribe": "<https://mailscout.test/api/email/unsubscribe/t0k3n>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        },
      ]),
    );
    const response = await fetch(`${catcher.url}/api/v1/message/${id}/headers`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      "List-Unsubscribe": ["<https://mailscout.test/api/email/unsubscribe/t0k3n>"],
      "List-Unsubscribe-Post": ["List-Unsubscribe=One-Click"],
    });
  });
});

describe("Mailpit's read API", () => {
  it("lists newest first with paging, searches by recipient, and deletes chosen or all messages", async () => {
    for (const to of ["first@example.com", "second@example.com", "third@example.com"]) {
      await resend("/emails", { from: "a@mailscout.test", to, subject: `to ${to}`, text: "hello" });
    }
    const all = await list();
    expect(all.messages.map((m) => m.Subject)).toEqual([
      "to third@example.com",
      "to second@example.com",
      "to first@example.com",
    ]);
    const second = await list("/api/v1/messages?start=1&limit=1");
    expect(second).toMatchObject({ total: 3, count: 1, messages: [{ Subject: "to second@example.com" }] });

    const found = await list("/api/v1/search?query=to:second@example.com");
    expect(found).toMatchObject({ messages_count: 1, messages: [{ Subject: "to second@example.com" }] });

    const gone = await fetch(`${catcher.url}/api/v1/messages`, {
      method: "DELETE",
      body: JSON.stringify({ IDs: [all.messages[0]!.ID] }),
    });
    expect(gone.status).toBe(200);
    expect((await list()).total).toBe(2);
    const refused = await fetch(`${catcher.url}/api/v1/messages`, { method: "DELETE", body: "not json" });
    expect(refused.status).toBe(400);
    expect((await list()).total).toBe(2);
    await fetch(`${catcher.url}/api/v1/messages`, { method: "DELETE" });
    expect((await list()).total).toBe(0);
  });

  it("answers 404 for an unknown message", async () => {
    expect((await fetch(`${catcher.url}/api/v1/message/nope`)).status).toBe(404);
  });
});

describe("the inbox page", () => {
  it("shows a mail's fields escaped and its HTML only in a sandboxed frame", async () => {
    const response = await resend("/emails", {
      from: "a@mailscout.test",
      to: "b@example.com",
      subject: "<script>alert(1)</script>",
      html: "<img src=x onerror=alert(2)>",
      text: "Open http://localhost/verify?a=1&b=<2>",
    });
    const { id } = (await response.json()) as { id: string };

    const inbox = await fetch(`${catcher.url}/`);
    expect(inbox.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const inboxHtml = await inbox.text();
    expect(inboxHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(inboxHtml).not.toContain("<script>");

    const view = await (await fetch(`${catcher.url}/view/${id}`)).text();
    expect(view).not.toContain("<img src=x");
    expect(view).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(view).toContain('<a href="http://localhost/verify?a=1&amp;b=&lt;2&gt;"');

    const frame = await fetch(`${catcher.url}/view/${id}/html`);
    expect(frame.headers.get("Content-Security-Policy")).toMatch(/^sandbox /);
    expect(frame.headers.get("Content-Security-Policy")).not.toContain("allow-scripts");
  });

  it("empties the inbox from its own form but not from another site", async () => {
    await resend("/emails", { from: "a@mailscout.test", to: "b@example.com", subject: "s", text: "t" });
    const crossSite = await fetch(`${catcher.url}/clear`, { method: "POST", headers: { Origin: "http://evil.test" }, redirect: "manual" });
    expect(crossSite.status).toBe(403);
    expect((await list()).total).toBe(1);
    const own = await fetch(`${catcher.url}/clear`, { method: "POST", headers: { Origin: catcher.url }, redirect: "manual" });
    expect(own.status).toBe(303);
    expect((await list()).total).toBe(0);
  });
});

describe("MailStore", () => {
  it("keeps only the newest messages up to its capacity", () => {
    const store = new MailStore(3);
    for (let i = 1; i <= 5; i++) {
      store.add({
        From: { Name: "", Address: "a@example.com" },
        To: [],
        Cc: [],
        Bcc: [],
        ReplyTo: [],
        Subject: `m${i}`,
        Tags: [],
        Text: "",
        HTML: "",
        Headers: {},
        Source: "resend",
      });
    }
    expect(store.list().map((m) => m.Subject)).toEqual(["m5", "m4", "m3"]);
  });
});
