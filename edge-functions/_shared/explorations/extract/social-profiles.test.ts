import assert from "node:assert/strict";
import { chooseSocialProfiles, socialProfile } from "./social-profiles.ts";

const profiles: [string, ReturnType<typeof socialProfile>][] = [
  ["https://www.linkedin.com/company/acme-corp/about/", { platform: "linkedin", url: "https://www.linkedin.com/company/acme-corp" }],
  ["https://de.linkedin.com/school/acme-uni", { platform: "linkedin", url: "https://www.linkedin.com/school/acme-uni" }],
  ["https://twitter.com/AcmeCorp?ref=footer", { platform: "x", url: "https://x.com/AcmeCorp" }],
  ["https://x.com/acmecorp/status/1", { platform: "x", url: "https://x.com/acmecorp" }],
  ["http://m.facebook.com/acmecorp/", { platform: "facebook", url: "https://www.facebook.com/acmecorp" }],
  ["https://www.facebook.com/profile.php?id=1000123", { platform: "facebook", url: "https://www.facebook.com/profile.php?id=1000123" }],
  ["https://fb.com/acmecorp", { platform: "facebook", url: "https://www.facebook.com/acmecorp" }],
  ["https://instagram.com/acme.corp/", { platform: "instagram", url: "https://www.instagram.com/acme.corp" }],
  ["https://www.youtube.com/@acme", { platform: "youtube", url: "https://www.youtube.com/@acme" }],
  ["https://youtube.com/channel/UC123abc", { platform: "youtube", url: "https://www.youtube.com/channel/UC123abc" }],
  ["https://github.com/acme-corp/sdk", { platform: "github", url: "https://github.com/acme-corp" }],
  ["https://github.com/orgs/acme-corp/people", { platform: "github", url: "https://github.com/acme-corp" }],
  ["https://www.tiktok.com/@acmecorp?lang=en", { platform: "tiktok", url: "https://www.tiktok.com/@acmecorp" }],
  ["https://www.linkedin.com/in/ann-lee", null],
  ["https://www.linkedin.com/shareArticle?url=x", null],
  ["https://twitter.com/intent/tweet?text=hi", null],
  ["https://www.facebook.com/sharer/sharer.php?u=x", null],
  ["https://www.instagram.com/p/Cx12ab/", null],
  ["https://www.youtube.com/watch?v=abc", null],
  ["https://github.com/features/actions", null],
  ["https://acme.test/facebook.com/acme", null],
  ["mailto:ann@acme.test", null],
];
for (const [href, expected] of profiles) {
  Deno.test(`socialProfile(${href})`, () => assert.deepEqual(socialProfile(href), expected));
}

Deno.test("sameAs first, then the home page, then links on two or more pages; one per network in order", () => {
  assert.deepEqual(
    chooseSocialProfiles(
      ["https://x.com/acme_official"],
      ["https://twitter.com/acme_home", "https://www.tiktok.com/@acme"],
      [
        ["https://github.com/acme", "https://www.facebook.com/ann.lee.personal"],
        ["https://github.com/acme"],
      ],
    ),
    [
      { platform: "x", url: "https://x.com/acme_official" },
      { platform: "github", url: "https://github.com/acme" },
      { platform: "tiktok", url: "https://www.tiktok.com/@acme" },
    ],
  );
});
