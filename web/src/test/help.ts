// Help articles as GET /api/help/articles answers them, for the screens' tests: one in the bulk validation FAQ, one
// in the Help dialog.
import type { HelpArticle } from "@contracts/help";

export const helpArticles: HelpArticle[] = [
  {
    slug: "validate-an-email",
    title: "Validating an email address",
    path: "/#validate-an-email",
    body: "Enter an email address on the home page.\n\nA valid format makes delivery likely, not certain.",
  },
  {
    slug: "bulk-limits",
    title: "How many emails can I upload?",
    path: "/bulk-validation?tab=faq#bulk-limits",
    body: "Up to 100,000 emails and 50MB per file.\n\nSplit a larger list into several files.",
  },
  {
    slug: "bulk-retention",
    title: "How long are bulk validation files and results kept?",
    path: "/bulk-validation?tab=faq#bulk-retention",
    body: "Results can be downloaded for 30 days after a validation completes.",
  },
];
