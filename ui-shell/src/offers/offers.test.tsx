import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OFFER_LONG, OFFER_SHORT } from "./fixture";
import { OfferCard } from "./OfferCard";
import { collapsedText, needsToggle, OFFER_EXPAND_THRESHOLD, offerApi, parseOffer, parseOffers } from "./offers";

describe("needsToggle (the 200-character View more rule)", () => {
  it("is off up to 200 characters and on from 201", () => {
    expect(OFFER_EXPAND_THRESHOLD).toBe(200);
    expect(needsToggle("a".repeat(200))).toBe(false);
    expect(needsToggle("a".repeat(201))).toBe(true);
    expect(needsToggle("")).toBe(false);
    expect(needsToggle(null)).toBe(false);
  });
  it("counts characters, not UTF-16 units, and ignores surrounding space", () => {
    expect(needsToggle("🚗".repeat(200))).toBe(false);
    expect(needsToggle("🚗".repeat(201))).toBe(true);
    expect(needsToggle(`  ${"a".repeat(200)}\n`)).toBe(false);
  });
  it("takes another limit", () => {
    expect(needsToggle("abcdef", 5)).toBe(true);
    expect(needsToggle("abcde", 5)).toBe(false);
  });
});

describe("collapsedText", () => {
  it("keeps short texts and cuts long ones at a word near 200 characters with an ellipsis", () => {
    expect(collapsedText("Short.")).toBe("Short.");
    const long = `${"word ".repeat(60)}end`;
    const c = collapsedText(long);
    expect(c.endsWith("…")).toBe(true);
    expect([...c].length).toBeLessThanOrEqual(201);
    expect(c).not.toMatch(/ …$/);
  });
});

describe("offer bodies", () => {
  it("reads offers and drops entries that do not fit", () => {
    expect(parseOffers({ offers: [OFFER_SHORT, { id: 1 }] })?.offers).toEqual([OFFER_SHORT]);
    expect(parseOffers({})).toBeNull();
    expect(parseOffer(OFFER_LONG)).toBe(OFFER_LONG);
    expect(parseOffer({ ...OFFER_LONG, href: 3 })).toBeNull();
    expect(offerApi("a b")).toBe("/api/v1/offers/a%20b");
  });
});

describe("OfferCard", () => {
  it("shows a short offer whole: category, name linking to the offer, description HTML, disclaimer, enquiry link, no test drive", () => {
    render(<OfferCard offer={OFFER_SHORT} />);
    const card = screen.getByRole("article", { name: OFFER_SHORT.name });
    expect(within(card).getByText("Finance offer")).toBeTruthy();
    expect(within(card).getByRole("link", { name: OFFER_SHORT.name }).getAttribute("href")).toBe(OFFER_SHORT.href);
    expect(card.querySelector(".fc-prose strong")?.textContent).toBe("demo cars");
    expect(within(card).getByText("Approved applicants only.")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Enquire Now" }).getAttribute("href")).toBe(OFFER_SHORT.enquiry_href);
    expect(within(card).queryByRole("link", { name: "Book a Test Drive" })).toBeNull();
    expect(within(card).queryByRole("button", { name: /View more/ })).toBeNull();
  });

  it("collapses a long description and disclaimer behind View more / View less (aria-expanded)", () => {
    render(<OfferCard offer={OFFER_LONG} level={1} enquiryHref="#offer-enquiry" />);
    expect(screen.getByRole("heading", { level: 1, name: OFFER_LONG.name })).toBeTruthy();
    const [description, disclaimer] = screen.getAllByRole("button", { name: /View more/ });
    if (!description || !disclaimer) throw new Error("two toggles expected");
    const descBox = document.getElementById(description.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(description.getAttribute("aria-expanded")).toBe("false");
    expect(descBox.textContent?.endsWith("…")).toBe(true);
    expect(descBox.querySelector(".fc-prose")).toBeNull();
    fireEvent.click(description);
    expect(description.getAttribute("aria-expanded")).toBe("true");
    expect(description.textContent).toContain("View less");
    expect(descBox.querySelector(".fc-prose")?.textContent).toBe(OFFER_LONG.description_text);
    fireEvent.click(description);
    expect(description.getAttribute("aria-expanded")).toBe("false");

    const discBox = document.getElementById(disclaimer.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(discBox.textContent?.length).toBeLessThan(OFFER_LONG.disclaimer.length);
    fireEvent.click(disclaimer);
    expect(discBox.textContent).toBe(OFFER_LONG.disclaimer);
  });

  it("links Explore {model}, the enquiry and Book a Test Drive when the offer qualifies", () => {
    render(<OfferCard offer={OFFER_LONG} enquiryHref="#offer-enquiry" />);
    expect(screen.getByRole("link", { name: "Explore IM6" }).getAttribute("href")).toBe("/im6");
    expect(screen.getByRole("link", { name: "Enquire Now" }).getAttribute("href")).toBe("#offer-enquiry");
    // Issue 25: the test-drive page knows the vehicle and the make (its dealership on a group site).
    expect(screen.getByRole("link", { name: "Book a Test Drive" }).getAttribute("href")).toBe(
      "/book-test-drive?vehicle=IM+Motors+IM6&make=IM+Motors",
    );
    expect(screen.getByText("IM Motors")).toBeTruthy();
  });
});
