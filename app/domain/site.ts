export const SOCIAL_KEYS = ["facebook_url", "instagram_url", "tiktok_url", "x_url", "bluesky_url"] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];
export type SocialLinks = Partial<Record<SocialKey, string>>;
