// Opens the site in a new tab with the campaign shown in its real slot: the site reads ?marketing-preview=<type>:<id>
// and asks the server for that item, whatever its targeting, for the admin alone.
import type { DeliveredType } from "@contracts/marketing";
import { EyeIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

export const MARKETING_PREVIEW_PARAM = "marketing-preview";

type PreviewLinkProps = { type: DeliveredType; id: string; name: string; page?: string };

export function previewHref({ type, id, page = "/" }: Omit<PreviewLinkProps, "name">): string {
  return `${page}?${new URLSearchParams({ [MARKETING_PREVIEW_PARAM]: `${type}:${id}` })}`;
}

export function PreviewLink({ name, ...target }: PreviewLinkProps) {
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={previewHref(target)} target="_blank" rel="noopener noreferrer" aria-label={`Preview ${name} in place`}>
        <EyeIcon aria-hidden />
        Preview
      </a>
    </Button>
  );
}
