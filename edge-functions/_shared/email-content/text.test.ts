import assert from "node:assert/strict";
import { campaignText } from "./text.ts";

Deno.test("a newsletter's text part keeps its words and links, drops images, and reads layout tables as text", () => {
  const text = campaignText(
    `<table role="presentation"><tr><td><img src="https://cdn.mailscout.test/logo.png" alt="MailScout">` +
      `<h1>Spring offer</h1><p>Validate <strong>10,000</strong> addresses.</p>` +
      `<ul><li>Bulk lists</li><li>API keys</li></ul>` +
      `<p><a href="https://mailscout.test/pricing">See plans</a> or write to ` +
      `<a href="mailto:support@mailscout.test">support@mailscout.test</a></p></td></tr></table>`,
  );
  assert.equal(
    text,
    [
      "Spring offer",
      "",
      "Validate 10,000 addresses.",
      "",
      " * Bulk lists",
      " * API keys",
      "",
      "See plans [https://mailscout.test/pricing] or write to support@mailscout.test",
    ].join("\n"),
  );
});

Deno.test("long paragraphs wrap at 78 characters and entities read as their characters", () => {
  const text = campaignText(`<p>${"word ".repeat(40)}</p><p>Fish &amp; chips &lt;3</p>`);
  for (const line of text.split("\n")) assert.ok(line.length <= 78, line);
  assert.match(text, /Fish & chips <3$/);
});
