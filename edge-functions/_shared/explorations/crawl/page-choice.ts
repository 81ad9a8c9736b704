// Which pages are most likely to name people and ways to reach them, from a link's path and its text. The last path
// segment says what a page is (/about/team is a team page); earlier ones say where it sits and count for half
// (/careers/firmware-engineer is a job ad, not the careers page). A link's text counts when its path says nothing
// (/?page_id=12 shown as "Contact us"). Pages with no score are not visited.

/** Whole words only ("board" is not "dashboard"), allowing "our…", "…s" and "…us" (ourteam, contacts, aboutus). */
const topic = (words: string[]) => new RegExp(`(?:^|[^a-z])(?:our-?)?(?:${words.join("|")})(?:s|-?us)?(?:[^a-z]|$)`);

const TOPICS: [pattern: RegExp, weight: number][] = [
  [topic(["contact", "kontakt", "contacto", "contatti", "get-in-touch", "reach"]), 10],
  [topic(["team", "people", "staff", "leadership", "management", "executive", "founder", "board", "who-we-are"]), 9],
  [
    topic([
      "about",
      "company",
      "ueber-uns",
      "uber-uns",
      "unternehmen",
      "chi-siamo",
      "qui-sommes-nous",
      "quienes-somos",
    ]),
    7,
  ],
  [topic(["impressum", "imprint", "legal-notice", "mentions-legales", "aviso-legal"]), 7],
  [topic(["legal"]), 4],
  [topic(["career", "jobs", "karriere", "join", "work-with"]), 4],
  [topic(["press", "media", "newsroom", "presse"]), 4],
  [topic(["privacy", "privacy-policy", "datenschutz", "data-protection"]), 3],
  [topic(["office", "location", "standorte"]), 3],
];

/** Files that are not pages. */
const NOT_A_PAGE =
  /\.(pdf|zip|gz|rar|7z|jpe?g|png|gif|webp|svg|ico|mp4|mov|mp3|docx?|xlsx?|pptx?|css|js|json|xml|txt)$/i;

function topicWeight(words: string): number {
  let best = 0;
  for (const [pattern, weight] of TOPICS) if (pattern.test(words)) best = Math.max(best, weight);
  return best;
}

/** 0 for a page not worth a visit; higher is more likely to hold contacts. */
export function contactScore(url: URL, linkText = ""): number {
  if (NOT_A_PAGE.test(url.pathname)) return 0;
  const segments = safeDecode(url.pathname).toLowerCase().split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  const fromPath = Math.max(topicWeight(last), topicWeight(segments.slice(0, -1).join("/")) / 2);
  const fromText = topicWeight(linkText.toLowerCase());
  if (fromPath === 0 && fromText === 0) return 0;
  // Agreement between the two is a good sign; a query string is usually a search or a filter, not a page.
  return Math.max(fromPath, fromText) + (fromPath > 0 && fromText > 0 ? 1 : 0) - (url.search ? 2 : 0);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
