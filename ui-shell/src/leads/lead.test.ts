// docs/features/platform.md "Leads": the lead rules (docs/features/locations-forms-marketing.md §3, §5, §8;
// docs/features/shopper-core.md §3 "Lead data").
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import type { Location, TenantSettings } from "../api/types";
import { LANDING_KEY, VISITED_KEY } from "../app/previous";
import {
  adapterSettings,
  allowedFields,
  browserContext,
  buildPayload,
  CAR_RESERVED,
  checkAdjustments,
  checkContact,
  checkDealership,
  checkPostcode,
  checkVehicleStep,
  clampLoanTerm,
  clampPurchasePrice,
  externalUrl,
  initialDealership,
  lastReference,
  leadsSettings,
  normalisePhone,
  postLead,
  postMiscellaneous,
  priceDigits,
  readEnquiries,
  readSavedDetails,
  rememberEnquiry,
  rememberReference,
  SUBMIT_FAILED,
  saveDetails,
  serviceLocations,
  thanksFor,
  tradeInAdjustments,
  USER_DETAILS_KEY,
  visibleLocations,
} from "./lead";

const CTX = { url: "http://x.localhost/contact-us", visitedPages: ["/", "/contact-us"], linkedQueryParams: { utm_source: "g" } };

describe("validation (docs/features/locations-forms-marketing.md §5)", () => {
  it("postcode: exactly 4 digits, required only where the site says so", () => {
    expect(checkPostcode("4000", false)).toBeNull();
    expect(checkPostcode(" 2000 ", true)).toBeNull();
    expect(checkPostcode("", false)).toBeNull();
    expect(checkPostcode("", true)).toBe("This is a required field.");
    for (const bad of ["400", "40000", "40a0", "abcd"]) {
      expect(checkPostcode(bad, false)).toBe("Invalid postcode. Please enter a 4-digit number.");
    }
  });

  it("contact: name required, email or phone, each valid", () => {
    const ok = { name: "Ada", last_name: "", email: "ada@example.com", phone: "", postcode: "" };
    expect(checkContact(ok, false)).toEqual({});
    expect(checkContact({ ...ok, name: " " }, false)).toEqual({ name: "This is a required field." });
    expect(checkContact({ ...ok, email: "" }, false)).toEqual({
      email: "This is a required field.",
      phone: "This is a required field.",
    });
    expect(checkContact({ ...ok, email: "", phone: "(02) 9876 5432" }, false)).toEqual({});
    expect(checkContact({ ...ok, phone: "12345" }, false).phone).toBe("Please enter a valid Australian phone number.");
    expect(checkContact({ ...ok, email: "nope" }, false).email).toBe("Please enter a valid email address.");
    expect(checkContact({ ...ok, postcode: "12" }, true).postcode).toBe("Invalid postcode. Please enter a 4-digit number.");
  });

  it("phone normalised as the host does", () => {
    expect(normalisePhone("+61 412 345 678")).toBe("0412345678");
    expect(normalisePhone("61412345678")).toBe("0412345678");
    expect(normalisePhone("02 9876 5432")).toBe("0298765432");
    expect(normalisePhone("0612345678")).toBeNull();
  });

  it("purchase price: digits only, clamped to 10000-200000 on blur; term 1-7", () => {
    expect(priceDigits("$45,000abc")).toBe("45000");
    expect(clampPurchasePrice("500")).toBe(10000);
    expect(clampPurchasePrice("45,000")).toBe(45000);
    expect(clampPurchasePrice("9999999")).toBe(200000);
    expect(clampPurchasePrice("")).toBeNull();
    expect(clampLoanTerm(0)).toBe(1);
    expect(clampLoanTerm(9)).toBe(7);
    expect(clampLoanTerm(3.4)).toBe(3);
  });

  it("service Vehicle Details step: make, model and year (short: rego)", () => {
    const v = { make: "Toyota", model: "Corolla", year: "2019", rego: "" };
    expect(checkVehicleStep(v, "full")).toBeNull();
    expect(checkVehicleStep({ ...v, model: "" }, "full")).toBe("Please complete the form step before proceeding");
    expect(checkVehicleStep({ ...v, year: "19" }, "full")).toBe("Please complete the form step before proceeding");
    expect(checkVehicleStep(v, "short")).toBe("Please complete the form step before proceeding");
    expect(checkVehicleStep({ ...v, rego: "ABC123" }, "short")).toBeNull();
  });

  it("tenant lead rules read defensively", () => {
    expect(leadsSettings({})).toEqual({
      message_optional: false,
      postcode_required: false,
      service_interval_required: false,
      service_types: [],
      terms_note: null,
      service_frames: [],
    });
    expect(leadsSettings({ leads: { message_optional: true, service_types: ["Logbook", 3], terms_note: "T" } })).toMatchObject({
      message_optional: true,
      service_types: ["Logbook"],
      terms_note: "T",
    });
    const frames = [
      { label: "Book a Service", url: "https://book.example.com/a" },
      { label: "No address", url: "" },
      { label: "Script", url: "javascript:alert(1)" },
      { label: " ", url: "https://book.example.com/b" },
      "junk",
    ];
    expect(leadsSettings({ leads: { service_frames: frames } }).service_frames).toEqual([
      { label: "Book a Service", url: "https://book.example.com/a" },
    ]);
  });
});

