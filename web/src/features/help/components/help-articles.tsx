// Help articles as the SPA shows them: a skeleton while they load, an error with Try again, then each article with
// its slug as its id, so an article's path (/bulk-validation?tab=faq#bulk-limits) lands on it once they arrive.
import type { HelpArticle } from "@contracts/help";
import { useLocation } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { useHelpArticles } from "../api/get-help-articles";

/** The article the address's #fragment names, if any. */
export function useLinkedSlug(): string {
  return useLocation({ select: (location) => location.hash });
}

/** An article's body: paragraphs separated by a blank line; a line break within one is kept. */
export function HelpArticleBody({ body }: { body: string }) {
  return (
    <div className="grid gap-2 text-sm text-muted-foreground">
      {body.split(/\n\s*\n/).map((paragraph, index) => (
        // Paragraphs have no identity of their own; their order is the text's.
        <p key={index} className="whitespace-pre-line">
          {paragraph.trim()}
        </p>
      ))}
    </div>
  );
}

type HelpArticlesProps = {
  /** Which articles this place shows. */
  select: (article: HelpArticle) => boolean;
  /** One article, with its slug as the element's id. */
  render: (article: HelpArticle, linked: boolean) => ReactNode;
  enabled?: boolean;
};

export function HelpArticles({ select, render, enabled = true }: HelpArticlesProps) {
  const articles = useHelpArticles({ enabled });
  const linked = useLinkedSlug();
  const loaded = articles.data !== undefined;
  // The articles arrive after the browser looked for the #fragment, so the linked one is scrolled to here.
  useEffect(() => {
    if (loaded && linked) document.getElementById(linked)?.scrollIntoView?.({ block: "start" });
  }, [loaded, linked]);

  if (articles.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading help</span>
        <Skeleton className="h-6" />
        <Skeleton className="h-6" />
        <Skeleton className="h-6" />
      </div>
    );
  }
  if (articles.isError) {
    return (
      <ErrorNotice onRetry={() => void articles.refetch()}>Failed to load the help texts.</ErrorNotice>
    );
  }
  return <>{articles.data.filter(select).map((article) => render(article, article.slug === linked))}</>;
}
