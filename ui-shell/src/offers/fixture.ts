// Offers for tests and Storybook: a short one, and a long one (description and disclaimer over
// 200 characters) that qualifies for a test drive.
import type { Offer } from "../api/types";

const LONG_TEXT =
  "Drive away today in a brand new SUV with a low comparison rate and no deposit needed on approved credit. " +
  "Offer includes a 7-year warranty, 5 years of capped-price servicing and roadside assistance for the life of the warranty.";

/** A short finance offer (no toggles, no test drive). */
export const OFFER_SHORT: Offer = {
  id: "finance-3-9",
  name: "3.9% Finance on Demo Cars",
  description_html: "<p>Low-rate finance on <strong>demo cars</strong>.</p>",
  description_text: "Low-rate finance on demo cars.",
  disclaimer: "Approved applicants only.",
  category: "Finance offer",
  manufacturer: null,
  model: null,
  image_url: null,
  test_drive: false,
  href: "/offers/finance-3-9",
  enquiry_href: "/offers/finance-3-9#offer-enquiry",
};

/** A long manufacturer offer with a model and a test drive. */
export const OFFER_LONG: Offer = {
  id: "im6-launch",
  name: "IM6 Launch Offer",
  description_html: `<p>${LONG_TEXT}</p>`,
  description_text: LONG_TEXT,
  disclaimer: `${LONG_TEXT} Conditions apply; see the dealer for details.`,
  category: "Manufacturer offer",
  manufacturer: "IM Motors",
  model: { name: "IM6", slug: "im6", href: "/im6" },
  image_url: null,
  test_drive: true,
  href: "/offers/im-motors/im6-launch",
  enquiry_href: "/offers/im-motors/im6-launch#offer-enquiry",
};