describe("dealership and location choices (docs/features/locations-forms-marketing.md §2, §5)", () => {
  const base = TENANTS.classic.locations[0] as Location;
  const loc = (slug: string, over: Partial<Location>): Location => ({ ...base, slug, name: slug, visible: true, ...over });
  const site = (dealerships: string[], locations: Location[]): TenantSettings => ({
    ...TENANTS.classic,
    dealerships: dealerships.map((slug) => ({
      ...(TENANTS.classic.dealerships[0] as TenantSettings["dealerships"][number]),
      slug,
      name: slug,
    })),
    locations,
  });
  const LOCATIONS = [
    loc("a-sales", { dealership_slug: "a", location_type: "sales" }),
    loc("a-service", { dealership_slug: "a", location_type: "service" }),
    loc("b-sales", { dealership_slug: "b", location_type: "sales" }),
    loc("b-hidden", { dealership_slug: "b", location_type: "service", visible: false }),
  ];

  it("the dealership is required only where there are several; one dealership is chosen from the start", () => {
    expect(checkDealership(2, "")).toEqual({ dealership_slug: "This is a required field." });
    expect(checkDealership(2, "a")).toEqual({});
    expect(checkDealership(1, "")).toEqual({});
    expect(initialDealership(site(["a"], []).dealerships)).toBe("a");
    expect(initialDealership(site(["a", "b"], []).dealerships)).toBe("");
    expect(initialDealership(site(["a", "b"], []).dealerships, "b")).toBe("b");
  });

  it("locations: the visible ones, of the chosen dealership when there are several", () => {
    const slugs = (l: Location[]) => l.map((x) => x.slug);
    const group = site(["a", "b"], LOCATIONS);
    expect(slugs(visibleLocations(group))).toEqual(["a-sales", "a-service", "b-sales"]);
    expect(slugs(visibleLocations(group, "b"))).toEqual(["b-sales"]);
    // One dealership: its locations whatever the chosen slug says.
    expect(slugs(visibleLocations(site(["a"], LOCATIONS), "b"))).toEqual(["a-sales", "a-service", "b-sales"]);
  });

  it("service locations: the service ones, else all given", () => {
    const group = site(["a", "b"], LOCATIONS);
    expect(serviceLocations(visibleLocations(group, "a")).map((l) => l.slug)).toEqual(["a-service"]);
    // b's only service location is hidden: every visible b location.
    expect(serviceLocations(visibleLocations(group, "b")).map((l) => l.slug)).toEqual(["b-sales"]);
    expect(serviceLocations([])).toEqual([]);
  });
});

