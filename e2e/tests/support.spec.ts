// The support center from both sides at once: a user in one browser, an agent (the seed's admin) in another, each
// seeing the other's words arrive without reloading.
import { expect, type Page, test } from "@playwright/test";
import { logIn, registerNewAccount, seeded } from "./accounts";
import { newestMailTo } from "./mail";

const AI_ANSWER_LABEL = "Automatic answer from our help articles";

function conversation(page: Page) {
  return page.getByRole("log", { name: /^Conversation: / });
}

test("a user and an agent answer each other live, the agent resolves, and nobody else can open the ticket", async ({
  browser,
}) => {
  // Two people, a stranger and an email make a longer journey than most.
  test.setTimeout(90_000);
  const userPage = await (await browser.newContext()).newPage();
  const agentPage = await (await browser.newContext()).newPage();
  const account = await registerNewAccount(userPage);
  await logIn(agentPage, seeded.admin.username, seeded.admin.password);
  await agentPage.goto("/admin/support");
  await expect(agentPage.getByRole("heading", { name: "Support queue" })).toBeVisible();

  // The user opens a ticket whose question the help articles answer: the automatic answer comes first.
  await userPage.getByRole("banner").getByRole("link", { name: "Support" }).click();
  await expect(userPage.getByText("No support tickets found")).toBeVisible();
  await userPage.getByRole("button", { name: "Open your first ticket" }).click();
  const dialog = userPage.getByRole("dialog", { name: "New Ticket" });
  const subject = `How large may a bulk validation file be? (${account.username})`;
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Category").selectOption({ label: "Email validation" });
  await dialog
    .getByLabel("Description")
    .fill("How many emails can one CSV file hold for bulk validation, and what is the maximum file size?");
  await dialog.getByRole("button", { name: "Create Ticket" }).click();
  await expect(userPage).toHaveURL(/\/support\?ticket=/);
  const ticketUrl = userPage.url();
  const ticketId = new URL(ticketUrl).searchParams.get("ticket") ?? "";
  await expect(conversation(userPage).getByRole("article", { name: new RegExp(`^${AI_ANSWER_LABEL}`) })).toBeVisible();
  await expect(conversation(userPage).getByRole("button", { name: "This solved it" })).toBeVisible();

  // The user goes elsewhere in the app (no reload). The agent sees the ticket arrive in the queue and answers.
  await userPage.getByRole("banner").getByRole("link", { name: "Home" }).click();
  const row = agentPage.getByRole("table", { name: "Support tickets" }).getByRole("button", { name: subject });
  await expect(row).toBeVisible();
  await row.click();
  await expect(conversation(agentPage)).toBeVisible();
  await agentPage.getByRole("textbox", { name: "Reply", exact: true }).fill("Up to 100,000 emails per file.");
  await agentPage.getByRole("textbox", { name: "Reply", exact: true }).press("Control+Enter");
  await expect(agentPage.getByRole("textbox", { name: "Reply", exact: true })).toHaveValue("");

  // Away from the ticket, the user is told in the header at once, and by an email that links to the ticket without
  // quoting the conversation.
  const supportLink = userPage.getByRole("banner").getByRole("link", { name: "Support (1 ticket with unread replies)" });
  await expect(supportLink).toBeVisible();
  await expect(async () => {
    const mail = await newestMailTo(account.email);
    expect(mail.subject).toBe("New reply to your support ticket");
    expect(mail.text).toContain(`/support?ticket=${ticketId}`);
    expect(mail.text).not.toContain("Up to 100,000 emails per file.");
  }).toPass({ timeout: 15_000 });
  await supportLink.click();
  await userPage.getByRole("navigation", { name: "Your tickets" }).getByRole("link", { name: subject }).click();
  await expect(conversation(userPage)).toContainText("Up to 100,000 emails per file.");

  // With the ticket open, the user sees the agent typing (a broadcast, never stored), then the words, without reloading.
  // Typing is never replayed: until the user's side has joined the ticket's topic, the agent's keystrokes go unseen.
  await expect(async () => {
    await agentPage.getByRole("textbox", { name: "Reply", exact: true }).fill("Which file is giving you trouble?");
    await expect(userPage.getByText("admin is typing…")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await agentPage.getByRole("button", { name: "Send" }).click();
  await expect(conversation(userPage)).toContainText("Which file is giving you trouble?");

  // The user answers; the agent sees it, then resolves.
  await userPage.getByRole("textbox", { name: "Reply", exact: true }).fill("leads-march.csv, it has 80,000 rows.");
  await userPage.getByRole("button", { name: "Send" }).click();
  await expect(conversation(agentPage)).toContainText("leads-march.csv");
  await agentPage.getByRole("combobox", { name: "Ticket status" }).selectOption({ label: "Resolved" });

  // The reply box goes from the user's screen live.
  await expect(userPage.getByRole("textbox", { name: "Reply", exact: true })).toBeHidden();
  await expect(userPage.getByText(/This ticket is resolved/)).toBeVisible();
  await expect(userPage.getByRole("button", { name: "Reopen" })).toBeVisible();

  // Someone else following the ticket's address learns only that there is nothing for them.
  const strangerPage = await (await browser.newContext()).newPage();
  await registerNewAccount(strangerPage);
  await strangerPage.goto(ticketUrl);
  await expect(strangerPage.getByText("Ticket not found")).toBeVisible();
  await expect(strangerPage.getByText(subject)).toHaveCount(0);
});
