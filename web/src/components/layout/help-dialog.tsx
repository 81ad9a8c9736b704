// The Help dialog: the help articles that live outside the bulk validation FAQ (validating, contacts, accounts,
// pricing, support), from GET /api/help/articles. An address whose #fragment names one of them, and that the page
// itself has no section for (/#validate-an-email), opens the dialog on it.
import type { HelpArticle } from "@contracts/help";
import { CircleHelpIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { HelpArticleBody, HelpArticles, useHelpArticles, useLinkedSlug } from "@/features/help";

const inDialog = (article: HelpArticle) => !article.path.startsWith("/bulk-validation");

/** Opens the dialog when the address links to one of its articles that the page does not show itself. */
function useOpenOnLink(setOpen: (open: boolean) => void): void {
  const linked = useLinkedSlug();
  const articles = useHelpArticles({ enabled: linked !== "" });
  const linkedHere = articles.data?.some((article) => article.slug === linked && inDialog(article)) ?? false;
  useEffect(() => {
    if (linkedHere && !document.getElementById(linked)) setOpen(true);
  }, [linkedHere, linked, setOpen]);
}

export function HelpDialog() {
  const [open, setOpen] = useState(false);
  useOpenOnLink(setOpen);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="max-sm:size-9" aria-label="Help" title="Help">
          <CircleHelpIcon aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[85vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>How to use MailScout</DialogTitle>
          <DialogDescription>Validate addresses, discover contacts and keep the ones that matter.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-5">
          <HelpArticles
            select={inDialog}
            render={(article) => (
              <section key={article.slug} id={article.slug} aria-labelledby={`${article.slug}-title`} className="grid gap-2">
                <h3 id={`${article.slug}-title`} className="font-semibold">
                  {article.title}
                </h3>
                <HelpArticleBody body={article.body} />
              </section>
            )}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
