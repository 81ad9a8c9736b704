// A section of the developer docs: an anchored heading the table of contents links to.
import type { ReactNode } from "react";

export type DocHeading = { id: string; title: string };

export function DocSection({ heading, children }: { heading: DocHeading; children: ReactNode }) {
  return (
    <section aria-labelledby={heading.id} className="grid scroll-mt-20 grid-cols-1 gap-4">
      <h2 id={heading.id} className="scroll-mt-20 text-2xl font-semibold tracking-tight">
        {heading.title}
      </h2>
      {children}
    </section>
  );
}

/** Inline code in prose. */
export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-[0.9em] break-words">{children}</code>;
}
