// The home tool page: on the left the validation form with what the tool does, the domain scraper form
// and the Share This Tool card; on the right the Validation Result and the Domain Exploration panel. A valid address's
// domain is explored straight away. A visitor who is not signed in spends the free allowance; when it
// runs out the upgrade dialog offers a way on. A signed-in person is told when this month's allowance runs low.
import type { ScrapeDomainRequest } from "@contracts/explorations";
import { createLazyRoute } from "@tanstack/react-router";
import { InfoIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast-store";
import { LowAllowanceNote } from "@/features/account";
import { limitReachedFrom, UpgradeDialog } from "@/features/anonymous";
import { AuthDialog, useAuth } from "@/features/auth";
import {
  type ExplorationSource,
  type ExplorationState,
  ExplorationPanel,
  explorationFailureToast,
  ScraperForm,
  useScrapeDomain,
} from "@/features/explorations";
import { ShareToolCard } from "@/features/share";
import { useValidationTool, ValidationForm, ValidationResultCard } from "@/features/validation";
import { needsCreditsOf, refusalOf } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { scrollIntoViewIfHidden } from "@/lib/scroll";

// Loaded with the route's chunk when / is matched or preloaded; the route itself is declared in ./home.
export const homeLazyRoute = createLazyRoute("/")({
  component: HomePage,
});

const toolCapabilities = [
  "Validates email format and domain existence",
  "Extracts all email addresses from the domain's website",
  "Attempts to identify positions/titles from context",
  "Analyses domain information and metadata",
];

function HomePage() {
  usePageTitle("Email validation and contact discovery");
  const tool = useValidationTool();
  const { validation, allowance, state } = tool;
  const exploration = useScrapeDomain();
  const { isAuthenticated } = useAuth();
  // A suggestion the person accepts goes into the field too: the form starts afresh with it.
  const [form, setForm] = useState({ key: 0, email: "" });
  const resultRef = useRef<HTMLElement>(null);
  const explorationRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (validation.data && resultRef.current) scrollIntoViewIfHidden(resultRef.current);
  }, [validation.data]);

  function explore(request: ScrapeDomainRequest, source: ExplorationSource) {
    exploration.mutate(request, {
      onSuccess: (result) => {
        // The exploration that follows a validation is part of that one use; the form's is a use of its own, which
        // the server counted and the visitor reports like a validation.
        if (source === "validation") return;
        allowance.recordValidation();
        toast({
          title: "Domain Scraped Successfully",
          description: `Found ${result.emails.length} email addresses from ${result.domain}`,
        });
        // The form's results may sit below the fold on a phone. After a validation the person is reading its
        // verdict, which the exploration's arrival should not scroll away.
        if (explorationRef.current) scrollIntoViewIfHidden(explorationRef.current);
      },
      onError: (error) => {
        const limit = limitReachedFrom(error);
        if (limit) return allowance.refused(limit);
        // Signed in with nothing left to pay for it: the upgrade dialog that opens says so.
        if (needsCreditsOf(error)) return;
        toast(explorationFailureToast(error, source));
      },
    });
  }

  function validate(email: string) {
    // A new validation starts from a clean slate: the earlier verdict and exploration go.
    exploration.reset();
    tool.validate(email, (result) => {
      if (result.isValid) explore({ domain: result.domain }, "validation");
    });
  }

  const explorationState: ExplorationState = exploration.isPending
    ? { status: "scraping", domain: exploration.variables.domain }
    : exploration.isSuccess
      ? { status: "complete", result: exploration.data }
      : exploration.isError
        ? {
            status: "failed",
            limitReached: limitReachedFrom(exploration.error) !== undefined,
            refusal: refusalOf(exploration.error),
          }
        : validation.isPending
          ? { status: "waiting" }
          : { status: "idle" };

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:py-14">
      <div className="grid max-w-3xl gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Validate an email, then explore its domain
        </h1>
        <p className="text-lg text-muted-foreground">
          Find out whether mail to an address can arrive, and why, before you send.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Email Validation</CardTitle>
              <CardDescription>Format, domain and mail servers, checked in seconds.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <ValidationForm
                key={form.key}
                defaultEmail={form.email}
                busy={validation.isPending}
                onValidate={validate}
              />
              {allowance.session && <FreeAllowanceNote remaining={allowance.session.remaining} />}
              {isAuthenticated && <LowAllowanceNote />}
              <section
                aria-labelledby="tool-capabilities"
                className="grid gap-2 rounded-xl border border-primary/20 bg-primary/5 p-4"
              >
                <h3 id="tool-capabilities" className="flex items-center gap-2 text-sm font-semibold">
                  <InfoIcon className="size-4 text-primary" aria-hidden />
                  What this tool does
                </h3>
                <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground marker:text-primary">
                  {toolCapabilities.map((capability) => (
                    <li key={capability}>{capability}</li>
                  ))}
                </ul>
              </section>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Domain Scraper</CardTitle>
              <CardDescription>Explore any website for email addresses, contacts and company facts.</CardDescription>
            </CardHeader>
            <CardContent>
              <ScraperForm busy={exploration.isPending} onScrape={(request) => explore(request, "form")} />
            </CardContent>
          </Card>
          <ShareToolCard />
        </div>
        <div className="grid gap-6">
          <ValidationResultCard
            ref={resultRef}
            state={state}
            onValidateSuggestion={(email) => {
              setForm((previous) => ({ key: previous.key + 1, email }));
              validate(email);
            }}
          />
          <ExplorationPanel ref={explorationRef} state={explorationState} />
        </div>
      </div>
      <UpgradeDialog {...allowance.upgradeDialog} />
    </div>
  );
}

function FreeAllowanceNote({ remaining }: { remaining: number }) {
  const [signInOpen, setSignInOpen] = useState(false);
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        <span>{remaining === 1 ? "1 free validation" : `${remaining} free validations`} left this month.</span>
        <Button variant="link" className="h-auto p-0" onClick={() => setSignInOpen(true)}>
          Sign in to validate without limits
        </Button>
      </p>
      <AuthDialog open={signInOpen} defaultTab="login" onOpenChange={setSignInOpen} />
    </>
  );
}
