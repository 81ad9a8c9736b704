// My Account's frame: its heading and the sub-navigation between its pages, the current one marked for screen readers.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { focusRing } from "@/components/ui/focus";
import { cn } from "@/lib/cn";

const pages = [
  { label: "Profile", to: "/account/profile" },
  { label: "Plan and usage", to: "/account/usage" },
  { label: "Billing", to: "/account/billing" },
  { label: "Integrations", to: "/account/integrations" },
  { label: "API keys", to: "/account/api-keys" },
] as const;

export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight">My Account</h1>
        {/* Beside the pages rather than among them: the documentation is public and leaves My Account. */}
        <Link to="/developers" className={cn("rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline", focusRing)}>
          API documentation
        </Link>
      </div>
      <nav aria-label="My Account" className="-mx-1 overflow-x-auto print:hidden">
        <ul className="flex gap-1 rounded-xl bg-muted p-1">
          {pages.map((page) => (
            <li key={page.to} className="flex-1">
              <Link
                to={page.to}
                className={cn(
                  "block rounded-lg px-3 py-1.5 text-center text-sm font-medium whitespace-nowrap text-muted-foreground",
                  "transition-colors hover:text-foreground aria-[current=page]:bg-card aria-[current=page]:text-foreground",
                  "aria-[current=page]:shadow-sm",
                  focusRing,
                )}
              >
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** A titled section of an account page. */
export function AccountSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = `account-section-${title.toLowerCase().replaceAll(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
      <div className="grid gap-1">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