describe("payload (host allow-lists)", () => {
  it("keeps only the form's allowed fields, drops empty ones, adds the context", () => {
    const p = buildPayload(
      "enquiry",
      "k".repeat(20),
      {
        name: " Ada ",
        email: "a@b.co",
        postcode: "",
        message: "Hi",
        appointment: "2030-01-01 09:00",
        "Vehicle Make": "X",
        car_id: 5,
        opt_in: false,
      },
      CTX,
    );
    expect(p).toEqual({
      form: "enquiry",
      idempotency_key: "k".repeat(20),
      name: "Ada",
      email: "a@b.co",
      message: "Hi",
      car_id: 5,
      opt_in: false,
      url: CTX.url,
      visited_pages: CTX.visitedPages,
      linked_query_params: CTX.linkedQueryParams,
    });
  });

  it("per-form fields: test drive appointment, trade-in vehicle, service fields, reserve deposit", () => {
    expect(buildPayload("test_drive", "k", { appointment: "2030-01-01 09:00" }, CTX).appointment).toBe("2030-01-01 09:00");
    const t = buildPayload("trade_in", "k", { "Vehicle Make": "Mazda", under_finance: "No", offer_accepted: true }, CTX);
    expect(t).toMatchObject({ "Vehicle Make": "Mazda", under_finance: "No", offer_accepted: true });
    expect(allowedFields("service").has("Preferred Service Date")).toBe(true);
    expect(allowedFields("service").has("deposit")).toBe(false);
    expect(allowedFields("reserve").has("deposit")).toBe(true);
    expect(allowedFields("finance").has("purchase_price")).toBe(true);
    expect(allowedFields("enquiry").has("Rego")).toBe(false);
  });

  it("reads the visit's trail from session storage", () => {
    sessionStorage.setItem(VISITED_KEY, JSON.stringify(["/", "/cars/x"]));
    sessionStorage.setItem(LANDING_KEY, JSON.stringify({ utm_campaign: "spring" }));
    const c = browserContext();
    expect(c.visitedPages).toEqual(["/", "/cars/x"]);
    expect(c.linkedQueryParams).toEqual({ utm_campaign: "spring" });
  });
});

describe("saved user details (docs/features/locations-forms-marketing.md §3)", () => {
  beforeEach(() => localStorage.clear());
  it("reads what the sign-in form or a previous lead saved; saves non-empty details over them", () => {
    expect(readSavedDetails()).toEqual({ name: "", last_name: "", email: "", phone: "", postcode: "" });
    localStorage.setItem(USER_DETAILS_KEY, JSON.stringify({ phone: "0412345678", other: 1 }));
    saveDetails({ name: "Ada", email: "", postcode: "4000" });
    expect(readSavedDetails()).toEqual({ name: "Ada", last_name: "", email: "", phone: "0412345678", postcode: "4000" });
    expect(JSON.parse(localStorage.getItem(USER_DETAILS_KEY) ?? "{}").other).toBe(1);
  });
});

describe("postLead (docs/features/locations-forms-marketing.md §8)", () => {
  it("201 and 200 are success; a 400 with a field lands on it; anything else is the form error", async () => {
    const answer = (status: number, body: unknown) => async () => Response.json(body, { status });
    const plain = { redirectUrl: null, reservation: null };
    expect(await postLead({}, answer(201, { lead_id: "L1", created: true }))).toEqual({
      ok: true,
      leadId: "L1",
      reference: null,
      created: true,
      ...plain,
    });
    expect(await postLead({}, answer(201, { lead_id: "L1", reference: "K7QM-4XNP", created: true }))).toMatchObject({
      ok: true,
      reference: "K7QM-4XNP",
    });
    expect(await postLead({}, answer(201, { lead_id: "L1", reference: "<b>x</b>", created: true }))).toMatchObject({
      reference: null,
    });
    expect(await postLead({}, answer(200, { lead_id: "L1", created: false, redirect_url: null, reservation: null }))).toEqual({
      ok: true,
      leadId: "L1",
      reference: null,
      created: false,
      ...plain,
    });
    expect(
      await postLead(
        {},
        answer(400, {
          error: { code: "invalid", message: "Invalid postcode. Please enter a 4-digit number.", field: "postcode" },
        }),
      ),
    ).toEqual({ ok: false, fieldErrors: { postcode: "Invalid postcode. Please enter a 4-digit number." }, formError: null });
    // docs/features/shopper-core.md §8: the returned error, or 'An unexpected error occured'.
    expect(await postLead({}, answer(429, { error: { code: "rate_limited", message: "Too many" } }))).toEqual({
      ok: false,
      fieldErrors: {},
      formError: "Too many",
    });
    expect(await postLead({}, answer(500, "<html>proxy</html>"))).toMatchObject({ formError: "An unexpected error occured" });
    expect(
      await postLead({}, async () => {
        throw new Error("offline");
      }),
    ).toMatchObject({ formError: SUBMIT_FAILED });
  });
});

