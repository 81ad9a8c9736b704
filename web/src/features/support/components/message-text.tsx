// A message's text as written, with its links clickable: the automatic answers point at help articles by the app's
// own paths ("Read more: /bulk-validation#csv"), and anyone may paste a web address or a [title](url). Only web
// addresses and the app's own paths become links; everything else stays text (React escapes it), so a message can
// never inject markup.
import { Fragment, type ReactNode } from "react";

const LINK =
  /\[([^\]]+)\]\(((?:https?:\/\/|\/)[^\s)]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])|(?<=^|\s)(\/[\w\-./?#=&%~]*[\w\-/#=&%~])/gm;

export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, title, titledUrl, webUrl, path] = match;
    parts.push(text.slice(last, match.index));
    const href = titledUrl ?? webUrl ?? path ?? "";
    parts.push(
      <a key={match.index} href={href} className="font-medium text-primary underline underline-offset-2" {...external(href)}>
        {title ?? href}
      </a>,
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </p>
  );
}

function external(href: string) {
  return href.startsWith("/") ? {} : { target: "_blank", rel: "noopener noreferrer" };
}
