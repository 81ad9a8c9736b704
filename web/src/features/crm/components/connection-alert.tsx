// The connection's status at the top of a sync screen, with what can be done about it: Connect (to Zoho's consent
// page), Reconnect once Zoho refused the stored token, or, connected, Test Connection and Disconnect. Without the
// client id and secret in the server's environment nobody can connect, and the notice says which settings to set.
import type { CrmConnection } from "@contracts/crm";
import { CircleCheckIcon, PlugZapIcon, TriangleAlertIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useConnect, useDisconnect, useTestConnection } from "../api/change-connection";
import { useCrmConnection } from "../api/get-connection";
import { formatWhen } from "../labels";
import type { CrmPaths } from "../paths";

export function ConnectionAlert({ paths }: { paths: CrmPaths }) {
  const connection = useCrmConnection(paths);
  if (connection.isError) {
    return <ErrorNotice onRetry={() => void connection.refetch()}>Could not load the Zoho CRM connection.</ErrorNotice>;
  }
  if (!connection.data) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading the Zoho CRM connection</span>
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (!connection.data.configured) return <NotConfiguredNotice />;
  return <ConnectionState paths={paths} connection={connection.data} />;
}

export function NotConfiguredNotice() {
  return (
    <Alert tone="warning" title="Zoho CRM is not configured">
      Configure CRM API credentials in environment variables (client id, client secret, refresh token):{" "}
      <code>ZOHO_CLIENT_ID</code>, <code>ZOHO_CLIENT_SECRET</code> and <code>ZOHO_REFRESH_TOKEN</code>.
    </Alert>
  );
}

function ConnectionState({ paths, connection }: { paths: CrmPaths; connection: CrmConnection }) {
  const connect = useConnect(paths);
  const connectButton = (label: string) => (
    <Button
      disabled={connect.isPending}
      onClick={() =>
        connect.mutate(undefined, {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) =>
            toast({ title: "Could not connect", description: messageOf(error, "Please try again"), variant: "destructive" }),
        })
      }
    >
      {connect.isPending ? "Connecting..." : label}
    </Button>
  );

  if (connection.status === "not_connected") {
    return (
      <Alert tone="neutral" title="Zoho CRM is not connected" actions={connectButton("Connect")}>
        Connect your Zoho CRM account to send your saved contacts to it.
      </Alert>
    );
  }
  if (connection.status === "needs_reconnect") {
    return (
      <Alert tone="warning" title="Zoho CRM needs reconnecting" actions={connectButton("Reconnect")}>
        Zoho no longer accepts the stored authorization (it was revoked or has expired). Reconnect to sync again.
      </Alert>
    );
  }
  return (
    <Alert tone="success" title="Connected to Zoho CRM" actions={<ConnectedActions paths={paths} />}>
      {connection.orgId && <>Organization {connection.orgId}. </>}
      {connection.lastSyncAt ? `Last sync ${formatWhen(connection.lastSyncAt)}.` : "Nothing synced yet."}
    </Alert>
  );
}

function ConnectedActions({ paths }: { paths: CrmPaths }) {
  const test = useTestConnection(paths);
  const disconnect = useDisconnect(paths);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        disabled={test.isPending}
        onClick={() =>
          test.mutate(undefined, {
            onSuccess: (answer) =>
              toast(
                answer.success
                  ? { title: "Connection successful", description: answer.message }
                  : { title: "Connection failed", description: answer.message, variant: "destructive" },
              ),
            onError: (error) =>
              toast({ title: "Connection failed", description: messageOf(error, "Please try again"), variant: "destructive" }),
          })
        }
      >
        {test.isPending ? "Testing..." : "Test Connection"}
      </Button>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Disconnect
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect Zoho CRM"
        description="MailScout forgets its access to your Zoho CRM and revokes it at Zoho. Contacts already synced stay in Zoho."
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting..."
        pending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: "Zoho CRM disconnected" });
            },
            onError: (error) =>
              toast({ title: "Disconnect failed", description: messageOf(error, "Please try again"), variant: "destructive" }),
          })
        }
      />
    </div>
  );
}

const TONES = {
  neutral: { icon: PlugZapIcon, className: "border-border bg-muted/40", iconClassName: "text-muted-foreground" },
  success: { icon: CircleCheckIcon, className: "border-success/30 bg-success/5", iconClassName: "text-success" },
  warning: {
    icon: TriangleAlertIcon,
    className: "border-amber-500/40 bg-amber-500/10 text-amber-950 dark:text-amber-100",
    iconClassName: "text-amber-600 dark:text-amber-400",
  },
} as const;

function Alert({ tone, title, actions, children }: { tone: keyof typeof TONES; title: string; actions?: ReactNode; children: ReactNode }) {
  const { icon: Icon, className, iconClassName } = TONES[tone];
  return (
    <section aria-label="Zoho CRM connection" className={cn("flex flex-wrap items-start gap-3 rounded-xl border p-4 text-sm", className)}>
      <Icon className={cn("mt-0.5 size-5 shrink-0", iconClassName)} aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1">
        <h2 className="font-semibold">{title}</h2>
        <p className={tone === "warning" ? undefined : "text-muted-foreground"}>{children}</p>
      </div>
      {actions}
    </section>
  );
}
