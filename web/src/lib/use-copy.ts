import { useCallback, useEffect, useRef, useState } from "react";
import { copyText } from "./clipboard";

/**
 * Copies text and stays `copied` for `ms` afterwards, for a copied mark; copy answers false when the browser refused.
 * A second copy within the time starts it again.
 */
export function useCopy(ms: number): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      if (!(await copyText(text))) return false;
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), ms);
      return true;
    },
    [ms],
  );
  return { copied, copy };
}
