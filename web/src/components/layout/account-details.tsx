import type { User } from "@contracts/auth";

const memberSince = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

function planName(subscriptionStatus: string): string {
  return subscriptionStatus.charAt(0).toUpperCase() + subscriptionStatus.slice(1);
}

/** The account's facts as a description list; shared by the My Account dialog and the signed-in home page. */
export function AccountDetails({ user }: { user: User }) {
  const rows: [term: string, detail: string][] = [
    ["Username", user.username],
    ["Email", user.email],
    ["Plan", planName(user.subscriptionStatus)],
    ["Role", user.isAdmin ? "Administrator" : "Member"],
    ["Member since", memberSince.format(new Date(user.createdAt))],
  ];
  return (
    <dl className="grid divide-y rounded-xl border text-sm">
      {rows.map(([term, detail]) => (
        <div key={term} className="grid grid-cols-[8rem_1fr] gap-3 px-4 py-2.5">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="truncate font-medium" title={detail}>
            {detail}
          </dd>
        </div>
      ))}
    </dl>
  );
}
