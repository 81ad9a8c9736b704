import { MailSearchIcon } from "lucide-react";

/** The product mark: the icon is decoration, the word is the name. */
export function Logo() {
  return (
    <span className="flex items-center gap-2 text-base font-semibold tracking-tight sm:text-lg">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <MailSearchIcon className="size-4.5" aria-hidden />
      </span>
      MailScout
    </span>
  );
}
