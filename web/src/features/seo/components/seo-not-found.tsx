// A landing page that does not exist, was removed or is switched off: the spec's words, in the landing frame, and a
// robots tag so a crawler running the SPA does not index it.
import {
  LANDING_CLASSES,
  SEO_NOT_FOUND_DOCUMENT_TITLE,
  SEO_NOT_FOUND_HEAD_TAGS,
  SEO_NOT_FOUND_TEXT,
  SEO_NOT_FOUND_TITLE,
} from "@contracts/seo";
import { Link } from "@tanstack/react-router";
import { buttonVariants } from "@/components/ui/button";
import { useHeadTags } from "../head-tags";

export function SeoNotFound() {
  useHeadTags(SEO_NOT_FOUND_DOCUMENT_TITLE, SEO_NOT_FOUND_HEAD_TAGS);
  return (
    <article className={LANDING_CLASSES.article}>
      <h1 className={LANDING_CLASSES.h1}>{SEO_NOT_FOUND_TITLE}</h1>
      <p className={LANDING_CLASSES.notFoundText}>{SEO_NOT_FOUND_TEXT}</p>
      <Link to="/" className={buttonVariants({ variant: "outline", className: "mt-8" })}>
        Validate an email address
      </Link>
    </article>
  );
}
