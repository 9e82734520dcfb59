// Leads and forms (docs/features/platform.md "Leads") in a real browser against the real host: each form (enquiry, test
// drive, request photos, trade-in, finance, service, reserve) is filled in and submitted on a
// demo tenant, the visitor lands on /success, and the lead is found through the admin API with
// every field entered; invalid input shows the spec's messages and stores nothing; a double click
// on submit makes one lead.
// Spec: docs/features/locations-forms-marketing.md §2, §3, §4, §5, §8;
// docs/features/shopper-core.md §3 "Lead data", §4 "Lead form", §5.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openPage } from "./browser";
import { adminLeads, api, freshPage, type Lead, submitForLead, suiteBrowser } from "./helpers";

const base = inject("base");
const skip = inject("skip");
const adminToken = inject("adminToken");

/** harbourside-mercedes: one dealership, three locations, no sign-in gates (checkout included). */
const TENANT = "harbourside-mercedes";
const url = (tenant: string, path: string) => `${base.replace("{tenant}", tenant)}${path}`;

interface Hit {
  id: number;
  slug: string;
  path: string;
  available: boolean;
}

/** The tenant's leads, newest first (admin API). */
const leads = (page: Page) => adminLeads(page, adminToken);

/** Submits the page's lead form and waits for /success; returns the new lead (exactly one). */
const submitAndFind = (page: Page, before: number, button: string): Promise<Lead> =>
  submitForLead(page, page.getByRole("button", { name: button }), before, adminToken);

