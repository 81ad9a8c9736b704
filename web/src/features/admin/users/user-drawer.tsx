// The user drawer, a sheet at the side: who the user is, what they use, what they may still spend, what they did
// lately, their grants, and what an admin can do about them. Every action refetches the drawer and the lists.
import type { AdminUserDetail, AdminUserRow } from "@contracts/admin";
import { BanIcon, CoinsIcon, GaugeIcon, ShieldCheckIcon, ShieldOffIcon, UndoIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useAdminUser } from "../api/get-admin-user";
import { useSetUserAdmin } from "../api/set-user-admin";
import { useUnsuspendUser } from "../api/user-suspension";
import { GrantStatusBadge } from "../credits/grant-status";
import { AnomalyBadge } from "../security/anomaly-badge";
import { When } from "./columns";
import { GrantCreditsDialog } from "./grant-credits-dialog";
import { SuspendDialog } from "./suspend-dialog";
import { ThrottleDialog } from "./throttle-dialog";
import {
  formatWhen,
  fullName,
  GRANT_TYPE_LABELS,
  isSuspended,
  planLabel,
  suspensionText,
  userLabel,
  userThrottleText,
} from "./user-labels";
import { UserStatusBadges } from "./user-status-badges";

const SHEET =
  "top-0 right-0 left-auto h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 content-start rounded-none rounded-l-2xl";

type UserDrawerProps = {
  /** The user shown; null keeps the drawer closed. */
  userId: string | null;
  onClose: () => void;
};

export function UserDrawer({ userId, onClose }: UserDrawerProps) {
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      {/* A sheet along the right edge rather than a box in the middle: the table stays in sight beside it. */}
      <DialogContent className={SHEET}>
        {userId !== null && <UserDrawerBody userId={userId} />}
      </DialogContent>
    </Dialog>
  );
}

function UserDrawerBody({ userId }: { userId: string }) {
  const detail = useAdminUser(userId);
  if (detail.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>User</DialogTitle>
          <DialogDescription>Loading the user...</DialogDescription>
        </DialogHeader>
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the user</span>
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>User</DialogTitle>
          <DialogDescription>This user could not be loaded.</DialogDescription>
        </DialogHeader>
        <ErrorNotice>
          {messageOf(detail.error, "Failed to load the user.")}{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </ErrorNotice>
      </>
    );
  }
  return <UserDetails detail={detail.data} />;
}

