// The FAQ & Help tab: the help articles that live here (their path is /bulk-validation?tab=faq#slug), from
// GET /api/help/articles, so the FAQ says what the support center's automatic answer quotes. The linked one is open.
import type { HelpArticle } from "@contracts/help";
import { ChevronDownIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { focusRing } from "@/components/ui/focus";
import { HelpArticleBody, HelpArticles } from "@/features/help";
import { cn } from "@/lib/cn";

const FAQ_PATH = "/bulk-validation?tab=faq#";

const inFaq = (article: HelpArticle) => article.path.startsWith(FAQ_PATH);

function Question({ article, linked }: { article: HelpArticle; linked: boolean }) {
  return (
    <details id={article.slug} open={linked || undefined} className="group scroll-mt-20 border-b py-4 last:border-b-0">
      <summary className={cn("flex cursor-pointer list-none items-center justify-between gap-3 rounded font-medium", focusRing)}>
        {article.title}
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="mt-3">
        <HelpArticleBody body={article.body} />
      </div>
    </details>
  );
}

export function FaqTab() {
  return (
    <Card>
      <CardContent className="py-2">
        <HelpArticles
          select={inFaq}
          render={(article, linked) => <Question key={article.slug} article={article} linked={linked} />}
        />
      </CardContent>
    </Card>
  );
}
