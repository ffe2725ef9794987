import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { Panel } from "../../../components/kit/panel";
import { Field, FormAlert, useSubmitting, busyProps } from "../../../components/forms";
import { showToast } from "../../../components/toasts";
import type { AccountActionData } from "./types";

// The profile tab's Your data panel: download everything the account holds, or delete the account.

/** Downloads the export with JavaScript (with 'Exporting...' and a toast); without it the browser downloads the answer itself. */
function useExport() {
  const [exporting, setExporting] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setExporting(true);
    try {
      const response = await fetch(event.currentTarget.action, {
        method: "POST",
        body: new FormData(event.currentTarget),
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      const name =
        /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "closetloop-data.json";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast({
        type: "success",
        title: "Data Export Complete",
        description: "Your personal data has been downloaded as a JSON file.",
      });
    } catch {
      showToast({
        type: "error",
        title: "Export Failed",
        description: "There was an error exporting your data. Please try again.",
      });
    } finally {
      setExporting(false);
    }
  }
  return { exporting, onSubmit };
}

export function DataPrivacy({ result }: { result?: AccountActionData }) {
  const { exporting, onSubmit } = useExport();
  const deleting = useSubmitting("delete_account");
  return (
    <Panel title="Data privacy">
      <p className="text-sm text-stone-700">
        Under the UK GDPR you can take a copy of your data with you, or delete your account and the data that goes with
        it.
      </p>
      <div className="mt-4 flex flex-wrap items-start gap-4">
        {/* A plain form: the answer is a file, which the browser downloads without leaving the page. */}
        <form method="post" action="/account/export" onSubmit={onSubmit}>
          <button
            type="submit"
            {...busyProps(exporting)}
            className="rounded-md border border-stone-300 px-4 py-2 font-medium aria-disabled:opacity-60"
          >
            {exporting ? "Exporting..." : "Export my data"}
          </button>
        </form>
        <details
          className="w-full rounded-md border border-red-200 bg-red-50/40 p-0 open:p-4 sm:w-auto sm:flex-1"
          open={Boolean(result)}
        >
          <summary className="inline-block cursor-pointer rounded-md border border-red-300 bg-white px-4 py-2 font-medium text-red-800">
            Delete my account
          </summary>
          <div role="dialog" aria-labelledby="delete-account-title" className="mt-4 space-y-3">
            <h3 id="delete-account-title" className="text-lg font-semibold text-red-900">
              Delete your account?
            </h3>
            <p className="text-sm">
              This permanently deletes your account and all associated data. It cannot be undone. Before you go:
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li>
                <strong>Export your data first</strong> if you want a copy: once deleted, it cannot be recovered.
              </li>
              <li>
                <strong>Finish your orders first</strong>: an account with an order in progress cannot be deleted. An
                order that has not been posted can be cancelled from its page in{" "}
                <a href="/account?tab=orders" className="underline">
                  My Orders
                </a>
                ; a rental ends when you return it or buy it.
              </li>
              <li>
                <strong>Remove the products you want to transfer</strong> to someone else: your listings are deleted
                with your account.
              </li>
            </ul>
            {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
            <Form
              method="post"
              action="/account?tab=profile"
              noValidate
              className="space-y-3"
              aria-label="Delete my account"
            >
              <input type="hidden" name="intent" value="delete_account" />
              <Field
                label="Enter your password to confirm"
                name="password"
                id="delete-password"
                type="password"
                autoComplete="current-password"
                required
                error={result?.errors?.password}
              />
              <button
                type="submit"
                {...busyProps(deleting)}
                className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white aria-disabled:opacity-60"
              >
                {deleting ? "Deleting..." : "Delete my account permanently"}
              </button>
            </Form>
          </div>
        </details>
      </div>
    </Panel>
  );
}