const contact = { name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0412 345 678", postcode: "4000" };
async function fillContact(page: Page, scope = "") {
  for (const [k, v] of Object.entries(contact)) await page.fill(`${scope} [name="${k}"]`.trim(), v);
}
const expectContact = (l: Lead) =>
  expect(l.fields).toMatchObject({
    name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    phone: "0412345678",
    postcode: "4000",
  });

describe.skipIf(skip !== "" || adminToken === "")(`lead forms (${inject("mode")})`, () => {
  const browser = suiteBrowser();
  let car: Hit;
  beforeAll(async () => {
    const { page } = await openPage(browser.context);
    await page.goto(url(TENANT, "/"));
    const r = await api<{ hits: Hit[] }>(page, "/api/v1/search?hitsPerPage=60");
    const hit = r.body.hits.find((h) => h.available);
    if (!hit) throw new Error("no available car on the demo tenant");
    car = hit;
    await page.close();
  });

  const fresh = (path: string) => freshPage(browser.context, url(TENANT, "/"), url(TENANT, path));

  it("general enquiry: invalid input shows the spec's messages and stores nothing; then one lead with every field", async () => {
    const page = await fresh("/contact-us?utm_source=e2e&utm_campaign=leads");
    await page.waitForSelector('form[data-form="enquiry"]');
    const before = (await leads(page)).length;
    await page.fill('[name="postcode"]', "12");
    await page.getByRole("button", { name: "Send Enquiry" }).click();
    await page.getByText("Please fix the following errors:").waitFor();
    expect(await page.getByText("Invalid postcode. Please enter a 4-digit number.").count()).toBeGreaterThan(0);
    expect(await page.getByText("This is a required field.").count()).toBeGreaterThan(0);
    expect((await leads(page)).length).toBe(before);

    await fillContact(page);
    await page.selectOption('[name="category"]', "Sales Enquiry");
    const loc = await page.$eval('[name="location"] option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
    await page.selectOption('[name="location"]', loc);
    await page.fill('[name="rego"]', "ABC123");
    await page.fill('[name="message"]', "Do you have a white GLC?");
    await page.getByText("Keep me updated with news and offers").click();
    const lead = await submitAndFind(page, before, "Send Enquiry");
    expect(await page.getByText("Thank you for your Sales Enquiry.", { exact: false }).count()).toBe(1);
    expect(lead.form).toBe("enquiry");
    expect(lead.category).toBe("Sales Enquiry");
    expectContact(lead);
    expect(lead.fields).toMatchObject({
      location: loc,
      rego: "ABC123",
      message: "Do you have a white GLC?",
      opt_in: true,
      page_id: "contact-us",
      linked_query_params: { utm_source: "e2e", utm_campaign: "leads" },
    });
    expect(String(lead.fields.url)).toContain("/contact-us");
    expect(lead.fields.visited_pages).toEqual(expect.arrayContaining(["/contact-us"]));
    await page.close();
  });

  it("saved details pre-fill the next form; a double click on submit makes one lead", async () => {
    const page = await fresh("/contact-us");
    await page.waitForSelector('form[data-form="enquiry"]');
    await fillContact(page);
    await page.selectOption('[name="category"]', "General Enquiry");
    const loc = await page.$eval('[name="location"] option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
    await page.selectOption('[name="location"]', loc);
    await page.fill('[name="message"]', "Double click");
    const before = (await leads(page)).length;
    await page.getByRole("button", { name: "Send Enquiry" }).dblclick();
    await page.waitForURL(/\/success$/);
    await new Promise((r) => setTimeout(r, 500));
    expect((await leads(page)).length).toBe(before + 1);
    await page.goto(url(TENANT, "/trade-in"));
    await page.waitForSelector('form[data-form="trade_in"]');
    expect(await page.inputValue('[name="name"]')).toBe("Ada");
    expect(await page.inputValue('[name="email"]')).toBe("ada@example.com");
    expect(await page.inputValue('[name="postcode"]')).toBe("4000");
    await page.close();
  });

  it("test drive from the VDP: a date and a time, sent as the appointment", async () => {
    const page = await fresh(car.path);
    const before = (await leads(page)).length;
    await page.getByRole("link", { name: "Enquire Now" }).first().click();
    await page.getByRole("dialog").getByRole("link", { name: "Book a Test Drive" }).click();
    await page.waitForSelector('[role="dialog"] form[data-form="test_drive"]');
    await page.waitForFunction(
      () => ((document.querySelector('[name="date"]') as HTMLSelectElement | null)?.options.length ?? 0) > 1,
    );
    const date = await page.$eval('[name="date"] option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
    await page.selectOption('[name="date"]', date);
    const time = await page.$eval('[name="time"] option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
    await page.selectOption('[name="time"]', time);
    await fillContact(page, '[role="dialog"]');
    await page.fill('[role="dialog"] [name="message"]', "Saturday morning please");
    const lead = await submitAndFind(page, before, "Book Test Drive");
    expect(lead.form).toBe("test_drive");
    expect(lead.car_id).toBe(car.id);
    expectContact(lead);
    expect(lead.fields).toMatchObject({ appointment: `${date} ${time}`, message: "Saturday morning please", car_id: car.id });
    await page.close();
  });

  it("request photos from the VDP: the hidden default text", async () => {
    const page = await fresh(car.path);
    const before = (await leads(page)).length;
    await page.getByRole("link", { name: "Enquire Now" }).first().click();
    await page.getByRole("dialog").getByRole("link", { name: "Request Photos" }).click();
    await page.waitForSelector('[role="dialog"] form[data-form="request_photos"]');
    await fillContact(page, '[role="dialog"]');
    const lead = await submitAndFind(page, before, "Request Photos");
    // A sentence, not "Thank you for your Request Photos." (issue 39).
    expect(await page.locator("[data-category]").innerText()).toContain("Thank you for your request for photos.");
    expect(lead.form).toBe("request_photos");
    expect(lead.fields).toMatchObject({ message: "Please send photos for this car", car_id: car.id });
    await page.close();
  });

  it("trade-in for a car: the vehicle, contact method and finance question", async () => {
    const page = await fresh(`/cars/trade-in?car_id=${car.id}`);
    await page.waitForSelector('form[data-form="trade_in"]');
    const before = (await leads(page)).length;
    expect(await page.inputValue('[name="under_finance"]')).toBe("");
    await page.fill('[name="Vehicle Make"]', "Mazda");
    await page.fill('[name="Vehicle Model"]', "CX-5");
    await page.fill('[name="Vehicle Year"]', "2021");
    await page.fill('[name="km"]', "45000");
    await page.fill('[name="rego"]', "XYZ789");
    await page.selectOption('[name="regoState"]', "QLD");
    await fillContact(page);
    await page.getByRole("button", { name: "Get My Valuation" }).click();
    await page.getByText("Please Select An Option...", { exact: false }).first().waitFor();
    // The summary names the field by its label, not its key (issue 39: "under_finance: ...").
    const summary = await page.locator(".fc-form-errors").innerText();
    expect(summary).toContain("Is Your Car Currently Under Finance: Please Select An Option...");
    expect(summary).not.toContain("under_finance");
    expect((await leads(page)).length).toBe(before);
    await page.selectOption('[name="under_finance"]', "No");
    await page.getByRole("radio", { name: "SMS" }).click();
    // The host's adjustment questions must all be answered before the estimate.
    await page.getByRole("button", { name: "Get Online Estimate" }).click();
    await page.getByText("This is a required field.", { exact: false }).first().waitFor();
    for (const [question, answer] of [
      ["What condition is the car in?", "Good"],
      ["Has the car been in an accident?", "No"],
      ["Does the car have a service history?", "Full service history"],
      ["How are the tyres?", "Good"],
      ["How many keys do you have?", "Two or more"],
    ]) {
      await page.getByRole("radiogroup", { name: question }).getByRole("radio", { name: answer, exact: true }).click();
    }
    await page.getByRole("button", { name: "Get Online Estimate" }).click();
    // The host's estimate (a range, or none with its reason) is shown before submitting.
    await page.waitForSelector("[data-estimate]", { timeout: 10_000 });
    const offer = await page.getByText("Accept the trade-in offer", { exact: false }).count();
    if (offer > 0) await page.getByText("Accept the trade-in offer", { exact: false }).click();
    const lead = await submitAndFind(page, before, "Get My Valuation");
    expect(lead.form).toBe("trade_in");
    expectContact(lead);
    expect(lead.fields).toMatchObject({
      "Vehicle Make": "Mazda",
      "Vehicle Model": "CX-5",
      "Vehicle Year": 2021,
      km: 45000,
      rego: "XYZ789",
      regoState: "QLD",
      preferred_contact: "SMS",
      under_finance: "No",
      car_id: car.id,
      adjustmentAnswers: { condition: "good", accident_history: "no", service_history: "full", tyres: "good", keys: "two" },
    });
    if (offer > 0) expect(lead.fields).toMatchObject({ offer_accepted: true });
    await page.close();
  });

  it("group site: /sell-your-car asks for the dealership, and the valuation is stored (issue 39)", async () => {
    const group = "southern-cross-motor-group";
    const page = await freshPage(browser.context, url(group, "/"), url(group, "/sell-your-car"));
    await page.waitForSelector('form[data-form="trade_in"]');
    const before = (await leads(page)).length;
    await page.fill('[name="Vehicle Make"]', "Toyota");
    await page.fill('[name="Vehicle Model"]', "RAV4");
    await page.fill('[name="Vehicle Year"]', "2019");
    await page.selectOption('[name="under_finance"]', "Yes");
    await fillContact(page);
    // The dealership is a field the shopper can see and choose (it was required but not shown).
    const choice = page.locator('form[data-form="trade_in"]').getByRole("combobox", { name: "Dealership" });
    expect(await choice.isVisible()).toBe(true);
    const dealership = await choice.locator("option:nth-child(2)").evaluate((o) => (o as HTMLOptionElement).value);
    await choice.selectOption(dealership);
    const lead = await submitAndFind(page, before, "Get My Valuation");
    expect(lead.form).toBe("trade_in");
    expectContact(lead);
    expect(lead.fields).toMatchObject({ dealership_slug: dealership, "Vehicle Make": "Toyota", under_finance: "Yes" });
    await page.close();
  });

  it("finance: price clamped on blur, the quick quote, then the application as a lead", async () => {
    const page = await fresh("/finance-enquiry");
    await page.waitForSelector('form[data-form="finance"]');
    const before = (await leads(page)).length;
    await page.fill('[name="purchase_price"]', "5000");
    await page.locator('[name="purchase_price"]').blur();
    expect(await page.inputValue('[name="purchase_price"]')).toBe("10,000");
    await page.fill('[name="purchase_price"]', "45000");
    await page.locator('[name="purchase_price"]').blur();
    await page.getByRole("radio", { name: "DECENT" }).click();
    await page.waitForSelector('[data-quote="ok"], [data-quote="failed"]', { timeout: 10_000 });
    await fillContact(page);
    const lead = await submitAndFind(page, before, "Apply Now");
    expect(lead.form).toBe("finance");
    expectContact(lead);
    expect(lead.fields).toMatchObject({ purchase_price: 45000, loan_term: 5, credit_score: "DECENT" });
    await page.close();
  });

  it("finance popup on the VDP: four stage labels, two steps split at the name field", async () => {
    const page = await fresh(`${car.path}#finance-application`);
    const dialog = page.getByRole("dialog");
    await dialog.locator('form[data-form="finance"]').waitFor({ timeout: 15_000 });
    expect(await dialog.locator(".fc-lead-stages li").allTextContents()).toEqual([
      "Quick Estimate",
      "Your Details",
      "Instant pre-approval",
      "Apply to lender",
    ]);
    const before = (await leads(page)).length;
    const price = Number((await dialog.locator('[name="purchase_price"]').inputValue()).replace(/,/g, ""));
    await dialog.getByRole("button", { name: "Next" }).click();
    await fillContact(page, '[role="dialog"]');
    const lead = await submitAndFind(page, before, "Apply Now");
    expect(lead.form).toBe("finance");
    expect(lead.car_id).toBe(car.id);
    expectContact(lead);
    expect(lead.fields).toMatchObject({ purchase_price: price, loan_term: 5, credit_score: "GREAT", car_id: car.id });
    await page.close();
  });

  it("service booking: step rules, then Complete with every field", async () => {
    const page = await fresh("/service");
    await page.waitForSelector('form[data-form="service"]');
    const before = (await leads(page)).length;
    await fillContact(page);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForSelector('form[data-step="Vehicle Details"]');
    await page.fill('[name="Vehicle Make"]', "Toyota");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Please complete the form step before proceeding").waitFor();
    await page.fill('[name="Vehicle Model"]', "Corolla");
    await page.fill('[name="Vehicle Year"]', "2019");
    await page.fill('[name="Vehicle Rego"]', "SRV123");
    await page.selectOption('[name="Vehicle State"]', "NSW");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForSelector('form[data-step="Order Details"]');
    await page.fill('[name="Service Interval"]', "15,000 km");
    const typeIsSelect = await page.$eval('[name="Service Type"]', (e) => e.tagName === "SELECT");
    let type = "Logbook service";
    if (typeIsSelect) {
      type = await page.$eval('[name="Service Type"] option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
      await page.selectOption('[name="Service Type"]', type);
    } else await page.fill('[name="Service Type"]', type);
    // The option's value is the location's slug (the lead's `location`); `Service Location` is its name.
    const [loc, locName] = await page.$eval('[name="Service Location"] option:nth-child(2)', (o) => [
      (o as HTMLOptionElement).value,
      (o.textContent ?? "").trim(),
    ]);
    await page.selectOption('[name="Service Location"]', loc);
    await page.fill('[name="Preferred Service Date"]', "2030-05-06");
    await page.getByText("Tyres Replacement").click();
    await page.fill('[name="street"]', "1 Test St");
    await page.fill('[name="suburb"]', "Newstead");
    await page.selectOption('[name="state"]', "QLD");
    await page.fill('[name="Comments"]', "Rattle in the dash");
    const lead = await submitAndFind(page, before, "Book Service");
    expect(lead.form).toBe("service");
    expectContact(lead);
    expect(lead.fields).toMatchObject({
      "Vehicle Make": "Toyota",
      "Vehicle Model": "Corolla",
      "Vehicle Year": 2019,
      "Vehicle Rego": "SRV123",
      "Vehicle State": "NSW",
      "Service Interval": "15,000 km",
      "Service Type": type,
      "Service Location": locName,
      "Preferred Service Date": "2030-05-06",
      "Tyres Replacement": true,
      street: "1 Test St",
      suburb: "Newstead",
      state: "QLD",
      Comments: "Rattle in the dash",
      lead_status: "Complete",
      form_completed: true,
    });
    await page.close();
  });

  it("reserve: the deposit recorded with the car, taken offline", async () => {
    const page = await fresh(`${car.path}/checkout`);
    await page.waitForSelector('form[data-form="reserve"]', { timeout: 15_000 });
    const deposit = Number(await page.getAttribute("[data-deposit]", "data-deposit"));
    expect(deposit).toBeGreaterThan(0);
    expect(await page.getByText("the dealer will contact you to take the deposit", { exact: false }).count()).toBe(1);
    const before = (await leads(page)).length;
    await fillContact(page);
    const lead = await submitAndFind(page, before, "Reserve Car Now");
    expect(lead.form).toBe("reserve");
    expect(lead.car_id).toBe(car.id);
    expectContact(lead);
    expect(lead.fields).toMatchObject({ deposit, car_id: car.id, category: "Reserve" });
    await page.close();
  });
});
