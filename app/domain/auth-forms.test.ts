import { describe, expect, it } from "vitest";
import { SignUpForm, splitFullName, StoreRequestForm } from "./auth-forms";
import { checkForm } from "./submission";

/** The form as a browser posts it, through the action's parse. */
const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};
const errorsOf = (result: ReturnType<typeof checkForm>) => (result.ok ? {} : result.errors);

describe("sign-up form", () => {
  it("says 'Passwords do not match' at the confirm field", () => {
    const result = checkForm(
      posted({ fullName: "Ada Lovelace", email: "ada@example.test", password: "secret1", confirmPassword: "secret2" }),
      SignUpForm,
    );
    expect(result.ok).toBe(false);
    expect(errorsOf(result)).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("requires every field and a 6-character password", () => {
    const result = checkForm(posted({ fullName: " ", email: "", password: "abc", confirmPassword: "" }), SignUpForm);
    expect(errorsOf(result)).toEqual({
      fullName: "Full name is required",
      email: "Email is required",
      password: "Password must be at least 6 characters",
      confirmPassword: "Please confirm your password",
    });
  });

  it("normalises the e-mail", () => {
    const result = SignUpForm.parse({
      fullName: "Ada",
      email: " Ada@Example.TEST ",
      password: "secret1",
      confirmPassword: "secret1",
    });
    expect(result.email).toBe("ada@example.test");
  });
});

describe("store request form", () => {
  const valid = { contactName: "Jo", storeName: "Jo's", storeAddress: "1 High St", contactEmail: "jo@shop.test" };
  it("accepts no website and a URL-shaped one", () => {
    expect(StoreRequestForm.parse({ ...valid, storeWebsite: "" }).storeWebsite).toBeUndefined();
    expect(StoreRequestForm.parse({ ...valid, storeWebsite: "https://jo.shop" }).storeWebsite).toBe("https://jo.shop");
  });
  it("refuses a website that is not URL-shaped", () => {
    const result = checkForm(posted({ ...valid, storeWebsite: "jo dot shop" }), StoreRequestForm);
    expect(errorsOf(result).storeWebsite).toBe("Please enter a valid website URL (https://...)");
  });
});

describe("splitFullName", () => {
  it.each([
    ["Ada Lovelace", "Ada", "Lovelace"],
    ["Mary Ann Evans", "Mary", "Ann Evans"],
    ["Cher", "Cher", ""],
    ["  Lots   of   space ", "Lots", "of space"],
  ])("%j", (full, first, last) => {
    expect(splitFullName(full)).toEqual({ firstName: first, lastName: last });
  });
});
