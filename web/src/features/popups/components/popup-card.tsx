// One popup in the admin's list: its title, Active/Inactive, content, features (highlighted ones bold) and, for the
// upgrade popup, the pricing line; Edit opens the form in its place.
import type { AdminSystemPopup } from "@contracts/popups";
import { PencilIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PopupTexts } from "./popup-texts";

export function PopupCard({ popup, onEdit }: { popup: AdminSystemPopup; onEdit: () => void }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 id={titleId} className="text-lg font-semibold tracking-tight">
              {popup.title}
            </h2>
            <p className="text-xs text-muted-foreground">
              Button “{popup.buttonText}” to {popup.buttonUrl} · Last changed {new Date(popup.updatedAt).toLocaleString()}
              {popup.updatedBy && ` by ${popup.updatedBy.email ?? "an admin"}`}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={popup.isActive ? "success" : "secondary"}>{popup.isActive ? "Active" : "Inactive"}</Badge>
            <Button variant="outline" size="sm" onClick={onEdit}>
              <PencilIcon aria-hidden />
              Edit
            </Button>
          </div>
        </div>
        <PopupTexts popup={popup} />
      </CardContent>
    </Card>
  );
}
