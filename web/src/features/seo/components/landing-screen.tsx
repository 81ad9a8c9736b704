// The SEO landing screen (/validate/…, /tools/mx-checker/…, /verify/…): the page's h1 and content exactly as the
// server's HTML shows them (landing-markup.md), then what only the SPA can add by page type, the calls to action and
// the removal request. A page that is missing, removed or switched off shows the spec's not-found words.
import { LANDING_CLASSES, type SeoPage, type SeoPageType, seoHeadTags } from "@contracts/seo";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api";
import { seoPageQueryOptions } from "../api/get-seo-page";
import { useHeadTags } from "../head-tags";
import { CtaLink } from "./cta-link";
import { LiveCheck } from "./live-check";
import { RemovalRequest } from "./removal-dialog";
import { SeoNotFound } from "./seo-not-found";

/** 404: no such page (or not indexable); 410: removed. Both read as "not found" to a visitor. */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}

export function LandingScreen({ pageType, slug }: { pageType: SeoPageType; slug: string }) {
  const page = useQuery(seoPageQueryOptions(pageType, slug));

  // A refresh that fails while the page is on screen (the network, say) leaves it there without a word; a page that
  // is gone, or never came, is said to be not found.
  const failed = page.isError && (isGone(page.error) || !page.data);
  useEffect(() => {
    if (failed) toast({ title: "Page not found", variant: "destructive" });
  }, [failed, page.error]);

  if (failed) {
    if (isGone(page.error)) return <SeoNotFound />;
    return (
      <article className={LANDING_CLASSES.article}>
        <ErrorNotice onRetry={() => void page.refetch()}>The page could not be loaded.</ErrorNotice>
      </article>
    );
  }
  if (!page.data) {
    return (
      <article className={LANDING_CLASSES.article} aria-busy>
        <span role="status" className="sr-only">
          Loading the page
        </span>
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="mt-6 h-40 w-full" />
      </article>
    );
  }
  return <LandingArticle page={page.data} />;
}

function LandingArticle({ page }: { page: SeoPage }) {
  useHeadTags(page.title, seoHeadTags(page));
  return (
    <article className={LANDING_CLASSES.article}>
      <h1 className={LANDING_CLASSES.h1}>{page.h1}</h1>
      {/* Sanitised by the server when the page was generated (the same allowlist as campaign content). */}
      <div className={LANDING_CLASSES.content} dangerouslySetInnerHTML={{ __html: page.content }} />
      <div className="mt-10 grid gap-8">
        {page.pageType === "email_validate" && <EmailValidateActions page={page} />}
        {page.pageType === "mx_checker" && <MxCheckerActions page={page} />}
        {page.pageType === "domain_verify" && <DomainVerifyActions page={page} />}
      </div>
      <RemovalRequest url={page.canonicalUrl} />
    </article>
  );
}

function ActionsPanel({ title, children, description }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-4 rounded-2xl border border-primary/20 bg-primary/5 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="flex flex-wrap gap-3">{children}</div>
    </section>
  );
}

function EmailValidateActions({ page }: { page: SeoPage }) {
  return (
    <ActionsPanel
      title="Check your own addresses"
      description="The verdict above comes from the same checks our validator runs: format, domain, mail servers and mailbox."
    >
      <CtaLink pageId={page.id} to="/">
        Validate More Emails
      </CtaLink>
      <CtaLink pageId={page.id} to="/register" variant="outline">
        Sign Up Free
      </CtaLink>
    </ActionsPanel>
  );
}

function MxCheckerActions({ page }: { page: SeoPage }) {
  return (
    <>
      <LiveCheck domain={page.targetEntity} />
      <ActionsPanel title="More than one address?" description="Validate a whole list at once, or sign up to keep your results.">
        <CtaLink pageId={page.id} to="/bulk-validation">
          Bulk Validation
        </CtaLink>
        <CtaLink pageId={page.id} to="/register" variant="outline">
          Sign Up Free
        </CtaLink>
      </ActionsPanel>
    </>
  );
}

function DomainVerifyActions({ page }: { page: SeoPage }) {
  return (
    <ActionsPanel
      title={`Sending to ${page.targetEntity}?`}
      description="Check each address before you send, one at a time or a whole list, and keep your bounce rate low."
    >
      <CtaLink pageId={page.id} to="/bulk-validation">
        Bulk Validation
      </CtaLink>
      <CtaLink pageId={page.id} to="/" variant="outline">
        Validate More Emails
      </CtaLink>
      <CtaLink pageId={page.id} to="/register" variant="outline">
        Sign Up Free
      </CtaLink>
    </ActionsPanel>
  );
}
