// The admin screens' tests: an admin's session with the requests every screen makes, the figures as the API answers
// them, and the files the screens save.
import type { FinancialReport, LifetimeStats, PlatformFigures, PlatformStats, TempAdminStats } from "@contracts/admin";
import { vi } from "vitest";
import { adminUser, json, mockNetwork, storeSessionFor } from "./network";

type Routes = Parameters<typeof mockNetwork>[0];

/** Signed in as the admin, with the header's own requests answered, and `routes` for the screen. */
export function serveAsAdmin(routes: Routes) {
  storeSessionFor(adminUser);
  return mockNetwork({
    "GET /api/user": () => json(adminUser),
    "GET /api/support/tickets": () => json([]),
    ...routes,
  });
}

/** The files the page hands to the browser's download (lib/save-file.ts), with their names. */
export function captureSavedFiles(): { fileName: string; file: Blob }[] {
  const saved: { fileName: string; file: Blob }[] = [];
  let last: Blob | undefined;
  vi.spyOn(URL, "createObjectURL").mockImplementation((file) => {
    last = file as Blob;
    return "blob:saved";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ fileName: this.download, file: last });
  });
  return saved;
}

export function figures(extra: Partial<PlatformFigures> = {}): PlatformFigures {
  return {
    totalUsers: 1_250,
    activeUsers: 112,
    totalValidations: 48_000,
    monthlyValidations: 120_500,
    totalRevenue: 123_456,
    monthlyRevenue: 250_000,
    totalContacts: 9_000,
    totalContactLists: 300,
    deletedContactLists: 4,
    ...extra,
  };
}

export function platformStats(extra: Partial<PlatformStats> = {}): PlatformStats {
  return {
    ...figures(),
    timeframe: "today",
    window: { from: "2026-11-26", to: "2026-11-27" },
    previous: {
      ...figures({ activeUsers: 100, totalRevenue: 150_000, deletedContactLists: 2 }),
      window: { from: "2026-11-25", to: "2026-11-26" },
    },
    series: {
      validationsPerDay: [{ day: "2026-11-26", count: 48_000 }],
      signupsPerDay: [{ day: "2026-11-26", count: 17 }],
      revenuePerMonth: [{ month: "2026-11", cents: 250_000 }],
    },
    ...extra,
  };
}

export function tempAdminStats(extra: Partial<TempAdminStats> = {}): TempAdminStats {
  const { series: _series, ...stats } = platformStats();
  return { ...stats, timeframe: "today", ...extra };
}

export function lifetimeStats(extra: Partial<LifetimeStats> = {}): LifetimeStats {
  return {
    totalValidations: 5_000_000,
    totalAllUsers: 140_000,
    totalRegisteredUsers: 100_000,
    totalContacts: 2_000_000,
    totalRevenue: 10_000_000,
    averageValidationsPerUser: 50,
    averageRevenuePerUser: 100,
    profitMargin: null,
    totalContactLists: 40_000,
    monthlyCostCents: null,
    ...extra,
  };
}

/** A monthly report of two days, one of them without payments. */
export function financialReport(extra: Partial<FinancialReport> = {}): FinancialReport {
  return {
    type: "financial",
    reportType: "monthly",
    startDate: "2026-11-01",
    endDate: "2026-11-02",
    periods: [
      { period: "2026-11-01", revenueCents: 120_050, payments: 3, newUsers: 10, validations: 5_000, creditsGranted: 0 },
      { period: "2026-11-02", revenueCents: 0, payments: 0, newUsers: 2, validations: 10, creditsGranted: 500 },
    ],
    byPaymentMethod: [{ method: "stripe", revenueCents: 120_050, payments: 3 }],
    totals: { revenueCents: 120_050, payments: 3, newUsers: 12, validations: 5_010, creditsGranted: 500 },
    ...extra,
  };
}
