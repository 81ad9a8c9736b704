import { Link } from "@tanstack/react-router";
import { buttonVariants } from "@/components/ui/button";
import { focusRing } from "@/components/ui/focus";
import { HeaderBalance } from "@/features/account";
import { useAuth } from "@/features/auth";
import { NotificationBell } from "@/features/notifications";
import { SupportUnreadBadge } from "@/features/support";
import { ThemeToggle } from "@/features/theme";
import { cn } from "@/lib/cn";
import { AccountMenu } from "./account-menu";
import { HelpDialog } from "./help-dialog";
import { Logo } from "./logo";

const navLinkClass = cn(
  "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors",
  "hover:bg-accent hover:text-accent-foreground aria-[current=page]:text-foreground",
  focusRing,
);

// A section is current whatever its view (a search, a tab) in the address.
const sections = [
  { label: "Home", to: "/" },
  { label: "Contacts", to: "/contacts" },
  { label: "Bulk Validation", to: "/bulk-validation" },
  { label: "Pricing", to: "/pricing" },
  { label: "Support", to: "/support" },
] as const;

export function Header() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2.5 md:flex-nowrap md:gap-x-6">
        <Link to="/" className={cn("rounded-lg", focusRing)}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="order-last -mx-2 w-full overflow-x-auto md:order-none md:mx-0 md:w-auto">
          <ul className="flex items-center gap-1">
            {sections.map((section) => (
              <li key={section.label}>
                <Link to={section.to} className={navLinkClass} activeOptions={{ exact: true, includeSearch: false }}>
                  {section.label}
                  {/* Signed in: how many tickets have replies not read yet, kept live. */}
                  {section.to === "/support" && user && <SupportUnreadBadge key={user.id} userId={user.id} />}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* At least as high as the account area while it loads, so the header keeps its height once it has loaded. */}
        <div className="ml-auto flex min-h-10 items-center gap-0.5 sm:gap-1">
          <HelpDialog />
          <ThemeToggle />
          <AccountArea />
        </div>
      </div>
    </header>
  );
}

function AccountArea() {
  const { user, isLoading, logout } = useAuth();

  if (isLoading) {
    return (
      <div role="status" className="ml-1 h-10 w-28 animate-pulse rounded-lg bg-muted sm:ml-2">
        <span className="sr-only">Loading your account</span>
      </div>
    );
  }
  if (user) {
    return (
      <div className="ml-1 flex items-center gap-1 sm:ml-2">
        <HeaderBalance key={user.id} />
        <NotificationBell key={`bell-${user.id}`} userId={user.id} />
        <AccountMenu user={user} onLogout={() => void logout()} />
      </div>
    );
  }
  return (
    <div className="ml-1 flex items-center gap-1 sm:ml-2 sm:gap-2">
      <Link to="/login" className={buttonVariants({ variant: "ghost", size: "sm", className: "max-sm:px-2.5" })}>
        Login
      </Link>
      <Link to="/register" className={buttonVariants({ size: "sm", className: "max-sm:px-2.5" })}>
        Register
      </Link>
    </div>
  );
}
