import assert from "node:assert/strict";
import { noticeEmail } from "./notices.ts";

const id = "0b6f2c1e-8a51-4d5e-9c39-5c2f3f7f6a10";

Deno.test("the owner's notice links to the ticket on the support page and says nothing of the conversation", () => {
  const email = noticeEmail("agent_reply", "https://app.example.com/", id);
  assert.equal(email.subject, "New reply to your support ticket");
  assert.deepEqual(email.text.match(/https?:\/\/\S+/g), [`https://app.example.com/support?ticket=${id}`]);
});

Deno.test("the agents' notices link to the ticket in their queue", () => {
  for (const kind of ["new_ticket", "user_reply"] as const) {
    const email = noticeEmail(kind, "http://localhost:54321", id);
    assert.deepEqual(email.text.match(/https?:\/\/\S+/g), [`http://localhost:54321/admin/support?ticket=${id}`]);
  }
  assert.notEqual(noticeEmail("new_ticket", "http://x.test", id).subject, noticeEmail("user_reply", "http://x.test", id).subject);
});
