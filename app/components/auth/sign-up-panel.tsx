import { Form } from "react-router";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../forms";
import type { AuthActionData } from "./auth-answer";

// /auth's Sign Up tab: a user account, or a partner store's request that our team reviews.

export function SignUpPanel({ signUpAs, result }: { signUpAs: "user" | "store"; result?: AuthActionData }) {
  const creating = useSubmitting("signup");
  const requesting = useSubmitting("store_request");
  const user = result?.intent === "signup" ? result : undefined;
  const store = result?.intent === "store_request" ? result : undefined;
  const initial = store ? "store" : user ? "user" : signUpAs;
  // The radios switch the forms with CSS (:has), so the choice works without JavaScript.
  return (
    <section aria-labelledby="signup-title" className="group/signup space-y-4">
      <h2 id="signup-title" className="text-xl font-semibold">
        Sign Up
      </h2>
      <fieldset className="flex gap-6">
        <legend className="mb-2 text-sm font-medium">Sign up as</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="signup-as"
            value="user"
            defaultChecked={initial === "user"}
            className="peer/user"
            id="signup-as-user"
          />
          User
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="signup-as"
            value="store"
            defaultChecked={initial === "store"}
            id="signup-as-store"
          />
          Store
        </label>
      </fieldset>

      <div className="group-has-[#signup-as-store:checked]/signup:hidden">
        {user?.alert ? <FormAlert title={user.alert.title} message={user.alert.message} /> : null}
        <Form method="post" action="/auth" className="mt-2 space-y-4" noValidate aria-label="Create a user account">
          <input type="hidden" name="intent" value="signup" />
          <Field
            label="Full name"
            name="fullName"
            autoComplete="name"
            required
            defaultValue={user?.values?.fullName}
            error={user?.errors?.fullName}
          />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={user?.values?.email}
            error={user?.errors?.email}
            id="signup-email"
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            error={user?.errors?.password}
            id="signup-password"
            hint="At least 6 characters"
          />
          <Field
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={user?.errors?.confirmPassword}
          />
          <SubmitButton busy={creating} busyLabel="Creating account...">
            Create Account
          </SubmitButton>
        </Form>
      </div>

      <div className="hidden group-has-[#signup-as-store:checked]/signup:block">
        <p className="text-sm text-stone-700">Partner stores join through a request that our team reviews.</p>
        {store?.alert ? <FormAlert title={store.alert.title} message={store.alert.message} /> : null}
        <Form method="post" action="/auth" className="mt-2 space-y-4" noValidate aria-label="Request a store account">
          <input type="hidden" name="intent" value="store_request" />
          <Field
            label="Contact name"
            name="contactName"
            required
            defaultValue={store?.values?.contactName}
            error={store?.errors?.contactName}
          />
          <Field
            label="Store name"
            name="storeName"
            required
            defaultValue={store?.values?.storeName}
            error={store?.errors?.storeName}
          />
          <Field
            label="Store address"
            name="storeAddress"
            required
            defaultValue={store?.values?.storeAddress}
            error={store?.errors?.storeAddress}
          />
          <Field
            label="Store website (optional)"
            name="storeWebsite"
            type="url"
            placeholder="https://"
            defaultValue={store?.values?.storeWebsite}
            error={store?.errors?.storeWebsite}
          />
          <Field
            label="Contact email"
            name="contactEmail"
            type="email"
            required
            defaultValue={store?.values?.contactEmail}
            error={store?.errors?.contactEmail}
          />
          <SubmitButton busy={requesting} busyLabel="Submitting request...">
            Submit Request
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
