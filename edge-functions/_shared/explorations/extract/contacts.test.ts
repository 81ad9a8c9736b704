// Who is behind each address, through extractFromPages on fixture pages: every field of every discovered email.
import assert from "node:assert/strict";
import { extractFromPages } from "./index.ts";
import { fixtureCrawl, homePageCrawl } from "./testdata/fixture-crawl.ts";

type Row = [email: string, name: string | null, position: string | null, phone: string | null];

function rows(domain: string, file: string, headers?: Record<string, string>): Row[] {
  const { emails } = extractFromPages(domain, homePageCrawl(domain, file, headers));
  for (const email of emails) {
    assert.equal(email.foundOn, `https://${domain}/`);
    assert.equal(email.external, !email.email.endsWith(`@${domain}`));
  }
  return emails.map(({ email, name, position, phone }) => [email, name, position, phone]);
}

Deno.test("obfuscated addresses keep the name and title written next to them", () => {
  assert.deepEqual(rows("harbourlight.test", "obfuscated-contacts.html"), [
    ["maya.okafor@harbourlight.test", "Maya Okafor", "Studio Director", null],
    ["tom.reyes@harbourlight.test", "Tom Reyes", "Senior Lighting Designer", null],
    ["lena.fischer@harbourlight.test", "Lena Fischer", "Workshop Manager", null],
    ["raj.patel@harbourlight.test", "Raj Patel", "Finance Manager", null],
    ["chloe.martin@harbourlight.test", "Chloe Martin", "Bookings Coordinator", null],
    ["dana.white@harbourlight.test", "Dana White", "Head of Technical Support", null],
    ["omar.haddad@harbourlight.test", "Omar Haddad", "Communications Lead", null],
    ["iris.novak@harbourlight.test", "Iris Novak", "People Partner", null],
    ["support@harbourlight.test", null, null, null],
  ]);
});

Deno.test("a staff table gives each row's name, title and direct line ('Last, First' turned round)", () => {
  assert.deepEqual(rows("northwind-traders.test", "staff-table.html"), [
    ["margaret.peacock@northwind-traders.test", "Margaret Peacock", "Chief Executive Officer", "+12065550101"],
    ["andrew.fuller@northwind-traders.test", "Andrew Fuller", "Vice President, Sales", "+12065550102"],
    ["nancy.davolio@northwind-traders.test", "Nancy Davolio", "Sales Representative", "+12065550103"],
    ["janet.leverling@northwind-traders.test", "Janet Leverling", "Sales Representative", "+12065550104"],
    ["steven.buchanan@northwind-traders.test", "Steven Buchanan", "Sales Manager", null],
    ["laura.callahan@northwind-traders.test", "Laura Callahan", "Inside Sales Coordinator", "+12065550106"],
    ["rking@northwind-traders.test", "Robert King", "Warehouse Supervisor", "+12065550107"],
    ["info@northwind-traders.test", null, null, null],
  ]);
});

Deno.test("team cards: the card's own name and role, a department heading for a shared mailbox", () => {
  assert.deepEqual(rows("brightwave.test", "team-cards.html"), [
    ["sofia@brightwave.test", "Sofia Álvarez", "Co-Founder & CEO", null],
    ["ken@brightwave.test", "Ken Watanabe", "Co-Founder & CTO", null],
    ["jonas@brightwave.test", "Jonas Berg", "Lead Data Scientist", null],
    ["success@brightwave.test", null, "Customer Success", null],
    ["press@brightwave.test", null, "Press & Media", null],
  ]);
});

Deno.test("cards that are only siblings (heading, title, address) and a definition list", () => {
  assert.deepEqual(rows("riverside-music.test", "unwrapped-people.html"), [
    ["isabel.duarte@riverside-music.test", "Isabel Duarte", "Head of Strings", null],
    ["marcus.oneill@riverside-music.test", "Marcus O'Neill", "Piano Teacher", null],
    ["yuki.tanaka@riverside-music.test", "Yuki Tanaka", "Composition Tutor", null],
    ["fatima.elidrissi@riverside-music.test", "Fatima Zahra El Idrissi", "Registrar", null],
    ["tickets@riverside-music.test", null, null, null],
  ]);
});

Deno.test("in prose a name counts only when the mailbox spells it", () => {
  assert.deepEqual(rows("greenfield-trust.test", "prose-contacts.html"), [
    ["jane.smith@greenfield-trust.test", "Jane Smith", null, null],
    ["volunteer@greenfield-trust.test", null, null, null],
    ["m.owens@greenfield-trust.test", null, null, null],
    ["hprice@greenfield-trust.test", "Helen Price", "Chair of Trustees", null],
  ]);
});

Deno.test("footer contacts: the phone of the same address block, a link's text as a mailbox's role", () => {
  assert.deepEqual(rows("fernhill-dental.test", "footer-contacts.html"), [
    ["reception@fernhill-dental.test", null, null, "+441134960000"],
    ["practice.manager@fernhill-dental.test", null, "Practice manager", null],
  ]);
});

