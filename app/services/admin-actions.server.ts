import type { AppConfig } from "../env.server";
import { dataWithToast } from "./toast.server";

/**
 * A refused admin action: the page comes back with the reason (status 4xx, nothing written), and
 * the same words in an error toast.
 */
export function refuse(config: AppConfig, status: number, title: string, message: string) {
  return dataWithToast(config, { error: { title, message } }, { type: "error", title, description: message }, { status });
}
