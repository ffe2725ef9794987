// The site's answer when its storage fails (issue 41 item 8; decision 0072): the error page's
// words, answered with 503 and Retry-After.
export const UNAVAILABLE = {
  title: "We could not do that just now",
  text: "Part of Closetloop is not answering at the moment, so nothing was changed. Please try again in a minute.",
} as const;

/** Seconds a browser or crawler is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;
