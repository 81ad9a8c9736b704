// The landing screen's classes, written out once: seo-pages puts the same static markup into its server HTML
// (landing-markup.md spells it), so the h1 stays where it is when the SPA replaces that markup. Change them together.

export const landingArticleClass = "mx-auto w-full max-w-3xl px-4 pt-10 pb-16 sm:pt-14";

export const landingH1Class = "text-3xl font-bold tracking-tight break-words text-balance sm:text-4xl";

/** The generated content: sanitised HTML (headings, paragraphs, lists, tables, links), styled from its wrapper. */
export const landingContentClass = [
  "mt-6 grid gap-4 leading-relaxed break-words",
  "[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h3]:mt-2 [&_h3]:font-semibold",
  "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4",
  "[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm",
  "[&_th]:border-b [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left [&_th]:font-medium [&_td]:border-b [&_td]:py-2 [&_td]:pr-4",
  "[&_code]:font-mono [&_code]:text-sm",
].join(" ");

export const landingRemovalClass = "mt-12 text-sm text-muted-foreground";
