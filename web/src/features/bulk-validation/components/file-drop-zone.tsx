// Step 1, choose a file: drop it on the zone or pick it with the button (a real button, so the keyboard reaches it).
// While the worker reads it, a bar says how far it got.
import { FileUpIcon } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { IconBadge } from "@/components/ui/icon-badge";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";

type FileDropZoneProps = {
  onFile: (file: File) => void;
  reading?: { fileName: string; share: number };
};

export function FileDropZone({ onFile, reading }: FileDropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !reading) onFile(file);
  }

  if (reading) {
    const percent = Math.round(reading.share * 100);
    return (
      <div className="grid gap-3 rounded-2xl border border-dashed p-10 text-center">
        <p className="font-medium">Reading {reading.fileName}...</p>
        <Progress value={percent} aria-label="Reading the file" />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {percent}% read
        </p>
      </div>
    );
  }

  return (
    <section
      aria-label="Choose a file"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={cn(
        "grid justify-items-center gap-3 rounded-2xl border-2 border-dashed p-10 text-center transition-colors",
        dragging ? "border-primary bg-primary/5" : "border-border",
      )}
    >
      <IconBadge icon={FileUpIcon} />
      <p className="font-medium">Drag and drop your file here, or choose one</p>
      <p id={hintId} className="text-sm text-muted-foreground">
        A CSV file (.csv) with an email column, or a text file (.txt) with one address a line. Up to 100,000 emails;
        maximum file size 50MB.
      </p>
      <label htmlFor={inputId} className="sr-only">
        CSV or TXT file
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        aria-describedby={hintId}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again (after Upload Different File) is a change too.
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <Button onClick={() => input.current?.click()} aria-describedby={hintId}>
        Choose File
      </Button>
    </section>
  );
}
