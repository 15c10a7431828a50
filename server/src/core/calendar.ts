export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Days begin at midnight China Standard Time (UTC+8), the district's calendar. */
const TZ_OFFSET_MS = 8 * HOUR_MS;

/** The China-time day a moment falls in, counted from the epoch. */
export const chinaDay = (now: number) => Math.floor((now + TZ_OFFSET_MS) / DAY_MS);

/** The moment a China-time day begins. */
export const chinaDayStart = (day: number) => day * DAY_MS - TZ_OFFSET_MS;
