// A yes/no question before something is removed or cannot be undone. For the gravest (deleting an account), the
// person types a word first (typeToConfirm), so the button cannot be pressed by habit.
import { type ReactNode, useId, useState } from "react";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";
import { Input } from "./input";
import { Label } from "./label";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** What the confirm button says while the action runs. */
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  /** The confirm button stays disabled until `expected` is typed into a field labelled `label`. */
  typeToConfirm?: { label: string; expected: string };
  /** Shown above the buttons: more about what happens, or why the action failed. */
  children?: ReactNode;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel = "Deleting...",
  pending,
  onConfirm,
  typeToConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so what was typed last time is gone. */}
        {open && (
          <ConfirmActions
            confirmLabel={confirmLabel}
            pendingLabel={pendingLabel}
            pending={pending}
            onConfirm={onConfirm}
            onCancel={() => onOpenChange(false)}
            typeToConfirm={typeToConfirm}
          >
            {children}
          </ConfirmActions>
        )}
      </DialogContent>
    </Dialog>
  );
}

type ConfirmActionsProps = Pick<ConfirmDialogProps, "confirmLabel" | "pending" | "onConfirm" | "typeToConfirm" | "children"> & {
  pendingLabel: string;
  onCancel: () => void;
};

function ConfirmActions({ confirmLabel, pendingLabel, pending, onConfirm, onCancel, typeToConfirm, children }: ConfirmActionsProps) {
  const [typed, setTyped] = useState("");
  const fieldId = useId();
  const confirmed = !typeToConfirm || typed.trim() === typeToConfirm.expected;
  return (
    <>
      {typeToConfirm && (
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>{typeToConfirm.label}</Label>
          <Input
            id={fieldId}
            value={typed}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && confirmed && !pending) onConfirm();
            }}
          />
        </div>
      )}
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={pending || !confirmed} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </>
  );
}
