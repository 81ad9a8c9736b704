import { LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A form's submit button: disabled while the form is being sent, and saying so. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
      {pending ? pendingLabel : label}
    </Button>
  );
}
