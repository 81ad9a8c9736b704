import assert from "node:assert/strict";
import { contactScore } from "./page-choice.ts";

const score = (path: string, text = "") => contactScore(new URL(path, "https://acme.test"), text);

Deno.test("page choice: contact pages first, then team, about and legal pages, then the rest of the list", () => {
  const ranked = [
    ["/contact/", "Contact"],
    ["/about/team/", "Our Team"],
    ["/about/", "About Us"],
    ["/impressum", ""],
    ["/careers/", "Careers"],
    ["/privacy-policy/", "Privacy Policy"],
  ].map(([path, text]) => score(path!, text));
  assert.deepEqual(ranked, [...ranked].sort((a, b) => b - a));
  assert.ok(ranked.every((value) => value > 0));
});

Deno.test("page choice: common spellings and languages count", () => {
  for (
    const path of [
      "/contactus",
      "/contact-us.html",
      "/ourteam",
      "/aboutus.php",
      "/kontakt",
      "/ueber-uns",
      "/leadership",
      "/people/",
    ]
  ) {
    assert.ok(score(path) > 0, path);
  }
});

Deno.test("page choice: a link's text speaks for a path that says nothing", () => {
  assert.ok(score("/?page_id=12", "Contact us") > 0);
  assert.equal(score("/?page_id=12", "Read more"), 0);
});

Deno.test("page choice: whole words only, files and pages about other things are not visited", () => {
  for (
    const path of ["/dashboard", "/steam-cleaning", "/solutions/fleet-tracking/", "/blog/2026/03/peak/", "/contact.pdf"]
  ) {
    assert.equal(score(path), 0, path);
  }
  assert.equal(score("/team-photo.jpg", "Our team"), 0);
});

Deno.test("page choice: a topic deeper in the path counts for less than the page's own name", () => {
  assert.ok(score("/careers/") > score("/careers/senior-firmware-engineer/"));
  assert.ok(score("/about/team") > score("/team/2019-offsite-photos"));
});
