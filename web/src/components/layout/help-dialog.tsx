import { CircleHelpIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";

function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{title}</h3>
      <div className="grid gap-2 text-sm text-muted-foreground">{children}</div>
    </section>
  );
}

/** The Help dialog: how to use the tool, bulk validation, contacts, and things worth knowing. */
export function HelpDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="max-sm:size-9" aria-label="Help" title="Help">
          <CircleHelpIcon aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>How to use MailScout</DialogTitle>
          <DialogDescription>Validate addresses, discover contacts and keep the ones that matter.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-5">
          <HelpSection title="Validating an email">
            <ol className="list-decimal space-y-1 pl-5">
              <li>Enter an email address on the home page and choose Validate &amp; Explore Domain.</li>
              <li>MailScout checks the address's format and whether its domain has mail (MX) records.</li>
              <li>When the address is valid, its domain's website is explored for more addresses and details.</li>
              <li>Copy what you need, or save an address to your contacts.</li>
            </ol>
          </HelpSection>
          <HelpSection title="Bulk validation">
            <p>
              Signed-in users can upload a CSV file of up to 100,000 addresses, choose which column holds the
              emails, and let validation run in the background. Download the validated file when it is done.
            </p>
          </HelpSection>
          <HelpSection title="Contacts">
            <p>
              Saved addresses go to your contacts, organised in lists (new contacts land in General). Search them,
              edit their details, or import a CSV file with an email column.
            </p>
          </HelpSection>
          <HelpSection title="Notes">
            <ul className="list-disc space-y-1 pl-5">
              <li>Without an account you get a limited number of free validations; signed-in use is not counted.</li>
              <li>Some websites block automated visits, so exploring them can find fewer addresses than exist.</li>
              <li>A valid format and working mail servers make delivery likely, not certain.</li>
            </ul>
          </HelpSection>
        </div>
      </DialogContent>
    </Dialog>
  );
}
