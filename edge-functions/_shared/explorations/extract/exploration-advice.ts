// detectedTechnologies: why the explorer may have seen less than a person would, and what that person can do. The
// panel shows the recommendations under "Potential Scraping Limitations Detected" and the tips under "Manual
// Exploration Tips" whenever there are recommendations; a site read in full with addresses found has none.
import type { DetectedTechnologies, EmailPattern, WebsiteStatus } from "../contract.ts";
import type { ReadPage } from "./read-page.ts";
import type { SocialProfile } from "./social-profiles.ts";
import type { DetectedTechnology } from "./technologies.ts";

/** categories.json: "JavaScript frameworks". */
const JAVASCRIPT_FRAMEWORKS = 12;
/** Visible text of a page that scripts fill in: none to speak of, or a line or two around an empty app. */
const NO_TEXT = 30;
const SHELL_TEXT = 200;
const CONTACT_PAGE = /contact|kontakt|impressum|imprint|legal|about|team|people/i;

export interface AdviceInput {
  domain: string;
  websiteStatus: WebsiteStatus;
  pages: readonly ReadPage[];
  /** HTTP status of the home page when it could not be read (a 403 from bot protection). */
  refusedWith: number | null;
  technologies: readonly DetectedTechnology[];
  emailsFound: number;
  partial: boolean;
  emailPattern: EmailPattern | null;
  socialMedia: readonly SocialProfile[];
}

/**
 * A page whose content is put in by scripts: it has scripts, next to no text, and an empty mount point for an app
 * or a <noscript> asking for JavaScript (or no text at all).
 */
function isScriptShell(page: ReadPage): boolean {
  const text = page.parsed.text.text.trim().length;
  return page.scriptCount > 0 &&
    (text < NO_TEXT || (text < SHELL_TEXT && (page.emptyAppMount || page.asksForJavaScript)));
}

export function explorationAdvice(input: AdviceInput): DetectedTechnologies {
  const shells = input.pages.filter(isScriptShell);
  const hasJavaScriptRendering = shells.length > 0;
  const builders = input.technologies.filter((technology) => technology.builder).map(({ name }) => name);
  const hasWebsiteBuilder = builders.length > 0;
  const recommendations: string[] = [];
  if (input.websiteStatus === "live") {
    if (hasJavaScriptRendering) {
      const framework = input.technologies.find((technology) => technology.categories.includes(JAVASCRIPT_FRAMEWORKS));
      recommendations.push(
        `The site builds its pages with JavaScript${framework ? ` (${framework.name})` : ""}: addresses that only ` +
          "appear once scripts run were not visible to the explorer. Open the site in a browser to see them.",
      );
    }
    if (hasWebsiteBuilder) {
      recommendations.push(
        `The site is made with ${builders.join(", ")}: sites built this way often offer a contact form instead of ` +
          "an address. Look for a form, a chat or a booking page.",
      );
    }
    if (input.refusedWith !== null) {
      recommendations.push(
        `The site refused automated visits (HTTP ${input.refusedWith}). Open it in a browser to look for contacts.`,
      );
    }
    if (input.partial) {
      recommendations.push("Not every page could be read in time: exploring again later may find more.");
    }
    if (input.emailsFound === 0 && recommendations.length === 0) {
      recommendations.push("No address is published in the pages read: the site may only offer a contact form.");
    }
  }
  return {
    hasJavaScriptRendering,
    hasWebsiteBuilder,
    recommendations,
    explorationTips: recommendations.length === 0 ? [] : tips(input),
  };
}

function tips({ domain, pages, emailPattern, socialMedia }: AdviceInput): string[] {
  const tips: string[] = [];
  const contactPage = pages.find((page) => !page.isHome && CONTACT_PAGE.test(new URL(page.url).pathname));
  tips.push(
    contactPage === undefined
      ? `Look for a Contact, About or Team page on ${domain} and read its footer: addresses are often there.`
      : `Open ${contactPage.url} in a browser: addresses may sit in images, forms or parts that load later.`,
  );
  tips.push("Read the legal notice (Impressum) or privacy policy: many countries require them to name a contact.");
  const linkedin = socialMedia.find((profile) => profile.platform === "linkedin");
  tips.push(
    linkedin === undefined
      ? "Search LinkedIn for the company to find its people and their roles."
      : `Visit the company's LinkedIn page (${linkedin.url}) to find its people and their roles.`,
  );
  if (emailPattern !== null) {
    tips.push(
      `Addresses at ${domain} follow ${emailPattern.pattern}@${domain}: validate an address built that way ` +
        "before you use it.",
    );
  }
  return tips;
}
