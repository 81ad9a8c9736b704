// Email campaigns against the running stack (/api/campaigns/email-campaigns, admin only), with their sends and the
// preview of the message as recipients get it.
import assert from "node:assert/strict";
import { type EmailCampaign, emailCampaignSchema, emailPreviewSchema } from "../../../../../_shared/marketing/index.ts";
import { assertAdminOnly, testManager, testSends } from "../../../../testing/marketing.ts";
import { assertError, call, signedInAdmin } from "../../../../testing/stack.ts";

const PATH = "/api/campaigns/email-campaigns";

testManager<EmailCampaign>("email campaigns", {
  path: PATH,
  table: "email_campaigns",
  schema: emailCampaignSchema,
  minimal: { name: "November news", subject: "What's new", content: "<p>Hello</p>" },
  created: {
    name: "November news",
    subject: "What's new",
    content: "<p>Hello</p>",
    templateType: "custom",
    targetAudience: "all",
    isActive: false,
    scheduledFor: null,
    sentAt: null,
    sentCount: 0,
    openCount: 0,
    clickCount: 0,
    unsubscribeCount: 0,
    openRate: 0,
    clickRate: 0,
    send: null,
  },
  replacement: {
    name: "December news",
    subject: "Year in review",
    content: "<h1>2026</h1>",
    templateType: "newsletter",
    targetAudience: "returning",
    isActive: true,
    scheduledFor: "2030-12-01T09:00:00.000Z",
  },
  replaced: {
    name: "December news",
    subject: "Year in review",
    templateType: "newsletter",
    targetAudience: "returning",
    isActive: true,
    scheduledFor: "2030-12-01T09:00:00.000Z",
  },
  required: { field: "subject", message: "subject: Subject is required" },
  notFound: "Email campaign not found",
});

testSends("email campaigns", {
  path: PATH,
  kind: "email",
  active: { name: "To all", subject: "Hello", content: "<p>Hello all</p>", isActive: true },
  notFound: "Email campaign not found",
});

Deno.test("email campaigns: the preview is the message as sent, script and handlers gone, with its text part", async () => {
  const admin = await signedInAdmin();
  const created = await call(PATH, {
    token: admin.token,
    body: {
      name: "Preview",
      subject: "See this",
      content: '<h1 onclick="steal()">Big news</h1><script>alert(1)</script><p><a href="https://example.com/x">Read</a></p>',
    },
  });
  assert.equal(created.status, 201, created.text);
  const id = (created.json as { id: string }).id;
  const response = await call(`${PATH}/${id}/preview`, { token: admin.token });
  assert.equal(response.status, 200, response.text);
  const preview = emailPreviewSchema.parse(response.json);
  assert.equal(preview.subject, "See this");
  assert.equal(preview.html, '<h1>Big news</h1><p><a href="https://example.com/x">Read</a></p>');
  assert.match(preview.text, /Big news/);
  assert.match(preview.text, /Read \[https:\/\/example\.com\/x\]/);
  assert.doesNotMatch(preview.text, /alert/);

  assertError(await call(`${PATH}/${crypto.randomUUID()}/preview`, { token: admin.token }), 404, "Email campaign not found");
  await assertAdminOnly(`${PATH}/${id}/preview`);
});
