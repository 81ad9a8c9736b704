// The landing page. The home validation tool arrives with its own issue; until then / says what MailScout does and,
// for a signed-in person, which account they are using.
import type { User } from "@contracts/auth";
import { createRoute } from "@tanstack/react-router";
import {
  ArrowRightIcon,
  BadgeCheckIcon,
  ContactIcon,
  FileSpreadsheetIcon,
  GlobeIcon,
  MailCheckIcon,
  SearchIcon,
  UsersIcon,
} from "lucide-react";
import { useState } from "react";
import { AccountDetails } from "@/components/layout/account-details";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AuthDialog, type AuthTab, useAuth } from "@/features/auth";
import { usePageTitle } from "@/lib/page-title";
import { rootRoute } from "./root";

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  component: HomePage,
});

const capabilities = [
  {
    icon: BadgeCheckIcon,
    title: "Real-time validation",
    text: "Checks an address's format and whether its domain exists and accepts mail (MX records), in seconds.",
  },
  {
    icon: GlobeIcon,
    title: "Domain scraping and contact discovery",
    text: "Explores the domain's website for more addresses, phone numbers, positions, company details, technologies and social profiles.",
  },
  {
    icon: FileSpreadsheetIcon,
    title: "Bulk validation",
    text: "Upload a CSV file of up to 100,000 emails, map its columns and download the validated file when the background run is done.",
  },
  {
    icon: ContactIcon,
    title: "Contact management",
    text: "Save validated or discovered addresses into your own lists, then search, copy, edit or import them.",
  },
];

const steps = [
  { icon: MailCheckIcon, title: "Enter an address", text: "Type the email you want to check." },
  { icon: SearchIcon, title: "See the verdict", text: "Format, mail servers and likely deliverability." },
  { icon: UsersIcon, title: "Explore the domain", text: "Discover more people at the company and save them." },
];

function HomePage() {
  usePageTitle("Email validation and contact discovery");
  const { user, isLoading } = useAuth();

  return (
    <>
      <section className="relative overflow-hidden border-b">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklch,var(--color-primary)_18%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-16 sm:py-24">
          {isLoading ? <HeroLoading /> : user ? <SignedInHero user={user} /> : <SignedOutHero />}
        </div>
      </section>
      <section aria-labelledby="capabilities" className="mx-auto max-w-6xl px-4 py-16">
        <div className="mb-10 grid max-w-2xl gap-2">
          <h2 id="capabilities" className="text-2xl font-bold tracking-tight sm:text-3xl">
            What MailScout does
          </h2>
          <p className="text-muted-foreground">
            One place to check addresses, find the people behind a domain and keep track of them.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {capabilities.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-3">
                  <span className="grid size-10 place-items-center rounded-xl bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="font-semibold tracking-tight">{title}</h3>
                </CardHeader>
                <CardContent>
                  <CardDescription>{text}</CardDescription>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="how-it-works" className="border-t bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="how-it-works" className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl">
            How it works
          </h2>
          <ol className="grid gap-6 sm:grid-cols-3">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-full border bg-card text-primary shadow-xs">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="grid gap-1">
                  <span className="font-semibold">
                    <span className="sr-only">Step {index + 1}: </span>
                    {title}
                  </span>
                  <span className="text-sm text-muted-foreground">{text}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}

function SignedOutHero() {
  const [dialogTab, setDialogTab] = useState<AuthTab | null>(null);

  return (
    <div className="mx-auto grid max-w-3xl justify-items-center gap-6 text-center">
      <p className="rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
        Email validation · Domain discovery · Contacts
      </p>
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        Know an email is real, then find the people behind its domain
      </h1>
      <p className="max-w-2xl text-lg text-balance text-muted-foreground">
        MailScout checks an address's format and its domain's mail servers, explores the domain's website for more
        contacts, and keeps the ones you choose in your own lists.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => setDialogTab("register")}>
          Create a free account
          <ArrowRightIcon aria-hidden />
        </Button>
        <Button size="lg" variant="outline" onClick={() => setDialogTab("login")}>
          Sign in
        </Button>
      </div>
      {dialogTab && (
        <AuthDialog
          open
          defaultTab={dialogTab}
          onOpenChange={(open) => {
            if (!open) setDialogTab(null);
          }}
        />
      )}
    </div>
  );
}

function SignedInHero({ user }: { user: User }) {
  return (
    <div className="grid items-center gap-10 lg:grid-cols-[1fr_26rem]">
      <div className="grid gap-4">
        <p className="text-sm font-semibold tracking-widest text-primary uppercase">Your workspace</p>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Welcome back, {user.username}</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Signed-in use is never counted against the free validation limit, and the addresses you save are yours
          alone: only you can see your contacts and lists.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Your account</CardTitle>
        </CardHeader>
        <CardContent>
          <AccountDetails user={user} />
        </CardContent>
      </Card>
    </div>
  );
}

function HeroLoading() {
  return (
    <div role="status" className="mx-auto grid max-w-3xl justify-items-center gap-4">
      <span className="sr-only">Loading your account</span>
      <div className="h-6 w-56 animate-pulse rounded-full bg-muted" />
      <div className="h-12 w-full max-w-xl animate-pulse rounded-xl bg-muted" />
      <div className="h-5 w-full max-w-lg animate-pulse rounded-lg bg-muted" />
    </div>
  );
}
