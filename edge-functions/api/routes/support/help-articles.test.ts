// The help-article matcher on a labelled set, against the articles the migrations ship (so it runs in the api layer,
// with the stack's database): questions as people write them, each with the article that should answer it first, and
// questions no article answers, which must get no automatic answer. HELP_MATCH_THRESHOLD is tuned on this set.
// Then one ticket end to end: its automatic answer arrives as the first reply, labelled, with the article's link.
import assert from "node:assert/strict";
import { AI_ANSWER_LABEL } from "../../../_shared/contracts/support.ts";
import { HELP_MATCH_THRESHOLD, matchHelpArticles } from "../../../_shared/support/index.ts";
import { pollUntil } from "../../testing/bulk.ts";
import { signedInUser } from "../../testing/stack.ts";
import { messagesOf, openTicket, ownTicket } from "../../testing/support.ts";

const ANSWERED: [question: string, slug: string][] = [
  ["File too big? I have 250,000 emails to validate in bulk. What is the maximum size of a file?", "bulk-limits"],
  ["Duplicates in my list. Is an address that appears several times in the file validated twice?", "bulk-duplicates"],
  ["Can I close the tab? My bulk validation is still running and I need to leave the page.", "bulk-progress"],
  ["Downloaded results: what do the risk_score and deliverability_score columns in the results file mean?", "bulk-download"],
  ["How long do you keep my bulk results? Will my session be deleted after some days?", "bulk-retention"],
  ["Why are so many addresses risky? Lots of role addresses like info@ and disposable domains.", "risky-reasons"],
  ["Results unknown: several domains show dns_error and the verdict unknown. Timeout?", "unknown-results"],
  ["Locked out: after failed sign-ins with my username I can't sign in, even with the right password.", "account-sign-in"],
  ["How do I change the email address of my account? I moved to a new mailbox.", "account-email-change"],
  ["What does the Professional plan cost a month, and is there a free trial?", "pricing-plans"],
  ["Do validation credits expire if I buy them once, without a plan?", "credits"],
  ["Import contacts: how do I import my contacts from a CSV file and export them again?", "contacts-import-export"],
  ["Exploring the domain of a company found no addresses on its website. Why are they not found?", "domain-exploration"],
  ["Upload refused: which file types can I upload, and how is the email column found in my CSV?", "bulk-file-formats"],
];

const UNANSWERED = [
  "Please add our VAT number to the invoice for last month.",
  "Your team is great, thank you so much!",
  "Do you have a Salesforce or HubSpot webhook integration?",
];

Deno.test({
  name: `the labelled questions find their article first, ranked at least ${HELP_MATCH_THRESHOLD}`,
  // The matcher's pool stays open for the next test, as it would in the function.
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const misses: string[] = [];
    for (const [question, slug] of ANSWERED) {
      const matches = await matchHelpArticles(question);
      if (matches[0]?.slug !== slug) misses.push(`${question} → ${JSON.stringify(matches)} (wanted ${slug})`);
    }
    assert.deepEqual(misses, []);
  },
});

Deno.test({
  name: "questions no article answers get no match",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    for (const question of UNANSWERED) assert.deepEqual(await matchHelpArticles(question), [], question);
  },
});

Deno.test({
  name: "a ticket a help article answers gets the automatic answer as its first reply, labelled, with the link",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const owner = await signedInUser();
    const ticket = await openTicket(owner.token, owner.id, {
      subject: "Maximum file size",
      description: "How large may a bulk validation file be? Mine has 250,000 emails.",
    });
    const [answer] = await pollUntil(async () => {
      const messages = await messagesOf(owner.token, ticket.id);
      return messages.length > 0 ? messages : undefined;
    }, () => `no automatic answer on ticket ${ticket.id}`);
    assert.equal(answer!.senderType, "ai");
    assert.equal(answer!.senderName, null);
    assert.ok(answer!.message.startsWith(`${AI_ANSWER_LABEL}\n\n`), answer!.message);
    assert.match(answer!.message, /Read more: \/bulk-validation\?tab=faq#bulk-limits/);
    const seen = await ownTicket(owner.token, ticket.id);
    assert.equal(seen.aiResponse, answer!.message);
    assert.equal(seen.unreadCount, 1);
    assert.equal(seen.status, "open");
  },
});
