import { describe, expect, it } from "vitest";
import { CODE_LENGTH, checkCode, checkPhone, displayMobile, INVALID_PHONE, normaliseMobile, REQUIRED } from "./phone";

describe("Australian mobile numbers (docs/features/locations-forms-marketing.md §3 'Saved user details', §5)", () => {
  it.each([
    ["0412 345 678", "0412345678"],
    ["+61 412 345 678", "0412345678"],
    ["+61412345678", "0412345678"],
    ["61412345678", "0412345678"],
    ["+610412345678", "0412345678"],
    ["(04) 1234-5678", "0412345678"],
    ["04.1234.5678", "0412345678"],
    ["0512345678", "0512345678"],
  ])("normalises %s to a leading 0: %s", (raw, want) => {
    expect(normaliseMobile(raw)).toBe(want);
  });

  it.each(["", "0412", "0712345678", "0212345678", "04123456789", "+1 412 345 678", "04123a5678", "+44412345678"])(
    "refuses %j (not an Australian mobile)",
    (raw) => {
      expect(normaliseMobile(raw)).toBeNull();
    },
  );

  it("displays in groups of 2-4-4", () => {
    expect(displayMobile("0412345678")).toBe("04 1234 5678");
    expect(displayMobile("12345")).toBe("12345");
  });

  it("needs a valid phone before a code is sent", () => {
    expect(checkPhone("  ")).toEqual({ error: REQUIRED });
    expect(checkPhone("0212345678")).toEqual({ error: INVALID_PHONE });
    expect(checkPhone("+61 400 000 001")).toEqual({ phone: "0400000001" });
  });

  it("checks the code: required, exactly 6 digits", () => {
    expect(checkCode("")).toEqual({ error: "This is a required field." });
    expect(checkCode("12345")).toEqual({ error: CODE_LENGTH });
    expect(checkCode("1234567")).toEqual({ error: "Code must be 6 digits." });
    expect(checkCode("12a456")).toEqual({ error: "Code must be 6 digits." });
    expect(checkCode(" 123456 ")).toEqual({ code: "123456" });
  });
});
