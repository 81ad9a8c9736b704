// Marketing's sends as the people they reach meet them: a push an admin sends from the push manager shows in a
// signed-in user's header bell without reloading; an email campaign lands in every recipient's inbox; one click on a
// message's List-Unsubscribe (the POST mail providers make, RFC 8058) takes that person off the next campaign. The
// emails' admin side goes through the api the email manager calls: its screens are the push journey's.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { notifications, registerNewAccount, registerThroughApi, seeded } from "./accounts";
import { adminPage } from "./billing";
import { mailHeaders, mailsTo } from "./mail";

/** The seed's admin, signed in through the api: the Authorization header their requests carry. */
async function adminAuthorization(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/login", { data: { username: seeded.admin.username, password: seeded.admin.password } });
  expect(login.status(), await login.text()).toBe(200);
  return login.headers()["authorization"] ?? "";
}

/** Creates an active email campaign to everyone (the All audience) and sends it: its id and the send's recipients. */
async function sendNewsletter(
  request: APIRequestContext,
  authorization: string,
  subject: string,
  content: string,
): Promise<{ id: string; recipients: number }> {
  const created = await request.post("/api/campaigns/email-campaigns", {
    headers: { authorization },
    data: { name: subject, subject, content, targetAudience: "all", isActive: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await request.post(`/api/campaigns/email-campaigns/${id}/send`, { headers: { authorization } });
  expect(sent.status(), await sent.text()).toBe(202);
  const { recipients } = (await sent.json()) as { recipients: number };
  return { id, recipients };
}

/** Waits until the email campaign's last batch is sent (sentAt set): every message it makes is in the catcher. */
async function sentToEveryone(request: APIRequestContext, authorization: string, id: string): Promise<void> {
  await expect(async () => {
    const answer = await request.get("/api/campaigns/email-campaigns", { headers: { authorization } });
    expect(answer.status()).toBe(200);
    const campaigns = (await answer.json()) as { id: string; sentAt: string | null }[];
    expect(campaigns.find((campaign) => campaign.id === id)?.sentAt, "the campaign's sentAt").toBeTruthy();
  }).toPass({ timeout: 30_000 });
}

function bell(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
}

test("a push an admin sends raises a signed-in user's bell count live", async ({ browser }) => {
  test.setTimeout(60_000);
  const userPage = await (await browser.newContext()).newPage();
  await registerNewAccount(userPage);
  // A new account has no notifications: the pushes sent before it existed went to the people there then.
  await expect(bell(userPage)).toHaveAccessibleName("Notifications");

  // The admin writes the push in the manager, switched on, and sends it after being told how many it reaches.
  const admin = await adminPage(browser);
  await admin.goto("/admin/marketing/push-notifications");
  await admin.getByRole("button", { name: "New Push Notification" }).first().click();
  const form = admin.getByRole("dialog", { name: "Create Push notification" });
  const title = `Spring release ${Date.now().toString(36)}`;
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Message", { exact: true }).fill("Bulk validation is twice as fast.");
  await form.getByRole("switch", { name: "Active" }).click();
  await form.getByRole("button", { name: "Create" }).click();
  await expect(notifications(admin).getByText("Push notification created successfully")).toBeVisible();
  await admin.getByRole("button", { name: `Send ${title}` }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Send push notification?" });
  await expect(confirm).toContainText(/It goes to [\d,]+ (person|people) now\./);
  await confirm.getByRole("button", { name: "Send now" }).click();
  await expect(notifications(admin).getByText("Push notification sent successfully")).toBeVisible();

  // No reload on the user's side: the notification arrives on their private topic.
  await expect(bell(userPage)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 20_000 });
  await bell(userPage).click();
  await expect(userPage.getByRole("list", { name: "Notification list" }).getByText(title)).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(title) }).getByText("Sent", { exact: true })).toBeVisible();
});

test("an email campaign reaches 3 users; one unsubscribes in one click, and the next campaign reaches the other 2", async ({
  request,
}) => {
  test.setTimeout(90_000);
  // Accounts registered through /api/register have their addresses confirmed at once: email campaigns reach them.
  const reader = () => registerThroughApi(request, "e2e_reader");
  const people = [await reader(), await reader(), await reader()];
  const authorization = await adminAuthorization(request);
  const newsletter = (subject: string, content: string) => sendNewsletter(request, authorization, subject, content);

  const first = `Our March newsletter ${Date.now().toString(36)}`;
  const firstSend = await newsletter(
    first,
    '<h1>What is new</h1><p>Cleaner lists. <a href="https://mailscout.example/pricing">See the plans</a></p>',
  );
  await sentToEveryone(request, authorization, firstSend.id);
  for (const person of people) expect(await mailsTo(person.email, first), person.email).toHaveLength(1);

  // The first person's mail client unsubscribes through the message's headers, without signing in.
  const [message] = await mailsTo(people[0]!.email, first);
  const headers = await mailHeaders(message!.ID);
  expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribeUrl = /<(https?:\/\/[^>]+)>/.exec(headers["list-unsubscribe"] ?? "")?.[1];
  expect(unsubscribeUrl, headers["list-unsubscribe"]).toBeTruthy();
  const unsubscribed = await fetch(unsubscribeUrl!, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(unsubscribed.ok, `POST ${unsubscribeUrl} answered ${unsubscribed.status}`).toBe(true);

  const second = `Our April newsletter ${Date.now().toString(36)}`;
  const secondSend = await newsletter(second, "<p>Spring offers inside.</p>");
  // The same audience, less the one who left.
  expect(secondSend.recipients).toBe(firstSend.recipients - 1);
  await sentToEveryone(request, authorization, secondSend.id);
  expect(await mailsTo(people[0]!.email, second)).toHaveLength(0);
  for (const person of people.slice(1)) expect(await mailsTo(person.email, second), person.email).toHaveLength(1);
});
