// The plain-text part of a campaign email, for mail clients that show no HTML and for spam filters that expect both:
// paragraphs and headings as blocks, layout tables as running text, links as "text [url]", images left out.
// @ts-types="@types/html-to-text"
import { convert } from "html-to-text";

const OPTIONS = {
  // Lines of at most 78 characters, as RFC 5322 recommends for mail.
  wordwrap: 78,
  selectors: [
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "img", format: "skip" },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "table", format: "block" },
    { selector: "tr", format: "block" },
    { selector: "td", format: "block" },
    { selector: "th", format: "block" },
  ],
};

/** The text part for a campaign's HTML (sanitise the HTML first: this keeps its words, not its safety). */
export function campaignText(html: string): string {
  return convert(html, OPTIONS);
}
