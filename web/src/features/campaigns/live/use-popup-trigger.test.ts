import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePopupTrigger } from "./use-popup-trigger";

function pointer(precise: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: precise && query === "(hover: hover) and (pointer: fine)" }));
}

function leaveWindow(clientY: number) {
  document.dispatchEvent(new MouseEvent("mouseout", { clientY, relatedTarget: null, bubbles: true }));
}

function pageOf(height: number, scrolled: number) {
  Object.defineProperty(document.documentElement, "scrollHeight", { configurable: true, value: height });
  Object.defineProperty(window, "innerHeight", { configurable: true, value: 1000 });
  Object.defineProperty(window, "scrollY", { configurable: true, value: scrolled });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("popup triggers", () => {
  it("opens after its delay in seconds, not before", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => usePopupTrigger({ type: "time_delay", value: 2 }));

    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it("opens once the page is scrolled to its percentage", () => {
    pageOf(3000, 0);
    const { result } = renderHook(() => usePopupTrigger({ type: "scroll_percentage", value: 50 }));
    expect(result.current).toBe(false);

    pageOf(3000, 900); // 45% of the 2000 px that scroll
    act(() => void window.dispatchEvent(new Event("scroll")));
    expect(result.current).toBe(false);
    pageOf(3000, 1000);
    act(() => void window.dispatchEvent(new Event("scroll")));
    expect(result.current).toBe(true);
  });

  it("opens on a desktop when the mouse leaves through the top of the window", () => {
    pointer(true);
    const { result } = renderHook(() => usePopupTrigger({ type: "exit_intent", value: 0 }));

    act(() => leaveWindow(300)); // out through a side
    expect(result.current).toBe(false);
    act(() => leaveWindow(0));
    expect(result.current).toBe(true);
  });

  it("never opens an exit-intent popup on a touch screen", () => {
    pointer(false);
    const { result } = renderHook(() => usePopupTrigger({ type: "exit_intent", value: 0 }));

    act(() => leaveWindow(0));
    expect(result.current).toBe(false);
  });
});
