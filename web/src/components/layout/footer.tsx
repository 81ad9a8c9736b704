import { Link } from "@tanstack/react-router";
import { focusRing } from "@/components/ui/focus";
import { cn } from "@/lib/cn";
import { Logo } from "./logo";

const footerLinkClass = cn("rounded-sm text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:text-foreground", focusRing);

export function Footer() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[1fr_auto] md:items-center">
        <div className="grid gap-2">
          <Logo />
          <p className="max-w-md text-sm text-muted-foreground">
            Email validation and domain contact discovery, with your contacts kept in your own lists.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to="/developers" className={footerLinkClass}>
                API documentation
              </Link>
            </li>
            <li>
              <Link to="/usage-policy" className={footerLinkClass}>
                Usage Policy
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLinkClass}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={footerLinkClass}>
                Terms
              </Link>
            </li>
          </ul>
        </nav>
        <p className="text-sm text-muted-foreground md:col-span-2">
          © {new Date().getFullYear()} MailScout. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
