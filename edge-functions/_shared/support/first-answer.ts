// The automatic first answer: a new ticket's subject and description searched in the help articles; when one matches
// well it is posted as the ticket's ai message (which the database also keeps as the ticket's aiResponse), else nothing.
import { automaticAnswerText, matchHelpArticles } from "./help-articles.ts";
import { helpArticleBody, postAiAnswer } from "./privileged.ts";

/** Posts the answer when the help articles have one; the message's id, or null when none matched. */
export async function postFirstAnswer(ticket: { id: string; subject: string; description: string }): Promise<number | null> {
  const [best, ...others] = await matchHelpArticles(`${ticket.subject}\n${ticket.description}`);
  if (!best) return null;
  const body = await helpArticleBody(best.slug);
  if (body === null) return null;
  return await postAiAnswer(ticket.id, automaticAnswerText({ ...best, body }, others));
}
