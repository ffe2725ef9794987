import { Form } from "react-router";
import { SETTING_LABELS, SETTINGS_GROUPS, type SettingKey, type SettingsGroup } from "../../domain/admin-content";
import { SELLER_SIGNUP_LABELS, SELLER_SIGNUP_MODES, signupMode } from "../../domain/selling";
import { buttonClass } from "../kit/buttons";
import { fieldErrors, Section, SelectField, sentValues, TextArea } from "../admin-content";
import { Field } from "../forms";
import { ImageUpload } from "../image-upload";

// The admin Content tab's site settings (seller-store-admin.md §3, §8; decision 0034): one form
// per group of settings, and the favicon.

export function SiteSettingsSection({
  settings,
  actionData,
}: {
  settings: Partial<Record<SettingKey, string | null>>;
  actionData: unknown;
}) {
  const errors = (form: string) => fieldErrors(actionData, form);
  const sent = (form: string) => sentValues(actionData, form);
  return (
    <Section id="settings" title="Site settings">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {(Object.keys(SETTINGS_GROUPS) as SettingsGroup[]).map((group) => (
          <Form
            key={group}
            method="post"
            className="grid grid-cols-1 gap-3 rounded-md border border-stone-200 p-4"
            aria-label={SETTINGS_GROUPS[group].label}
          >
            <h3 className="font-semibold">{SETTINGS_GROUPS[group].label}</h3>
            {SETTINGS_GROUPS[group].keys.map((key) =>
              key === "seller_signup" ? (
                <SelectField
                  key={key}
                  label={SETTING_LABELS[key]}
                  name={key}
                  options={SELLER_SIGNUP_MODES.map((m) => ({ value: m, label: SELLER_SIGNUP_LABELS[m] }))}
                  defaultValue={signupMode(sent(group)?.[key] ?? settings[key])}
                  error={errors(group)[key]}
                />
              ) : key.endsWith("description") ? (
                <TextArea
                  key={key}
                  label={SETTING_LABELS[key]}
                  name={key}
                  rows={3}
                  maxLength={500}
                  defaultValue={sent(group)?.[key] ?? settings[key] ?? ""}
                  error={errors(group)[key]}
                />
              ) : (
                <Field
                  key={key}
                  label={SETTING_LABELS[key]}
                  name={key}
                  type={key.endsWith("_url") ? "url" : key.endsWith("email") ? "email" : "text"}
                  maxLength={300}
                  defaultValue={sent(group)?.[key] ?? settings[key] ?? ""}
                  error={errors(group)[key]}
                />
              ),
            )}
            <div>
              <button
                type="submit"
                name="intent"
                value={group}
                className={buttonClass}
              >{`Save ${SETTINGS_GROUPS[group].label.replace(/^[A-Z][a-z]/, (s) => s.toLowerCase())}`}</button>
            </div>
          </Form>
        ))}
        <Form
          method="post"
          encType="multipart/form-data"
          className="grid grid-cols-1 gap-3 rounded-md border border-stone-200 p-4"
          aria-label="Favicon"
        >
          <h3 className="font-semibold">Favicon</h3>
          <ImageUpload
            key={settings.favicon ?? "none"}
            name="favicon"
            use="favicon"
            label="Favicon"
            existing={settings.favicon ? [settings.favicon] : []}
            error={errors("favicon").favicon}
            hint="PNG, JPG or ICO, up to 1MB."
          />
          <div>
            <button type="submit" name="intent" value="favicon" className={buttonClass}>
              Save favicon
            </button>
          </div>
        </Form>
      </div>
    </Section>
  );
}
