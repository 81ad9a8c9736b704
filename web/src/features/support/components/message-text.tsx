// A message's text as written, with its links clickable: the automatic answers point at help articles
// ([title](url) or a bare address). Only web addresses and the app's own paths become links; everything else stays
// text (React escapes it), so a message can never inject markup.
import { Fragment, type ReactNode } from "react";

const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|\/)[^\s)]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, title, titledUrl, bareUrl] = match;
    parts.push(text.slice(last, match.index));
    const href = titledUrl ?? bareUrl ?? "";
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
