// What keeps every admin screen to admins: /admin and everything below it, and /temp-admin beside it. On the way in a
// signed-in person who is not an admin is stopped before any loader runs and sees a 403 screen rather than a blank page
// or a screen whose every request the server would refuse; while a screen is open, it follows who is signed in. The
// server checks is_admin on its own.
import { type ErrorComponentProps, Link } from "@tanstack/react-router";
import { ShieldOffIcon } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { IconBadge } from "@/components/ui/icon-badge";
import { currentUserQueryOptions, useAuth } from "@/features/auth";
import type { RouterContext } from "./root";

/** Thrown on the way into an admin screen by someone who is not an admin, so its loaders never run. */
export class NotAnAdminError extends Error {
  override readonly name = "NotAnAdminError";
}

/** The guard of an admin route: its beforeLoad and its error screen. The route sits inside the signed-in layout. */
export const adminGuard = {
  beforeLoad: async ({ context }: { context: RouterContext }) => {
    // Asked of the cache the signed-in layout has just filled, so this costs no second request.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user?.isAdmin) throw new NotAnAdminError("This page is for administrators.");
  },
  errorComponent: ({ error }: ErrorComponentProps) => {
    if (error instanceof NotAnAdminError) return <Forbidden />;
    throw error; // anything else is the root's error screen
  },
};

/** An admin screen, or the 403 screen once the person signed in is not an admin (a sign-in as someone else elsewhere). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user?.isAdmin ? children : <Forbidden />;
}

function Forbidden() {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-24 text-center">
      <IconBadge icon={ShieldOffIcon} />
      <p className="text-sm font-medium text-muted-foreground">403</p>
      <h1 className="text-2xl font-bold tracking-tight">Admins only</h1>
      <p className="text-muted-foreground">This page is for administrators. Your account can&apos;t open it.</p>
      <Link to="/" className={buttonVariants({ variant: "outline" })}>
        Go home
      </Link>
    </div>
  );
}
