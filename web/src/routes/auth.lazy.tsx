// The sign-in screen, downloaded with the chunk of /auth, /login and /register; the routes and their
// signed-in redirect are in ./auth.
import { createLazyRoute, useNavigate, useSearch } from "@tanstack/react-router";
import { BadgeCheckIcon, ContactIcon, FileSpreadsheetIcon, GlobeIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { type AuthTab, AuthTabs } from "@/features/auth";
import { usePageTitle } from "@/lib/page-title";

/** After a successful login the browser goes to / this long afterwards, time to read the toast. */
const POST_LOGIN_REDIRECT_MS = 500;

export const authLazyRoute = createLazyRoute("/auth")({
  component: () => <AuthScreen tab="login" />,
});

export const loginLazyRoute = createLazyRoute("/login")({
  component: () => <AuthScreen tab="login" />,
});

export const registerLazyRoute = createLazyRoute("/register")({
  component: () => <AuthScreen tab="register" />,
});

const advertised = [
  {
    icon: BadgeCheckIcon,
    title: "Real-time validation",
    text: "Format and mail-server checks the moment you enter an address.",
  },
  {
    icon: FileSpreadsheetIcon,
    title: "Bulk validation up to 100,000 emails",
    text: "Upload a CSV file, let it run in the background, download the results.",
  },
  {
    icon: GlobeIcon,
    title: "Domain scraping and contact discovery",
    text: "Find the addresses, roles and company details a domain publishes.",
  },
  {
    icon: ContactIcon,
    title: "Contact management",
    text: "Save the people you find into lists, search them and keep notes.",
  },
];

/** After signing in: back to the page that sent the visitor here, or home. */
function useGoOnShortly(): () => void {
  const navigate = useNavigate();
  const { redirect } = useSearch({ strict: false });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return () => {
    timer.current = window.setTimeout(
      () => void (redirect ? navigate({ href: redirect }) : navigate({ to: "/" })),
      POST_LOGIN_REDIRECT_MS,
    );
  };
}

function AuthScreen({ tab }: { tab: AuthTab }) {
  usePageTitle(tab === "login" ? "Login" : "Register");
  const goOnShortly = useGoOnShortly();

  return (
    // One column on small screens (heading, form, then what an account offers); on wide ones the form sits beside both.
    <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-12 lg:grid-cols-[1fr_28rem] lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:py-20">
      <div className="grid gap-3 lg:pt-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {tab === "login" ? "Welcome back to MailScout" : "Create your MailScout account"}
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Validate email addresses, discover who is behind a domain and keep your contacts in one place.
        </p>
      </div>
      <Card className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <CardContent>
          {/* Keyed by tab: following the header's Register link from /login must open the Register tab. */}
          <AuthTabs key={tab} variant="page" defaultTab={tab} onSignedIn={goOnShortly} />
        </CardContent>
      </Card>
      <section aria-label="What your account includes">
        <ul className="grid gap-4 sm:grid-cols-2">
          {advertised.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl border bg-card/60 p-4">
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-4.5" aria-hidden />
              </span>
              <span className="grid content-start gap-1">
                <span className="font-medium">{title}</span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
