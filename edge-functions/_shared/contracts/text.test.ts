import assert from "node:assert/strict";
import { describeFirstIssue } from "../zod-issues.ts";
import { isStorableText, text, UNSTORABLE_TEXT_MESSAGE, unstorableParameter } from "./text.ts";

Deno.test("storable text: anything but NUL and unpaired surrogates", () => {
  for (const ok of ["", "plain", "Ünïcödé", "emoji 😀 pair", "\u0001 other controls", "\ufffd"]) {
    assert.equal(isStorableText(ok), true, JSON.stringify(ok));
  }
  for (const bad of ["\u0000", "a\u0000b", "\ud800", "x\udbffy", "\udc00", "😀".slice(0, 1), "😀".slice(1)]) {
    assert.equal(isStorableText(bad), false, JSON.stringify(bad));
  }
});

Deno.test("text() names the unstorable field before its other rules, and keeps its own type message", () => {
  const schema = text({ error: "Name must be text" }).trim().min(1, "Name is required").max(3, "Name is too long");
  assert.equal(describeFirstIssue(schema.safeParse("far too long\u0000").error!), UNSTORABLE_TEXT_MESSAGE);
  assert.equal(describeFirstIssue(schema.safeParse(5).error!), "Name must be text");
  assert.equal(schema.parse(" ab "), "ab");
});

Deno.test("unstorableParameter names the first parameter that can't be stored", () => {
  assert.equal(unstorableParameter(new URLSearchParams("q=fine&limit=2")), null);
  assert.equal(unstorableParameter(new URLSearchParams("q=fine&listId=1%00")), `listId: ${UNSTORABLE_TEXT_MESSAGE}`);
  assert.equal(unstorableParameter(new URLSearchParams("a%00=1")), `query: ${UNSTORABLE_TEXT_MESSAGE}`);
});
