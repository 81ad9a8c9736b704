// HTML an admin wrote or the server built for an email, shown in a frame with every sandbox restriction on: no
// scripts, no forms, no same-origin access, so nothing in it can act on the admin's session.
import { cn } from "@/lib/cn";

export function SandboxedHtml({ html, title, className }: { html: string; title: string; className?: string }) {
  return <iframe title={title} sandbox="" srcDoc={html} className={cn("h-80 w-full rounded-lg border bg-white", className)} />;
}
