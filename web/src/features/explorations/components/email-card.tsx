// One discovered address: the address with a copy button, the person's name and position, a phone, and
// the page it was found on; signed-in people can save it to their contacts.
import type { DiscoveredEmail } from "@contracts/explorations";
import { BriefcaseIcon, FileSearchIcon, PhoneIcon, UserIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CopyEmailButton } from "@/components/ui/copy-email-button";
import { SaveContactButton } from "@/features/contacts";
import { webPageLink } from "../web-links";

export function EmailCard({ email }: { email: DiscoveredEmail }) {
  const source = webPageLink(email.foundOn);
  return (
    <article aria-label={email.email} className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="font-medium break-all">{email.email}</p>
          {email.external && (
            <p>
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">Other domain</span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <SaveContactButton candidate={email} source="discovery" look="card" />
          <CopyEmailButton email={email.email} />
        </div>
      </div>
      <dl className="grid gap-1.5 text-sm">
        {email.name && (
          <Fact icon={UserIcon} name="Name">
            {email.name}
          </Fact>
        )}
        {email.position && (
          <Fact icon={BriefcaseIcon} name="Position">
            {email.position}
          </Fact>
        )}
        {email.phone && (
          <Fact icon={PhoneIcon} name="Phone">
            <a href={`tel:${email.phone}`} className="underline-offset-4 hover:underline">
              {email.phone}
            </a>
          </Fact>
        )}
        <Fact icon={FileSearchIcon} name="Found on">
          {source ? (
            <a
              href={source.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="break-all text-primary underline-offset-4 hover:underline"
            >
              {source.text}
            </a>
          ) : (
            <span className="break-all">{email.foundOn}</span>
          )}
        </Fact>
      </dl>
    </article>
  );
}

function Fact({ icon: Icon, name, children }: { icon: typeof UserIcon; name: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex shrink-0 items-center pt-0.5 text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        <span className="sr-only">{name}</span>
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
