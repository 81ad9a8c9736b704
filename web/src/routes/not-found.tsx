import { Link } from "@tanstack/react-router";
import { MailQuestionIcon } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { usePageTitle } from "@/lib/page-title";

/** Any path the router does not know, with the spec's texts. */
export function NotFoundScreen() {
  usePageTitle("Page not found");
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
        <MailQuestionIcon className="size-7" aria-hidden />
      </span>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">404 Page Not Found</h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonVariants({ variant: "outline", className: "mt-2" })}>
        Back to home
      </Link>
    </div>
  );
}
