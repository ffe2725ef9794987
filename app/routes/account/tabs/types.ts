import type { Route } from "../+types/index";
import type { FieldErrors } from "../../../domain/submission";

// What the account page's tabs (one module each, issue 28 item 2) share with the route module.

export type LoaderData = Route.ComponentProps["loaderData"];

export interface AccountActionData {
  intent: string;
  errors?: FieldErrors;
  alert?: { title: string; message: string };
  values?: Record<string, string>;
}
