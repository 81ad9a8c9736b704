// Secure email change through supabase-js against devstack's Auth, as GoTrue does it: updateUser({email}) changes
// nothing yet and mails a link to the new and to the current address; the mails are read from the mail catcher's
// Mailpit API; only once both links are followed does the email (and the profile's copy of it) change.
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { anonClient, env, serviceClient } from "./env.ts";

const mailpitUrl = z
  .url({ error: "MAILPIT_URL (the mail catcher, which npm test sets) is required" })
  .parse(process.env.MAILPIT_URL);
const dbUrl = z.url({ error: "SUPABASE_DB_URL is required" }).parse(process.env.SUPABASE_DB_URL);
const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
afterAll(() => sql.end({ timeout: 5 }));

const PASSWORD = "Sturdy-Passphrase-4711";
const site = `${env.SUPABASE_URL}/`;
const unique = () => crypto.randomUUID().replaceAll("-", "").slice(0, 12);

async function signedUp() {
  const id = unique();
  const email = `change-${id}@example.com`;
  const client = anonClient();
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { username: `ec${id}` } } });
  if (error || !data.user) throw new Error(`signUp failed: ${error?.message ?? "no user"}`);
  return { client, email, id: data.user.id };
}

interface Summary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
}

/** The catcher's mails to one address, newest first, waiting briefly for them to arrive. */
async function mailsTo(address: string, expected = 1): Promise<Summary[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
    const { messages } = (await response.json()) as { messages: Summary[] };
    if (messages.length >= expected) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address} reached the catcher`);
}

/** The confirmation link in a mail's text part, read through Mailpit's message API. */
async function linkIn(summary: Summary): Promise<string> {
  const message = (await (await fetch(`${mailpitUrl}/api/v1/message/${summary.ID}`)).json()) as { Text: string };
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message.Text)?.[0];
  if (!link) throw new Error(`no verify link in: ${message.Text}`);
  return link;
}

/** Follows a link as a browser would, without going on to the site: answers where Auth sends the browser. */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("Location")!);
}

const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1));

async function signsIn(email: string): Promise<boolean> {
  const { error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
  return error === null;
}

async function profileEmail(userId: string): Promise<string> {
  const [row] = await sql<{ email: string }[]>`select email from public.profiles where id = ${userId}`;
  return row!.email;
}

describe("updateUser({ email }) with secure email change", () => {
  it("changes the email only after the links to the new and the old address are both followed", async () => {
    const { client, email: oldEmail, id } = await signedUp();
    const newEmail = `changed-${unique()}@example.com`;

    const { data, error } = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: site });
    expect(error).toBeNull();
    // GoTrue's answer: the email is still the old one; the new one waits in new_email.
    expect(data.user).toMatchObject({ email: oldEmail, new_email: newEmail });
    expect(Date.parse(data.user!.email_change_sent_at!)).not.toBeNaN();

    // Until confirmed, the old address signs in and the new one does not; the profile keeps the old address.
    expect(await signsIn(oldEmail)).toBe(true);
    expect(await signsIn(newEmail)).toBe(false);
    expect(await profileEmail(id)).toBe(oldEmail);

    const [toNew] = await mailsTo(newEmail);
    const [toOld] = await mailsTo(oldEmail);
    expect(toNew!.Subject).toBe("Confirm your new email address");
    const newLink = await linkIn(toNew!);
    const oldLink = await linkIn(toOld!);
    expect(newLink).not.toBe(oldLink);
    expect(new URL(newLink).searchParams.get("type")).toBe("email_change");
    expect(new URL(newLink).searchParams.get("redirect_to")).toBe(site);

    // The first link is accepted and asks for the other; nothing changes yet.
    const first = await follow(newLink);
    expect(first.origin + first.pathname).toBe(site);
    expect(fragment(first).get("message")).toBe(
      "Confirmation link accepted. Please proceed to confirm link sent to the other email",
    );
    expect(await signsIn(oldEmail)).toBe(true);
    expect(await profileEmail(id)).toBe(oldEmail);

    // The second applies the change and signs the browser in, as GoTrue's implicit flow does.
    const second = await follow(oldLink);
    expect(fragment(second).get("type")).toBe("email_change");
    const accessToken = fragment(second).get("access_token");
    expect(accessToken).toBeTruthy();
    const { data: viaLink } = await anonClient().auth.getUser(accessToken!);
    expect(viaLink.user).toMatchObject({ id, email: newEmail });
    expect(viaLink.user?.new_email).toBeUndefined();

    expect(await signsIn(newEmail)).toBe(true);
    expect(await signsIn(oldEmail)).toBe(false);
    expect(await profileEmail(id)).toBe(newEmail);
    const { data: admin } = await serviceClient().auth.admin.getUserById(id);
    expect(admin.user?.identities?.[0]?.identity_data).toMatchObject({ email: newEmail, email_verified: true });
  });

  it("takes both tokens through verifyOtp({ token_hash, type }) too, the second answering a session", async () => {
    const { client, email: oldEmail, id } = await signedUp();
    const newEmail = `otp-${unique()}@example.com`;
    await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: site });
    const tokenOf = async (address: string) =>
      new URL(await linkIn((await mailsTo(address))[0]!)).searchParams.get("token")!;

    const first = await anonClient().auth.verifyOtp({ token_hash: await tokenOf(newEmail), type: "email_change" });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect(await signsIn(oldEmail)).toBe(true);

    const second = await anonClient().auth.verifyOtp({ token_hash: await tokenOf(oldEmail), type: "email_change" });
    expect(second.error).toBeNull();
    expect(second.data.user).toMatchObject({ id, email: newEmail });
    expect(second.data.session?.access_token).toBeTruthy();
  });

  it("spends each link once: following it again lands on the site with otp_expired", async () => {
    const { client } = await signedUp();
    const newEmail = `again-${unique()}@example.com`;
    await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: site });
    const link = await linkIn((await mailsTo(newEmail))[0]!);
    await follow(link);
    const again = await follow(link);
    expect(Object.fromEntries(fragment(again))).toMatchObject({
      error: "access_denied",
      error_code: "otp_expired",
      error_description: "Email link is invalid or has expired",
    });
  });

  it("refuses a forged token and never redirects a link off the site", async () => {
    const forged = await follow(
      `${env.SUPABASE_URL}/auth/v1/verify?token=${"0".repeat(56)}&type=email_change&redirect_to=${encodeURIComponent("https://evil.test/")}`,
    );
    expect(forged.origin).toBe(new URL(env.SUPABASE_URL).origin);
    expect(fragment(forged).get("error_code")).toBe("otp_expired");
    // Text Postgres cannot store is refused like any wrong token, not with a 500.
    const garbage = await follow(`${env.SUPABASE_URL}/auth/v1/verify?token=%00abc&type=email_change`);
    expect(fragment(garbage).get("error_code")).toBe("otp_expired");
  });

  it("refuses a second change request within max_frequency with 429", async () => {
    const { client } = await signedUp();
    await client.auth.updateUser({ email: `first-${unique()}@example.com` });
    const { error } = await client.auth.updateUser({ email: `second-${unique()}@example.com` });
    expect(error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
  });

  it("refuses an address another account has, before mailing anything", async () => {
    const { client } = await signedUp();
    const { email: taken } = await signedUp();
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error).toMatchObject({ status: 422, code: "email_exists" });
  });
});
