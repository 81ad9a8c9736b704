// A landing page that does not exist, was removed or is switched off: the spec's words, in the landing frame, and a
// robots tag so a crawler running the SPA does not index it.
import { Link } from "@tanstack/react-router";
import { buttonVariants } from "@/components/ui/button";
import { notFoundHeadTags, useHeadTags } from "../head-tags";
import { landingArticleClass, landingH1Class } from "./landing-classes";

export function SeoNotFound() {
  useHeadTags("Page Not Found · MailScout", notFoundHeadTags);
  return (
    <article className={landingArticleClass}>
      <h1 className={landingH1Class}>Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">The requested page could not be generated or found.</p>
      <Link to="/" className={buttonVariants({ variant: "outline", className: "mt-8" })}>
        Validate an email address
      </Link>
    </article>
  );
}
