// The Upload & Validate tab: the step the upload flow is at (choose a file, map its columns, send it).
import { LoaderCircleIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import type { useUploadFlow } from "../upload/upload-flow";
import { ColumnMappingStep } from "./column-mapping-step";
import { FileDropZone } from "./file-drop-zone";

export function UploadTab({ flow }: { flow: ReturnType<typeof useUploadFlow> }) {
  const { state } = flow;
  if (state.step === "mapping") {
    return (
      <ColumnMappingStep
        file={state.file}
        mapping={state.mapping}
        onChange={flow.changeMapping}
        onStart={() => void flow.start()}
        onReset={flow.reset}
      />
    );
  }
  if (state.step === "processing") {
    return <SendingProgress fileName={state.file.fileName} sentRows={state.sentRows} totalRows={state.totalRows} />;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a file</CardTitle>
        <CardDescription>
          Validation runs in the background: you can leave this page and come back to download the results.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FileDropZone onFile={(file) => void flow.chooseFile(file)} reading={state.reading} />
      </CardContent>
    </Card>
  );
}

function SendingProgress({ fileName, sentRows, totalRows }: { fileName: string; sentRows: number; totalRows: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LoaderCircleIcon className="size-5 animate-spin text-muted-foreground" aria-hidden />
          Starting validation
        </CardTitle>
        <CardDescription>Sending {fileName}. Please keep this page open until it is sent.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Progress value={sentRows} max={Math.max(totalRows, 1)} aria-label="Upload progress" />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Sent {sentRows.toLocaleString()} of {totalRows.toLocaleString()} rows
        </p>
      </CardContent>
    </Card>
  );
}
