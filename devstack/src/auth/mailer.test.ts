// Auth's SMTP mailer, delivering into a real catcher, and where its links may send the browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningMailCatcher, startMailCatcher } from "../mail/index.ts";
import { allowedRedirect } from "./email-change.ts";
import { smtpMailer } from "./mailer.ts";

describe("allowedRedirect", () => {
  const settings = { siteUrl: "http://localhost:54321" };
  it("honours a redirect_to on the site's origin", () => {
    expect(allowedRedirect(settings, "http://localhost:54321/contacts?x=1")).toBe("http://localhost:54321/contacts?x=1");
  });
  it("sends anything else to the site, so a mailed link cannot carry a session to another host", () => {
    expect(allowedRedirect(settings, "https://evil.test/steal")).toBe("http://localhost:54321");
    expect(allowedRedirect(settings, "http://localhost:54321.evil.test/")).toBe("http://localhost:54321");
    expect(allowedRedirect(settings, "not a url")).toBe("http://localhost:54321");
    expect(allowedRedirect(settings, undefined)).toBe("http://localhost:54321");
  });
});

describe("smtpMailer", () => {
  let catcher: RunningMailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher({ httpPort: 0, smtpPort: 0 });
  });
  afterAll(() => catcher.stop());

  it("delivers Auth's mail over SMTP with its sender, both parts and the recipient", async () => {
    const mailer = smtpMailer({ host: "127.0.0.1", port: catcher.smtpPort, from: "MailScout <noreply@mailscout.test>" });
    await mailer.send({ to: "ada@example.com", subject: "Confirm", html: "<p>html</p>", text: "text" });
    const [message] = catcher.store.list();
    expect(message).toMatchObject({
      From: { Name: "MailScout", Address: "noreply@mailscout.test" },
      To: [{ Address: "ada@example.com" }],
      Subject: "Confirm",
      Text: "text",
      HTML: "<p>html</p>",
      Source: "smtp",
    });
  });
});