describe("postLead: the finance lender and the reservation (docs/features/platform.md 'Leads')", () => {
  const answer = (status: number, body: unknown) => async () => Response.json(body, { status });

  it("returns the lender's redirect_url and the reservation; only absolute http(s) addresses", async () => {
    expect(
      await postLead({}, answer(201, { lead_id: "F1", created: true, redirect_url: "https://lender.example/apply?c=9" })),
    ).toMatchObject({ ok: true, redirectUrl: "https://lender.example/apply?c=9", reservation: null });
    expect(await postLead({}, answer(201, { lead_id: "F1", created: true, redirect_url: "javascript:alert(1)" }))).toMatchObject({
      ok: true,
      redirectUrl: null,
    });
    const reservation = { status: "pending_payment", deposit: 200, hold_hours: 48, payment_url: "https://pay.example/s/1" };
    expect(await postLead({}, answer(201, { lead_id: "R1", created: true, reservation }))).toMatchObject({
      ok: true,
      reservation,
    });
    expect(
      await postLead({}, answer(201, { lead_id: "R1", created: true, reservation: { ...reservation, status: "paid" } })),
    ).toMatchObject({ reservation: null });
  });

  it("a 502 create_customer_failed shows the host's message; other 502s theirs, else the generic one", async () => {
    const failed = (message?: string) =>
      answer(502, { error: { code: "create_customer_failed", ...(message ? { message } : {}) } });
    expect(await postLead({}, failed("Failed to create customer or no redirect URL received."))).toEqual({
      ok: false,
      fieldErrors: {},
      formError: "Failed to create customer or no redirect URL received.",
    });
    expect(await postLead({}, failed())).toMatchObject({ formError: "Failed to create customer" });
    expect(await postLead({}, answer(502, { error: { code: "bad_gateway", message: "x" } }))).toMatchObject({
      formError: "x",
    });
    expect(await postLead({}, answer(502, { error: { code: "bad_gateway" } }))).toMatchObject({ formError: SUBMIT_FAILED });
  });

  it("a 409 car_reserved (the car is already reserved) shows the host's message, else its own", async () => {
    const reserved = (message?: string) =>
      answer(409, { error: { code: "car_reserved", field: "car_id", ...(message ? { message } : {}) } });
    expect(await postLead({}, reserved("Held for another buyer."))).toEqual({
      ok: false,
      fieldErrors: {},
      formError: "Held for another buyer.",
    });
    expect(await postLead({}, reserved())).toMatchObject({ formError: CAR_RESERVED });
    expect(await postLead({}, answer(409, { error: { code: "conflict" } }))).toMatchObject({ formError: SUBMIT_FAILED });
  });
});

describe("tenant adapters and trade-in adjustments (docs/features/platform.md 'Leads')", () => {
  it("adapters default to none and are read defensively", () => {
    expect(adapterSettings({})).toEqual({ rego_lookup: false, online_payment: null, finance_application: false });
    expect(adapterSettings({ adapters: { rego_lookup: "yes", online_payment: "", finance_application: 1 } })).toEqual({
      rego_lookup: false,
      online_payment: null,
      finance_application: false,
    });
    expect(adapterSettings({ adapters: { rego_lookup: true, online_payment: "stripe", finance_application: true } })).toEqual({
      rego_lookup: true,
      online_payment: "stripe",
      finance_application: true,
    });
  });

  it("adjustment questions keep the well-formed ones; Get Estimate needs each answered with one of its answers", () => {
    const qs = tradeInAdjustments({
      trade_in: {
        adjustments: [
          {
            id: "condition",
            question: "Overall condition",
            answers: [
              { value: "good", label: "Good", percent: 0 },
              { value: "poor", label: "Poor", percent: -15 },
              { value: "bad", label: "No percent" },
            ],
          },
          { id: "keys", question: "Spare keys", answers: [] },
          { question: "No id", answers: [{ value: "a", label: "A", percent: 0 }] },
        ],
      },
    });
    expect(qs).toEqual([
      {
        id: "condition",
        question: "Overall condition",
        answers: [
          { value: "good", label: "Good", percent: 0 },
          { value: "poor", label: "Poor", percent: -15 },
        ],
      },
    ]);
    expect(tradeInAdjustments({})).toEqual([]);
    expect(checkAdjustments(qs, {})).toEqual({ "adjustmentAnswers.condition": "This is a required field." });
    expect(checkAdjustments(qs, { condition: "bad" })).toEqual({ "adjustmentAnswers.condition": "This is a required field." });
    expect(checkAdjustments(qs, { condition: "poor" })).toEqual({});
  });

  it("external addresses: absolute http(s) only", () => {
    expect(externalUrl("https://a.example/x")).toBe("https://a.example/x");
    expect(externalUrl("http://127.0.0.1:9/x")).toBe("http://127.0.0.1:9/x");
    expect(externalUrl("/success")).toBeNull();
    expect(externalUrl("javascript:alert(1)")).toBeNull();
    expect(externalUrl(3)).toBeNull();
  });
});