Deno.test("JSON-LD people and contact points, merged with what the page says", () => {
  assert.deepEqual(rows("lindqvist-maschinenbau.test", "json-ld-organisation.html"), [
    ["ersatzteile@lindqvist-maschinenbau.test", null, null, null],
    ["erik.lindqvist@lindqvist-maschinenbau.test", "Erik Lindqvist", "Geschäftsführer", null],
    ["sabine.koehler@lindqvist-maschinenbau.test", "Sabine Köhler", "Leiterin Vertrieb", "+4971112345621"],
    ["vertrieb@lindqvist-maschinenbau.test", null, "Sales", "+4971112345620"],
    ["service@lindqvist-maschinenbau.test", null, "Customer service", null],
    ["info@lindqvist-maschinenbau.test", null, null, "+497111234560"],
  ]);
  assert.deepEqual(rows("carterwong.test", "json-ld-people.html"), [
    ["gliu@carterwong.test", "Grace Liu", "Senior Associate", null],
    ["ocarter@carterwong.test", "Olivia Carter", "Managing Partner", "+61290001201"],
    ["dwong@carterwong.test", "Daniel Wong", "Partner", null],
  ]);
});

Deno.test("decoys around a real card leave the card's address and the one in text", () => {
  assert.deepEqual(rows("stellar-optics.test", "decoys.html"), [
    ["mira.kovac@stellar-optics.test", "Mira Kovač", "Developer Relations Engineer", null],
    ["developers@stellar-optics.test", null, null, null],
  ]);
});

Deno.test("phones in every format, normalised with the country the page's language gives (en-GB)", () => {
  assert.deepEqual(rows("tidewater.test", "phone-formats.html"), [
    ["london@tidewater.test", null, null, "+442079460958"],
    ["hamburg@tidewater.test", null, null, "+494012345678"],
    ["newyork@tidewater.test", null, null, "+12125550147"],
    ["alice.hughes@tidewater.test", "Alice Hughes", "Operations Manager", "+447911123456"],
  ]);
});

Deno.test("an Impressum: the .de domain tells the country, German titles and spellings", () => {
  assert.deepEqual(rows("sonnenkorn-baeckerei.de", "impressum-de.html"), [
    ["info@sonnenkorn-baeckerei.de", null, null, "+497611234567"],
    ["juergen.weiss@sonnenkorn-baeckerei.de", "Jürgen Weiß", "Konditormeister", null],
  ]);
});

Deno.test("addresses at other domains are kept and marked external, after the domain's own", () => {
  const { emails } = extractFromPages(
    "maplestone-brewing.test",
    homePageCrawl("maplestone-brewing.test", "external-addresses.html"),
  );
  assert.deepEqual(emails.map(({ email, external, name }) => [email, external, name]), [
    ["ella.tremblay@maplestone-brewing.test", false, "Ella Tremblay"],
    ["taproom@maplestone-brewing.test", false, null],
    ["maplestone@northlight-pr.test", true, null],
    ["commandes@distribution-boreale.test", true, null],
    ["studio@pixelforge.test", true, null],
  ]);
});

Deno.test("an address found on several pages is listed once, with the best facts and the page that gave them", () => {
  const domain = "maplestone-brewing.test";
  const { emails, pagesVisited } = extractFromPages(
    domain,
    fixtureCrawl(domain, [
      { file: "brewery-home.html", path: "/" },
      { file: "external-addresses.html", path: "/press" },
    ]),
  );
  assert.deepEqual(pagesVisited, [`https://${domain}/`, `https://${domain}/press`]);
  assert.deepEqual(emails.map(({ email, name, position, foundOn }) => [email, name, position, foundOn]), [
    ["taproom@maplestone-brewing.test", null, null, `https://${domain}/`],
    ["ella.tremblay@maplestone-brewing.test", "Ella Tremblay", "Marketing Director", `https://${domain}/press`],
    ["maplestone@northlight-pr.test", null, null, `https://${domain}/press`],
    ["commandes@distribution-boreale.test", null, null, `https://${domain}/press`],
    ["studio@pixelforge.test", null, null, `https://${domain}/press`],
  ]);
});

Deno.test("ids are stable: the same address has the same id in every exploration", () => {
  const first = extractFromPages("carterwong.test", homePageCrawl("carterwong.test", "json-ld-people.html"));
  const second = extractFromPages("carterwong.test", homePageCrawl("carterwong.test", "json-ld-people.html"));
  assert.deepEqual(first.emails.map(({ id }) => id), second.emails.map(({ id }) => id));
  assert.equal(new Set(first.emails.map(({ id }) => id)).size, first.emails.length);
  assert.match(first.emails[0]!.id, /^[0-9a-f]{16}$/);
});

Deno.test("a footer's address block is its own widget: menu links and links on its line are not titles", () => {
  assert.deepEqual(rows("northgate-outfitters.test", "footer-menu.html"), [
    ["hello@northgate-outfitters.test", null, null, "+441179460321"],
    ["trade@northgate-outfitters.test", null, null, null],
  ]);
});

Deno.test("an Impressum's representative is not the mailbox's owner, and 'Vertreten durch' is no title", () => {
  assert.deepEqual(rows("kessler-holzbau.de", "impressum-representative.html"), [
    ["lenzkirch@kessler-holzbau.de", null, null, "+497653123450"],
    ["titisee@kessler-holzbau.de", null, null, null],
  ]);
});

Deno.test("a role without a title word, right after the person's name", () => {
  assert.deepEqual(rows("bloom-petal.test", "name-then-role.html"), [
    ["grace@bloom-petal.test", "Grace Holloway", "Event Florist", null],
    ["owen@bloom-petal.test", "Owen Price", "Head Gardener", null],
    ["nadia@bloom-petal.test", "Nadia Rahman", null, null],
    ["leo@bloom-petal.test", "Leo Marsh", null, null],
  ]);
});
