// Matching a ticket against the product's help articles (public.help_articles, searched by Postgres full-text search in
// private.support_search_help), and the automatic first answer built from the best match. An article is a candidate
// when any of the question's words is in it, and the rank (0 to 1: the share of the question's terms it covers, rare
// terms weighing more) decides: only a match ranked at least HELP_MATCH_THRESHOLD counts. The threshold is tuned on
// the labelled questions in api/routes/support/help-articles.test.ts, run against the articles the migrations ship.
import { AI_ANSWER_LABEL } from "./contract.ts";
import { type HelpMatch, searchHelp } from "./privileged.ts";

/**
 * The least rank a match needs to be offered as an answer. On the labelled set the weakest right answer ranks 0.17
 * and the strongest match for a question no article answers 0.14 (an invoice's "month" finding the plans' prices).
 */
export const HELP_MATCH_THRESHOLD = 0.16;
/** Matches offered in one answer: the best in full, the rest as further reading. */
export const HELP_MATCHES_OFFERED = 3;
/** Words of a question searched for; the subject and the first lines say what it is about. */
const QUESTION_WORDS = 60;

/**
 * A question as a websearch_to_tsquery text that matches any of its words: each word once, joined by "or" (words the
 * english configuration drops, like "the", simply fall out). Quotes and operators the person typed mean nothing here.
 */
export function helpSearchText(question: string): string {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  const distinct = [...new Set(words.filter((word) => word.length > 1 && word !== "or"))];
  return distinct.slice(0, QUESTION_WORDS).join(" or ");
}

/** The help articles that answer the question well, best first; none when nothing ranks above the threshold. */
export async function matchHelpArticles(question: string): Promise<HelpMatch[]> {
  const search = helpSearchText(question);
  if (!search) return [];
  const found = await searchHelp(search, HELP_MATCHES_OFFERED);
  return found.filter((match) => match.rank >= HELP_MATCH_THRESHOLD);
}

/** The automatic answer's text: the label, the best article in full with its link, and the others as links. */
export function automaticAnswerText(best: HelpMatch & { body: string }, others: HelpMatch[]): string {
  const lines = [AI_ANSWER_LABEL, "", best.title, "", best.body.trim(), "", `Read more: ${best.path}`];
  if (others.length > 0) {
    lines.push("", "These may help too:", ...others.map((other) => `- ${other.title}: ${other.path}`));
  }
  lines.push(
    "",
    "If this solved it, choose \"This solved it\" and we will close the ticket. Otherwise a support agent will reply here.",
  );
  return lines.join("\n");
}
