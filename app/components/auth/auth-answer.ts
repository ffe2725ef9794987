import type { FieldErrors } from "../../domain/submission";

// What /auth's action answers a form with (routes/auth/auth.tsx): which form it was, its errors
// at the fields, an alert, the address waiting for verification, and the values shown back.

export interface AuthActionData {
  intent: string;
  errors?: FieldErrors;
  alert?: { title: string; message: string };
  unverifiedEmail?: string;
  values?: Record<string, string>;
}
