import type { ReactNode } from "react";
import { usePageTitle } from "@/lib/page-title";

type LegalDocumentProps = {
  title: string;
  updated: string;
  summary: string;
  children: ReactNode;
};

/** The frame shared by the Usage Policy, Privacy and Terms pages: a readable column with a dated heading. */
export function LegalDocument({ title, updated, summary, children }: LegalDocumentProps) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="mb-10 grid gap-3 border-b pb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated {updated}</p>
        <p className="text-lg text-muted-foreground">{summary}</p>
      </header>
      <div className="grid gap-8 leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:mt-1.5 [&_ul]:list-disc [&_ul]:pl-5">
        {children}
      </div>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <div className="grid gap-3 text-muted-foreground">{children}</div>
    </section>
  );
}
