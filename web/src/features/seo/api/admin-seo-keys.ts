// The admin SEO queries' keys, under one root: a change to pages or keywords also moves the stat cards.
export const adminSeoQueryKey = ["admin-seo"] as const;
export const seoStatsQueryKey = [...adminSeoQueryKey, "stats"] as const;
export const seoPagesQueryKey = [...adminSeoQueryKey, "pages"] as const;
export const keywordTargetsQueryKey = [...adminSeoQueryKey, "keywords"] as const;
export const removalRequestsQueryKey = [...adminSeoQueryKey, "removal-requests"] as const;
