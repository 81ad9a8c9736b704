import assert from "node:assert/strict";
import { parsePage } from "./page-text.ts";

Deno.test("rendered text: blocks and <br> start lines, inline elements join, white space collapses", () => {
  const { text: { text } } = parsePage(`<html><head><title>T</title><style>p{}</style></head><body>
    <h1>  Team </h1><div><p>Ann <b>Lee</b>,<br>Head   of
    Sales</p><span>ann</span><span>@</span>acme.test</div><ul><li>One</li><li>Two</li></ul>
    <script>ignored()</script><p hidden>hidden</p>Tail</body></html>`);
  assert.equal(text, "Team\nAnn Lee,\nHead of Sales\nann@acme.test\nOne\nTwo\nTail\n");
});

Deno.test("each element's span and the element at an offset", () => {
  const page = parsePage(`<body><p id="a">Ann <b>Lee</b></p><p>Bo</p></body>`);
  const offset = page.text.text.indexOf("Lee");
  const bold = page.text.elementAt(offset)!;
  assert.equal(bold.name, "b");
  assert.equal(page.text.textOf(bold.parent as typeof bold), "Ann Lee\n");
  assert.equal(page.text.elementAt(-1), null);
});