function UserDetails({ detail: { user, usage, grants, recentActivity } }: { detail: AdminUserDetail }) {
  const name = fullName(user);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{userLabel(user)}</DialogTitle>
        <DialogDescription>{name ? `${name} · ${user.username}` : user.username}</DialogDescription>
        <UserStatusBadges user={user} />
      </DialogHeader>
      <UserActions user={user} />
      <Section title="Profile">
        <Facts
          facts={[
            ["Email", user.email ?? "None"],
            ["Username", user.username],
            ["Plan", planLabel(user.plan)],
            ["Joined", formatWhen(user.createdAt)],
            ["Last active", user.lastActiveAt ? formatWhen(user.lastActiveAt) : "Never"],
          ]}
        />
      </Section>
      <Section title="Usage">
        <Facts
          facts={[
            ["Validations this month", usage.validationsThisMonth.toLocaleString()],
            ["Validations in all", usage.validationsTotal.toLocaleString()],
            ["Bulk jobs", usage.bulkJobs.toLocaleString()],
            ["Open tickets", usage.ticketsOpen.toLocaleString()],
            ["Contacts", user.contactCount.toLocaleString()],
          ]}
        />
      </Section>
      <Section title="Balances">
        <Facts
          facts={[
            ["Free validations used", user.balances.freeValidationsUsed.toLocaleString()],
            ["Granted credits", user.balances.grantedCredits.toLocaleString()],
            ["Paid credits", user.balances.paidCredits.toLocaleString()],
          ]}
        />
      </Section>
      <Section title="Limits">
        <Facts
          facts={[
            ["Throttle", userThrottleText(user)],
            ["Suspension", suspensionText(user)],
          ]}
        />
      </Section>
      <Section title="Recent activity">
        <Entries items={recentActivity} empty="No recorded activity.">
          {(entry) => (
            <>
              <span className="font-mono text-xs">{entry.endpoint}</span>
              <span className="text-muted-foreground">
                {entry.requestCount.toLocaleString()} × · <When iso={entry.createdAt} />
              </span>
              <AnomalyBadge entry={entry} />
            </>
          )}
        </Entries>
      </Section>
      <Section title="Grants">
        <Entries items={grants} empty="No credits granted.">
          {(grant) => (
            <>
              <span className="font-medium">{grant.amount.toLocaleString()} credits</span>
              <span className="text-muted-foreground">
                {GRANT_TYPE_LABELS[grant.grantType]} · {grant.reason} · <When iso={grant.createdAt} />
              </span>
              <GrantStatusBadge grant={grant} />
            </>
          )}
        </Entries>
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2 border-t pt-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** The drawer's short lists (its latest activity and grants), or a sentence saying there are none. */
function Entries<T extends { id: number }>({ items, empty, children }: { items: T[]; empty: string; children: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center gap-2">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type OpenDialog = "grant" | "throttle" | "suspend" | "admin" | null;

function UserActions({ user }: { user: AdminUserRow }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const unsuspend = useUnsuspendUser();
  const setAdmin = useSetUserAdmin();
  const close = (next: boolean) => !next && setOpen(null);
  const suspended = isSuspended(user);

  function liftSuspension() {
    unsuspend.mutate(user.id, {
      onSuccess: (saved) => toast({ title: "Suspension lifted", description: `${userLabel(saved)} can use the platform again` }),
      onError: (error) => toast({ title: "Error", description: messageOf(error, "Failed to lift the suspension"), variant: "destructive" }),
    });
  }

  function changeAdmin() {
    setAdmin.mutate(
      { id: user.id, isAdmin: !user.isAdmin },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.isAdmin ? "Admin added" : "Admin revoked",
            description: `${userLabel(saved)} ${saved.isAdmin ? "is now an admin" : "is no longer an admin"}`,
          }),
        onError: (error) =>
          toast({ title: "Error", description: messageOf(error, "Failed to change the admin flag"), variant: "destructive" }),
        onSettled: () => setOpen(null),
      },
    );
  }

  return (
    <div role="group" aria-label="Actions" className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => setOpen("grant")}>
        <CoinsIcon aria-hidden />
        Grant credits
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen("throttle")}>
        <GaugeIcon aria-hidden />
        Throttle
      </Button>
      {suspended ? (
        <Button size="sm" variant="outline" disabled={unsuspend.isPending} onClick={liftSuspension}>
          <UndoIcon aria-hidden />
          {unsuspend.isPending ? "Unsuspending..." : "Unsuspend"}
        </Button>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setOpen("suspend")}>
          <BanIcon aria-hidden />
          Suspend
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => setOpen("admin")}>
        {user.isAdmin ? <ShieldOffIcon aria-hidden /> : <ShieldCheckIcon aria-hidden />}
        {user.isAdmin ? "Revoke admin" : "Make admin"}
      </Button>
      <GrantCreditsDialog open={open === "grant"} onOpenChange={close} user={user} />
      <ThrottleDialog open={open === "throttle"} onOpenChange={close} user={user} />
      <SuspendDialog open={open === "suspend"} onOpenChange={close} user={user} />
      <ConfirmDialog
        open={open === "admin"}
        onOpenChange={close}
        title={user.isAdmin ? "Revoke admin" : "Make admin"}
        description={
          user.isAdmin
            ? `${userLabel(user)} will no longer reach the admin dashboard or its actions.`
            : `${userLabel(user)} will see every user and payment, and may change them.`
        }
        confirmLabel={user.isAdmin ? "Revoke admin" : "Make admin"}
        pendingLabel="Saving..."
        pending={setAdmin.isPending}
        onConfirm={changeAdmin}
      />
    </div>
  );
}
