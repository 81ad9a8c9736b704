// When a popup opens: after its delay (seconds), once the visitor has scrolled that far down the page (percent; a page
// too short to scroll counts as read to the end), or when the mouse leaves through the top of the window, as toward
// the tabs or the address bar. Touch screens have no such gesture, so there an exit-intent popup never opens.
import type { DeliveredPopup } from "@contracts/marketing";
import { useEffect, useState } from "react";

export function scrolledPercent(): number {
  const root = document.documentElement;
  const scrollable = root.scrollHeight - window.innerHeight;
  return scrollable <= 0 ? 100 : (window.scrollY / scrollable) * 100;
}

export function hasPrecisePointer(): boolean {
  return window.matchMedia?.("(hover: hover) and (pointer: fine)").matches ?? false;
}

export function usePopupTrigger(trigger: DeliveredPopup["trigger"]): boolean {
  const [fired, setFired] = useState(false);
  const { type, value } = trigger;
  useEffect(() => {
    if (fired) return;
    const fire = () => setFired(true);
    if (type === "time_delay") {
      const timer = setTimeout(fire, value * 1000);
      return () => clearTimeout(timer);
    }
    if (type === "scroll_percentage") {
      const check = () => {
        if (scrolledPercent() >= value) fire();
      };
      check();
      window.addEventListener("scroll", check, { passive: true });
      return () => window.removeEventListener("scroll", check);
    }
    if (!hasPrecisePointer()) return;
    const onLeave = (event: MouseEvent) => {
      if (!event.relatedTarget && event.clientY <= 0) fire();
    };
    document.addEventListener("mouseout", onLeave);
    return () => document.removeEventListener("mouseout", onLeave);
  }, [fired, type, value]);
  return fired;
}
