import assert from "node:assert/strict";
import { AI_ANSWER_LABEL } from "./contract.ts";
import { automaticAnswerText, helpSearchText } from "./help-articles.ts";

Deno.test("a question is searched as any of its words, each once, without the person's operators", () => {
  assert.equal(helpSearchText("How do I export my CONTACTS? Export!"), "how or do or export or my or contacts");
  assert.equal(helpSearchText('"bulk" -validation OR csv'), "bulk or validation or csv");
  assert.equal(helpSearchText("I can't sign in"), "can't or sign or in");
  assert.equal(helpSearchText("?! -- ..."), "");
});

Deno.test("a long question is cut to its first words", () => {
  const words = Array.from({ length: 100 }, (_, n) => `word${n}`);
  assert.equal(helpSearchText(words.join(" ")).split(" or ").length, 60);
});

Deno.test("the automatic answer carries its label, the best article with its link and the others as links", () => {
  const text = automaticAnswerText(
    { slug: "csv", title: "Uploading a CSV", path: "/bulk-validation#csv", rank: 0.5, body: "Choose a file.\n" },
    [{ slug: "limits", title: "Limits", path: "/pricing#faq", rank: 0.2 }],
  );
  assert.ok(text.startsWith(`${AI_ANSWER_LABEL}\n\nUploading a CSV\n\nChoose a file.\n\nRead more: /bulk-validation#csv`));
  assert.match(text, /- Limits: \/pricing#faq/);
  assert.match(text, /This solved it/);
});