describe("POST /api/miscellaneous and this browser's enquiries (issue 25)", () => {
  it("posts the valuation with its lead and logs the outcome (docs/features/shopper-core.md §7)", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const calls: [string, RequestInit | undefined][] = [];
    const ok = async (i: string, init?: RequestInit) => {
      calls.push([i, init]);
      return Response.json({ success: true, id: 1 }, { status: 201 });
    };
    expect(await postMiscellaneous("valuation", { estimate_low: 14000 }, "L1", ok)).toBe(true);
    expect(calls[0]?.[0]).toBe("/api/miscellaneous");
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      column_name: "valuation",
      data: { estimate_low: 14000 },
      lead_id: "L1",
    });
    expect(info).toHaveBeenCalled();
    const bad = async () =>
      Response.json({ error: { code: "invalid_field", message: "must be an object", field: "data" } }, { status: 400 });
    expect(await postMiscellaneous("valuation", {}, null, bad)).toBe(false);
    expect(String(warn.mock.calls[0]?.[0])).toContain("must be an object");
    info.mockRestore();
    warn.mockRestore();
  });

  it("remembers the last lead's reference for the success page", () => {
    rememberReference("K7QM-4XNP");
    expect(lastReference()).toBe("K7QM-4XNP");
    rememberReference("");
    expect(lastReference()).toBe("");
  });

  it("remembers the enquiries sent from this browser, newest first, once per lead", () => {
    localStorage.clear();
    rememberEnquiry({ leadId: "A", category: "Test Drive", subject: "Toyota RAV4", url: "/book-test-drive", at: 1 });
    rememberEnquiry({ leadId: "B", category: "Car Enquiry", subject: "", url: "/cars/x", at: 2 });
    rememberEnquiry({ leadId: "A", category: "Test Drive", subject: "Toyota RAV4", url: "/book-test-drive", at: 3 });
    expect(readEnquiries().map((e) => [e.leadId, e.at])).toEqual([
      ["A", 3],
      ["B", 2],
    ]);
    localStorage.setItem("forecourt:enquiries", "not json");
    expect(readEnquiries()).toEqual([]);
  });
});

describe("the success page's thanks (issue 39: 'Thank you for your Request Photos.')", () => {
  it("is a sentence for every category the forms send", () => {
    expect(thanksFor("Sales Enquiry")).toBe("Thank you for your Sales Enquiry.");
    expect(thanksFor("Trade-In Valuation")).toBe("Thank you for your Trade-In Valuation.");
    expect(thanksFor("Service Booking")).toBe("Thank you for your Service Booking.");
    expect(thanksFor("Finance Application")).toBe("Thank you for your Finance Application.");
    expect(thanksFor("Service Quote")).toBe("Thank you for your Service Quote.");
    expect(thanksFor("Request Photos")).toBe("Thank you for your request for photos.");
    expect(thanksFor("Find Me Something Similar")).toBe("Thank you for asking us to find you something similar.");
    expect(thanksFor("Test Drive")).toBe("Thank you for your test drive booking.");
    expect(thanksFor("Reserve")).toBe("Thank you for reserving this car.");
    expect(thanksFor("Trade-in")).toBe("Thank you for your trade-in enquiry.");
    expect(thanksFor("Fleet")).toBe("Thank you for your Fleet enquiry.");
    expect(thanksFor("")).toBe("Thank you for your enquiry.");
  });
});
