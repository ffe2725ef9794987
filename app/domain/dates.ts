const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** 'November 2026' */
export const formatMonthYear = (ms: number) => monthYear.format(ms);
/** '22 November 2026' */
export const formatLongDate = (ms: number) => longDate.format(ms);
